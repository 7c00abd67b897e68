package spite

import (
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/spite"
)

// position is the part of a view the planner changes while it searches a
// turn: the hand by rank, how much of each discard pile is left, and the
// centre stacks by height.
type position struct {
	hand               [15]int8 // cards in hand by rank (14 = jokers)
	handN              int
	piles              [spite.NumPiles][]cards.Card // the seat's discard piles, read only
	pileN              [spite.NumPiles]int          // cards left in each
	height             [14]int8                     // stacks in progress by height (1 to 12)
	nstacks            int
	maxStacks          int // the centre-stacks rule: stacks in progress at most
	jokerAce, handAces bool
}

// load sets p from the view of the seat to move.
func (p *position) load(v *spite.View) {
	*p = position{jokerAce: v.Rules.JokerAce, handAces: v.Rules.ForceHandAces, maxStacks: v.Rules.CentreStacks}
	for _, c := range v.Hand {
		p.hand[c.Rank()]++
	}
	p.handN = len(v.Hand)
	for i, d := range v.Discards[v.Me] {
		p.piles[i], p.pileN[i] = d, len(d)
	}
	for _, h := range v.Stacks {
		p.height[h]++
	}
	p.nstacks = len(v.Stacks)
}

// open reports whether a card may raise a stack to rank t (as a natural
// card; joker reports whether a joker may stand for t).
func (p *position) open(t cards.Rank, joker bool) bool {
	if t == cards.Ace {
		return p.nstacks < p.maxStacks && (!joker || p.jokerAce)
	}
	return p.height[t-1] > 0
}

// raise puts a card on the stack that reaches rank t.
func (p *position) raise(t cards.Rank) {
	if t == cards.Ace {
		p.nstacks++
	} else {
		p.height[t-1]--
	}
	if t == cards.King {
		p.nstacks--
	} else {
		p.height[t]++
	}
}

// lower undoes raise(t).
func (p *position) lower(t cards.Rank) {
	if t == cards.King {
		p.nstacks++
	} else {
		p.height[t]--
	}
	if t == cards.Ace {
		p.nstacks--
	} else {
		p.height[t-1]++
	}
}

// top returns the rank on top of discard pile i, or 0.
func (p *position) top(i int) cards.Rank {
	if p.pileN[i] == 0 {
		return 0
	}
	return p.piles[i][p.pileN[i]-1].Rank()
}

// takes reports whether a card of rank r (an upcard) could be played now.
func (p *position) takes(r cards.Rank) bool {
	return r != 0 && p.open(r, false)
}

// forced reports whether an ace must still be played before the turn ends.
func (p *position) forced() bool {
	if p.nstacks >= p.maxStacks {
		return false
	}
	for i := range p.pileN {
		if p.top(i) == cards.Ace {
			return true
		}
	}
	return p.handAces && p.hand[cards.Ace] > 0
}

// hash returns a digest of the position for the transposition table.
func (p *position) hash() uint64 {
	h := uint64(p.nstacks)
	for _, x := range p.hand {
		h = h*7 + uint64(x)
	}
	for _, x := range p.pileN {
		h = h*131 + uint64(x)
	}
	for _, x := range p.height {
		h = h*11 + uint64(x)
	}
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}
