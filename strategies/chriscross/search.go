package chriscross

import (
	"github.com/cardsim/cardsim/games"
	cc "github.com/cardsim/cardsim/games/chriscross"
)

// Search looks ahead through the rest of the current round, which the
// visible tableau fully determines (the stock is only drawn at the next
// round), and picks the action leading to the best end of the round. A
// round's end is valued by cards cast out (a win above all), less a penalty
// for every pair of equal rank sharing a row, which can only be cast after
// a vertical move, and for every card left in column 1, which the designer
// advises clearing first. It remembers the values of positions between
// steps for the rest of the round, and visits at most Nodes positions per
// decision, valuing a position where the budget runs out by its cards cast
// out so far.
type Search struct {
	// Nodes is the most positions one decision visits.
	Nodes int
	// RowPair is the penalty, in thousandths of a card, per pair of equal
	// rank sharing a row at the end of the round.
	RowPair int
	// Column1 is the penalty, in thousandths of a card, per card in column
	// 1 at the end of the round.
	Column1 int

	nodes int
	round int
	memo  *table
	bufs  [][64]games.Action
	stack []cc.Position // stack[d] is the child being searched at depth d
	root  cc.Position
}

// NewSearch returns a Search with the default parameters.
func NewSearch() *Search {
	return &Search{Nodes: 500, RowPair: 0, Column1: 100}
}

// Begin forgets the previous game.
func (s *Search) Begin(seed uint64) {
	s.round = 0
	if s.memo != nil {
		s.memo.reset()
	}
}

// Choose returns the first action of the best line found.
func (s *Search) Choose(v games.View, legal []games.Action) games.Action {
	view := v.(*cc.View)
	if s.memo == nil {
		s.memo = newTable(16)
	}
	if view.Round != s.round {
		s.memo.reset()
		s.round = view.Round
	}
	s.root = view.Lookahead()
	p := &s.root
	s.nodes = 0
	s.grow(0)
	best, bestVal := legal[0], -1<<62
	for _, a := range legal {
		q := &s.stack[0]
		*q = *p
		q.Apply(a)
		if v := s.value(q, 1, lastAfter(p, q, a)); v > bestVal {
			best, bestVal = a, v
		}
	}
	return best
}

// value returns the best value reachable from p in this round.
func (s *Search) value(p *cc.Position, depth int, last games.Action) int {
	if p.Stage() == cc.Over || p.Stage() == cc.RoundEnd {
		return s.eval(p)
	}
	s.nodes++
	if s.nodes > s.Nodes {
		return 1000 * p.Removed()
	}
	var key [2]uint64
	boundary := p.AtStepStart()
	if boundary {
		key = p.Key()
		if v, ok := s.memo.get(key); ok {
			return int(v)
		}
	}
	s.grow(depth)
	best := -1 << 62
	for _, a := range p.Legal(s.bufs[depth][:0]) {
		if !allowed(p, a, last) {
			continue
		}
		q := &s.stack[depth]
		*q = *p
		q.Apply(a)
		if v := s.value(q, depth+1, lastAfter(p, q, a)); v > best {
			best = v
		}
	}
	if boundary && s.nodes <= s.Nodes {
		s.memo.put(key, int32(best))
	}
	return best
}

// grow makes room for depth d.
func (s *Search) grow(d int) {
	for len(s.bufs) <= d {
		s.bufs = append(s.bufs, [64]games.Action{})
		s.stack = append(s.stack, cc.Position{})
	}
}

// eval values a position at the end of the round.
func (s *Search) eval(p *cc.Position) int {
	if p.Won() {
		return 1 << 40
	}
	v := 1000 * p.Removed()
	if p.Over() {
		return v
	}
	n := p.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			x := p.At(r, c)
			if x == 0 {
				break
			}
			if c == 0 {
				v -= s.Column1
			}
			for d := c + 1; d < n; d++ {
				if y := p.At(r, d); y != 0 && y.Rank() == x.Rank() {
					v -= s.RowPair
				}
			}
		}
	}
	return v
}
