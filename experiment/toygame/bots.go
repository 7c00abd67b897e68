package toygame

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/strategies"
)

// greedy takes a trick as cheaply as it can and otherwise throws its
// lowest card; it leads its highest card, or its lowest under lead=low.
type greedy struct{ Lead string }

func (b *greedy) bind() *games.Options {
	o := games.NewOptions("parameter")
	o.Enum(&b.Lead, "lead", "high", []string{"high", "low"}, "the card it leads")
	return o
}

func (b *greedy) Begin(uint64) {}

func (b *greedy) Choose(v games.View, legal []games.Action) games.Action {
	led := v.(*view).Led
	if led == 0 {
		if b.Lead == "low" {
			return legal[0]
		}
		return legal[len(legal)-1]
	}
	for _, a := range legal {
		if cards.Card(a).Rank() > led.Rank() {
			return a
		}
	}
	return legal[0]
}

// high always plays its highest card.
type high struct{}

func (high) Begin(uint64)                                           {}
func (high) Choose(_ games.View, legal []games.Action) games.Action { return legal[len(legal)-1] }

// Register adds the toy's bots to r, greedy (its first) and high: the
// Register function strategies/toy would hold.
func Register(r *strategies.Registry) {
	r.Register(strategies.Define("greedy", Name, "takes a trick as cheaply as it can, else throws its lowest card",
		func() (*greedy, *games.Options) { b := new(greedy); return b, b.bind() }, nil))
	r.Register(strategies.Define("high", Name, "always plays its highest card",
		func() (high, *games.Options) { return high{}, games.NewOptions("parameter") }, nil))
}
