package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// Register adds the Spite and Malice bots to r.
func Register(r *strategies.Registry) {
	r.Register(definition("greedy", "plays the stockpile card when it can, else single plays toward it; discards to keep piles in order",
		func() (strategies.Strategy, *games.Options) { s := new(Greedy); return s, s.options() }))
	r.Register(definition("planner", "searches the turn's chains of plays (hand, discards, jokers) to free the stockpile card or empty the hand",
		func() (strategies.Strategy, *games.Options) { s := new(Planner); return s, s.options() }))
}

// definition builds a registry entry from a constructor that returns the
// bot and its bound parameters.
func definition(name, summary string, make func() (strategies.Strategy, *games.Options)) strategies.Definition {
	return strategies.Definition{
		Name: name, Game: "spite", Summary: summary,
		Params: func() []games.Setting { _, o := make(); return o.Settings() },
		New: func(_ games.Game, params []string) (strategies.Strategy, error) {
			s, o := make()
			if err := o.Apply(params); err != nil {
				return nil, err
			}
			return s, nil
		},
	}
}
