package nora

import (
	"math/rand/v2"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// BenchmarkShuffleScan is the floor a pass is measured against: shuffle the
// 54 cards and cast out pairs with a plain stack scan, with no bookkeeping.
func BenchmarkShuffleScan(b *testing.B) {
	src := rand.NewPCG(1, 2)
	rng := rand.New(src)
	deck := cards.Standard(2)
	left := 0
	for b.Loop() {
		cards.Shuffle(rng, deck)
		left += ReducedLen(deck)
	}
	if left == 0 {
		b.Fatal("no card left in any shuffle")
	}
}

// BenchmarkNoraPass is one pass as the engine plays it: shuffle the 54 cards
// and remove the pairs in the max-ip order, counting ip by source.
func BenchmarkNoraPass(b *testing.B) {
	r := DefaultRules()
	c := newCascader(&r)
	src := rand.NewPCG(1, 2)
	rng := rand.New(src)
	full := cards.Standard(2)
	deck := make([]cards.Card, 0, 64)
	pile := make([]cards.Card, 0, 64)
	ip := 0
	b.ReportAllocs()
	for b.Loop() {
		deck = append(deck[:0], full...)
		cards.Shuffle(rng, deck)
		pile = pile[:0]
		_, e, _ := c.run(deck, 0, &pile, nil)
		ip += e.Total()
	}
	if ip == 0 {
		b.Fatal("no ip earned")
	}
}

// benchmarkPass removes the pairs of one order as the engine does, again
// and again.
func benchmarkPass(b *testing.B, order []cards.Card) {
	r := DefaultRules()
	c := newCascader(&r)
	deck := make([]cards.Card, 0, 64)
	for b.Loop() {
		deck = append(deck[:0], order...)
		c.run(deck, 0, nil, nil)
	}
}

// BenchmarkPassSortedDeck is one pass over the 54 cards in rank order
// (cards.Standard: AC AD AH AS 2C …), thirteen runs of four and the jokers,
// which the plain search alone never finishes.
func BenchmarkPassSortedDeck(b *testing.B) { benchmarkPass(b, cards.Standard(2)) }

// BenchmarkPassSortedIssue13 is the first pass of issue 13's full deal.
func BenchmarkPassSortedIssue13(b *testing.B) { benchmarkPass(b, issue13Deal(b)) }

// BenchmarkPassSortedNested is one pass over the ace of clubs, the other
// ranks in order, then the other aces and the jokers.
func BenchmarkPassSortedNested(b *testing.B) {
	benchmarkPass(b, mustDeck(b, structuredDeals["nested"]))
}

// BenchmarkPassSortedRiffled is one pass over the deck in rank order
// riffled once.
func BenchmarkPassSortedRiffled(b *testing.B) {
	benchmarkPass(b, mustDeck(b, structuredDeals["riffled"]))
}

// BenchmarkGameStopAt plays whole games with the baseline policy (stop at 10
// cards, never spend ip), written inline so the benchmark measures the engine.
func BenchmarkGameStopAt(b *testing.B) {
	s := newState(New(DefaultRules()))
	var legal []games.Action
	var seed uint64
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s.Reset(seed)
		for s.Turn() != games.Terminal {
			legal = s.Legal(legal)
			switch s.phase {
			case PhaseStop:
				if len(s.deck) <= 10 {
					s.Apply(Stop)
				} else {
					s.Apply(Continue)
				}
			case PhaseInsure:
				s.Apply(Skip)
			case PhaseRevive:
				s.Apply(Accept)
			default:
				s.Apply(Proceed)
			}
		}
	}
}
