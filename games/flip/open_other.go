//go:build !unix

package flip

import "os"

// openTable opens a table file for reading. readTable has already refused
// anything but a regular file.
func openTable(path string) (*os.File, error) { return os.Open(path) }
