package inputfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular reports a file given as input that is not a regular file:
// a directory, a device such as /dev/zero (endless) or a named pipe (which
// would block until something writes to it).
var ErrNotRegular = errors.New("not a regular file")

// Read returns the contents of a file the user named as input (a
// table of card pairs, a sweep plan, a shard part): a regular file of at
// most limit bytes. Anything else is refused before a byte is read; a
// named pipe is opened without waiting for a writer, and a file swapped
// or grown between the check and the read is refused too. Its errors do
// not name the file, for the caller to say which input it was, and never
// quote its contents. A missing file's error satisfies
// errors.Is(err, fs.ErrNotExist).
func Read(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, withoutPath(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, ErrNotRegular
	}
	if fi.Size() > limit {
		return nil, tooLarge(limit)
	}
	f, err := openInput(path)
	if err != nil {
		return nil, withoutPath(err)
	}
	defer f.Close()
	if now, err := f.Stat(); err != nil || !now.Mode().IsRegular() || !os.SameFile(fi, now) {
		return nil, errors.New("changed while it was opened")
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, withoutPath(err)
	}
	if int64(len(b)) > limit {
		return nil, tooLarge(limit)
	}
	return b, nil
}

// tooLarge is the error of a file of more than limit bytes.
func tooLarge(limit int64) error {
	if limit >= 1<<10 && limit%(1<<10) == 0 {
		return fmt.Errorf("larger than the %d KiB such a file may hold", limit>>10)
	}
	return fmt.Errorf("larger than the %d bytes such a file may hold", limit)
}

// withoutPath returns the error of a file operation without the path the
// caller names in its own words.
func withoutPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}
