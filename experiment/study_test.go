package experiment_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/reports"
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

// TestStudyPlaysOnWhileUndecided: a study whose verdict is undecided
// plays again on twice its deals, the same deals and more, until the
// verdict is decided or its plan ends; its answers carry the plan and the
// look their figures come from, and its figures are those of one run of
// the last look's deals. A budget too small for a second look stops it at
// the first, out of budget.
func TestStudyPlaysOnWhileUndecided(t *testing.T) {
	study := experiment.Study{Game: toygame.Name, Title: "Which bot is best?", Strategies: []string{"greedy", "random"}, Games: 20, Extend: 16,
		Asks: []reports.Ask{{Question: "Which bot is best?", Kind: reports.Best}}}
	run := func(st experiment.Study) *reports.Study {
		r := toyRunner(2)
		r.Studies, r.Family = []experiment.Study{st}, 1
		res, err := r.Run(context.Background(), experiment.Spec{Kind: experiment.Report, Only: []string{toygame.Name}, Scale: 1, Seed: 1, Confidence: 0.95},
			filepath.Join(t.TempDir(), "report"))
		if err != nil {
			t.Fatal(err)
		}
		return &res.Report.Studies[0]
	}
	a := run(study).Glance[0]
	if !slices.Equal(a.Looks, []int64{20, 40, 80, 160, 320}) || a.Look != 1 || a.N != 40 {
		t.Fatalf("looks %v, look %d, %d deals; want the plan 20 … 320, stopped at its second look, 40 deals", a.Looks, a.Look, a.N)
	}
	if k, _, _ := reports.Judge(a, 1); k != reports.Matters {
		t.Errorf("at its second look the verdict is %q, want matters: play stopped while it was open", k)
	}
	// The figures are those of one run of 40 deals.
	fixed := study
	fixed.Games, fixed.Extend = 40, 1
	if b := run(fixed).Glance[0]; b.Value != a.Value || b.CILow != a.CILow || b.CIHigh != a.CIHigh || b.Looks != nil {
		t.Errorf("40 deals in one look: %g (%g to %g), looks %v; the second look gave %g (%g to %g)", b.Value, b.CILow, b.CIHigh, b.Looks, a.Value, a.CILow, a.CIHigh)
	}
	// A budget no look fits in stops the study at its first look, where
	// the verdict is open: out of budget.
	tight := study
	tight.Budget = time.Nanosecond
	b := run(tight).Glance[0]
	if k, _, _ := reports.Judge(b, 1); b.Look != 0 || b.N != 20 || k != reports.Open {
		t.Errorf("with no budget: look %d, %d deals, %q; want the first look, 20 deals, undecided", b.Look, b.N, k)
	}
	if q := reports.Questions([]reports.Answer{b}, 1)[0]; q.Outcome != reports.OutOfBudget || !strings.Contains(q.Stopped, "budget ran out") {
		t.Errorf("with no budget: %q, %q", q.Outcome, q.Stopped)
	}
}

// TestStudyOfJointPoints: a study that lists joint points plays a sweep of
// those points alone, each against the one at the defaults, counts its
// deals by them, answers a Variant ask once a rule the points change, and
// gives the sweep command with its --point flags.
func TestStudyOfJointPoints(t *testing.T) {
	st := experiment.Study{Game: toygame.Name, Title: "What does each rule do?", Strategies: []string{"greedy"},
		Points: []string{"hand=3", "hand=1", "ranks=4"}, Games: 100, Extend: 1,
		Asks: []reports.Ask{{Question: "What does each rule do?", Kind: reports.Variant, Strategy: "greedy", Figure: "win"}}}
	if !st.Swept() || st.Deals(1) != 300 {
		t.Fatalf("swept %v, %d deals; want a sweep of 3 points × 100 deals", st.Swept(), st.Deals(1))
	}
	r := toyRunner(2)
	r.Studies, r.Family = []experiment.Study{st}, 2
	res, err := r.Run(context.Background(), experiment.Spec{Kind: experiment.Report, Only: []string{toygame.Name}, Scale: 1, Seed: 1, Confidence: 0.95},
		filepath.Join(t.TempDir(), "report"))
	if err != nil {
		t.Fatal(err)
	}
	got := res.Report.Studies[0]
	sw := got.Sweep
	if sw == nil || len(sw.Points) != 3 || !slices.Equal(sw.Keys, []string{"hand", "ranks"}) {
		t.Fatalf("sweep %+v; want the 3 points over hand and ranks", sw)
	}
	want := []map[string]string{{"hand": "3", "ranks": "6"}, {"hand": "1", "ranks": "6"}, {"hand": "3", "ranks": "4"}}
	for i, p := range sw.Points {
		if p.Values["hand"] != want[i]["hand"] || p.Values["ranks"] != want[i]["ranks"] {
			t.Errorf("point %d: %v, want %v (a rule a point leaves out at its default)", i, p.Values, want[i])
		}
	}
	if sw.Reference != 0 {
		t.Errorf("reference point %d, want 0, the defaults", sw.Reference)
	}
	var qs []string
	for _, a := range got.Glance {
		qs = append(qs, a.Question)
	}
	if !slices.Equal(qs, []string{"What does each rule do: hand=1 instead of 3?", "What does each rule do: ranks=4 instead of 6?"}) {
		t.Errorf("questions %q", qs)
	}
	if !strings.Contains(got.Command, "cardsim sweep toy --strategies greedy --point hand=3 --point hand=1 --point ranks=4 --games 100") {
		t.Errorf("command %q", got.Command)
	}
}
