//go:build unix

package flip

import (
	"os"
	"syscall"
)

// openTable opens a table file for reading without blocking: opening a
// named pipe would otherwise wait for a writer.
func openTable(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
