//go:build !unix

package inputfile

import "os"

// openInput opens a file for reading. Read has already refused
// anything but a regular file.
func openInput(path string) (*os.File, error) { return os.Open(path) }
