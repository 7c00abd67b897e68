package inputfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRead: a regular file of at most the limit is read whole;
// anything else is refused at once, without blocking on a pipe or reading
// an endless device, and no error quotes the file's name or contents.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	exact := write("exact", strings.Repeat("x", 1024))
	big := write("big", strings.Repeat("secret", 200))
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := Read(exact, 1024); err != nil || len(b) != 1024 {
		t.Errorf("a file of exactly the limit: %d bytes, %v", len(b), err)
	}
	for _, tt := range []struct {
		name, path string
		want       error
		text       string
	}{
		{"too big", big, nil, "larger than the 1 KiB"},
		{"a directory", dir, ErrNotRegular, ""},
		{"an endless device", "/dev/zero", ErrNotRegular, ""},
		{"a named pipe", fifo, ErrNotRegular, ""},
		{"missing", filepath.Join(dir, "nosuch"), fs.ErrNotExist, ""},
	} {
		done := make(chan error, 1)
		go func() { _, err := Read(tt.path, 1024); done <- err }()
		select {
		case err := <-done:
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) || !strings.Contains(err.Error(), tt.text) {
				t.Errorf("%s: %v, want %v %q", tt.name, err, tt.want, tt.text)
			}
			if err != nil && (strings.Contains(err.Error(), dir) || strings.Contains(err.Error(), "secret")) {
				t.Errorf("%s: the error %q quotes the file", tt.name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: blocked", tt.name)
		}
	}
}
