//go:build !unix

package games

import "os"

// openInput opens a file for reading. ReadInputFile has already refused
// anything but a regular file.
func openInput(path string) (*os.File, error) { return os.Open(path) }
