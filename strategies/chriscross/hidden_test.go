package chriscross

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// TestBotsCannotSeeStock plays whole games with each bot, and at every
// decision asks a twin of the bot to decide on a copy of the state whose
// stock has been re-shuffled. The copy shows the same view, so a bot that
// does not look at the stock decides as its twin does, and one that looks
// (through Reveal) may not. The bots are deterministic given their seed.
func TestBotsCannotSeeStock(t *testing.T) {
	g := mustGame()
	deals := uint64(20)
	if testing.Short() {
		deals = 5
	}
	for _, tc := range []struct {
		name  string
		new   func() strategies.Strategy
		peeks bool
	}{
		{"greedy", func() strategies.Strategy { return NewGreedy() }, false},
		{"search", func() strategies.Strategy { return NewSearch() }, false},
		{"clairvoyant", func() strategies.Strategy { return NewClairvoyant(DefaultBudget) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bot, twin := tc.new(), tc.new()
			s := g.NewChrisCross()
			var legal []games.Action
			differ := 0 // deals on which the twin decided otherwise at least once
			for seed := range deals {
				s.Reset(seed)
				bot.Begin(seed)
				twin.Begin(seed)
				diff := false
				for k := uint64(0); s.Turn() != games.Terminal; k++ {
					legal = s.Legal(legal)
					c := s.Clone()
					c.Determinize(0, games.Mix(seed, k))
					a, b := bot.Choose(s.View(0), legal), twin.Choose(c.View(0), legal)
					if a != b && !tc.peeks {
						t.Fatalf("seed %d, decision %d: %s chose %s, but %s when the stock was re-shuffled",
							seed, k, tc.name, s.ActionString(a), s.ActionString(b))
					}
					diff = diff || a != b
					s.Apply(a)
				}
				if diff {
					differ++
				}
			}
			// The check can see a bot that looks at the stock.
			if tc.peeks && differ == 0 {
				t.Errorf("%s decided alike on every deal whatever the stock order; it should use the stock", tc.name)
			}
			t.Logf("%s: the twin decided otherwise on %d of %d deals", tc.name, differ, deals)
		})
	}
}
