package chriscross

import (
	"github.com/cardsim/cardsim/games"
	cc "github.com/cardsim/cardsim/games/chriscross"
)

// Solver decides by depth-first search whether a Chris-Cross position can
// be won, seeing the stock order. It remembers the positions between steps
// that it has proved lost (by Position.Key, so a Solver serves one deal at
// a time; Solve clears it) and tries each set of pairs cast in a step in
// one order only (see castOrder). It gives up after Budget positions.
type Solver struct {
	// Budget is the most positions one Solve visits; 0 means no limit.
	Budget int

	nodes int
	lost  *table
	bufs  [][64]games.Action
	stack []cc.Position // stack[d] is the child being searched at depth d
	path  []games.Action
	root  cc.Position
	plan  []games.Action
}

// Result is what Solve found.
type Result int8

// The results.
const (
	Unknown  Result = iota // the budget ran out first
	Lost                   // no line of play wins
	Winnable               // Plan wins
)

// String returns "unknown", "lost" or "winnable".
func (r Result) String() string {
	return [...]string{"unknown", "lost", "winnable"}[r]
}

// Solve searches p and returns the result; after Winnable, Plan holds the
// winning decisions.
func (s *Solver) Solve(p cc.Position) Result {
	if s.lost == nil {
		s.lost = newTable(18)
	}
	s.lost.reset()
	s.nodes = 0
	s.path = s.path[:0]
	s.plan = s.plan[:0]
	s.root = p
	return s.dfs(&s.root, 0, -1)
}

// Plan returns the winning decisions found by the last Solve, in order.
func (s *Solver) Plan() []games.Action { return s.plan }

// Nodes returns the positions the last Solve visited.
func (s *Solver) Nodes() int { return s.nodes }

func (s *Solver) dfs(p *cc.Position, depth int, last games.Action) Result {
	if p.Over() {
		if p.Won() {
			s.plan = append(s.plan[:0], s.path...)
			return Winnable
		}
		return Lost
	}
	s.nodes++
	if s.Budget > 0 && s.nodes > s.Budget {
		return Unknown
	}
	var key [2]uint64
	boundary := p.AtStepStart()
	if boundary {
		key = p.Key()
		if _, ok := s.lost.get(key); ok {
			return Lost
		}
	}
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, [64]games.Action{})
		s.stack = append(s.stack, cc.Position{})
	}
	legal := p.Legal(s.bufs[depth][:0])
	res := Lost
	for _, a := range legal {
		if !allowed(p, a, last) {
			continue
		}
		q := &s.stack[depth]
		*q = *p
		q.Apply(a)
		s.path = append(s.path, a)
		r := s.dfs(q, depth+1, lastAfter(p, q, a))
		s.path = s.path[:len(s.path)-1]
		if r == Winnable {
			return Winnable
		}
		if r == Unknown {
			res = Unknown
			if s.Budget > 0 && s.nodes > s.Budget {
				return Unknown
			}
		}
	}
	if res == Lost && boundary {
		s.lost.put(key, 0)
	}
	return res
}

// Clairvoyant plays with the stock order in view: it solves the deal at
// its first decision and follows a winning plan if there is one; on a deal
// it proves lost, or cannot decide within the budget, it plays as Greedy.
// It implements strategies.Prover. It sees the stock through the view's
// games.Revealer hook, so its win rate bounds from above what a player who
// cannot see the stock can reach.
type Clairvoyant struct {
	Solver Solver
	greedy *Greedy

	solved  bool
	result  Result
	plan    []games.Action
	next    int
	offPlan bool
}

// NewClairvoyant returns a Clairvoyant with the given node budget.
func NewClairvoyant(budget int) *Clairvoyant {
	return &Clairvoyant{Solver: Solver{Budget: budget}, greedy: NewGreedy()}
}

// Begin forgets the previous game.
func (c *Clairvoyant) Begin(seed uint64) {
	c.solved, c.result, c.next, c.offPlan = false, Unknown, 0, false
	c.plan = c.plan[:0]
}

// Choose follows the winning plan, solving first if needed.
func (c *Clairvoyant) Choose(v games.View, legal []games.Action) games.Action {
	if !c.solved {
		r, ok := v.(games.Revealer)
		if !ok {
			panic("chriscross: clairvoyant needs a view that reveals the state")
		}
		c.solved = true
		c.result = c.Solver.Solve(r.Reveal().(*cc.State).Position())
		c.plan = append(c.plan[:0], c.Solver.Plan()...)
	}
	if c.result == Winnable && !c.offPlan && c.next < len(c.plan) {
		a := c.plan[c.next]
		c.next++
		for _, b := range legal {
			if a == b {
				return a
			}
		}
		c.offPlan = true // cannot happen unless the game and the plan disagree
	}
	return c.greedy.Choose(v, legal)
}

// Undecided reports whether the solver ran out of budget on the last game.
func (c *Clairvoyant) Undecided() bool { return c.solved && c.result == Unknown }

// Result returns what the solver found on the last game (Unknown before
// its first decision).
func (c *Clairvoyant) Result() Result { return c.result }
