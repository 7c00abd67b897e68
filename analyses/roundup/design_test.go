package roundup

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/strategies"
	sroundup "github.com/cardsim/cardsim/strategies/roundup"
)

// roundupEnv returns an env with Round-up and its bots.
func roundupEnv() *analyses.Env {
	gr := new(games.Registry)
	gr.Register(roundup.Definition())
	sr := new(strategies.Registry)
	sroundup.Register(sr)
	sr.Register(strategies.RandomDefinition())
	return &analyses.Env{Games: gr, Strategies: sr, Seed: 1, Workers: 2, Confidence: 0.95}
}

// TestDesign: the analysis writes its page and a table with every player
// count and mix, answering both of the designer's questions.
func TestDesign(t *testing.T) {
	page, err := Design().Run(context.Background(), roundupEnv(), []string{"games=150", "players=2,3", "mixes=greedy,greedy+defender", "versus=greedy+defender"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := page.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dealt more face cards", "Per card of the rank the seat was dealt in round 1", "the holders' mean difference", "round alone by", "starting seat", "With 3 players (greedy+defender)", "a first round takes",
		"in the rounds where some players backed a suit together and others bid alone", "seated in turn over the same 150 deals", "## Summary", "what bidding together goes with"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	f, err := os.Open(filepath.Join(dir, "report.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		if r[col["ci_low"]] != "" && r[col["n"]] == "" {
			t.Errorf("%s %s of %s: an interval with no count n", r[col["metric"]], r[col["statistic"]], r[col["feature"]])
		}
		if r[col["metric"]] == "queen_power_win" && r[col["statistic"]] == "slope_per_card_held" && r[col["game"]] == "roundup" && r[col["seed"]] != "" {
			seen[r[col["rules"]]+" "+r[col["strategy"]]] = true
		}
	}
	if len(seen) != 4 {
		t.Errorf("queen power for %v, want 2 player counts × 2 mixes", seen)
	}
	// Every question has its answer at a glance, at the first player
	// count studied when the designer's 4 is not among them.
	questions := map[string]int{}
	for _, a := range page.Answers() {
		questions[a.Question]++
		if a.Condition == "" || a.Verdict == "" {
			t.Errorf("incomplete answer %+v", a)
		}
	}
	for q, n := range map[string]int{
		"If someone is dealt more face cards, are they sure to win most of the time? (bottom line)": 1,
		"If someone is dealt more face cards, are they sure to win most of the time?":               2,
		"Which face card is most useful?":               2,
		"Which face card is most useful? (bottom line)": 1,
		"Is the seat that starts favoured?":             2,
		"Do allied bidders gain?":                       2,
		"How long is a round?":                          2,
		"Which bot plays better, and by how much?":      1,
	} {
		if questions[q] != n {
			t.Errorf("%d answers to %q, want %d", questions[q], q, n)
		}
	}
	if err := Design().Check([]string{"players=7"}); err == nil || !strings.Contains(err.Error(), "players=7") {
		t.Errorf("7 players accepted: %v", err)
	}
}

// TestDesignCancelled: a cancelled analysis stops with the context's error.
func TestDesignCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Design().Run(ctx, roundupEnv(), []string{"games=100000"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled analysis: %v", err)
	}
}

// TestPairedSeatsOfTheSameRun: a run paired with itself (the same rules, so
// the same games) differs by nothing, seat by seat: the pairing walks the
// same seats in the same order. A run under another rule is refused if its
// seats do not line up.
func TestPairedSeatsOfTheSameRun(t *testing.T) {
	env := roundupEnv()
	g, err := env.Game("roundup", "players=3")
	if err != nil {
		t.Fatal(err)
	}
	lineup, err := env.Lineup(g, "greedy", "defender")
	if err != nil {
		t.Fatal(err)
	}
	base, err := newSeatResults(g)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.RunRecorded(context.Background(), "", g, lineup, 300, base); err != nil {
		t.Fatal(err)
	}
	paired := &pairedSeats{base: base, feature: 1}
	if _, err := env.RunRecorded(context.Background(), "", g, lineup, 300, paired); err != nil {
		t.Fatal(err)
	}
	if paired.next != len(base.seats) || len(base.seats) != 300*3*3 {
		t.Fatalf("paired %d of %d seats, want %d", paired.next, len(base.seats), 300*3*3)
	}
	gain := paired.gain(0.95)
	if w := gain.winPerCard; w.Slope != 0 || w.CILow != 0 || w.CIHigh != 0 || gain.holderWin[0] != 0 || gain.holderPoints[0] != 0 {
		t.Errorf("a run paired with itself: %+v", gain)
	}
	other := &pairedSeats{base: base, feature: 1}
	g2, _ := env.Game("roundup", "players=4")
	l2, _ := env.Lineup(g2, "greedy")
	if _, err := env.RunRecorded(context.Background(), "", g2, l2, 300, other); err == nil {
		t.Error("seats of a 4-player run paired with a 3-player run's")
	}
}
