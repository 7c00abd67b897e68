package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRerunGivesTheSameFigures: a run's summary.json, or a spec file that
// writes the same experiment down, plays again to the same figures byte for
// byte (deal i is dealt from (seed, i) alone, so the manifest's game, rules,
// strategies, seed and deals are all it takes).
func TestRerunGivesTheSameFigures(t *testing.T) {
	dir := t.TempDir()
	first, again, fromSpec := filepath.Join(dir, "first"), filepath.Join(dir, "again"), filepath.Join(dir, "spec")
	mustRun(t, "compare", "nora", "--strategies", "stop-at:cards=12,cautious", "--rule", "rounds=3", "--games", "100", "--seed", "5", "--out", first, "-q")
	mustRun(t, "rerun", filepath.Join(first, "summary.json"), "--out", again, "-q")
	spec := filepath.Join(dir, "study.yaml")
	os.WriteFile(spec, []byte("kind: compare\ngame: nora\nstrategies: [\"stop-at:cards=12\", cautious]\nrules: [rounds=3]\ngames: 100\nseed: 5\n"), 0o644)
	mustRun(t, "rerun", spec, "--out", fromSpec, "-q")
	want, err := os.ReadFile(filepath.Join(first, "figures.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{again, fromSpec} {
		got, err := os.ReadFile(filepath.Join(out, "figures.csv"))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: figures differ from the first run's:\n%s", out, firstDifference(string(got), string(want)))
		}
	}
}

// TestRerunRefuses: what is not a finished run's summary nor a spec is
// refused with a reason, before anything is played.
func TestRerunRefuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(text), 0o644)
		return path
	}
	for _, tt := range []struct {
		path, want string
	}{
		{write("partial.json", `{"manifest": {"game": "nora", "strategies": [{"name": "cautious"}], "games": 40, "confidence": 0.95, "stopped": "interrupted after 40 deals: partial"}}`), "interrupted run"},
		{write("empty.json", `{"manifest": {"game": "nora", "games": 40, "confidence": 0.95}}`), "no game or no strategy"},
		{write("few.json", `{"manifest": {"game": "nora", "strategies": [{"name": "cautious"}], "games": 1, "confidence": 0.95}}`), "not a finished run"},
		{write("unknown.yaml", "kind: run\ngame: nora\ndeals: 5\n"), "field deals not found"},
		{write("nokind.yaml", "game: nora\ngames: 5\n"), "no kind"},
		{write("badkind.yaml", "kind: poker\ngame: nora\n"), `kind "poker"`},
		{write("text.txt", "hello\n"), "neither a summary.json nor a spec file"},
		{write("fewgames.yaml", "kind: run\ngame: nora\ngames: 1\n"), "--games 1"},
	} {
		code, _, stderr := run(t, "rerun", tt.path, "-q")
		if code == 0 || !strings.Contains(stderr, tt.want) {
			t.Errorf("rerun %s: exit %d, %q; want an error saying %q", filepath.Base(tt.path), code, stderr, tt.want)
		}
	}
}
