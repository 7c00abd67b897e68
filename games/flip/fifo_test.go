//go:build unix

package flip

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestFileMappingFIFO checks that a named pipe given as a table is refused
// at once instead of waiting for a writer.
func TestFileMappingFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := parseSoon(t, "ranks=3", "mapping=file:"+path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a named pipe as table: error %v, want one saying it is not a regular file", err)
	}
}
