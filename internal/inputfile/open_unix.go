//go:build unix

package inputfile

import (
	"os"
	"syscall"
)

// openInput opens a file for reading without blocking: opening a named
// pipe would otherwise wait for a writer.
func openInput(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
