package flip

import (
	"math/bits"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// Solver finds the best score of a Flip position when the whole deck order
// is known, by depth-first search over every line of play, in two phases.
// The first settles whether the deal can be won: it drops every position
// that fails a necessary condition of a win (winPossible, the proof rules
// of the package documentation), tries only plays the deal-order reduction
// allows, and stops at the first win. The second looks for the best score
// by limited discrepancy search, plays ordered greedily (most points first,
// dealing last). Both remember the positions they have finished (a
// position is its Key: the cards still held, which of them show dark, and
// how many are dealt) and cut positions whose upper bound cannot beat the
// best score found. A budget bounds the positions visited: beyond it the
// best line found is returned, not proved. A Solver is used by one
// goroutine and reuses its memory from one Solve to the next.
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
	off      uint8 // proof rules switched off, for tests: rule bits
	depth    int   // depth of winPossible's nested checks
	noWin    bool  // the position solved is known not to be won

	// Faces of the deal being solved, for the win test.
	size            int
	lightRank       [64]uint8
	darkRank        [64]uint8
	darkSuit        [64]uint8
	lightOf, darkOf [16]uint64 // bit p: card p's light (dark) face has the rank
	suitOf          [4]uint64  // bit p: card p's dark face has the suit
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

	// First settle whether the deal can be won: the proof rules at their
	// deepest on the position itself (most lost deals end here), then a
	// depth-first search that drops every position failing them (see
	// winPossible), with a quarter of the budget. Once no win is possible
	// the score search needs no win test.
	budget := sv.Budget
	if budget > 0 {
		sv.Budget = max(budget/4, 1)
	}
	sv.memo.clear()
	sv.depth = rootDepth
	sv.noWin = !sv.winPossible(s.Key())
	sv.depth = searchDepth
	won := !sv.noWin && sv.winSearch(0, ^uint64(0))
	decided := won || !sv.aborted
	sv.noWin = sv.noWin || decided && !won
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
	sv.lightOf, sv.darkOf, sv.suitOf = [16]uint64{}, [16]uint64{}, [4]uint64{}
	for p := range sv.size {
		l, d := s.Faces(p)
		sv.lightRank[p], sv.darkRank[p], sv.darkSuit[p] = uint8(l.Rank()), uint8(d.Rank()), uint8(d.Suit())
		sv.lightOf[l.Rank()] |= 1 << p
		sv.darkOf[d.Rank()] |= 1 << p
		sv.suitOf[d.Suit()] |= 1 << p
	}
}

// The proof rules of winPossible, as bits of Solver.off (the tests switch
// them off one at a time; the package documentation gives the reasoning).
const (
	ruleParity    = 1 << iota // a partner has the other parity
	ruleNeighbour             // a partner is not the permanent neighbour
	ruleFlipFirst             // a light end meets its flip partner first
	ruleNest                  // the partners of the lowest and highest card nest
	ruleClear                 // the cards between those partners can be cleared
	ruleReduce                // a remove-rank's inside can shrink to two cards
	ruleLightEnd              // a light end's flip partner can come near it
)

// winPossible checks necessary conditions of a win, given as proof rules
// in the package documentation. The cards still present (held or not yet
// dealt) keep their order; the lowest of them, lo, and the highest, hi, can
// never be middle cards, so each can leave only by remove-rank, as an end,
// with a partner; the removals that take out the rest must fit between
// those partners.
func (sv *Solver) winPossible(k flip.Key) bool {
	if k.Held == 0 {
		return true
	}
	all := uint64(1)<<sv.size - 1
	present := k.Held | ^(uint64(1)<<k.Dealt-1)&all
	lo := bits.TrailingZeros64(present)
	rest := present &^ (1 << lo)
	if rest == 0 {
		return false
	}
	qlo := sv.partners(k, present, lo, rest&-rest, false)
	if qlo == 0 {
		return false
	}
	hi := 63 - bits.LeadingZeros64(present)
	below := present &^ (1 << hi)
	qhi := sv.partners(k, present, hi, 1<<(63-bits.LeadingZeros64(below)), true)
	if qhi == 0 {
		return false
	}
	if sv.off&ruleNest != 0 {
		return true
	}
	// One remove-rank takes out both lo and hi, or lo's partner q lies
	// below hi's partner a, the cards between them cleared on their own.
	if qlo>>hi&1 != 0 && sv.canReduce(present, lo, hi, sv.depth) {
		return true
	}
	for m := qlo &^ (1 << hi); m != 0; m &= m - 1 {
		q := bits.TrailingZeros64(m)
		if !sv.canReduce(present, lo, q, sv.depth) {
			continue
		}
		for n := qhi &^ (2<<q - 1); n != 0; n &= n - 1 {
			a := bits.TrailingZeros64(n)
			if sv.canClear(present, q, a, sv.depth) && sv.canReduce(present, a, hi, sv.depth) {
				return true
			}
		}
	}
	return false
}

// canReduce reports whether the cards present between e and f, the ends of
// a remove-rank, could be brought down to the two middle cards x < y of
// that removal: the cards between e and x, x and y, y and f must each be
// cleared (canClear). depth bounds the recursion.
func (sv *Solver) canReduce(present uint64, e, f, depth int) bool {
	return sv.canReduceW(present, e, f, depth, true, true)
}

// canReduceW is canReduce where e (eOK false) or f (fOK false) may not be
// an end of the removals.
func (sv *Solver) canReduceW(present uint64, e, f, depth int, eOK, fOK bool) bool {
	if sv.off&ruleReduce != 0 {
		return true
	}
	in := present & (1<<f - 1) &^ (2<<e - 1)
	for xs := in & oddEven[e&1^1]; xs != 0; xs &= xs - 1 {
		x := bits.TrailingZeros64(xs)
		if !sv.canClearW(present, e, x, depth, eOK, true) {
			continue
		}
		for ys := in & oddEven[x&1^1] &^ (2<<x - 1); ys != 0; ys &= ys - 1 {
			y := bits.TrailingZeros64(ys)
			if sv.canClearW(present, y, f, depth, true, fOK) && sv.canClear(present, x, y, depth) {
				return true
			}
		}
	}
	return false
}

// canClear reports whether the cards present between q and a could all be
// removed by removals that nest between q and a, which stay while there is
// a card between them. The lowest of those cards then leaves as a middle
// beside q (remove-suit [q c y e]: q and e share a dark suit, and the cards
// between c and y, and y and e, are cleared first) or as the lower end of a
// remove-rank inside (whose inside is reduced first), and likewise the
// highest beside a or as an upper end. Below depth 0 the cards cleared
// first are not checked.
func (sv *Solver) canClear(present uint64, q, a, depth int) bool {
	return sv.canClearW(present, q, a, depth, true, true)
}

// canClearW is canClear where q (qOK false) or a (aOK false) may not be an
// end of the removals.
func (sv *Solver) canClearW(present uint64, q, a, depth int, qOK, aOK bool) bool {
	r := present & (1<<a - 1) &^ (2<<q - 1)
	if r == 0 || sv.off&ruleClear != 0 {
		return true
	}
	c := bits.TrailingZeros64(r)
	if r&(r-1) == 0 {
		return false // a lone card: r holds an even number
	}
	next := r & (r - 1)
	next &= -next
	h := 63 - bits.LeadingZeros64(r)
	prev := uint64(1) << (63 - bits.LeadingZeros64(r&^(1<<h)))
	lowRank := sv.darkOf[sv.darkRank[c]] & r & oddEven[c&1^1] &^ next
	lowSuit := sv.suitOf[sv.darkSuit[q]] & (r | 1<<a) & oddEven[q&1^1] &^ (1 << c)
	highRank := sv.darkOf[sv.darkRank[h]] & r & oddEven[h&1^1] &^ prev
	highSuit := sv.suitOf[sv.darkSuit[a]] & (r | 1<<q) & oddEven[a&1^1] &^ (1 << h)
	if !qOK {
		lowSuit = 0
		highSuit &^= 1 << q
	}
	if !aOK {
		highSuit = 0
		lowSuit &^= 1 << a
	}
	if lowRank|lowSuit == 0 || highRank|highSuit == 0 {
		return false
	}
	if depth <= 0 {
		return true
	}
	depth--
	return sv.leaves(present, r, c, lowRank, lowSuit, false, depth) &&
		sv.leaves(present, r, h, highRank, highSuit, true, depth)
}

// leaves reports whether card c, the lowest (the highest if top) of the
// cards r being cleared, could leave: by remove-rank with a partner in
// rank, whose inside is reduced first, or by remove-suit beside the wall
// with an other end in suit, the cards between cleared first.
func (sv *Solver) leaves(present, r uint64, c int, rank, suit uint64, top bool, depth int) bool {
	for m := rank; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		if top && sv.canReduce(present, p, c, depth) || !top && sv.canReduce(present, c, p, depth) {
			return true
		}
	}
	// [wall c y e] from below, [e x c wall] from above: y (x) lies in r,
	// at odd distances from c and e.
	for m := suit; m != 0; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		var mid uint64
		if top {
			mid = r & oddEven[c&1^1] &^ (2<<e - 1) & (1<<c - 1)
		} else {
			mid = r & oddEven[c&1^1] &^ (2<<c - 1) & (1<<e - 1)
		}
		for ; mid != 0; mid &= mid - 1 {
			y := bits.TrailingZeros64(mid)
			if top && sv.canClear(present, e, y, depth) && sv.canClear(present, y, c, depth) ||
				!top && sv.canClear(present, c, y, depth) && sv.canClear(present, y, e, depth) {
				return true
			}
		}
	}
	return false
}

// oddEven masks the cards of each parity: oddEven[p&1] holds the cards
// whose number has p's parity.
var oddEven = [2]uint64{0x5555555555555555, 0xaaaaaaaaaaaaaaaa}

// partners returns the cards that could be the partner of card p, an end
// of the pile (the top if top), in the remove-rank that takes p out: cards
// present, of p's dark rank and the other parity, other than adj (p's
// neighbour for as long as both are held). If p shows light it must first
// meet a card showing its light rank, which is no farther from p than the
// partner; partners returns 0 if there is none.
func (sv *Solver) partners(k flip.Key, present uint64, p int, adj uint64, top bool) uint64 {
	others := present &^ (1 << p)
	if sv.off&ruleParity == 0 {
		others &= oddEven[p&1^1]
	}
	if sv.off&ruleNeighbour == 0 {
		others &^= adj
	}
	q := sv.darkOf[sv.darkRank[p]] & others
	if k.Dark>>p&1 == 0 && q != 0 {
		r := sv.lightRank[p]
		m := (sv.lightOf[r]&^k.Dark | sv.darkOf[r]) & others
		if sv.off&ruleLightEnd == 0 {
			// p turns dark three places from its flip partner: the
			// cards between them shrink to two first, without p.
			for c := m; c != 0; c &= c - 1 {
				f := bits.TrailingZeros64(c)
				if top && !sv.canReduceW(present, f, p, sv.depth, true, false) ||
					!top && !sv.canReduceW(present, p, f, sv.depth, false, true) {
					m &^= 1 << f
				}
			}
		}
		switch {
		case m == 0:
			return 0
		case sv.off&ruleFlipFirst != 0:
		case top:
			q &= 2<<(63-bits.LeadingZeros64(m)) - 1 // at or below the highest
		default:
			q &^= 1<<bits.TrailingZeros64(m) - 1 // at or above the lowest
		}
	}
	return q
}

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
	if !sv.winPossible(key) {
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
		if sv.Budget > 0 && sv.nodes >= sv.Budget {
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
	if sv.best >= sv.max-1 { // else no bound can cut
		if ub := sv.upperBound(key); ub <= sv.best {
			return ub
		}
	}
	if v, ok := sv.memo.get(key, disc, key.Held); ok {
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

// upperBound returns a score no line from the position can beat: a win,
// or one point less when a win is impossible (a card is left, at best dark).
func (sv *Solver) upperBound(k flip.Key) int {
	if sv.noWin || !sv.winPossible(k) {
		return sv.max - 1
	}
	return sv.max
}

// The depths of winPossible's nested checks: deep once for the position
// solved, shallower at every position searched.
const (
	rootDepth   = 6
	searchDepth = 2
)
