package chriscross

import (
	"github.com/cardsim/cardsim/games"
	cc "github.com/cardsim/cardsim/games/chriscross"
)

// castOrder ranks the pair actions of one step so that a search need try
// each set of pairs cast in a step in one order only: diagonal pairs that
// spare the centre, then a diagonal pair through the centre, then column
// pairs, each group by action. Any set of pairs castable in one step in some
// order is castable in this one: column pairs never depend on other casts,
// and a diagonal pair needs its diagonal full, which casting it earlier can
// only help; the centre pair comes last among the diagonals since it
// empties the cell both diagonals share. The resulting position does not
// depend on the order.
func castOrder(a games.Action, size int) int {
	i, j, ok := cc.PairCells(a)
	if !ok {
		return 1 << 20
	}
	group := 2
	if i%5 != j%5 {
		group = 0
		if size%2 == 1 {
			c := cc.Cell(size/2, size/2)
			if i == c || j == c {
				group = 1
			}
		}
	}
	return group<<12 | int(a)
}

// allowed reports whether a may be tried at p, given the last pair cast in
// the current step (last < 0 if none).
func allowed(p *cc.Position, a games.Action, last games.Action) bool {
	if last < 0 || a >= cc.EndStep {
		return true
	}
	return castOrder(a, p.Size()) > castOrder(last, p.Size())
}

// lastAfter returns the last pair cast in the current step at q, the
// position after playing a at p, or -1 if q's step has none we know of. A
// cast leaves q in p's step only if nothing was played automatically after
// it, so that exactly two more cards are out.
func lastAfter(p, q *cc.Position, a games.Action) games.Action {
	if a < cc.EndStep && q.Stage() == cc.Casting && !q.AtStepStart() && q.Removed() == p.Removed()+2 {
		return a
	}
	return -1
}
