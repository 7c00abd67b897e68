package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestProgressQuietWhenPiped: commands that play print nothing on a
// standard error that is not a terminal, even without --quiet.
func TestProgressQuietWhenPiped(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"run", "nora", "--games", "50"},
		{"sweep", "nora", "--rule", "insure=0,2", "--games", "50"},
		{"tournament", "spite", "--strategies", "greedy,random", "--games", "20"},
		{"report", "--game", "spite", "--scale", "0.001", "--out", dir + "/report"},
		{"analyze", "roundup", "--opt", "games=2", "--opt", "players=2", "--opt", "mixes=greedy", "--out", dir + "/roundup"},
	} {
		code, _, errs := run(t, args...)
		if code != 0 || errs != "" {
			t.Errorf("%v: exit %d, standard error %q; want nothing", args, code, errs)
		}
	}
}

// TestReportPlan: the report's bar plans exactly the deals its studies
// play (each study of a game without an analysis, every sweep point, every
// pair of a panel's bots).
func TestReportPlan(t *testing.T) {
	f := NewFactory(strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
	for _, spec := range f.Studies {
		want := int64(0)
		if spec.Analysis == nil {
			want = max(int64(float64(spec.Games)*0.5+0.5), 2)
			if spec.Precision > 0 {
				want = max(int64(float64(spec.MaxGames)*0.5+0.5), 2)
			}
			points := int64(1)
			for _, r := range spec.Rules {
				points *= int64(strings.Count(r, ",") + 1)
			}
			if len(spec.Points) > 0 { // joint points: each one run
				points = int64(len(spec.Points))
			}
			want *= points
			if spec.Panel { // a tournament: every pair of its bots
				n := int64(len(spec.Strategies))
				want *= n * (n - 1) / 2
			}
		}
		if got := spec.Deals(0.5); got != want {
			t.Errorf("%s %q: planned %d deals, want %d", spec.Game, spec.Title, got, want)
		}
	}
}
