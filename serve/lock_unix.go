//go:build unix

package serve

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes an exclusive lock on the workbench's directory, so that a
// second workbench on it is refused rather than removing what the first
// is writing. The lock lasts until unlock or the end of the process.
func lockDir(dir string) (unlock func(), err error) {
	path := filepath.Join(dir, ".cardsim-serve.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("--dir: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("--dir %s is in use by another workbench: stop it, or give another directory", dir)
		}
		return nil, fmt.Errorf("--dir: cannot lock it: %w", err)
	}
	return func() { f.Close() }, nil
}
