//go:build !linux

package reports

import "errors"

// exchange is not available here: swapDir renames in two steps.
func exchange(a, b string) error { return errors.New("no atomic exchange on this system") }
