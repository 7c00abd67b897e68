package reports

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/sim/schematest"
	"github.com/cardsim/cardsim/stat"
)

// TestAnswersFile: a report whose studies answer at a glance writes
// answers.json, valid under AnswersSchema, with a figure it has not as
// null, and answers.csv with the same answers; the Answers section opens
// report.md and report.html, before the first study.
func TestAnswersFile(t *testing.T) {
	r := &Report{Title: "t", Intro: "i", Studies: []Study{
		{Game: "nora", Title: "first", Answer: []string{"a"}, Rows: [][]string{{"figure", "value"}}, Glance: []Answer{
			{Game: "nora", Question: "How often is 540 reached?", Verdict: "about 3.8%", Sentence: "optimal wins 3.75%.", Value: 0.0375, CILow: 0.032, CIHigh: 0.0438, Unit: "share", N: 4000, Condition: "optimal"},
			{Game: "nora", Question: "Which strategy is best?", Verdict: Undecided, Sentence: "Fewer than two strategies to compare.", Value: math.NaN(), CILow: math.NaN(), CIHigh: math.NaN()},
		}},
		{Game: "spite", Title: "second", Answer: []string{"b"}, Rows: [][]string{{"figure", "value"}}, Glance: []Answer{
			{Game: "spite", Question: "How often are games drawn?", Verdict: "about 2.5%", Sentence: "s", Value: 0.025, CILow: 0.023, CIHigh: 0.027, Unit: "share", N: 20000, Condition: "greedy",
				Looks: []int64{5000, 10000, 20000}, Look: 2},
		}},
	}}
	dir := t.TempDir()
	if err := WriteReportDir(dir, r); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(schematest.Compile(t, AnswersSchema), b); err != nil {
		t.Errorf("answers.json does not fit its schema: %v\n%s", err, b)
	}
	var raw struct {
		Answers []map[string]any `json:"answers"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw.Answers) != 3 || raw.Answers[1]["value"] != nil || raw.Answers[0]["value"] != 0.0375 || raw.Answers[2]["n"] != 20000.0 {
		t.Errorf("answers.json: %s", b)
	}
	var back AnswersFile
	if err := json.Unmarshal(b, &back); err != nil || !math.IsNaN(back.Answers[1].Value) || !reflect.DeepEqual(back.Answers[2], r.Studies[1].Glance[0]) {
		t.Errorf("answers.json read back: %v %+v", err, back)
	}
	f, err := os.Open(filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || strings.Join(rows[0], ",") != "game,question,verdict,sentence,value,ci_low,ci_high,unit,n,condition,schema_version" || rows[2][4] != "" || rows[1][4] != "0.0375" {
		t.Errorf("answers.csv: %q", rows)
	}
	for _, page := range []string{"report.md", "report.html"} {
		b, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		a, q, st := strings.Index(s, `<table id="summary">`), strings.Index(s, "How often is 540 reached?"), strings.Index(s, "first</")
		if page == "report.md" {
			a, st = strings.Index(s, "## Summary"), strings.Index(s, "### Nora's Pairs Solitaire — first")
		}
		if a < 0 || q < a || st < q {
			t.Errorf("%s: the summary (at %d, first answer at %d) does not open the page before the first study (at %d)", page, a, q, st)
		}
	}
	// No answers, no files for them.
	dir = t.TempDir()
	if err := WriteReportDir(dir, &Report{Title: "t", Studies: []Study{{Game: "nora", Title: "x", Answer: []string{"a"}, Rows: [][]string{{"figure", "value"}}}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "answers.json")); !os.IsNotExist(err) {
		t.Errorf("answers.json written for a report without answers: %v", err)
	}
}

// TestGlanceReadsComparison: on Nora's stop-at and rescuer over the same
// deals, Best names rescuer with the paired difference the comparison
// gives, Odds says stop-at never won and bounds its odds by the Wilson
// upper end of 0 of 400, and Score reads the mean of 540.
func TestGlanceReadsComparison(t *testing.T) {
	s := summaryOf(t, nora.Definition(), nil, 400, "stop-at", "rescuer")
	st := &Study{Game: "nora", Summary: s}
	as := Glance(st, []Ask{
		{Question: "best", Kind: Best},
		{Question: "odds", Kind: Odds, Strategy: "stop-at"},
		{Question: "score", Kind: Score, Strategy: "rescuer"},
	})
	if len(as) != 3 {
		t.Fatalf("%d answers", len(as))
	}
	c := s.Comparisons[0] // stop-at − rescuer
	if b := as[0]; !strings.HasPrefix(b.Verdict, "rescuer, by ") || b.Value != -c.ScoreDiff || b.CILow != -c.CIHigh || b.CIHigh != -c.CILow || b.N != 400 {
		t.Errorf("best: %+v, comparison %+v", b, c)
	}
	_, hi := stat.Wilson(0, 400, 0.95)
	if o := as[1]; o.Value != 0 || o.CIHigh != hi || o.Verdict != "never seen: at most "+roughPct(hi) || !strings.Contains(o.Sentence, "never won in 400 games") {
		t.Errorf("odds: %+v", o)
	}
	e, _ := entryNamed(s, "rescuer")
	if sc := as[2]; sc.Value != e.score.Mean || sc.Unit != "points" || !strings.Contains(sc.Verdict, "of 540") {
		t.Errorf("score: %+v", sc)
	}
	for _, a := range as {
		if !strings.Contains(a.Condition, "the rules as written") || !strings.Contains(a.Condition, "400 deals, seed 2") {
			t.Errorf("%s: condition %q", a.Question, a.Condition)
		}
	}
}

// TestBestUndecided: two strategies whose paired difference reaches zero
// are not told apart: the verdict says the deals cannot decide, never that
// the first is better.
func TestBestUndecided(t *testing.T) {
	s := &sim.Summary{Manifest: sim.Manifest{Games: 100, ScoreBounds: [2]int{0, 10}},
		Entries: []sim.EntrySummary{
			{Strategy: sim.StrategyRecord{Name: "a"}, Score: sim.ScoreSummary{Mean: 5.2}},
			{Strategy: sim.StrategyRecord{Name: "b"}, Score: sim.ScoreSummary{Mean: 5.0}},
		},
		Comparisons: []sim.Comparison{{A: 0, B: 1, Label: "a − b", ScoreDiff: 0.2, CILow: -0.1, CIHigh: 0.5}},
	}
	a := Glance(&Study{Game: "g", Summary: s}, []Ask{{Question: "q", Kind: Best}})[0]
	if a.Verdict != Undecided || !strings.Contains(a.Sentence, "cannot be told apart") || a.CILow != -0.1 {
		t.Errorf("%+v", a)
	}
	s.Comparisons[0].CILow = 0.05
	if a := Glance(&Study{Game: "g", Summary: s}, []Ask{{Question: "q", Kind: Best}})[0]; a.Verdict != "a, by 0.20 points" {
		t.Errorf("%+v", a)
	}
}

// TestVariant: a sweep of one rule read at the rules' default against the
// next value: the difference of the figures, and an interval from the two
// runs' half-widths added in quadrature (worked by hand: 0.30 − 0.20 =
// 0.10; below, √(0.03² + 0.04²) = 0.05; above, √(0.02² + 0.03²) =
// 0.036056). Where that interval reaches zero the verdict says no change
// can be told.
func TestVariant(t *testing.T) {
	point := func(v string, rate, lo, hi float64) SweepPoint {
		return SweepPoint{Values: map[string]string{"k": v}, Summary: sim.Summary{Manifest: sim.Manifest{Games: 500, Seed: 3},
			Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "s"}, Win: sim.RateSummary{Rate: rate, CILow: lo, CIHigh: hi}}, {Strategy: sim.StrategyRecord{Name: "t"}}}}}
	}
	sw := &Sweep{Keys: []string{"k"}, Defaults: map[string]string{"k": "1"},
		Points: []SweepPoint{point("0", 0.5, 0.4, 0.6), point("1", 0.20, 0.17, 0.23), point("2", 0.30, 0.26, 0.32)}}
	as := Glance(&Study{Game: "g", Sweep: sw}, []Ask{{Kind: Variant, Strategy: "s", Figure: "win"}})
	if len(as) != 1 {
		t.Fatalf("%d answers", len(as))
	}
	a := as[0]
	if math.Abs(a.Value-0.10) > 1e-12 || math.Abs(a.CILow-0.05) > 1e-12 || math.Abs(a.CIHigh-(0.10+math.Sqrt(0.0013))) > 1e-12 || a.Verdict != "k=2 raises the win rate by 10.00 pp" {
		t.Errorf("%+v", a)
	}
	if !strings.Contains(a.Sentence, "k=2 instead of the default 1") || !strings.Contains(a.Sentence, "k=0 50.00%") || a.N != 500 {
		t.Errorf("%s", a.Sentence)
	}
	sw.Points[2] = point("2", 0.22, 0.18, 0.26)
	if a := Glance(&Study{Game: "g", Sweep: sw}, []Ask{{Kind: Variant, Strategy: "s", Figure: "win"}})[0]; a.Verdict != "undecided: the interval holds no change" {
		t.Errorf("%+v", a)
	}
}

// TestRateWords: a rate in words for a verdict, to two significant digits,
// and a rate never seen by the upper end of its interval.
func TestRateWords(t *testing.T) {
	for _, tt := range []struct {
		rate, hi float64
		count    int64
		want     string
	}{
		{0.302, 0.31, 600, "about 30%"},
		{0.0375, 0.044, 150, "about 3.8%"},
		{0.0003, 0.0009, 3, "about 0.030%"},
		{0, 0.00038, 0, "never seen: at most 0.038%"},
	} {
		if got := RateWords(tt.rate, tt.hi, tt.count); got != tt.want {
			t.Errorf("RateWords(%v, %v, %d) = %q, want %q", tt.rate, tt.hi, tt.count, got, tt.want)
		}
	}
}

// TestVariantPaired: where the points kept their figures deal by deal the
// variant's difference is paired on the same deals: on four deals where
// k=2 wins two more (deals 1 and 2) and loses none, +50 points of win
// rate with Newcombe's paired interval, where the runs' own intervals
// would have been combined as if independent.
func TestVariantPaired(t *testing.T) {
	// deals returns the figures of a run whose entry 0 loses every deal and
	// whose entry 1, the one asked of, wins where wins says.
	deals := func(wins ...bool) *sim.DealFigures {
		var rs []sim.Record
		for i, w := range wins {
			rs = append(rs, sim.Record{Index: int64(i), Entry: 0, Result: games.Loss})
			r := sim.Record{Index: int64(i), Entry: 1, Result: games.Loss}
			if w {
				r.Result = games.Win
			}
			rs = append(rs, r)
		}
		d := new(sim.DealFigures)
		d.Write(rs)
		return d
	}
	point := func(v string, d *sim.DealFigures, rate float64) SweepPoint {
		return SweepPoint{Values: map[string]string{"k": v}, Deals: d,
			Summary: sim.Summary{Manifest: sim.Manifest{Games: 4, Seed: 3, Confidence: 0.95},
				Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "t"}}, {Strategy: sim.StrategyRecord{Name: "s"}, Win: sim.RateSummary{Rate: rate, CILow: 0, CIHigh: 1}}}}}
	}
	sw := &Sweep{Keys: []string{"k"}, Defaults: map[string]string{"k": "1"},
		Points: []SweepPoint{point("1", deals(true, false, false, false), 0.25), point("2", deals(true, true, true, false), 0.75)}}
	a := Glance(&Study{Game: "g", Sweep: sw}, []Ask{{Kind: Variant, Strategy: "s", Figure: "win"}})[0]
	lo, hi := stat.PairedRateDifference(stat.PairedCounts{Both: 1, Only1: 2, Only2: 0, N: 4}, 0.95)
	if a.Value != 0.5 || a.CILow != lo || a.CIHigh != hi || a.N != 4 || !strings.Contains(a.Sentence, "paired on the same 4 deals") {
		t.Errorf("%+v; want +0.5 (%v to %v) paired", a, lo, hi)
	}
	// Without the deals it falls back to the runs' intervals: 0.5 less
	// k=2's lower half-width (0.75) and k=1's upper one (0.75) in
	// quadrature.
	for i := range sw.Points {
		sw.Points[i].Deals = nil
	}
	if a := Glance(&Study{Game: "g", Sweep: sw}, []Ask{{Kind: Variant, Strategy: "s", Figure: "win"}})[0]; !strings.Contains(a.Sentence, "as if independent") || math.Abs(a.CILow-(0.5-math.Hypot(0.75, 0.75))) > 1e-12 {
		t.Errorf("unpaired: %+v", a)
	}
}
