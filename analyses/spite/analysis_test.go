package spite

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/spite"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/strategies"
	sspite "github.com/cardsim/cardsim/strategies/spite"
)

// spiteEnv returns an env with Spite and Malice and its bots.
func spiteEnv() *analyses.Env {
	gr := new(games.Registry)
	gr.Register(spite.Definition())
	sr := new(strategies.Registry)
	sspite.Register(sr)
	return &analyses.Env{Games: gr, Strategies: sr, Seed: 1, Workers: 2, Confidence: 0.95}
}

// TestCrossoverByHand: four deals worked by hand. Seat 0 holds the higher
// upcard (9 against 4, a gap of 5) in each; the winners with the higher
// upcard moving first, then the lower:
//
//	deal 0: seat 0, seat 0   moving first: ((1−1) + (0−0))/2 = 0;   higher: ((1−0) + (1−0))/2 = 1;  as written 1
//	deal 1: seat 1, seat 1   moving first: ((0−0) + (1−1))/2 = 0;   higher: ((0−1) + (0−1))/2 = −1; as written −1
//	deal 2: seat 0, seat 1   moving first: ((1−0) + (1−0))/2 = 1;   higher: ((1−1) + (0−0))/2 = 0;  as written 1
//	deal 3: draw,   seat 0   moving first: ((0−1) + (0−0))/2 = −1/2; higher: ((0−0) + (1−0))/2 = 1/2; as written 0
//
// so moving first is worth 1/8 on average, the higher upcard 1/8, and as
// written the first mover wins 1/4 more often: the sum of the two.
func TestCrossoverByHand(t *testing.T) {
	deal := func(i int64, first, winner int) dealPlay {
		d := dealPlay{deal: i, rank: [2]int8{9, 4}}
		d.first[first] = true
		if winner >= 0 {
			d.win[winner] = true
		}
		return d
	}
	higher := []dealPlay{deal(0, 0, 0), deal(1, 0, 1), deal(2, 0, 0), deal(3, 0, -1)}
	lower := []dealPlay{deal(0, 1, 0), deal(1, 1, 1), deal(2, 1, 1), deal(3, 1, 0)}
	var c crossover
	if err := c.pair(higher, lower); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		got  estimate
		want float64
	}{{"moving first", mean(&c.first, 0.95), 0.125}, {"higher upcard", mean(&c.higher, 0.95), 0.125}, {"as written", mean(&c.written, 0.95), 0.25}} {
		if math.Abs(tt.got.value-tt.want) > 1e-12 || tt.got.n != 4 {
			t.Errorf("%s: %v over %d deals, want %v over 4", tt.name, tt.got.value, tt.got.n, tt.want)
		}
	}
	// The lower upcard moving first under start=higher is refused.
	lower[1].first = [2]bool{true, false}
	if err := (&crossover{}).pair(higher, lower); err == nil {
		t.Error("a deal where the lower upcard moved second under start=lower was paired")
	}
}

// TestEdge: the analysis writes its page and answers.json, answers every
// question for each bot, and its figures hold together: as written, the
// first mover's lead is the sum of the edge of moving first and the higher
// upcard's, deal by deal, so on average too.
func TestEdge(t *testing.T) {
	page, err := Edge().Run(context.Background(), spiteEnv(), []string{"games=300", "rebuild=all,completed", "rebuild-at=12"})
	if err != nil {
		t.Fatal(err)
	}
	r := page
	questions := map[string]int{}
	for _, a := range r.Answers() {
		questions[a.Question]++
		if a.Game != "spite" || a.Verdict == "" || a.Sentence == "" || a.Condition == "" {
			t.Errorf("incomplete answer %+v", a)
		}
	}
	for q, n := range map[string]int{
		"How big is the first player's edge?":                                              2,
		"How big is the first player's edge? (moving first alone, the upcards held fixed)": 2,
		"How much is a higher upcard worth?":                                               2,
		"What does starting by a coin toss instead of the higher upcard change?":           2,
		"What is a joker worth?":                                                           2,
		"How often are games drawn?":                                                       3,
		"Which bot plays better, and by how much?":                                         1,
		"How much do the answers depend on the reading of the stock rebuild?":              2,
	} {
		if questions[q] != n {
			t.Errorf("%d answers to %q, want %d", questions[q], q, n)
		}
	}
	dir := t.TempDir()
	if err := page.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f reports.AnswersFile
	if err := json.Unmarshal(b, &f); err != nil || len(f.Answers) != len(r.Answers()) {
		t.Fatalf("answers.json: %v, %d answers", err, len(f.Answers))
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	// One verdict for the edge: first minus second as written, on the
	// scale every first-player figure shares, with its margin.
	for _, q := range reports.Questions(r.Answers(), 0) {
		if q.Question == "How big is the first player's edge?" {
			if len(q.Details) != 4 || q.Answer.Margin != 0.01 || !strings.Contains(q.Answer.Verdict, "first minus second") || !strings.Contains(q.Answer.Condition, "greedy against itself") {
				t.Errorf("the edge's verdict: %+v, %d answers", q.Answer, len(q.Details))
			}
		}
	}
	for _, want := range []string{"## Summary", "with the upcards held fixed", "Checked a second way", "Under rebuild=completed rebuild-at=12"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
}

// TestEdgeSums: played through the analysis, the edge of moving first and
// the higher upcard's add up to the first mover's lead as written.
func TestEdgeSums(t *testing.T) {
	a := &study{options: options{Games: 200, Bots: []string{"greedy"}, Rebuild: []string{"all"}, RebuildAt: []int{12}}, env: spiteEnv()}
	rf := &readingFigures{rebuild: "all", at: 12}
	if err := a.measure(context.Background(), rf, true); err != nil {
		t.Fatal(err)
	}
	c := &rf.bots[0].cross
	first, higher, written := mean(&c.first, 0.95), mean(&c.higher, 0.95), mean(&c.written, 0.95)
	if math.Abs(first.value+higher.value-written.value) > 1e-12 || c.deals < 190 {
		t.Errorf("moving first %v + higher upcard %v ≠ as written %v (%d deals)", first.value, higher.value, written.value, c.deals)
	}
	// The rules as written, played as a run of their own, give the same
	// first mover's lead.
	fp := rf.bots[0].higher.FirstPlayer
	if fp == nil || math.Abs(2*fp.Edge-written.value) > 0.01 {
		t.Errorf("first player's edge %v, half the lead as written %v", fp, written.value/2)
	}
	if rf.bots[0].coinErr != nil {
		t.Error(rf.bots[0].coinErr)
	}
}

// TestCheckRules: the rules the analysis sets itself are refused.
func TestCheckRules(t *testing.T) {
	for _, r := range []string{"start=coin", "rebuild=completed", "rebuild-at=0"} {
		env := spiteEnv()
		env.Rules = []string{r}
		if _, err := Edge().Run(context.Background(), env, []string{"games=10"}); err == nil {
			t.Errorf("--rule %s accepted", r)
		}
	}
	if err := Edge().Check([]string{"rebuild=some"}); err == nil {
		t.Error("--opt rebuild=some accepted")
	}
}
