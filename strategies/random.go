package strategies

import (
	"math/rand/v2"

	"github.com/cardsim/cardsim/games"
)

// Random plays uniformly at random among the legal actions, from its own
// stream. It works on any game and is the baseline every bot should beat.
type Random struct {
	rng *rand.Rand
	src *rand.PCG
}

// NewRandom returns a Random strategy.
func NewRandom() *Random {
	src := rand.NewPCG(0, 0)
	return &Random{rng: rand.New(src), src: src}
}

// Begin reseeds the strategy's stream.
func (r *Random) Begin(seed uint64) { r.src.Seed(seed, games.Mix(seed, 1)) }

// Choose returns one of legal, uniformly.
func (r *Random) Choose(_ games.View, legal []games.Action) games.Action {
	return legal[r.rng.IntN(len(legal))]
}

// RandomDefinition returns the registry entry of the generic random strategy.
func RandomDefinition() Definition {
	return Define("random", "", "picks uniformly among the legal actions (any game; the baseline)",
		func() (*Random, *games.Options) { return NewRandom(), games.NewOptions("parameter") }, nil)
}
