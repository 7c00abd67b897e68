package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// readInputFile reads a file the user named as input, such as a plan: it
// must be a regular file (not a directory, nor a device such as /dev/zero
// or a FIFO, which could be endless or block) of at most limit bytes. Its
// errors do not name the file, for the caller to say which flag named it,
// and never quote its contents.
func readInputFile(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, withoutPath(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("%d bytes, more than the %d a file here may hold", fi.Size(), limit)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, withoutPath(err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, withoutPath(err)
	}
	if int64(len(b)) > limit { // grown since the check
		return nil, fmt.Errorf("more than the %d bytes a file here may hold", limit)
	}
	return b, nil
}

// withoutPath returns the error of a file operation without the path the
// caller already names.
func withoutPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}
