package roundup

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/strategies"
)

// table plays games of g with one bot per seat, reusing its state.
type table struct {
	g     games.Game
	s     games.State
	bots  []strategies.Strategy
	legal []games.Action
}

func newTable(t testing.TB, rules []string, bots ...strategies.Strategy) *table {
	t.Helper()
	g, err := roundup.Definition().New(rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(bots) == 1 {
		for len(bots) < g.Seats() {
			bots = append(bots, bots[0])
		}
	}
	return &table{g: g, s: g.NewState(), bots: bots}
}

// play plays one game from seed to the end.
func (tb *table) play(seed uint64) {
	tb.s.Reset(seed)
	for i, b := range tb.bots {
		b.Begin(seed + uint64(i))
	}
	for {
		seat := tb.s.Turn()
		if seat == games.Terminal {
			return
		}
		tb.legal = tb.s.Legal(tb.legal)
		tb.s.Apply(tb.bots[seat].Choose(tb.s.View(seat), tb.legal))
	}
}
