package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// The deal features' indexes in State.SeatFeatures and State.RoundFeatures.
const (
	fFaces = iota
	fJacks
	fQueens
	fKings
	fAces
	fLongest
	fCards
	numFeatures
)

var features = []games.Metric{
	fFaces:   {Name: "face_cards", Usage: "face cards (J, Q, K) dealt to the seat (in the first round, or in the round tallied)", Max: 12},
	fJacks:   {Name: "jacks", Usage: "Jacks dealt to the seat", Max: 4},
	fQueens:  {Name: "queens", Usage: "Queens dealt to the seat", Max: 4},
	fKings:   {Name: "kings", Usage: "Kings dealt to the seat", Max: 4},
	fAces:    {Name: "aces", Usage: "Aces dealt to the seat (each blocks a whole suit)", Max: 4},
	fLongest: {Name: "longest_suit", Usage: "number cards of the seat's longest suit as dealt", Max: 10},
	fCards:   {Name: "cards", Usage: "cards dealt to the seat (the odd cards go to the first seats after the dealer)", Max: 26},
}

// dealFeatures returns the features of a hand as dealt.
func dealFeatures(h Hand) [numFeatures]int64 {
	var f [numFeatures]int64
	f[fFaces] = int64(h.Faces().Len())
	f[fJacks] = int64(h.Rank(cards.Jack).Len())
	f[fQueens] = int64(h.Rank(cards.Queen).Len())
	f[fKings] = int64(h.Rank(cards.King).Len())
	f[fAces] = int64(h.Rank(cards.Ace).Len())
	for s := cards.Clubs; s <= cards.Spades; s++ {
		f[fLongest] = max(f[fLongest], int64(h.Numbers().Suit(s).Len()))
	}
	f[fCards] = int64(h.Len())
	return f
}

// SeatFeatures appends seat's features of the first deal to dst[:0].
func (s *State) SeatFeatures(seat int, dst []int64) []int64 {
	return s.RoundFeatures(0, seat, dst)
}
