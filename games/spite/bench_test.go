package spite

import (
	"math/rand/v2"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// BenchmarkReset is the floor a game is measured against: shuffle both
// decks and deal.
func BenchmarkReset(b *testing.B) {
	s := newState(New(DefaultRules()))
	var seed uint64
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s.Reset(seed)
	}
}

// BenchmarkRandomGame plays whole games choosing uniformly among the legal
// actions (most end as draws for want of progress).
func BenchmarkRandomGame(b *testing.B) {
	s := newState(New(DefaultRules()))
	rng := rand.New(rand.NewPCG(1, 2))
	var legal []games.Action
	var seed uint64
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s.Reset(seed)
		for s.Turn() != games.Terminal {
			legal = s.Legal(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}
