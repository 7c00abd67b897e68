package reports

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardsim/cardsim/sim"
)

// RecordsFormatOf returns the format of a records file at path: format when
// given, else the one its extension names (.csv or .parquet).
func RecordsFormatOf(path, format string) (string, error) {
	if format != "" {
		if !slices.Contains(RecordFormats, format) {
			return "", fmt.Errorf("records format %q: want %s", format, strings.Join(RecordFormats, " or "))
		}
		return format, nil
	}
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	if !slices.Contains(RecordFormats, ext) {
		return "", fmt.Errorf("records file %s: name it .csv or .parquet, or give the format", path)
	}
	return ext, nil
}

// RecordsFile writes a run's records to a file in one go: into a temporary
// file beside it, renamed into place by Commit when the run has ended, so
// the file named never holds part of a run. It is a sim.RecordSink.
type RecordsFile struct {
	*RecordsWriter
	path string
	tmp  *os.File
	buf  *bufio.Writer
	done bool
}

// CreateRecords starts the records file of the run cfg at path, in format
// (as RecordsFormatOf reads it). Call Commit when the run ends, or Abort
// (which Commit makes a no-op) to leave no trace of it.
func CreateRecords(path, format string, cfg *sim.Config) (*RecordsFile, error) {
	format, err := RecordsFormatOf(path, format)
	if err != nil {
		return nil, err
	}
	if err := CheckFileDir(filepath.Dir(path)); err != nil {
		return nil, fmt.Errorf("records file %s: %w", path, err)
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("records file %s exists and is not a regular file: name a new file, or one to replace", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	f := &RecordsFile{path: path, tmp: tmp, buf: bufio.NewWriterSize(tmp, 1<<16)}
	if err := tmp.Chmod(0o644); err != nil { // as the other outputs, not CreateTemp's 0600
		f.Abort()
		return nil, err
	}
	if f.RecordsWriter, err = NewRecordsWriter(f.buf, format, cfg); err != nil {
		f.Abort()
		return nil, err
	}
	return f, nil
}

// Commit finishes the records and renames the file into place.
func (f *RecordsFile) Commit() error {
	if f.done {
		return errors.New("records file " + f.path + " committed twice")
	}
	err := errors.Join(f.RecordsWriter.Close(), f.buf.Flush(), f.tmp.Sync(), f.tmp.Close())
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.path)
	}
	if err != nil {
		f.Abort()
		return fmt.Errorf("records file %s: %w", f.path, err)
	}
	f.done = true
	return nil
}

// Abort removes the temporary file of records not committed.
func (f *RecordsFile) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}
