package experiment_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
)

// TestReportOfTheToy: a report runs the studies of the games it is given,
// each at its deals times the scale (at least 2), a swept study as a
// sweep, and refuses a game it does not know; an analysis study puts the
// analysis's page in the report.
func TestReportOfTheToy(t *testing.T) {
	r := toyRunner(2)
	r.Studies = append(r.Studies,
		experiment.Study{Game: toygame.Name, Title: "Do longer hands favour the leader?", Strategies: []string{"greedy"}, Rules: []string{"hand=1,3"}, Games: 1000},
		experiment.Study{Game: toygame.Name, Title: "What leading is worth", Analysis: []string{"games=1000", "hands=1"}},
		experiment.Study{Game: "nosuch", Title: "A game this build lacks", Strategies: []string{"greedy"}, Games: 10})
	spec := experiment.Spec{Kind: experiment.Report, Game: "", Only: []string{toygame.Name}, Scale: 0.5, Seed: 1, Confidence: 0.95}
	out := filepath.Join(t.TempDir(), "report")
	res, err := r.Run(context.Background(), spec, out)
	if err != nil {
		t.Fatal(err)
	}
	sts := res.Report.Studies
	if len(sts) != 3 {
		t.Fatalf("%d studies, want the toy's question, its sweep and its analysis's study", len(sts))
	}
	if s := sts[0].Summary; s == nil || s.Manifest.Games != 150 || len(s.Entries) != 2 {
		t.Errorf("the toy's question: %+v; want greedy and high on 300 × 0.5 deals", s)
	}
	if sw := sts[1].Sweep; sw == nil || len(sw.Points) != 2 || sw.Points[0].Summary.Manifest.Games != 500 {
		t.Errorf("the swept study: %+v; want 2 points of 500 deals", sw)
	}
	if sts[2].Title != "The leader's win rate" || len(sts[2].Rows) != 2 || sts[2].Rows[1][0] != "1" {
		t.Errorf("the analysis study: %q, rows %q", sts[2].Title, sts[2].Rows)
	}
	for _, name := range []string{"report.html", "report.md", "report.csv"} {
		if fi, err := os.Stat(filepath.Join(out, name)); err != nil || fi.Size() == 0 {
			t.Errorf("the report lacks %s: %v", name, err)
		}
	}
	spec.Only = []string{"poker"}
	if _, err := r.Run(context.Background(), spec, filepath.Join(t.TempDir(), "report")); err == nil || !strings.Contains(err.Error(), "poker") {
		t.Errorf("a report of an unknown game: %v", err)
	}
}
