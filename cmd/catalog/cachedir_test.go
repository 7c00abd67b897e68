package catalog_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
)

// TestNoraCacheDir: Nora's pass samples go where they always went, cardsim
// under the user's cache directory, now chosen here and passed to the bots
// and the analyses rather than read by them.
func TestNoraCacheDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG_CACHE_HOME names the cache directory on Linux")
	}
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	if got, want := catalog.NoraCacheDir(), filepath.Join(dir, "cardsim"); got != want {
		t.Errorf("NoraCacheDir() = %q, want %q", got, want)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if got := catalog.NoraCacheDir(); got != "" {
		t.Errorf("NoraCacheDir() = %q without a cache directory, want \"\" (memory only)", got)
	}
}
