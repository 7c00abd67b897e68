package catalog_test

// This file stands for strategies/toy, the second step of the recipe: the
// game's bots, with the function that registers them.

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/strategies"
)

// toyGreedy takes a trick as cheaply as it can and otherwise throws its
// lowest card; it leads its highest card, or its lowest under lead=low.
type toyGreedy struct{ Lead string }

func (b *toyGreedy) bind() *games.Options {
	o := games.NewOptions("parameter")
	o.Enum(&b.Lead, "lead", "high", []string{"high", "low"}, "the card it leads")
	return o
}

func (b *toyGreedy) Begin(uint64) {}

func (b *toyGreedy) Choose(v games.View, legal []games.Action) games.Action {
	led := v.(*toyView).Led
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

// toyHigh always plays its highest card.
type toyHigh struct{}

func (toyHigh) Begin(uint64)                                           {}
func (toyHigh) Choose(_ games.View, legal []games.Action) games.Action { return legal[len(legal)-1] }

// registerToyBots is the Register function of strategies/toy.
func registerToyBots(r *strategies.Registry) {
	r.Register(strategies.Definition{
		Name: "greedy", Game: "toy", Summary: "takes a trick as cheaply as it can, else throws its lowest card",
		Params: func(games.Game) []games.Setting { var b toyGreedy; return b.bind().Settings() },
		New: func(_ games.Game, params []string) (strategies.Strategy, error) {
			b := &toyGreedy{}
			if err := b.bind().Apply(params); err != nil {
				return nil, err
			}
			return b, nil
		},
	})
	r.Register(strategies.Definition{
		Name: "high", Game: "toy", Summary: "always plays its highest card",
		Params: func(games.Game) []games.Setting { return nil },
		New:    func(games.Game, []string) (strategies.Strategy, error) { return toyHigh{}, nil },
	})
}
