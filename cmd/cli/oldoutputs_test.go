package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withoutVersion drops the last column, the CSV layout's version, from
// every line of a CSV file.
func withoutVersion(csv string) string {
	lines := strings.Split(csv, "\n")
	for i, l := range lines {
		if j := strings.LastIndexByte(l, ','); j >= 0 {
			lines[i] = l[:j]
		}
	}
	return strings.Join(lines, "\n")
}

// TestReadsVersion1: what cardsim wrote before summary.json's schema
// version 2 and the CSV files' version column (testdata/v1, written at
// commit 67f675b) still reads. Its summary.json reruns, and its shard
// parts merge, to the figures that version wrote (figures.csv, whose
// numbers this version must give again, column for column, less the
// version column it adds).
func TestReadsVersion1(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "v1", "figures.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(want), "schema_version") {
		t.Fatal("testdata/v1/figures.csv has a version column: not a file of version 1")
	}
	dir := t.TempDir()
	rerun, merged := filepath.Join(dir, "rerun"), filepath.Join(dir, "merged")
	mustRun(t, "rerun", filepath.Join("testdata", "v1", "summary.json"), "--out", rerun, "-q")
	mustRun(t, "merge", filepath.Join("testdata", "v1", "parts"), "--out", merged)
	for _, out := range []string{rerun, merged} {
		got, err := os.ReadFile(filepath.Join(out, "figures.csv"))
		if err != nil {
			t.Fatal(err)
		}
		if g := withoutVersion(string(got)); g != string(want) {
			t.Errorf("%s: figures differ from version 1's:\n%s", out, firstDifference(g, string(want)))
		}
	}
}

// TestOldPartRefused: a part or checkpoint of another format than this
// cardsim's is refused by merge and by --resume with what to do instead:
// play the shard again, or start the run afresh.
func TestOldPartRefused(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join("testdata", "v1", "parts", "part-0-of-2.json"))
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(b), `"format":"cardsim-part/4"`, `"format":"cardsim-part/3"`, 1)
	if old == string(b) {
		t.Fatal("the fixture part names no format cardsim-part/4")
	}
	part := filepath.Join(dir, "part-0-of-2.json")
	if err := os.WriteFile(part, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"merge", part}, "play its shard again with this cardsim"},
		{[]string{"run", "chriscross", "--strategy", "greedy", "--games", "300", "--seed", "5", "--checkpoint", part, "--resume", "-q"}, "--overwrite-checkpoint in place of --resume"},
	} {
		code, _, stderr := run(t, tt.args...)
		if code != 1 || !strings.Contains(stderr, "cardsim-part/3") || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, %q; want a refusal naming the format and saying %q", tt.args[0], code, stderr, tt.want)
		}
	}
}
