package reports

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/games/spite"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// TestAnswersPutTheBetterFirst: the answer names every strategy with its
// counts, and reads a difference as "better beats worse by …" whatever the
// lineup's order.
func TestAnswersPutTheBetterFirst(t *testing.T) {
	s := summaryOf(t, nora.Definition(), nil, 400, "stop-at", "rescuer")
	got := strings.Join(Answers(&Study{Game: "nora", Summary: s}), "\n")
	for _, want := range []string{"stop-at scores", "rescuer scores", "never wins in 400 games", "On the same 400 deals, rescuer beats stop-at by "} {
		if !strings.Contains(got, want) {
			t.Errorf("answer lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "stop-at − rescuer") && strings.Contains(got, "beats stop-at by -") {
		t.Errorf("a negative margin:\n%s", got)
	}
}

// TestAnswersReadSeatsFeaturesAndQuotes: in Round-up at 4 players the
// first player's edge is in percentage points, the face-card answer is a
// trend with the fair share of 25%, and a quoted metric is answered.
func TestAnswersReadSeatsFeaturesAndQuotes(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=4"}, 300, "greedy")
	got := strings.Join(Answers(&Study{Game: "roundup", Summary: s, Quote: []string{"rounds"}}), "\n")
	for _, want := range []string{
		"percentage points (",
		"Face cards (J, Q, K) dealt to the seat",
		": each one more changes a seat's chance of winning the game by ",
		"Round by round, face cards (J, Q, K) dealt to the seat",
		": each one more changes a seat's chance of winning that round alone by ",
		"the fair share of 25.00%",
		"Rounds played: ",
		"greedy plays against itself in every seat over 300 deals: ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("answer lacks %q:\n%s", want, got)
		}
	}
}

// TestFaceCardVerdictAgainstFairShare: the seats dealt the most face cards
// are judged against the fair share of the seats, not against a majority:
// at four players 35% of the games is more than a seat's share, though not
// most of the time.
func TestFaceCardVerdictAgainstFairShare(t *testing.T) {
	values := func(top, topWins int64) []sim.FeatureValue {
		return []sim.FeatureValue{
			{Value: 0, Games: 1600, Win: sim.RateSummary{Count: 400}},
			{Value: 9, Games: top, Win: sim.RateSummary{Count: topWins}},
		}
	}
	for _, tt := range []struct {
		top, wins int64
		want      string
	}{
		{400, 140, "win 35.00% (30.49% to 39.80%, 95%) against the fair share of 25.00%: more often than the fair share, though not most of the time."},
		{400, 240, "more often than the fair share, and most of the time."},
		{400, 60, "less often than the fair share."},
		{400, 104, "no more nor less often than the fair share as far as the interval can tell."},
	} {
		f := sim.FeatureSummary{Name: "face_cards", Values: values(tt.top, tt.wins), WinTrend: &stat.Trend{Slope: 0.01, CILow: 0.005, CIHigh: 0.015}}
		got := strings.Join(featureSentences(f, "Face cards dealt", "a seat's chance of winning", "seat-games", 0.25, "the fair share", ""), "\n")
		if !strings.Contains(got, tt.want) {
			t.Errorf("%d of %d won: %s\nwant %q", tt.wins, tt.top, got, tt.want)
		}
	}
}

// TestYesNoQuoteInterval: a quoted yes-or-no metric never seen is read
// with the interval of a rate, not the empty interval of a mean.
func TestYesNoQuoteInterval(t *testing.T) {
	s := &sim.Summary{Manifest: sim.Manifest{Games: 800}, MetricOrder: []string{"capped"},
		Entries: []sim.EntrySummary{{Metrics: map[string]sim.MetricSummary{"capped": {Usage: "1 if the turn cap ended the game", N: 800, Min: 0, Max: 0}}}}}
	got := strings.Join(quoteSentences(s, "capped"), "\n")
	if want := "The turn cap ended the game: 0.00% of games (0 of 800; 0.00% to 0.48%)."; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestReadableTable(t *testing.T) {
	rows := [][]string{{"strategy", "mean_score", "games", "share"}, {"optimal", "424.2630714285714", "2000", "0.036400000000000002"}, {"x", "", "-3", "1e-07"}}
	got := ReadableTable(rows)
	want := [][]string{{"strategy", "mean_score", "games", "share"}, {"optimal", "424.3", "2000", "0.03640"}, {"x", "", "-3", "1e-07"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got %q, want %q", got, want)
	}
	if rows[1][1] != "424.2630714285714" {
		t.Error("the table given was changed")
	}
}

func TestReadable(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {317.7733, "317.8"}, {0.257341, "0.2573"}, {5.3, "5.300"}, {-0.0123456, "-0.01235"},
		{12345.6, "12346"}, {0.0000123, "1.23e-05"}, {1, "1.000"},
	} {
		if got := Readable(tt.v); got != tt.want {
			t.Errorf("Readable(%g) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

// TestSweepAnswerAroundDefault: a price sweep says what the rules' own
// price gives and what one step either way would, for each strategy.
func TestSweepAnswerAroundDefault(t *testing.T) {
	point := func(price string, mean float64) SweepPoint {
		s := sim.Summary{Manifest: sim.Manifest{Games: 100, Strategies: []sim.StrategyRecord{{Name: "optimal"}}},
			Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "optimal"}, Score: sim.ScoreSummary{Mean: mean, CILow: mean - 1, CIHigh: mean + 1}}}}
		return SweepPoint{Values: map[string]string{"switch": price}, Summary: s}
	}
	sw := &Sweep{Keys: []string{"switch"}, Defaults: map[string]string{"switch": "2"},
		Points: []SweepPoint{point("0", 537), point("1", 500), point("2", 424), point("4", 325), point("8", 311)}}
	got := strings.Join(sweepAnswers(sw), "\n")
	want := "At the rules' own switch=2, optimal scores 424.0 (423.0 to 425.0); at switch=1 500.0 (499.0 to 501.0), at switch=4 325.0 (324.0 to 326.0)."
	if !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant a line\n%s", got, want)
	}
	sw.Defaults = map[string]string{"switch": "3"} // not swept: nothing to say
	if got := strings.Join(sweepAnswers(sw), "\n"); strings.Contains(got, "rules' own") {
		t.Errorf("a default not among the values was read: %s", got)
	}
}

// TestDrawsBesideWins: in Spite and Malice, where dead loops end as draws,
// each strategy's answer and table row give its draws beside its wins, so
// the two win rates and the draw rate account for every game.
func TestDrawsBesideWins(t *testing.T) {
	s := summaryOf(t, spite.Definition(), nil, 200, "planner", "random") // the planner draws about one game in eight against random
	var table bytes.Buffer
	if err := WriteTable(&table, s); err != nil {
		t.Fatal(err)
	}
	answer := strings.Join(Answers(&Study{Game: "spite", Summary: s}), "\n")
	var drawn int64 // the same games are drawn for both
	for _, e := range s.Entries {
		d := e.Draw
		if d.Count == 0 {
			t.Fatalf("%s drew no game of 200: the test needs draws", e.Strategy.Name)
		}
		drawn = d.Count
		if want := fmt.Sprintf(", and draws %s (%d)", pct(d.Rate), d.Count); !strings.Contains(answer, want) {
			t.Errorf("answer lacks %q:\n%s", want, answer)
		}
		if want := e.Strategy.Name + ": draw rate"; !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
	a, b, n := s.Entries[0].Win.Count, s.Entries[1].Win.Count, s.Entries[0].Win.Games
	if a+b+drawn != n || n != 400 {
		t.Errorf("wins %d + %d and draws %d do not account for %d games (200 deals, seats rotated)", a, b, drawn, n)
	}
}

// TestEdgeAndChangeText: an edge or change below zero is read by its size
// ("a handicap of 2.45", "a fall of 4.90"), never as a negative handicap
// or fall; one the interval cannot tell from zero keeps its sign; and a
// difference that rounds to zero reads 0.00, not -0.00.
func TestEdgeAndChangeText(t *testing.T) {
	for _, tt := range []struct {
		got, want string
	}{
		{EdgeText(0.024, 0.0057, 0.0423), "an edge of +2.40 percentage points (+0.57 to +4.23)"},
		{EdgeText(-0.0245, -0.0399, -0.0091), "a handicap of 2.45 percentage points (0.91 to 3.99)"},
		{EdgeText(-0.0163, -0.0367, 0.0041), "no edge the interval can tell from zero: -1.63 percentage points (-3.67 to +0.41)"},
		{changeText(0.049, 0.0183, 0.0797), "a rise of 4.90 percentage points (1.83 to 7.97)"},
		{changeText(-0.049, -0.0797, -0.0183), "a fall of 4.90 percentage points (1.83 to 7.97)"},
		{changeText(-0.012, -0.03, 0.006), "a difference the interval cannot tell from zero: -1.20 percentage points (-3.00 to +0.60)"},
		{PP(-1e-9), "0.00"},
		{PP(-0.00004), "0.00"},
		{PP(-0.0001), "-0.01"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestFeatureAgainstFairShareWithDraws: where games are drawn, the seats
// dealt the most of a feature are read against the games not drawn shared
// among the seats, as the first player's edge is: in Spite and Malice
// with rebuild=completed (random against itself draws most of its games,
// stuck with nothing to build) a seat's fair share is well under one half.
func TestFeatureAgainstFairShareWithDraws(t *testing.T) {
	s := summaryOf(t, spite.Definition(), []string{"rebuild=completed"}, 300, "random")
	d := s.Balance.DrawRate
	if d < 0.05 {
		t.Fatalf("draw rate %v: the test needs draws", d)
	}
	got := strings.Join(Answers(&Study{Game: "spite", Summary: s}), "\n")
	want := fmt.Sprintf("against the fair share of %s (the %s of games not drawn, shared among 2 seats): ", pct((1-d)/2), pct(1-d))
	counted := 0 // features of more than yes or no, read by their top seats
	for _, f := range s.Features {
		if len(f.Values) > 2 {
			counted++
		}
	}
	if n := strings.Count(got, want); n != counted || n == 0 {
		t.Errorf("%d of %d feature sentences read against %q:\n%s", n, counted, want, got)
	}
	if strings.Contains(got, "against the fair share of 50.00%") {
		t.Errorf("a feature read against one half:\n%s", got)
	}
}
