package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// Register adds the Round-up bots to r.
func Register(r *strategies.Registry) {
	r.Register(strategies.Define("greedy", "roundup", "bids its longest low suit and holds it, plays other suits when it can, attacks the rival whose suit would outlast its own",
		func() (*Greedy, *games.Options) { s := new(Greedy); return s, s.options() }, nil))
	r.Register(strategies.Define("defender", "roundup", "the designer's notes: passes to hold its suit, keeps face cards of its suit for Queens and other suits for Kings, spares allies",
		func() (*Defender, *games.Options) { s := new(Defender); return s, s.options() }, nil))
}
