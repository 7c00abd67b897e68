package flip

import (
	"math/bits"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// bestScore looks for the best score from stack[0] by limited discrepancy
// search: pass k allows k departures from the preferred order on any line,
// so the budget is spread over the whole tree instead of the last few
// choices of one line. A pass that never had to cut a line for want of
// discrepancies was exhaustive, and the search stops as soon as it reaches
// sv.upper, a bound of the best. It reports whether the best found is the
// best possible. It may visit Budget positions.
func (sv *Solver) bestScore() bool {
	sv.aborted = false
	sv.limit = 0
	if sv.Budget > 0 {
		sv.limit = sv.nodes + sv.Budget
	}
	for k := 0; ; k++ {
		sv.memo.clear()
		sv.cut = false
		sv.path = sv.path[:0]
		v := sv.search(0, k)
		switch {
		case sv.best >= sv.upper || v <= sv.best && !sv.aborted:
			return true // the bound of the root is met
		case sv.aborted:
			return false
		case !sv.cut:
			return true
		}
	}
}

// search returns an upper bound of the best final score from stack[d]: the
// exact best unless the subtree was cut. Every finished subtree's bound is
// at most sv.best, so a remembered position is never worth visiting again.
func (sv *Solver) search(d, disc int) int {
	sv.nodes++
	s := sv.stack[d]
	if s.Turn() == games.Terminal {
		v := s.Score()
		if v > sv.best {
			sv.best = v
			sv.line = append(sv.line[:0], sv.path...)
		}
		return v
	}
	key := s.Key()
	if ub := sv.upperBound(key); ub <= sv.best {
		return ub
	}
	if v, ok := sv.memo.get(key, disc, key.Held); ok {
		return v
	}
	val := 0
	child := sv.stack[d+1]
	if disc == 0 {
		// Only the first action in order is searched: find it without
		// sorting the rest.
		a, more := sv.first(d, s)
		if sv.limit > 0 && sv.nodes >= sv.limit && sv.best >= 0 {
			sv.aborted = true
		}
		if sv.aborted || sv.best >= sv.upper {
			return sv.max // unfinished: no bound known
		}
		child.CopyFrom(s)
		child.Apply(a)
		sv.path = append(sv.path, a)
		val = sv.search(d+1, 0)
		sv.path = sv.path[:len(sv.path)-1]
		if more {
			sv.cut = true
			val = sv.max // unexplored lines: no bound known
		}
		if !sv.aborted && sv.best < sv.upper {
			sv.memo.put(key, disc, val, key.Held)
		}
		return val
	}
	legal := sv.order(d, s)
	for i, a := range legal {
		if i > 0 && disc == 0 {
			sv.cut = true
			val = sv.max // unexplored lines: no bound known
			break
		}
		if sv.limit > 0 && sv.nodes >= sv.limit && sv.best >= 0 {
			sv.aborted = true
		}
		if sv.aborted || sv.best >= sv.upper {
			return sv.max // unfinished: no bound known
		}
		child.CopyFrom(s)
		child.Apply(a)
		sv.path = append(sv.path, a)
		val = max(val, sv.search(d+1, disc-min(i, 1)))
		sv.path = sv.path[:len(sv.path)-1]
	}
	if !sv.aborted && sv.best < sv.upper {
		sv.memo.put(key, disc, val, key.Held)
	}
	return val
}

// order returns the actions worth trying at stack[d], most promising first:
// plays by falling gain, then dealing. Stopping with plays left is left out.
func (sv *Solver) order(d int, s *flip.State) []games.Action {
	legal := s.Legal(sv.legal[d])
	gains := sv.gains[d][:0]
	n := 0
	for _, a := range legal {
		if a == flip.Pass {
			continue
		}
		legal[n] = a
		gains = append(gains, s.Gain(a))
		n++
	}
	pass := len(legal) > n && s.Dealt() < s.Game().Size()
	legal = legal[:n]
	// Insertion sort by gain, greatest first; ties keep the higher action
	// first (nearer the top), as greedy does.
	for i := 1; i < n; i++ {
		a, g := legal[i], gains[i]
		j := i
		for j > 0 && gains[j-1] <= g {
			legal[j], gains[j] = legal[j-1], gains[j-1]
			j--
		}
		legal[j], gains[j] = a, g
	}
	if pass {
		legal = append(legal, flip.Pass)
	}
	sv.legal[d] = legal
	return legal
}

// first returns the action order puts first at stack[d] (the play of the
// greatest gain, the highest of equal ones; dealing when there is no play)
// and whether order would list another.
func (sv *Solver) first(d int, s *flip.State) (games.Action, bool) {
	legal := s.Legal(sv.legal[d])
	sv.legal[d] = legal
	best, bestGain, plays, pass := flip.Pass, -1, 0, false
	for _, a := range legal {
		if a == flip.Pass {
			pass = true
			continue
		}
		plays++
		if g := s.Gain(a); g >= bestGain {
			best, bestGain = a, g
		}
	}
	pass = pass && s.Dealt() < s.Game().Size()
	return best, plays > 1 || plays == 1 && pass
}

// upperBound returns a score no line from the position can beat: the
// cards removed so far and the most the clearing relaxation could still
// remove count two each (points-removed), every other card at best one
// (dark: points-dark, less than points-removed); when a win is
// known to be impossible, at least one card stays, and so two when an even
// number are present (removals take two or four).
func (sv *Solver) upperBound(k flip.Key) int {
	h := present(k, sv.size)
	n := bits.OnesCount64(h)
	m := sv.relax.clears.most(&sv.relax.clear, h)
	if m == n && (sv.noWin || !sv.winPossible(k)) {
		m = n - 2 + n&1
	}
	removed := sv.size - n
	return sv.pr*(removed+m) + sv.pd*(n-m)
}
