package chriscross

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"math/rand/v2"
)

// BenchmarkShuffle is the floor: shuffling the 52 cards a game uses.
func BenchmarkShuffle(b *testing.B) {
	d := cards.Standard(0)
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		cards.Shuffle(rng, d)
	}
}

// BenchmarkReset deals a game and settles it up to the first decision.
func BenchmarkReset(b *testing.B) {
	g, _ := New(DefaultRules())
	s := g.NewChrisCross()
	var seed uint64
	for b.Loop() {
		seed++
		s.Reset(seed)
	}
}

// BenchmarkPlayFirst plays whole games taking the first legal action.
func BenchmarkPlayFirst(b *testing.B) {
	g, _ := New(DefaultRules())
	s := g.NewChrisCross()
	legal := make([]games.Action, 0, 64)
	var seed uint64
	for b.Loop() {
		seed++
		s.Reset(seed)
		for s.Turn() != games.Terminal {
			legal = s.Legal(legal)
			s.Apply(legal[0])
		}
	}
}
