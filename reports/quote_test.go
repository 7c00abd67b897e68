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
