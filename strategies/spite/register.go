package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// Register adds the Spite and Malice bots to r.
func Register(r *strategies.Registry) {
	r.Register(strategies.Define("greedy", "spite", "plays the stockpile card when it can, else single plays toward it, chaining jokers that free it; discards to keep piles in order",
		func() (*Greedy, *games.Options) { s := new(Greedy); return s, s.options() }, nil))
	r.Register(strategies.Define("planner", "spite", "searches the turn's chains of plays (hand, discards, jokers) to free the stockpile card or empty the hand",
		func() (*Planner, *games.Options) { s := new(Planner); return s, s.options() }, nil))
}
