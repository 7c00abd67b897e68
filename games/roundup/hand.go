package roundup

import (
	"math/bits"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
)

// Hand is a set of cards held as a bit set: card c is present when bit c is
// set. A standard card's value is below 64, so every card fits.
type Hand uint64

// Masks of useful card sets.
var (
	numberCards Hand    // every Ace … 10
	faceCards   Hand    // every J, Q, K
	suitCards   [4]Hand // every card of a suit, face cards included
	rankCards   [14]Hand
	fullDeck    []cards.Card
)

func init() {
	fullDeck = cards.Standard(0)
	for _, c := range fullDeck {
		b := Hand(1) << c
		if c.Rank() <= 10 {
			numberCards |= b
		} else {
			faceCards |= b
		}
		suitCards[c.Suit()] |= b
		rankCards[c.Rank()] |= b
	}
}

// HandOf returns the set of the given cards.
func HandOf(cs ...cards.Card) Hand {
	var h Hand
	for _, c := range cs {
		h = h.With(c)
	}
	return h
}

// Has reports whether c is in h.
func (h Hand) Has(c cards.Card) bool { return h>>c&1 != 0 }

// With returns h with c added.
func (h Hand) With(c cards.Card) Hand { return h | 1<<c }

// Without returns h with c removed.
func (h Hand) Without(c cards.Card) Hand { return h &^ (1 << c) }

// Len returns the number of cards in h.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// Numbers returns the number cards (Ace to 10) of h.
func (h Hand) Numbers() Hand { return h & numberCards }

// Faces returns the face cards (J, Q, K) of h.
func (h Hand) Faces() Hand { return h & faceCards }

// Suit returns the cards of h in suit s.
func (h Hand) Suit(s cards.Suit) Hand { return h & suitCards[s&3] }

// Rank returns the cards of h of rank r.
func (h Hand) Rank(r cards.Rank) Hand {
	if r < cards.Ace || r > cards.King {
		return 0
	}
	return h & rankCards[r]
}

// First returns the lowest-valued card of h (by rank, then suit) and false
// if h is empty.
func (h Hand) First() (cards.Card, bool) {
	if h == 0 {
		return 0, false
	}
	return cards.Card(bits.TrailingZeros64(uint64(h))), true
}

// Last returns the highest-valued card of h (by rank, then suit) and false
// if h is empty.
func (h Hand) Last() (cards.Card, bool) {
	if h == 0 {
		return 0, false
	}
	return cards.Card(63 - bits.LeadingZeros64(uint64(h))), true
}

// Nth returns the card of h at index i in ascending order; i must be below
// h.Len().
func (h Hand) Nth(i int) cards.Card {
	for ; i > 0; i-- {
		h &= h - 1
	}
	return cards.Card(bits.TrailingZeros64(uint64(h)))
}

// Cards appends the cards of h to dst in ascending order and returns it.
func (h Hand) Cards(dst []cards.Card) []cards.Card {
	for h != 0 {
		dst = append(dst, cards.Card(bits.TrailingZeros64(uint64(h))))
		h &= h - 1
	}
	return dst
}

// String returns the cards of h in ascending order, such as "AC 5H QS", or
// "-" for an empty hand.
func (h Hand) String() string {
	if h == 0 {
		return "-"
	}
	var b strings.Builder
	for x := h; x != 0; x &= x - 1 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(cards.Card(bits.TrailingZeros64(uint64(x))).String())
	}
	return b.String()
}
