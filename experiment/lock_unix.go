//go:build unix

package experiment

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive lock (flock) on the file at path, creating
// it if need be, without waiting: errLocked if another process holds it.
// The lock lasts until unlock, or until the process ends however it ends,
// so a run killed leaves nothing locked; unlock also removes the file. A
// lock taken on a file that the run holding it removed in the meantime is
// let go and taken again on the new file.
func lockFile(path string) (unlock func(), err error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, errLocked
			}
			return nil, err
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return func() {
				os.Remove(path) // while locked: a run waiting on it takes the next one
				f.Close()
			}, nil
		}
		f.Close()
	}
}
