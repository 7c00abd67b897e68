package cli

import (
	"bytes"
	"context"
	"errors"
	"github.com/cardsim/cardsim/reports"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
)

// testAnalysis records how the analyze command ran it.
type testAnalysis struct {
	Level int
	ran   *[]string
}

func (a *testAnalysis) bind() *games.Options {
	o := games.NewOptions("option")
	o.Int(&a.Level, "level", 1, 0, 9, "how deep")
	return o
}

// TestAnalyzeDispatch: analyze runs the analysis registered for the game
// with its options and the shared settings, lists every analysis with its
// summary and options when given no game and in its help, and names those
// there are for any other game.
func TestAnalyzeDispatch(t *testing.T) {
	var ran []string
	define := func(game string) analyses.Definition {
		return analyses.Define(game, "what "+game+" answers", (*testAnalysis).bind,
			func(_ context.Context, env *analyses.Env, o testAnalysis) (*reports.Report, error) {
				ran = append(ran, strings.Join(append([]string{game}, env.Rules...), " ")+" level="+strconv.Itoa(o.Level)+" seed="+strconv.FormatUint(env.Seed, 10))
				if o.Level == 9 {
					return nil, errors.New("too deep")
				}
				return &reports.Report{Layout: reports.PageLayout, Files: map[string][]byte{"page.txt": []byte("page\n")}}, nil
			})
	}
	do := func(args ...string) (int, string, string) {
		var out, errw bytes.Buffer
		f := NewFactory(strings.NewReader(""), &out, &errw)
		f.Analyses = new(analyses.Registry)
		f.Analyses.Register(define("nora"))
		f.Analyses.Register(define("flip"))
		return f.Main(args), out.String(), errw.String()
	}
	dir := t.TempDir()
	if code, out, errs := do("analyze", "flip", "--opt", "level=3", "--rule", "ranks=5", "--seed", "4", "--out", dir, "-q"); code != 0 ||
		!strings.Contains(out, "flip analysis written to "+dir) || errs != "" {
		t.Errorf("analyze flip: exit %d, %q, %q", code, out, errs)
	}
	if len(ran) != 1 || ran[0] != "flip ranks=5 level=3 seed=4" {
		t.Errorf("ran %q", ran)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "page.txt")); err != nil || string(b) != "page\n" {
		t.Errorf("page not written: %v", err)
	}
	for _, args := range [][]string{{"analyze"}, {"analyze", "--help"}} {
		code, out, _ := do(args...)
		if code != 0 || !strings.Contains(out, "flip: what flip answers\n    --opt level=1  how deep (an integer from 0 to 9)\nnora: what nora answers") {
			t.Errorf("%v: exit %d, lists\n%s", args, code, out)
		}
	}
	ran = nil
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"analyze", "spite", "--out", dir}, "no analysis for spite (there is one for: flip, nora)"},
		{[]string{"analyze", "nosuch", "--out", dir}, `unknown game "nosuch"`},
		{[]string{"analyze", "nora"}, "give --out DIR"},
		{[]string{"analyze", "nora", "--opt", "level=10", "--out", filepath.Join(dir, "new")}, "option level=10: want an integer from 0 to 9"},
		{[]string{"analyze", "nora", "--opt", "depth=1", "--out", dir}, `unknown option "depth" (known: level)`},
		{[]string{"analyze", "nora", "--workers", "0", "--out", dir}, "--workers 0"},
		{[]string{"analyze", "nora", "--opt", "level=9", "--out", dir}, "too deep"},
		{[]string{"solve", "spite"}, "no solver for spite (there is one for: nora)"},
		{[]string{"solve", "nora", "--opt", "samples=0"}, "option samples=0"},
	}
	for _, tt := range tests {
		code, out, errs := do(tt.args...)
		if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d, %q, %q; want one line with %q", tt.args, code, out, errs, tt.want)
		}
	}
	if len(ran) != 1 {
		t.Errorf("ran %q, want only the analysis that failed", ran)
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
		t.Error("bad options left an output directory behind")
	}
}
