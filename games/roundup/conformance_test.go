package roundup

import (
	"fmt"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/gamestest"
)

// TestConformance plays random games at every player count and with the
// variant rules, with MaxSteps set to the proven bound on a game's actions.
func TestConformance(t *testing.T) {
	tests := []struct {
		rules []string
		games int
	}{
		{[]string{"players=2"}, 15},
		{[]string{"players=3"}, 10},
		{[]string{"players=4"}, 10},
		{[]string{"players=5"}, 6},
		{[]string{"players=6"}, 6},
		{[]string{"players=5", "no-bid=none", "tie=shared", "goal=4"}, 20},
		{[]string{"players=3", "jack=off", "queen=off", "goal=5"}, 10},
		{[]string{"players=4", "king=off", "max-rounds=3"}, 10},
		{[]string{"players=4", "jack=blank", "queen=blank", "king=blank"}, 10},
		{[]string{"players=3", "jack=blank", "queen=off"}, 10},
	}
	for _, tt := range tests {
		r, err := ParseRules(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint(tt.rules), func(t *testing.T) {
			gamestest.Conformance(t, New(r), gamestest.Config{Games: tt.games, MaxSteps: r.GameActionBound()})
		})
	}
}

// Compile-time checks of the interfaces of the game's Capabilities.
var (
	_ games.FeaturedState      = (*State)(nil)
	_ games.RoundFeaturedState = (*State)(nil)
	_ games.Starter            = (*State)(nil)
	_ games.Dealer             = (*State)(nil)
	_ games.Sampler            = (*View)(nil)
)

// FuzzPlay plays whole 4-player games from fuzzed seeds and choices, checking
// the invariants after every action and the proven bound on a game's actions
// (see gamestest.Fuzz).
func FuzzPlay(f *testing.F) {
	r := DefaultRules()
	gamestest.Fuzz(f, New(r), r.GameActionBound())
}

// TestDealRules checks that the rules marked as changing the deal are
// exactly those whose values deal other cards, and plays random games
// under every sampled value of each of them with every conformance check.
func TestDealRules(t *testing.T) {
	maxBound := DefaultRules()
	maxBound.Players = maxPlayers
	if err := gamestest.CheckDealMarks(Definition(), 64); err != nil {
		t.Error(err)
	}
	gamestest.DealConformance(t, Definition(), gamestest.Config{Games: 6, MaxSteps: maxBound.GameActionBound()})
}
