package flip

import (
	"math/bits"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// Solver finds the best score of a Flip position when the whole deck order
// is known, by depth-first search over every line of play, in two phases.
// The first settles whether the deal can be won: it drops every position
// that fails a necessary condition of a win (winPossible) and stops at the
// first win. The second looks for the best score by limited discrepancy
// search, plays ordered greedily (most points first, dealing last). Both
// remember the positions they have finished (a position is its Key: the
// cards still held, which of them show dark, and how many are dealt) and
// cut positions whose upper bound cannot beat the best score found. A
// budget bounds the positions visited: beyond it the best line found is
// returned, not proved. A Solver is used by one goroutine and reuses its
// memory from one Solve to the next.
type Solver struct {
	// Budget is the number of positions Solve may visit before it gives
	// up and returns the best line found so far; 0 means no limit.
	Budget int

	stack    []*flip.State
	legal    [][]games.Action
	gains    [][]int
	path     []games.Action
	line     []games.Action
	best     int
	max      int
	nodes    int
	aborted  bool
	cut      bool // a line was cut for want of discrepancies
	memo     memo
	memoBits int

	// Faces of the deal being solved, for the win test.
	size            int
	lightRank       [64]uint8
	darkRank        [64]uint8
	lightOf, darkOf [16]uint64 // bit p: card p's light (dark) face has the rank
}

// Result is the outcome of Solve.
type Result struct {
	Score int            // the best final score found
	Line  []games.Action // the actions that reach it from the position solved; valid until the next Solve
	Exact bool           // Score is the best possible: the search finished or found a win
	Won   bool           // Score is a win
	// Decided reports whether the search settled if a win is possible:
	// it found one, or proved there is none.
	Decided bool
	Nodes   int // positions visited
}

// NewSolver returns a solver with the given node budget (0 for none).
func NewSolver(budget int) *Solver { return &Solver{Budget: budget} }

// Solve returns the best score reachable from s and a line that reaches it.
// s is not changed. Stopping with plays left is never better than playing
// one (every play adds points), so the search never stops early.
func (sv *Solver) Solve(s *flip.State) Result {
	g := s.Game()
	sv.max = 2 * g.Size()
	if len(sv.stack) == 0 {
		depth := 3*g.Size() + 8 // deals plus plays: each play adds a point
		for range depth {
			st := g.NewFlipState()
			sv.stack = append(sv.stack, st)
			sv.legal = append(sv.legal, make([]games.Action, 0, 64))
			sv.gains = append(sv.gains, make([]int, 0, 64))
		}
		sv.path = make([]games.Action, 0, depth)
		sv.line = make([]games.Action, 0, depth)
		bits := 12
		for bits < 22 && (sv.Budget == 0 || 1<<bits < 2*sv.Budget) {
			bits++
		}
		sv.memo.init(bits)
	}
	sv.stack[0].CopyFrom(s)
	sv.best, sv.nodes, sv.aborted = -1, 0, false
	sv.path, sv.line = sv.path[:0], sv.line[:0]
	sv.prepare(s)

	// First settle whether the deal can be won, by a depth-first search
	// that drops every position failing a necessary condition of a win
	// (see winPossible), with a quarter of the budget.
	budget := sv.Budget
	if budget > 0 {
		sv.Budget = max(budget/4, 1)
	}
	sv.memo.clear()
	won := sv.winSearch(0)
	decided := won || !sv.aborted
	sv.Budget = budget
	if won {
		return sv.result(true, true)
	}

	// Then look for the best score. Limited discrepancy search: pass k
	// allows k departures from the preferred order on any line, so the
	// budget is spread over the whole tree instead of the last few
	// choices of one line. A pass that never had to cut a line for want
	// of discrepancies was exhaustive.
	sv.aborted = false
	exact := false
	for k := 0; ; k++ {
		sv.memo.clear()
		sv.cut = false
		sv.search(0, k)
		if sv.aborted || sv.best == sv.max {
			break
		}
		if !sv.cut {
			exact = true
			break
		}
	}
	return sv.result(exact || sv.best == sv.max, decided || sv.best == sv.max || exact)
}

func (sv *Solver) result(exact, decided bool) Result {
	return Result{Score: sv.best, Line: sv.line, Exact: exact, Won: sv.best == sv.max,
		Decided: decided, Nodes: sv.nodes}
}

// prepare records the faces of s's deal for winPossible.
func (sv *Solver) prepare(s *flip.State) {
	sv.size = s.Game().Size()
	sv.lightOf, sv.darkOf = [16]uint64{}, [16]uint64{}
	for p := range sv.size {
		l, d := s.Faces(p)
		sv.lightRank[p], sv.darkRank[p] = uint8(l.Rank()), uint8(d.Rank())
		sv.lightOf[l.Rank()] |= 1 << p
		sv.darkOf[d.Rank()] |= 1 << p
	}
}

// winPossible checks two necessary conditions of a win. The bottom card of
// the pile can never be a middle card, so it can leave only by remove-rank
// on the lowest set, as a dark end beside a dark card of the same rank;
// before that, if it shows light, only flip-rank on that set can turn it,
// beside a card showing its light rank. Once every card is dealt the top
// card is in the same position at the other end. A partner must be a card
// not yet removed.
func (sv *Solver) winPossible(k flip.Key) bool {
	if k.Held == 0 {
		return true
	}
	present := k.Held | ^(uint64(1)<<k.Dealt-1)&(uint64(1)<<sv.size-1)
	if !sv.canLeave(k, present, bits.TrailingZeros64(k.Held)) {
		return false
	}
	return k.Dealt < sv.size || sv.canLeave(k, present, 63-bits.LeadingZeros64(k.Held))
}

// canLeave reports whether card p, kept at an end of the pile, could still
// be removed.
func (sv *Solver) canLeave(k flip.Key, present uint64, p int) bool {
	others := present &^ (1 << p)
	if k.Dark>>p&1 == 0 {
		r := sv.lightRank[p]
		if (sv.lightOf[r]&^k.Dark|sv.darkOf[r])&others == 0 {
			return false
		}
	}
	return sv.darkOf[sv.darkRank[p]]&others != 0
}

// winSearch reports whether a win can be reached from stack[d], cutting
// positions where winPossible fails and positions already searched.
func (sv *Solver) winSearch(d int) bool {
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
	if !sv.winPossible(key) {
		return false
	}
	if _, ok := sv.memo.get(key, 0); ok {
		return false
	}
	child := sv.stack[d+1]
	for _, a := range sv.order(d, s) {
		if sv.Budget > 0 && sv.nodes >= sv.Budget {
			sv.aborted = true
			return false
		}
		child.CopyFrom(s)
		child.Apply(a)
		sv.path = append(sv.path, a)
		won := sv.winSearch(d + 1)
		sv.path = sv.path[:len(sv.path)-1]
		if won {
			return true
		}
		if sv.aborted {
			return false
		}
	}
	sv.memo.put(key, 0, 0)
	return false
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
	if v, ok := sv.memo.get(key, disc); ok {
		return v
	}
	legal := sv.order(d, s)
	val := 0
	child := sv.stack[d+1]
	for i, a := range legal {
		if i > 0 && disc == 0 {
			sv.cut = true
			val = sv.max // unexplored lines: no bound known
			break
		}
		if sv.Budget > 0 && sv.nodes >= sv.Budget && sv.best >= 0 {
			sv.aborted = true
		}
		if sv.aborted || sv.best == sv.max {
			return sv.max // unfinished: no bound known
		}
		child.CopyFrom(s)
		child.Apply(a)
		sv.path = append(sv.path, a)
		val = max(val, sv.search(d+1, disc-min(i, 1)))
		sv.path = sv.path[:len(sv.path)-1]
	}
	if !sv.aborted && sv.best < sv.max {
		sv.memo.put(key, disc, val)
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

// upperBound returns a score no line from the position can beat: a win,
// or one point less when a win is impossible (a card is left, at best dark).
func (sv *Solver) upperBound(k flip.Key) int {
	if sv.winPossible(k) {
		return sv.max
	}
	return sv.max - 1
}
