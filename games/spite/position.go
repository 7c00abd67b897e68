package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Seeds that keep the parts of a position key apart.
const (
	hashPosition   = 0x706f73 // the whole key
	hashPile       = 0x70696c // a discard pile
	hashStack      = 0x737463 // a centre stack
	hashStock      = 0x73746b // the stock
	hashStockpiles = 0x737470 // the stockpiles
)

// positionKey returns a 64-bit fingerprint of the whole position with the
// seat to move: both stockpiles in order, both hands, every discard pile in
// order, the centre stacks, the completed cards waiting for a rebuild and
// the stock in order. Only ranks count, since no rule reads a suit, and
// places whose order no rule reads count as sets: a hand, a seat's four
// discard piles (alike but for their number), the centre stacks, the
// completed cards (shuffled before they are seen again). Positions that
// differ in any card a rule can tell apart, hidden ones included, get
// different keys but for a hash collision (about one chance in 2⁶⁴ per
// pair compared).
func (s *State) positionKey() uint64 {
	if !s.pileKeyOK {
		s.pileKey = games.Mix(sequenceKey(hashStockpiles, s.piles[0]), sequenceKey(hashStockpiles, s.piles[1]))
		s.pileKeyOK = true
	}
	h := games.Mix(hashPosition, uint64(s.turn))
	h = games.Mix(h, s.pileKey)
	for p := range 2 {
		h = games.Mix(h, rankCounts(s.hands[p]))
		var piles uint64
		for _, d := range s.discard[p] {
			piles += sequenceKey(hashPile, d)
		}
		h = games.Mix(h, piles)
	}
	var stacks uint64
	for _, st := range s.stacks[:s.nstacks] {
		var jokers uint64
		for i, c := range st {
			if c.IsJoker() {
				jokers |= 1 << i
			}
		}
		stacks += games.Mix(hashStack, uint64(len(st))|jokers<<4)
	}
	h = games.Mix(h, stacks)
	h = games.Mix(h, rankCounts(s.done))
	return games.Mix(h, sequenceKey(hashStock, s.stock))
}

// rankCounts packs how many cards of each rank cs holds, four bits a rank.
// Every count fits: a rank has at most eight cards (four in each deck) and
// there are at most six jokers.
func rankCounts(cs []cards.Card) uint64 {
	var n uint64
	for _, c := range cs {
		n += 1 << (4 * (c.Rank() - 1))
	}
	return n
}

// sequenceKey returns a fingerprint of the ranks of cs in order, its length
// included. The ranks are packed sixteen to a word, four bits each, before
// they are mixed.
func sequenceKey(seed uint64, cs []cards.Card) uint64 {
	h := games.Mix(seed, uint64(len(cs)))
	for len(cs) > 0 {
		n := min(len(cs), 16)
		var w uint64
		for i, c := range cs[:n] {
			w |= uint64(c.Rank()) << (4 * i)
		}
		h = games.Mix(h, w)
		cs = cs[n:]
	}
	return h
}

// repeated records the position at the start of a turn and reports whether
// it has now come up Repeat times since the last stockpile play (no earlier
// position can come back: stockpiles only shrink). It does nothing under
// repeat=0.
func (s *State) repeated() bool {
	if s.r.Repeat == 0 {
		return false
	}
	k := s.positionKey()
	n := 1
	for _, x := range s.seen {
		if x == k {
			n++
		}
	}
	s.seen = append(s.seen, k)
	return n >= s.r.Repeat
}

// forget clears the positions seen and the stockpiles' key, after a
// stockpile card is played or the hidden cards are re-dealt.
func (s *State) forget() {
	s.seen = s.seen[:0]
	s.pileKeyOK = false
}
