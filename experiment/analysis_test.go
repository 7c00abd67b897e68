package experiment_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
)

// TestAnalysisOfTheToy: the toy's analysis, run by the Runner with its
// options, finds the leader's exact one-card odds and writes its page
// into --out; an analysis needs --out, takes only its own options, and a
// game without a solver says which games have one.
func TestAnalysisOfTheToy(t *testing.T) {
	spec := experiment.Spec{Kind: experiment.Analyze, Game: toygame.Name, Options: []string{"games=4000", "hands=1,2"}, Seed: 8, Confidence: 0.95}
	out := filepath.Join(t.TempDir(), "toy")
	res, err := toyRunner(2).Run(context.Background(), spec, out)
	if err != nil {
		t.Fatal(err)
	}
	rows := res.Page.Studies[0].Rows
	if len(rows) != 3 || rows[1][0] != "1" || rows[2][0] != "2" {
		t.Fatalf("rows %q, want a header and hands 1 and 2", rows)
	}
	rate, err := strconv.ParseFloat(rows[1][1], 64)
	if err != nil || !near(rate, leaderOdds(6), 4000) {
		t.Errorf("with one card the leader won %q, want near %.4f", rows[1][1], leaderOdds(6))
	}
	for _, name := range []string{"report.md", "leader.csv"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("the page lacks %s: %v", name, err)
		}
	}
	for _, tt := range []struct {
		edit func(*experiment.Spec)
		out  string
		want string
	}{
		{func(*experiment.Spec) {}, "", "give --out DIR"},
		{func(s *experiment.Spec) { s.Options = []string{"hands=9"} }, t.TempDir(), "hands"},
		{func(s *experiment.Spec) { s.Options = []string{"depth=3"} }, t.TempDir(), "depth"},
		{func(s *experiment.Spec) { s.Kind = experiment.Solve }, "", "no solver for toy"},
	} {
		s := spec
		tt.edit(&s)
		if _, err := toyRunner(1).Run(context.Background(), s, tt.out); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v; want an error with %q", s, err, tt.want)
		}
	}
}
