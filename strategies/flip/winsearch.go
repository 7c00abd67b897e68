package flip

import (
	"math/bits"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// winSearch reports whether a win can be reached from stack[d], where the
// current block has touched the cards u (see childTouch), cutting positions
// where winPossible fails and positions already searched with at least the
// cards u touched.
func (sv *Solver) winSearch(d int, u uint64) bool {
	sv.nodes++
	s := sv.stack[d]
	if s.Turn() == games.Terminal {
		if v := s.Score(); v > sv.best {
			sv.best = v
			sv.line = append(sv.line[:0], sv.path...)
		}
		return s.Score() == sv.max
	}
	key := s.Key()
	if !sv.winPossible(key) || !sv.relax.canClear(present(key, sv.size)) {
		return false
	}
	u &= key.Held
	if _, ok := sv.memo.get(key, 0, u); ok {
		return false
	}
	child := sv.stack[d+1]
	var pile [64]uint8
	n := pileOf(key.Held, &pile)
	for _, a := range sv.order(d, s) {
		cu, ok := childTouch(a, u, &pile, n)
		if !ok {
			continue
		}
		if sv.limit > 0 && sv.nodes >= sv.limit {
			sv.aborted = true
			return false
		}
		child.CopyFrom(s)
		child.Apply(a)
		if child.Dealt() > key.Dealt { // a new block: see childTouch
			cu = 1 << (child.Dealt() - 1)
		}
		sv.path = append(sv.path, a)
		won := sv.winSearch(d+1, cu)
		sv.path = sv.path[:len(sv.path)-1]
		if won {
			return true
		}
		if sv.aborted {
			return false
		}
	}
	sv.memo.put(key, 0, 0, u)
	return false
}

// pileOf writes the held cards, bottom to top, to pile and returns how many
// there are: the pile keeps the deal order, so it is held's bits in order.
func pileOf(held uint64, pile *[64]uint8) int {
	n := 0
	for m := held; m != 0; m &= m - 1 {
		pile[n] = uint8(bits.TrailingZeros64(m))
		n++
	}
	return n
}

// childTouch applies the deal-order reduction to action a at a position
// whose block (the actions since the last deal) has touched the cards u;
// pile holds the n held cards. It reports whether a may be played and the
// cards touched after it. A play is allowed only if its set holds a touched
// card: a play whose cards the block has neither dealt, used nor brought
// together commutes with every action of the block and the deal, so it
// could have been made before them with the same result. A deal (the
// player's, or the game's own when no play is left) starts a new block
// whose only touched card is the last one dealt, which every play then
// available holds; the caller sets that.
func childTouch(a games.Action, u uint64, pile *[64]uint8, n int) (uint64, bool) {
	if a == flip.Pass {
		return 0, true
	}
	w, k := flip.Decode(a)
	set := uint64(1)<<pile[w] | 1<<pile[w+1] | 1<<pile[w+2] | 1<<pile[w+3]
	if set&u == 0 {
		return 0, false
	}
	u |= set
	if k == flip.RemoveRank { // the cards either side of the gap meet
		if w > 0 {
			u |= 1 << pile[w-1]
		}
		if w+4 < n {
			u |= 1 << pile[w+4]
		}
	}
	return u, true
}
