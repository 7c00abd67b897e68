package flip

import (
	"math/bits"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// Solver finds the best score of a Flip position when the whole deck order
// is known. It first settles whether every card can be removed (a win),
// then looks for the best score; the package documentation gives the
// method and the proof of every rule it prunes by. Under optional play on
// any set (forced-play=false, windows=any) it deals the whole deck before
// anything else, which loses nothing, and decides the win in the relaxed
// game, refined until its answer holds for the real game. Two budgets
// bound the positions visited: beyond WinBudget the win may be left
// undecided, and beyond Budget the score is the best found, a lower bound.
// A Solver is used by one goroutine and reuses its memory from one Solve to
// the next.
type Solver struct {
	// WinBudget is the number of positions Solve may visit to settle
	// whether the deal can be won; 0 means no limit. Most deals are settled
	// by the proof rules at no cost; the budget serves the few hard ones.
	WinBudget int
	// Budget is the number of positions the search for the best score may
	// visit after that; 0 means no limit.
	Budget int

	stack    []*flip.State
	legal    [][]games.Action
	gains    [][]int
	path     []games.Action
	line     []games.Action
	prefix   []games.Action // the deals that open the line under optional play
	scratch  *flip.State
	best     int
	max      int
	upper    int // a bound of the best score besides upperBound's
	nodes    int
	limit    int  // positions the current phase may reach (0: no limit)
	aborted  bool // the current phase ran out of positions
	cut      bool // a line was cut for want of discrepancies
	memo     memo
	off      uint8 // proof rules switched off, for tests: rule bits
	depth    int   // depth of winPossible's nested checks
	noWin    bool  // the position solved is known not to be won
	relax    relaxed
	pd, pr   int // points for a dark card held and for a card removed (the points-dark and points-removed rules)
	ready    bool
	startDir bool // cards are dealt dark (start=dark)

	// Under optional play, forced solves the deal under compulsory play
	// first: its best line is a line of optional play too, so its score
	// is where the optional search starts (seed, with seedLine), and the
	// score found is never below it.
	forced      *Solver
	forcedGame  *flip.Game // the game of the last Solve made Forced
	forcedOf    *flip.Game // the game forcedGame was made from
	forcedState *flip.State
	seed        int // the score of seedLine, or -1
	seedLine    []games.Action
	// tableBits, if above 0, caps the size of the memo and the relaxed
	// game's tables at 2^tableBits entries (they are caches: a smaller one
	// costs only time). The solver of compulsory play that seeds optional
	// play visits about a thousand positions a deal and needs little.
	tableBits int

	// Faces of the deal being solved, for the proof rules.
	size            int
	lightRank       [64]uint8
	darkRank        [64]uint8
	darkSuit        [64]uint8
	lightOf, darkOf [16]uint64 // bit p: card p's light (dark) face has the rank
	suitOf          [4]uint64  // bit p: card p's dark face has the suit
}

// Result is the outcome of Solve.
type Result struct {
	Score int            // the best final score found: a lower bound of the best
	Upper int            // no line scores more; Upper == Score when Exact
	Line  []games.Action // the actions that reach Score from the position solved; valid until the next Solve
	Exact bool           // Score is the best possible
	Won   bool           // Score is a win
	// Decided reports whether the search settled if a win is possible:
	// it found one, or proved there is none.
	Decided bool
	Nodes   int // positions visited
}

// WinBudgetFactor is how many times Budget NewSolver gives WinBudget.
const WinBudgetFactor = 20

// NewSolver returns a solver whose best-score search may visit budget
// positions and whose win decision WinBudgetFactor times as many (0: no
// limit to either).
func NewSolver(budget int) *Solver {
	return &Solver{Budget: budget, WinBudget: WinBudgetFactor * budget}
}

// setup allocates the solver's memory for g's deck on first use.
func (sv *Solver) setup(g *flip.Game) {
	if sv.ready {
		return
	}
	sv.ready = true
	depth := 3*g.Size() + 8 // deals plus plays: each play adds a point
	for range depth {
		sv.stack = append(sv.stack, g.NewFlipState())
		sv.legal = append(sv.legal, make([]games.Action, 0, 64))
		sv.gains = append(sv.gains, make([]int, 0, 64))
	}
	sv.path = make([]games.Action, 0, depth)
	sv.line = make([]games.Action, 0, depth)
	sv.scratch = g.NewFlipState()
	// A table holds at most one entry per position that a phase visits
	// between two clears, and gets room for twice that: the memo for a
	// pass of the best-score search (Budget) or for the win search in the
	// real game (WinBudget, but under optional play on any set only the
	// quick search, the rest of the win being decided in the relaxed
	// game), the lost table for the relaxed game's win search (WinBudget).
	// The clearing cache only spares work, whatever its size: a deal's
	// search meets a few thousand sets of present cards.
	win := sv.WinBudget
	if rules := g.RuleValues(); !rules.ForcedPlay && rules.Windows == flip.WindowsAny {
		win = quickWin(sv.WinBudget)
	}
	memo, lost := tableBits(sv.Budget, win), tableBits(sv.Budget, sv.WinBudget)
	if sv.tableBits > 0 {
		memo, lost = min(memo, sv.tableBits), min(lost, sv.tableBits)
	}
	sv.memo.init(memo)
	sv.relax.init(min(lost-1, clearBits), lost)
}

// clearBits caps the clearing cache at 2^clearBits slots.
const clearBits = 15

// tableBits returns the size, as a power of two from 2^14 to 2^21 slots, of
// a table for phases of budget and win positions (0: no limit).
func tableBits(budget, win int) int {
	most := max(budget, win)
	if budget == 0 || win == 0 {
		most = 0
	}
	bits := 14
	for bits < 21 && (most == 0 || 1<<bits < 2*most) {
		bits++
	}
	return bits
}

// quickWin returns the positions the search of the real game may visit for
// a win under optional play on any set, where the relaxed game decides the
// rest, out of a win budget (0: no limit).
func quickWin(budget int) int {
	if budget == 0 {
		return 20_000
	}
	return min(max(budget/32, 1), 20_000)
}

// Solve returns the best score reachable from s and a line that reaches it.
// s is not changed. Stopping with plays left is never better than playing
// one (every play adds points), so the search never stops early.
func (sv *Solver) Solve(s *flip.State) Result {
	g := s.Game()
	sv.setup(g)
	sv.max = g.RuleValues().PointsOut * g.Size()
	sv.nodes, sv.best, sv.noWin = 0, -1, false
	sv.upper = sv.max
	sv.path, sv.line, sv.prefix = sv.path[:0], sv.line[:0], sv.prefix[:0]

	// Under optional play on any set, deal the whole deck first: every
	// line of play can be reordered so, with the same result (package
	// documentation, "Dealing first").
	rules := g.RuleValues()
	static := !rules.ForcedPlay && rules.Windows == flip.WindowsAny
	root := sv.stack[0]
	root.CopyFrom(s)
	if static {
		for root.Dealt() < g.Size() && root.Turn() != games.Terminal {
			root.Apply(flip.Pass)
			sv.prefix = append(sv.prefix, flip.Pass)
		}
	}
	sv.prepare(root)
	sv.seed = -1
	if static {
		fr := sv.solveForced(s)
		sv.seed, sv.seedLine = fr.Score, append(sv.seedLine[:0], fr.Line...)
		if fr.Won {
			return Result{Score: fr.Score, Upper: fr.Score, Line: sv.seedLine, Exact: true, Won: true, Decided: true, Nodes: fr.Nodes}
		}
	}

	won, decided := sv.decide(root, static)
	if won {
		return sv.result(true, true)
	}
	sv.noWin = decided
	if sv.seed > sv.best {
		sv.best = sv.seed // the best line found is seedLine until one beats it
	}
	// The best score of the relaxed game bounds the best score too; under
	// optional play on any set, where the search for the best score is
	// seldom exhaustive, it is found first, so that the search stops on
	// reaching it.
	if static {
		sv.relaxedBound(root)
	}
	exact := sv.bestScore() || sv.best >= sv.upper
	if !exact && !static {
		sv.relaxedBound(root)
		exact = sv.best >= sv.upper
	}
	return sv.result(exact, decided || sv.best == sv.max)
}

// relaxedBound lowers sv.upper to the best score of the relaxed game from
// root with the whole deck dealt (relaxed.best), if that search ends within
// an eighth of Budget positions (with no Budget, the search for the best
// score is exhaustive and needs no bound).
func (sv *Solver) relaxedBound(root *flip.State) {
	if sv.Budget == 0 {
		return
	}
	k := root.Key()
	h := present(k, sv.size)
	dark := k.Dark
	if sv.startDir {
		dark |= h &^ k.Held // dealt dark
	}
	if v, ok := sv.relax.best(h, dark, sv.best, max(sv.Budget/8, 1)); ok {
		sv.upper = min(sv.upper, v)
	}
	sv.nodes += sv.relax.nodes
}

// decide settles whether a win can be reached from stack[0]: the proof
// rules and the clearing relaxation first (most lost deals end there), then
// a short search of the real game for an easy win, then the relaxed game
// refined until it decides (static, optional play on any set) or the real
// search with the rest of the budget. On a win sv.line is its line.
func (sv *Solver) decide(root *flip.State, static bool) (won, decided bool) {
	k := root.Key()
	sv.depth = rootDepth
	possible := sv.winPossible(k) && sv.relax.canClear(present(k, sv.size))
	sv.depth = searchDepth
	if !possible {
		return false, true
	}
	budget := sv.WinBudget
	quick := budget
	if static {
		quick = quickWin(budget)
	}
	sv.memo.clear()
	won = sv.runWin(root, quick)
	if won || !sv.aborted {
		return won, true
	}
	if !static {
		return false, false
	}
	left := 0
	if budget > 0 {
		left = max(budget-sv.nodes, 1)
	}
	return sv.refine(root, left)
}

// runWin runs the real game's win search from root, visiting at most limit
// more positions (0: no limit).
func (sv *Solver) runWin(root *flip.State, limit int) bool {
	sv.aborted = false
	sv.limit = 0
	if limit > 0 {
		sv.limit = sv.nodes + limit
	}
	return sv.winSearch(0, ^uint64(0))
}

// refine decides the win in the relaxed game (see relaxed) under growing
// exact sets, until one has no relaxed win (then the real game has none)
// or a relaxed win is a line of the real game. Three chains of exact sets
// take turns, the package documentation says why ("Refining"): the single
// chain adds one card a round, the card whose light face the last relaxed
// win used last; the trial searches the cards of the single chain's exact
// set clustered around the card it added last; the coarse chain adds every
// card whose light face the last relaxed win used while dark. It visits at
// most budget positions (0: no limit).
func (sv *Solver) refine(root *flip.State, budget int) (won, decided bool) {
	x := &sv.relax
	k := root.Key()
	x.lost.clear()
	left := budget // positions left, if budget > 0
	// run searches the relaxed game under exact set e, visiting at most
	// limit positions (0: no limit) and what is left of the budget.
	run := func(e uint64, limit int) outcome {
		x.exact = e
		x.lost.round(e)
		x.nodes, x.budget = 0, limit
		if budget > 0 && (limit == 0 || left < limit) {
			x.budget = max(left, 1)
		}
		w := x.win(k.Held, k.Dark)
		sv.nodes += x.nodes
		left -= x.nodes
		switch {
		case x.aborted && budget > 0 && left <= 0:
			return outOfBudget
		case x.aborted:
			return stopped
		case !w:
			return relaxedLoss
		}
		steps, spur := x.replay(k.Held, k.Dark)
		switch {
		case spur != 0:
			return spuriousWin
		case sv.realLine(root, steps):
			return realWin
		}
		return outOfBudget // cannot happen: see TestRelaxedSound
	}
	// last returns the card whose light face the last relaxed win used
	// last while it was dark (the higher of two).
	last := func() uint64 {
		u := x.spurs[len(x.spurs)-1]
		return 1 << (63 - bits.LeadingZeros64(u))
	}
	switch run(0, 0) {
	case relaxedLoss:
		return false, true
	case realWin:
		return true, true
	case outOfBudget, stopped:
		return false, false
	}
	single := chain{exact: last(), limit: firstTry, weight: 1}
	trial := chain{limit: firstTry, weight: 1}
	coarse := chain{exact: x.spur, limit: firstTry, weight: coarseWeight}
	if coarse.exact == single.exact {
		coarse.exact = 0
	}
	chains := [...]*chain{&single, &trial, &coarse}
	for {
		var t *chain // the chain that has spent least
		for _, c := range chains {
			if c.exact != 0 && (t == nil || c.spent < t.spent) {
				t = c
			}
		}
		r := run(t.exact, t.limit)
		t.spent += t.weight * x.nodes
		switch r {
		case relaxedLoss:
			return false, true
		case realWin:
			return true, true
		case outOfBudget:
			return false, false
		case stopped:
			t.limit *= 2
			continue
		}
		t.limit = firstTry
		switch t {
		case &single:
			c := last()
			single.exact |= c
			trial.exact, trial.limit, trial.spent = cluster(single.exact, c), firstTry, min(trial.spent, single.spent)
			if trial.exact == single.exact {
				trial.exact = 0
			}
		case &trial:
			trial.exact = 0 // it has a relaxed win: no use
		case &coarse:
			coarse.exact |= x.spur
		}
	}
}

// outcome is how a search of the relaxed game ended.
type outcome int

const (
	relaxedLoss outcome = iota // no relaxed win: no real win
	realWin                    // a relaxed win that is a line of the real game
	spuriousWin                // a relaxed win that used the light face of dark cards
	stopped                    // the search reached its limit
	outOfBudget                // the search used up the budget
)

// chain is one of refine's chains of exact sets.
type chain struct {
	exact  uint64 // the exact set of its round; 0: idle
	limit  int    // the positions its next search may visit
	spent  int    // the positions it has visited, times weight
	weight int
}

// The chains' first try of a round may visit firstTry positions, each
// later try twice as many as the last; coarseWeight is how many positions
// the coarse chain is charged for each it visits.
var firstTry, coarseWeight = 50_000, 4

// clusterGap is the widest gap between neighbours of a cluster (cluster).
const clusterGap = 2

// cluster returns the cards of e linked to card c by steps of at most
// clusterGap card numbers.
func cluster(e, c uint64) uint64 {
	for {
		grown := c
		for g := 1; g <= clusterGap; g++ {
			grown |= (c<<g | c>>g) & e
		}
		if grown == c {
			return c
		}
		c = grown
	}
}

// realLine turns the plays of a relaxed line into the actions that make
// them from root, checking each against the real game, and makes them
// sv.line with score max if they remove every card.
func (sv *Solver) realLine(root *flip.State, steps []relaxedStep) bool {
	c := sv.scratch
	c.CopyFrom(root)
	sv.path = sv.path[:0]
	legal := sv.legal[0]
	for _, st := range steps {
		w := bits.OnesCount64(c.Key().Held & (1<<st.set[0] - 1))
		a := flip.Play(w, st.kind)
		legal = c.Legal(legal)
		ok := false
		for _, b := range legal {
			ok = ok || a == b
		}
		if !ok {
			return false
		}
		c.Apply(a)
		sv.path = append(sv.path, a)
	}
	if c.Turn() != games.Terminal || c.Score() != sv.max {
		return false
	}
	sv.best = sv.max
	sv.line = append(sv.line[:0], sv.path...)
	return true
}

// forcedTableBits caps the tables of the solver of compulsory play that
// seeds optional play: 2^16 entries, about 2 MB for the memo.
const forcedTableBits = 16

// solveForced solves s under compulsory play with a solver of the same
// budgets and small tables.
func (sv *Solver) solveForced(s *flip.State) Result {
	if sv.forced == nil {
		sv.forced = &Solver{Budget: sv.Budget, WinBudget: sv.WinBudget, tableBits: forcedTableBits}
	}
	if g := s.Game(); sv.forcedOf != g {
		sv.forcedOf, sv.forcedGame = g, g.Forced()
		sv.forcedState = sv.forcedGame.NewFlipState()
	}
	sv.forcedState.CopyAs(s)
	return sv.forced.Solve(sv.forcedState)
}

func (sv *Solver) result(exact, decided bool) Result {
	if sv.seed >= 0 && sv.best == sv.seed {
		// No line beat the line of compulsory play.
		upper := sv.best
		if !exact {
			upper = max(min(sv.upperBound(sv.stack[0].Key()), sv.upper), sv.best)
		}
		return Result{Score: sv.best, Upper: upper, Line: sv.seedLine, Exact: exact, Won: sv.best == sv.max,
			Decided: decided, Nodes: sv.nodes}
	}
	line := append(sv.prefix, sv.line...)
	sv.prefix = line[:len(sv.prefix)]
	upper := sv.best
	if !exact {
		upper = min(sv.upperBound(sv.stack[0].Key()), sv.upper)
	}
	return Result{Score: sv.best, Upper: upper, Line: line, Exact: exact, Won: sv.best == sv.max,
		Decided: decided, Nodes: sv.nodes}
}

// present returns the cards of a position not yet removed: held, or still
// to deal.
func present(k flip.Key, size int) uint64 {
	all := uint64(1)<<size - 1
	return k.Held | ^(uint64(1)<<k.Dealt-1)&all
}

// prepare records the faces of s's deal for the proof rules and the
// relaxed game.
func (sv *Solver) prepare(s *flip.State) {
	sv.size = s.Game().Size()
	r := s.Game().RuleValues()
	sv.pd, sv.pr = r.PointsDark, r.PointsOut
	sv.max = sv.pr * sv.size
	sv.startDir = s.Game().RuleValues().Start == flip.StartDark
	sv.lightOf, sv.darkOf, sv.suitOf = [16]uint64{}, [16]uint64{}, [4]uint64{}
	for p := range sv.size {
		l, d := s.Faces(p)
		sv.lightRank[p], sv.darkRank[p], sv.darkSuit[p] = uint8(l.Rank()), uint8(d.Rank()), uint8(d.Suit())
		sv.lightOf[l.Rank()] |= 1 << p
		sv.darkOf[d.Rank()] |= 1 << p
		sv.suitOf[d.Suit()] |= 1 << p
	}
	sv.relax.prepare(s)
}
