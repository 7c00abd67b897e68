package sim

import (
	"context"
	"math"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/games/spite"
)

// TestCompletionOfRealGames: each game of several players marks its cap
// metric with the Capped role, so a cap set low enough to end games shows
// in Balance.Completion as one less the share of capped games, read from
// the game's own metric (Spite's draw.cap, Round-up's capped).
func TestCompletionOfRealGames(t *testing.T) {
	runs := severalSeats(t, 60)
	for _, tt := range []struct {
		game   string
		def    games.Definition
		rules  []string
		capped string
	}{
		{"spite", spite.Definition(), []string{"max-turns=40", "repeat=0", "stall-turns=0", "idle-rounds=1000"}, "draw.cap"},
		{"roundup", roundup.Definition(), []string{"players=4", "max-rounds=2"}, "capped"},
	} {
		cfg := runs[tt.game]
		g, err := tt.def.New(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Game = g
		tally, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := Summarize(&cfg, tally, 0.95)
		m, ok := s.Lead().Metrics[tt.capped]
		if !ok || s.Balance == nil {
			t.Fatalf("%s: no %s metric or no balance", tt.game, tt.capped)
		}
		if m.Mean <= 0 {
			t.Fatalf("%s %v: no game reached the cap", tt.game, tt.rules)
		}
		if got, want := s.Balance.Completion, 1-m.Mean; got >= 1 || math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: completion %v, want 1 − mean %s = %v", tt.game, got, tt.capped, want)
		}
	}
}
