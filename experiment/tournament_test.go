package experiment_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
)

// TestTournamentOfOneCard: with one card each no strategy has a choice,
// and the seats are rotated over every deal, so each deal gives each
// strategy of a match exactly one win, whichever seat leads: every match
// is won as often by either side, with no draw, and the ranking is even.
func TestTournamentOfOneCard(t *testing.T) {
	spec := experiment.Spec{Kind: experiment.Tournament, Game: toygame.Name, Strategies: []string{"greedy", "high", "random"},
		Rules: []string{"hand=1"}, Games: 500, Seed: 3, Confidence: 0.95}
	res, err := toyRunner(2).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	tt := res.Tournament
	if tt == nil || len(tt.Matches) != 3 || len(tt.Ranking) != 3 {
		t.Fatalf("tournament %+v, want 3 matches and 3 standings", tt)
	}
	for _, m := range tt.Matches {
		if m.AWin.Count != 500 || m.BWin.Count != 500 || m.Draw.Count != 0 || m.AWin.Games != 1000 || m.Deals != 500 {
			t.Errorf("%s against %s: wins %d and %d of %d games, %d draws; want 500 each of 1000",
				m.A, m.B, m.AWin.Count, m.BWin.Count, m.AWin.Games, m.Draw.Count)
		}
	}
	for _, s := range tt.Ranking {
		if s.Points != 1000 || math.Abs(s.Strength-tt.Ranking[0].Strength) > 1e-9 || s.StrengthCILow > s.Strength || s.StrengthCIHigh < s.Strength {
			t.Errorf("standing %+v, want 1000 points and the strength of every other", s)
		}
	}
}

// TestTournamentRefused: a tournament of one strategy, or of a solitaire,
// is refused before any deal is played.
func TestTournamentRefused(t *testing.T) {
	spec := experiment.Spec{Kind: experiment.Tournament, Game: toygame.Name, Strategies: []string{"greedy"}, Games: 10, Seed: 1, Confidence: 0.95}
	if _, err := toyRunner(1).Run(context.Background(), spec, ""); err == nil || !strings.Contains(err.Error(), "at least two strategies") {
		t.Errorf("a tournament of one strategy: %v", err)
	}
	spec.Strategies = []string{"greedy", "psychic"}
	if _, err := toyRunner(1).Run(context.Background(), spec, ""); err == nil || !strings.Contains(err.Error(), "psychic") {
		t.Errorf("a tournament of an unknown strategy: %v", err)
	}
}
