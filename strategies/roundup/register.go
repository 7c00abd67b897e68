package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// Register adds the Round-up bots to r.
func Register(r *strategies.Registry) {
	r.Register(definition("greedy", "bids its longest low suit and holds it, plays other suits when it can, attacks the rival whose suit would outlast its own",
		func() (strategies.Strategy, *games.Options) { s := new(Greedy); return s, s.options() }))
	r.Register(definition("defender", "the designer's notes: passes to hold its suit, keeps face cards of its suit for Queens and other suits for Kings, spares allies",
		func() (strategies.Strategy, *games.Options) { s := new(Defender); return s, s.options() }))
}

// definition builds a registry entry from a constructor that returns the
// bot and its bound parameters.
func definition(name, summary string, make func() (strategies.Strategy, *games.Options)) strategies.Definition {
	return strategies.Definition{
		Name: name, Game: "roundup", Summary: summary,
		Params: func() []games.Setting { _, o := make(); return o.Settings() },
		New: func(g games.Game, params []string) (strategies.Strategy, error) {
			s, o := make()
			if err := o.Apply(params); err != nil {
				return nil, err
			}
			return s, nil
		},
	}
}
