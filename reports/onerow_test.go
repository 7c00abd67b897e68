package reports

import (
	"strings"
	"testing"

	"github.com/cardsim/cardsim/sim"
)

// TestOneRowListsEachChange: a Variant ask over three rules with OneRow
// gives the summary one row, which counts three verdicts in the family,
// lists the change that matters first, then the one within the margin and
// the undecided one with their widened intervals, and says play stopped
// out of budget; without OneRow each rule has a row of its own.
func TestOneRowListsEachChange(t *testing.T) {
	point := func(a, b, c string, score, half float64) SweepPoint {
		return SweepPoint{Values: map[string]string{"ip-a": a, "ip-b": b, "ip-c": c}, Summary: sim.Summary{Manifest: sim.Manifest{Games: 300, Seed: 1, Confidence: 0.95},
			Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "s"}, Score: sim.ScoreSummary{Mean: score, CILow: score - half, CIHigh: score + half}}}}}
	}
	// Against 400 ± 1: ip-b=0 costs 30 points (matters), ip-c=0 half a
	// point (within ±5), ip-a=0 3 points ± 5.1 (undecided).
	sw := &Sweep{Keys: []string{"ip-a", "ip-b", "ip-c"}, Defaults: map[string]string{"ip-a": "1", "ip-b": "1", "ip-c": "1"},
		Points: []SweepPoint{point("1", "1", "1", 400, 1), point("0", "1", "1", 397, 5), point("1", "0", "1", 370, 1), point("1", "1", "0", 399.5, 1)}}
	st := &Study{Game: "nora", Sweep: sw}
	ask := Ask{Question: "What is each earning rule worth?", Kind: Variant, Strategy: "s", Margin: 5,
		Reading: &Reading{Lowers: "worth points", NoMatter: "worth little"}}

	apart := Questions(Glance(st, []Ask{ask}), 1)
	if len(apart) != 3 || apart[0].Question != "What is each earning rule worth: ip-a=0 instead of 1?" {
		t.Fatalf("without OneRow: %d rows, the first %q; want a row a rule", len(apart), apart[0].Question)
	}

	ask.OneRow = true
	as := Glance(st, []Ask{ask})
	qs := Questions(as, 1)
	if len(qs) != 1 {
		t.Fatalf("%d rows, want one", len(qs))
	}
	q := qs[0]
	if q.Question != "What is each earning rule worth?" || len(q.Details) != 3 {
		t.Errorf("row %q with %d details", q.Question, len(q.Details))
	}
	if q.Family != 3 {
		t.Errorf("family %d, want the row's 3 verdicts counted", q.Family)
	}
	if q.Kind != Matters || q.Outcome != OutOfBudget || !strings.HasPrefix(q.Stopped, "out of budget") {
		t.Errorf("kind %q, outcome %q, stopped %q; want matters, out of budget", q.Kind, q.Outcome, q.Stopped)
	}
	// The three judged as three of a family of 3: 2.394 / 1.96 times
	// their own intervals.
	const widen = 2.3940 / 1.96
	want := "worth points: ip-b=0 -30.0 points; worth little: ip-c=0 (" +
		IntervalText(Answer{CILow: -0.5 - widen*1.4142, CIHigh: -0.5 + widen*1.4142, Unit: "points difference"}) + "); undecided: ip-a=0 (" +
		IntervalText(Answer{CILow: -3 - widen*5.0990, CIHigh: -3 + widen*5.0990, Unit: "points difference"}) + ")"
	if q.Answer.Verdict != want {
		t.Errorf("verdict\n%q\nwant\n%q", q.Answer.Verdict, want)
	}
	if IntervalText(q.Answer) != "" || IntervalPicture(q) != "" {
		t.Errorf("the row has an interval of its own: %q", IntervalText(q.Answer))
	}
	if !strings.Contains(q.Answer.Condition, "each change, one at a time, ") || strings.Contains(q.Answer.Condition, "ip-a=0") {
		t.Errorf("condition %q", q.Answer.Condition)
	}
	if !strings.Contains(q.Answer.Sentence, "ip-b=0 -30.0 (") || !strings.Contains(q.Answer.Sentence, "within ±5 points does not matter") {
		t.Errorf("sentence %q", q.Answer.Sentence)
	}
}
