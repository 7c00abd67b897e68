package nora

import (
	"math/bits"

	"github.com/cardsim/cardsim/games/cards"
)

// PassState is a pass in progress: the order of the cards still in the deck,
// which neighbours removals of this pass brought together, and what the pass
// has removed and earned so far. The engine plays every pass through one, so
// a strategy that copies it (View.CopyPass) and tries switches and removals
// on the copy sees exactly what the engine would do.
//
// A PassState is a value: copy it with CopyFrom, which keeps the copy's own
// working memory for the max-ip search. Nothing it does allocates once warm.
type PassState struct {
	r   *Rules
	cas *cascader

	deck [64]cards.Card
	n    int
	// made has bit p set when the cards at p and p+1 became neighbours by a
	// removal of this pass: a pair of them is a Reaction.
	made    uint64
	start   [15]uint8 // cards by rank when the pass began
	removed int       // cards removed this pass
	quads   uint16    // ranks a quad removed whole this pass
	earned  Earned    // ip earned by the removal steps so far
}

// NewPassState returns an empty pass under r with its own working memory.
func NewPassState(r Rules) *PassState {
	p := &PassState{r: &r}
	p.cas = newCascader(p.r)
	return p
}

// Sibling returns a new pass under p's rules that shares p's working
// memory for the max-ip search, so that a planner can hold many passes
// without a search table each. Use p and its siblings from one goroutine.
func (p *PassState) Sibling() *PassState { return &PassState{r: p.r, cas: p.cas} }

// CopyFrom makes p the pass q, keeping p's working memory. p and q must play
// under the same rules.
func (p *PassState) CopyFrom(q *PassState) {
	r, cas := p.r, p.cas
	*p = *q
	p.r, p.cas = r, cas
}

// Begin starts a pass over order, top first. It panics if order holds more
// than 64 cards.
func (p *PassState) Begin(order []cards.Card) {
	p.n = copy(p.deck[:], order)
	if p.n != len(order) {
		panic("nora: a pass over more than 64 cards")
	}
	p.made, p.removed, p.quads, p.earned = 0, 0, 0, Earned{}
	p.start = [15]uint8{}
	for _, c := range order {
		p.start[c.Rank()]++
	}
}

// Order returns the cards in the deck, top first. The slice is p's own:
// read it, do not keep it past the next change.
func (p *PassState) Order() []cards.Card { return p.deck[:p.n] }

// Removed returns the number of cards removed so far this pass.
func (p *PassState) Removed() int { return p.removed }

// Earned returns the ip the removal steps of the pass have earned so far
// (the sweep and the jamboree come with Bonus, once the pass is over).
func (p *PassState) Earned() Earned { return p.earned }

// Waiting reports whether two neighbours share a rank: a pair waits to be
// removed.
func (p *PassState) Waiting() bool { return hasPair(p.deck[:p.n]) }

// Switch swaps the cards at positions i and i+1 (a SWITCH; the ip are the
// caller's business). The new neighbours the swap makes were brought
// together by a switch, so a pair of them is no Reaction. It panics if i+1
// is not a position.
func (p *PassState) Switch(i int) {
	if i < 0 || i+1 >= p.n {
		panic("nora: switch outside the deck")
	}
	p.deck[i], p.deck[i+1] = p.deck[i+1], p.deck[i]
	// The pair i, i+1 keeps its two cards; its outer neighbours are new.
	p.made &^= 1 << uint(i+1)
	if i > 0 {
		p.made &^= 1 << uint(i-1)
	}
}

// CanRemove reports whether the 2k cards from position i form k pairs lying
// end to end: a block one removal step may take.
func (p *PassState) CanRemove(i, k int) bool {
	if k < 1 || i < 0 || i+2*k > p.n {
		return false
	}
	for j := i; j < i+2*k; j += 2 {
		if p.deck[j].Rank() != p.deck[j+1].Rank() {
			return false
		}
	}
	return true
}

// Remove takes the block of k pairs from position i as one removal step and
// returns the ip it earned. It appends the cards to pile when pile is not
// nil. It panics if CanRemove(i, k) is false.
func (p *PassState) Remove(i, k int, pile *[]cards.Card) Earned {
	if !p.CanRemove(i, k) {
		panic("nora: no block of pairs to remove there")
	}
	c := p.cas
	c.n, c.made, c.cm = p.n, p.made, p.made
	var l [64]uint8
	for j := 0; j < p.n; j++ {
		c.rank[j] = uint8(p.deck[j].Rank())
		l[j] = uint8(j)
	}
	var e Earned
	c.block(l[:p.n], i, k, &e, &p.quads)
	if pile != nil {
		*pile = append(*pile, p.deck[i:i+2*k]...)
	}
	p.earned.Add(&e)
	p.removed += 2 * k
	// Close the gap: the cards on either side are now neighbours brought
	// together by a removal.
	m := 2 * k
	copy(p.deck[i:], p.deck[i+m:p.n])
	p.n -= m
	p.made = p.made&(1<<uint(i)-1) | p.made>>uint(i+m)<<uint(i)
	if i > 0 && i < p.n {
		p.made |= 1 << uint(i-1)
	}
	return e
}

// Settle removes every pair now in the deck, in the order the rules choose
// (removal=max-ip: the order earning the most ip), until none is left, and
// returns the ip the steps earned. It appends the removed cards to pile and
// the steps to steps when they are not nil.
func (p *PassState) Settle(pile *[]cards.Card, steps *[]Step) Earned {
	n := p.n
	left, e, quads := p.cas.run(p.deck[:p.n], p.made, pile, steps)
	p.n = left
	p.removed += n - left
	p.quads |= quads
	p.earned.Add(&e)
	// At rest no two neighbours share a rank, so which of them removals
	// brought together no longer matters.
	p.made = 0
	return e
}

// Path appends to dst[:0] the removal steps Settle would take now, in order,
// each as the block it takes at its position at that moment, and returns
// it. Taking them with Remove earns what Settle would. p does not change.
func (p *PassState) Path(dst []Block) []Block {
	d := p.deck
	c := p.cas
	c.steps = c.steps[:0]
	c.path = &c.steps
	c.run(d[:p.n], p.made, nil, nil)
	c.path = nil
	return append(dst[:0], c.steps...)
}

// Bonus returns the ip the pass earns once it is over: a Sweep for every
// rank that held four cards when it began and holds none now, unless one
// quad took them, and the Jamboree for its pairs from the JamboreeFrom-th
// on.
func (p *PassState) Bonus() Earned {
	return passBonus(p.r, &p.start, p.deck[:p.n], p.quads, p.removed)
}

// Potential returns an upper bound on the ip the pairs now in the deck can
// still earn by removal steps: no pair earns more than every per-step
// source together.
func (p *PassState) Potential() int {
	r := p.r
	pairs := (p.n - ReducedLen(p.deck[:p.n])) / 2
	return pairs * (r.Joke + r.Triple + r.Reaction + r.Chain + r.Quad)
}

// Made returns the neighbours that removals of this pass brought together,
// as a set of bits by position: bit i stands for the cards at i and i+1, a
// pair of which is a Reaction.
func (p *PassState) Made() uint64 { return p.made }

// QuadRanks returns the ranks a quad took whole this pass, as a set of bits
// by rank (bit 1 for the Ace): the pass's sweep does not count them.
func (p *PassState) QuadRanks() uint16 { return p.quads }

// Block is a block of pairs lying end to end that one removal step could
// take: Pairs pairs from position At.
type Block struct{ At, Pairs int }

// Blocks appends to dst[:0] every block of pairs one removal step could take
// now, by number of pairs then position, and returns it.
func (p *PassState) Blocks(dst []Block) []Block {
	dst = dst[:0]
	var pairs uint64 // positions where a pair starts
	for i := 0; i+1 < p.n; i++ {
		if p.deck[i].Rank() == p.deck[i+1].Rank() {
			pairs |= 1 << uint(i)
		}
	}
	// A block of k+1 pairs from i is a block of k from i and a pair at i+2k.
	for k, starts := 1, pairs; starts != 0; k++ {
		for s := starts; s != 0; s &= s - 1 {
			dst = append(dst, Block{bits.TrailingZeros64(s), k})
		}
		starts &= pairs >> uint(2*k)
	}
	return dst
}
