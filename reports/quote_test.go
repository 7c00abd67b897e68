package reports

import (
	"strings"
	"testing"

	"github.com/cardsim/cardsim/sim"
)

// TestVariantQuotesAndReads: a price sweep whose rise changes the score
// by less than the margin reads "yes, too cheap" in the summary, quotes
// what the strategy spends at every price, and names the first price
// above the default at which it spends less than half the default's
// (worked by hand: 10 at the default 1, 6 at 2, 4.9 at 4: 4.9 < 5).
func TestVariantQuotesAndReads(t *testing.T) {
	point := func(v string, score, spent float64) SweepPoint {
		return SweepPoint{Values: map[string]string{"insure": v}, Summary: sim.Summary{Manifest: sim.Manifest{Games: 1000, Seed: 3},
			Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "s"},
				Score:   sim.ScoreSummary{Mean: score, CILow: score - 1, CIHigh: score + 1},
				Metrics: map[string]sim.MetricSummary{"ip_spent.insure": {Mean: spent}}}}}}
	}
	sw := &Sweep{Keys: []string{"insure"}, Defaults: map[string]string{"insure": "1"},
		Points: []SweepPoint{point("0", 300, 0), point("1", 300, 10), point("2", 299.5, 6), point("4", 299, 4.9)}}
	reading := &Reading{NoMatter: "yes, too cheap", Lowers: "no"}
	ask := Ask{Question: "Too cheap?", Kind: Variant, Strategy: "s", Margin: 5, Quote: "ip_spent.insure", Reading: reading}
	a := Glance(&Study{Game: "nora", Sweep: sw}, []Ask{ask})[0]
	if !strings.Contains(a.Sentence, "s's ip_spent.insure a game: insure=0 0.00, insure=1 10.00 (the default), insure=2 6.00, insure=4 4.90.") {
		t.Errorf("sentence %q", a.Sentence)
	}
	if !strings.HasSuffix(a.Verdict, "; from insure=4 s spends less than half as much on it (ip_spent.insure 4.90 a game against 10.00 at the default)") {
		t.Errorf("verdict %q", a.Verdict)
	}
	q := Questions([]Answer{a}, 1)[0]
	if q.Kind != NoMatter || !strings.HasPrefix(q.Answer.Verdict, "yes, too cheap: no change larger than ±5 points") {
		t.Errorf("summary: %s, %q", q.Kind, q.Answer.Verdict)
	}
	// A rise that costs 20 points: the reading for a fall.
	sw.Points[2] = point("2", 280, 6)
	a = Glance(&Study{Game: "nora", Sweep: sw}, []Ask{ask})[0]
	if q := Questions([]Answer{a}, 1)[0]; q.Kind != Matters || !strings.HasPrefix(q.Answer.Verdict, "no: insure=2 lowers the mean score by 20.0 points") {
		t.Errorf("summary: %s, %q", q.Kind, q.Answer.Verdict)
	}
	// Without a quote or a reading the verdict is the plain one.
	a = Glance(&Study{Game: "nora", Sweep: sw}, []Ask{{Kind: Variant, Strategy: "s", Margin: 5}})[0]
	if q := Questions([]Answer{a}, 1)[0]; q.Answer.Verdict != "insure=2 lowers the mean score by 20.0 points" || strings.Contains(a.Sentence, "ip_spent") {
		t.Errorf("plain: %q, %q", q.Answer.Verdict, a.Sentence)
	}
}

// TestVariantAtAPoint reads a grid of two prices from a point other than
// the defaults: At "switch=4" sets insure=2 against insure=1 where SWITCH
// costs 4, quotes the metric along that row, and leaves SWITCH itself
// unasked.
func TestVariantAtAPoint(t *testing.T) {
	point := func(insure, sw string, score, spent float64) SweepPoint {
		return SweepPoint{Values: map[string]string{"insure": insure, "switch": sw}, Summary: sim.Summary{Manifest: sim.Manifest{Games: 500, Seed: 3},
			Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "s"},
				Score:   sim.ScoreSummary{Mean: score, CILow: score - 1, CIHigh: score + 1},
				Metrics: map[string]sim.MetricSummary{"ip_spent.insure": {Mean: spent}}}}}}
	}
	// At the default SWITCH (2) a dearer INSURE changes nothing; where
	// SWITCH costs 4 it costs 30 points, and the player still insures.
	sw := &Sweep{Keys: []string{"insure", "switch"}, Defaults: map[string]string{"insure": "1", "switch": "2"},
		Points: []SweepPoint{
			point("1", "2", 450, 10), point("1", "4", 330, 12),
			point("2", "2", 449, 0.5), point("2", "4", 300, 9),
		}}
	st := &Study{Game: "nora", Sweep: sw}
	ask := Ask{Question: "Is INSURE a real decision where SWITCH costs 4?", Kind: Variant, Strategy: "s", Margin: 5, Quote: "ip_spent.insure", At: "switch=4"}
	as := Glance(st, []Ask{ask})
	if len(as) != 1 {
		t.Fatalf("%d answers, want 1 (insure only): %+v", len(as), as)
	}
	a := as[0]
	if a.Value != -30 {
		t.Errorf("difference %v, want -30 (300 at insure=2 against 330 at insure=1, both with switch=4)", a.Value)
	}
	for _, want := range []string{
		"With s, with switch=4, insure=2 instead of the default 1 moves the mean score from 330.0",
		"s's ip_spent.insure a game, with switch=4: insure=1 12.00 (the default), insure=2 9.00.",
	} {
		if !strings.Contains(a.Sentence, want) {
			t.Errorf("sentence %q\nwants %q", a.Sentence, want)
		}
	}
	if !strings.HasPrefix(a.Verdict, "insure=2 with switch=4 lowers the mean score by 30.0 points") || strings.Contains(a.Verdict, "less than half") {
		t.Errorf("verdict %q", a.Verdict)
	}
	if !strings.Contains(a.Condition, "insure=2 switch=4") || !strings.Contains(a.Condition, "against switch=4") {
		t.Errorf("condition %q", a.Condition)
	}
	// From the defaults, each rule is asked once, each from the other at
	// its default: insure=2 at switch=2 halves the ip spent.
	as = Glance(st, []Ask{{Question: "Prices?", Kind: Variant, Strategy: "s", Margin: 5, Quote: "ip_spent.insure"}})
	if len(as) != 2 || as[0].Value != -1 || as[1].Value != -120 {
		t.Fatalf("answers from the defaults: %+v", as)
	}
	if !strings.Contains(as[0].Verdict, "from insure=2 s spends less than half as much on it (ip_spent.insure 0.50 a game against 10.00 at the default)") {
		t.Errorf("verdict %q", as[0].Verdict)
	}
}
