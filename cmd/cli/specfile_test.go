package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// writeSpec writes text to a new file named name and returns its path.
func writeSpec(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// manifestJSON returns a summary.json holding only a manifest of n
// strategies, with extra fields (JSON members, comma first) added to it.
func manifestJSON(n int, extra string) string {
	strategies := make([]string, n)
	for i := range strategies {
		strategies[i] = `{"name":"stop-at","params":{"cards":"30"}}`
	}
	return fmt.Sprintf(`{"manifest":{"game":"nora","rules":{},"seed":1,"games":100,"confidence":0.95,"strategies":[%s]%s}}`, strings.Join(strategies, ","), extra)
}

// TestSpecFilesRefused: a spec file or a summary that rerun cannot play as
// written is refused before a deal is played, with a message that says
// why: a spec file beyond the size of a plan (R5: 60 MB of "- insure=1"
// lines took 1.6 GB), a rule given twice within one point, several YAML
// documents, a whole number that is not one, more strategies than a tally
// can pair (R6: 2,000 from a summary.json ran out of memory), the partial
// summary of an interrupted run however its "interrupted" is spelled, and
// a manifest field of the wrong type, named as such.
func TestSpecFilesRefused(t *testing.T) {
	huge := "kind: sweep\ngame: nora\nrules:\n" + strings.Repeat("- insure=1\n", (1<<20)/11+1)
	for _, tt := range []struct {
		name, text, want string
	}{
		{"spec.yaml", huge, fmt.Sprintf("a spec file of %d bytes: the most is 1048576 (1 MiB)", len(huge))},
		{"spec.yaml", "kind: run\ngame: nora\nrules: [insure=1, insure=1]\n", "rule insure given twice"},
		{"spec.yaml", "kind: sweep\ngame: chriscross\nrules: [size=4, size=4, size=5]\n", "rule size given twice"},
		{"spec.yaml", "kind: run\ngame: chriscross\nrules: [size=4, size=4, size=5]\n", "rule size given twice"},
		{"spec.yaml", "kind: run\ngame: nora\n---\nkind: run\ngame: flip\n", "holds 2 YAML documents (separated by ---): want one spec a file"},
		{"spec.yaml", "kind: run\ngame: nora\nseed: 1.5\n", `seed: "1.5": want a whole number`},
		{"spec.yaml", "kind: run\ngame: nora\ngames: 1e3\n", `games: "1e3": want a whole number`},
		{"spec.yaml", "kind: compare\ngame: nora\nstrategies: [" + strings.Repeat("stop-at,", 64) + "cautious]\n", "--strategies: 65 strategies, want at most 64"},
		{"summary.json", manifestJSON(2000, ""), "names 2000 strategies, more than the 64 a run compares"},
		{"summary.json", manifestJSON(1, `,"stopped":"Interrupted after 50 deals: partial"`), "is the partial summary of an interrupted run"},
		{"summary.json", manifestJSON(1, `,"seed":"one"`), `a summary whose manifest does not read: field "seed" holds a string, want a whole number`},
	} {
		start := time.Now()
		code, _, errs := run(t, "rerun", writeSpec(t, tt.name, tt.text), "-q")
		if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%.60q: exit %d, %q; want one line with %q", tt.text, code, errs, tt.want)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%.60q: refused after %v", tt.text, d)
		}
	}
}

// TestSpecFileDefaults: a spec file that leaves out the seed makes the
// Spec of the command without --seed, so that it gives the same figures
// (R7: it played seed 0); one with a precision and no games is a Spec
// the Runner takes (it was refused as "--games 0").
func TestSpecFileDefaults(t *testing.T) {
	fromSpec := mustParse(t, NewCmdRerun, writeSpec(t, "spec.yaml", "kind: run\ngame: nora\nstrategy: cautious\ngames: 500\n")).Spec
	fromFlags := mustParse(t, NewCmdRun, "nora", "--strategy", "cautious", "--games", "500").Spec
	fromSpec.Scale = 0 // a report's, which a spec file defaults and a run leaves alone
	if !reflect.DeepEqual(fromSpec, fromFlags) {
		t.Errorf("a spec without a seed makes %+v\nthe command without --seed %+v", fromSpec, fromFlags)
	}
	precise := mustParse(t, NewCmdRerun, writeSpec(t, "spec.yaml", "kind: run\ngame: nora\nprecision: 50\nmax_games: 1000\n")).Spec
	if err := precise.Check(); err != nil || precise.MaxGames != 1000 || precise.Precision != 50 {
		t.Errorf("a precision spec without games: %+v: %v", precise, err)
	}
}
