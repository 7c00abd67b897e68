package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// toyFormat adds a format named toy to the formats of one kind of result,
// writing "toy <kind>" and a newline, and returns its name.
type toyFormat func(w *reports.Writers) string

func addToy[T any](pick func(w *reports.Writers) *reports.Formats[T]) toyFormat {
	return func(w *reports.Writers) string {
		f := pick(w)
		f.Add("toy", "a toy format, for the test", func(out io.Writer, _ T) error {
			_, err := fmt.Fprintf(out, "toy %s\n", f.What)
			return err
		})
		return f.What
	}
}

// TestFormatAddedOnce: a format added to one kind of result in the
// registry (reports.Writers) is taken by every command that prints that
// kind, rerun and merge included: each lists it in its help and its
// completion, and prints the result in it. Every command whose --format
// lists the toy is run here, so a command printing the kind cannot be left
// out; a command printing another kind is refused before it plays (rerun
// of a sweep when only a summary has the toy).
func TestFormatAddedOnce(t *testing.T) {
	dir := t.TempDir()
	spec := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	sweepSpec := spec("sweep.yaml", "kind: sweep\ngame: chriscross\nrules: [\"ranks=12,13\"]\ngames: 2\n")
	kinds := []struct {
		add toyFormat
		// runs holds a command printing the kind for every command that
		// does, by name.
		runs map[string][]string
	}{
		{addToy(func(w *reports.Writers) *reports.Formats[*sim.Summary] { return w.Summary }), map[string][]string{
			"run":     {"run", "chriscross", "--games", "2", "-q"},
			"compare": {"compare", "chriscross", "--strategies", "greedy,random", "--games", "2", "-q"},
			"merge":   {"merge", filepath.Join("testdata", "v1", "parts")},
			"rerun":   {"rerun", filepath.Join("testdata", "v1", "summary.json"), "-q"},
		}},
		{addToy(func(w *reports.Writers) *reports.Formats[*reports.Sweep] { return w.Sweep }), map[string][]string{
			"sweep": {"sweep", "chriscross", "--rule", "ranks=12,13", "--games", "2", "-q"},
			"rerun": {"rerun", sweepSpec, "-q"},
		}},
		{addToy(func(w *reports.Writers) *reports.Formats[*reports.Tournament] { return w.Tournament }), map[string][]string{
			"tournament": {"tournament", "spite", "--strategies", "greedy,random", "--games", "2", "-q"},
			"rerun":      {"rerun", spec("tournament.yaml", "kind: tournament\ngame: spite\nstrategies: [greedy, random]\ngames: 2\n"), "-q"},
		}},
		{addToy(func(w *reports.Writers) *reports.Formats[*reports.Skill] { return w.Skill }), map[string][]string{
			"skill": {"skill", "chriscross", "--strategy", "flatmc", "--budgets", "1,2", "--games", "2", "-q"},
			"rerun": {"rerun", spec("skill.yaml", "kind: skill\ngame: chriscross\nstrategy: flatmc\nbudgets: [1, 2]\ngames: 2\n"), "-q"},
		}},
		{addToy(func(w *reports.Writers) *reports.Formats[*reports.TraceRecord] { return w.Trace }), map[string][]string{
			"trace": {"trace", "chriscross", "--seed", "1"},
		}},
		{addToy(func(w *reports.Writers) *reports.Formats[*games.Registry] { return w.Games }), map[string][]string{
			"games": {"games"},
		}},
		{addToy(func(w *reports.Writers) *reports.Formats[games.Game] { return w.Rules }), map[string][]string{
			"rules": {"rules", "chriscross"},
		}},
		{addToy(func(w *reports.Writers) *reports.Formats[reports.StrategyList] { return w.Strategies }), map[string][]string{
			"strategies": {"strategies", "chriscross"},
		}},
	}
	for _, k := range kinds {
		var out, errw bytes.Buffer
		f := NewFactory(strings.NewReader(""), &out, &errw)
		what := k.add(f.Formats)
		t.Run(what, func(t *testing.T) {
			var listing []string
			walk(NewCmdRoot(f), func(cmd *cobra.Command) {
				if fl := cmd.Flags().Lookup("format"); fl != nil && strings.Contains(fl.Usage, "toy") {
					listing = append(listing, cmd.Name())
				}
			})
			slices.Sort(listing)
			want := slices.Sorted(func(yield func(string) bool) {
				for name := range k.runs {
					if !yield(name) {
						return
					}
				}
			})
			if !slices.Equal(listing, want) {
				t.Errorf("commands whose --format lists toy: %v, want %v", listing, want)
			}
			for name, args := range k.runs {
				out.Reset()
				errw.Reset()
				if code := f.execute(t.Context(), append(slices.Clip(args), "--format", "toy")); code != 0 {
					t.Errorf("%s --format toy: exit %d: %s", name, code, errw.String())
					continue
				}
				if got := out.String(); got != "toy "+what+"\n" {
					t.Errorf("%s --format toy printed %q", name, got)
				}
				out.Reset()
				if code := f.execute(t.Context(), []string{"__complete", name, "--format", "t"}); code != 0 || !strings.Contains(out.String(), "toy\n") {
					t.Errorf("%s: --format completes %q, without toy", name, out.String())
				}
			}
		})
	}

	// A result whose kind has not the toy is refused before it is played.
	var out, errw bytes.Buffer
	f := NewFactory(strings.NewReader(""), &out, &errw)
	kinds[0].add(f.Formats)
	if code := f.execute(t.Context(), []string{"rerun", sweepSpec, "--format", "toy", "-q"}); code != 1 || !strings.Contains(errw.String(), `--format "toy": a sweep is written as table, csv or json`) || out.Len() > 0 {
		t.Errorf("rerun of a sweep --format toy: exit %d, %q, printed %q; want a refusal", code, errw.String(), out.String())
	}
}
