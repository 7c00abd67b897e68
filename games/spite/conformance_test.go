package spite_test

import (
	"testing"

	"github.com/cardsim/cardsim/games/gamestest"
	"github.com/cardsim/cardsim/games/spite"
)

// TestConformance plays random games under the default rules and under
// every non-default value of each option.
func TestConformance(t *testing.T) {
	tests := []struct {
		rules []string
		games int
	}{
		{nil, 30},
		{[]string{"jokers=0", "first-tie=random"}, 8},
		{[]string{"jokers=6", "joker-ace=true", "force-hand-aces=true"}, 8},
		{[]string{"discard=mandatory", "rebuild=completed"}, 8},
		{[]string{"max-turns=40", "idle-rounds=1"}, 8},
		{[]string{"repeat=2", "stall-turns=20"}, 8},
		{[]string{"repeat=0", "stall-turns=0"}, 8},
	}
	for _, tt := range tests {
		g, err := spite.Definition().New(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		gamestest.Conformance(t, g, gamestest.Config{Games: tt.games})
	}
}

// FuzzPlay plays whole games from fuzzed seeds and choices, checking the
// invariants after every action (see gamestest.Fuzz). The turn cap bounds a
// game; 10⁶ actions is far above it.
func FuzzPlay(f *testing.F) {
	g, err := spite.Definition().New(nil)
	if err != nil {
		f.Fatal(err)
	}
	gamestest.Fuzz(f, g, 1_000_000)
}

// TestDealRules checks that the rules marked as changing the deal are
// exactly those whose values deal other cards, and plays random games
// under every sampled value of each of them with every conformance check.
func TestDealRules(t *testing.T) {
	if err := gamestest.CheckDealMarks(spite.Definition(), 64); err != nil {
		t.Error(err)
	}
	gamestest.DealConformance(t, spite.Definition(), gamestest.Config{Games: 10})
}
