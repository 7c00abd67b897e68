package reports

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestOutputDirectoryIsOneRun: writing into an earlier output directory
// replaces it whole (no chart of the earlier run is left behind), the
// manifest lists exactly the files there with their checksums, and no
// temporary directory is left beside it.
func TestOutputDirectoryIsOneRun(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	if _, err := WriteFiles(dir, map[string][]byte{"a.csv": []byte("1"), "chart_old.png": []byte("x")}); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFiles(dir, map[string][]byte{"a.csv": []byte("2"), "b.csv": []byte("3")}); err != nil {
		t.Fatal(err)
	}
	if got, want := listDir(t, dir), []string{"a.csv", "b.csv", ManifestName}; !slices.Equal(got, want) {
		t.Errorf("directory holds %v, want %v", got, want)
	}
	var m outputManifest
	b, _ := os.ReadFile(filepath.Join(dir, ManifestName))
	if err := json.Unmarshal(b, &m); err != nil || len(m.Files) != 2 || m.Files["a.csv"] != "d4735e3a265e16eee03f59718b9b5d03019c07d8b6c51f90da3a666eec13ab35" {
		t.Errorf("manifest %s: %v", b, err)
	}
	if got := listDir(t, parent); !slices.Equal(got, []string{"out"}) {
		t.Errorf("beside the output: %v", got)
	}
}

// TestOutputDirectoryThroughLink: an output directory given as a symbolic
// link is written where the link leads, twice over, and the link stays a
// link, even when the directory it leads to is made by the first write; a
// link to itself is refused.
func TestOutputDirectoryThroughLink(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "results")
	link := filepath.Join(parent, "out")
	if err := os.Symlink("results", link); err != nil {
		t.Fatal(err)
	}
	for _, content := range []string{"1", "2"} {
		if _, err := WriteFiles(link, map[string][]byte{"a.csv": []byte(content)}); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(filepath.Join(target, "a.csv")); err != nil || string(b) != content {
			t.Errorf("a.csv where the link leads: %q, %v; want %q", b, err, content)
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", fi.Mode(), err)
	}
	if got := listDir(t, parent); !slices.Equal(got, []string{"out", "results"}) {
		t.Errorf("beside the output: %v", got)
	}
	loop := filepath.Join(parent, "loop")
	os.Symlink("loop", loop)
	if _, err := WriteFiles(loop, map[string][]byte{"a.csv": nil}); err == nil || !strings.Contains(err.Error(), "too many links") {
		t.Errorf("a link to itself: %v", err)
	}
}

// TestOutputDirectoryRefusesOtherFiles: a directory holding files cardsim
// did not write there is never replaced, and the error says why; nor is the
// working directory itself.
func TestOutputDirectoryRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "thesis.tex"), []byte("mine"), 0o644)
	if _, err := WriteFiles(dir, map[string][]byte{"a.csv": []byte("1")}); err == nil || !strings.Contains(err.Error(), "thesis.tex") {
		t.Errorf("a directory with a user's file: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "thesis.tex")); err != nil || string(b) != "mine" {
		t.Errorf("the user's file is gone or changed: %q, %v", b, err)
	}
	t.Chdir(t.TempDir())
	if err := CheckDir("."); err == nil {
		t.Error("the working directory was accepted as an output directory")
	}
}

// TestOutputDirectoryFailureLeavesTheOldOne: a write that fails (here: a
// file name the system refuses) leaves the earlier directory as it was
// and nothing beside it.
func TestOutputDirectoryFailureLeavesTheOldOne(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	if _, err := WriteFiles(dir, map[string][]byte{"a.csv": []byte("1")}); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFiles(dir, map[string][]byte{"a.csv": []byte("2"), "no/such/dir.csv": []byte("3")}); err == nil {
		t.Fatal("a file in a missing subdirectory was written")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.csv")); string(b) != "1" {
		t.Errorf("the earlier run's a.csv reads %q", b)
	}
	if got := listDir(t, parent); !slices.Equal(got, []string{"out"}) {
		t.Errorf("beside the output: %v", got)
	}
}

// TestOutputDirectoryManifestNotAFile: a FIFO, a link to a device or a huge
// file in the manifest's place is never read (reading a FIFO would block
// forever, /dev/zero never ends), and the directory is refused as not
// cardsim's.
func TestOutputDirectoryManifestNotAFile(t *testing.T) {
	fifo := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(fifo, ManifestName), 0o600); err != nil {
		t.Fatal(err)
	}
	link := t.TempDir()
	os.Symlink("/dev/zero", filepath.Join(link, ManifestName))
	huge := t.TempDir()
	os.WriteFile(filepath.Join(huge, ManifestName), make([]byte, maxManifestBytes+1), 0o644)
	for name, dir := range map[string]string{"FIFO": fifo, "link to /dev/zero": link, "huge file": huge} {
		done := make(chan error, 1)
		go func() { done <- CheckDir(dir) }()
		select {
		case err := <-done:
			if name != "huge file" && (err == nil || !strings.Contains(err.Error(), ManifestName)) {
				t.Errorf("%s as the manifest: %v; want the directory refused", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("CheckDir blocked on a %s as the manifest", name)
		}
	}
}
