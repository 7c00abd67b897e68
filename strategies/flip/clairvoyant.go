package flip

import (
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// Clairvoyant plays the best line a Solver finds with the whole deck order
// in view. It solves once, at its first choice of a game, and then follows
// the line; if the game leaves the line (it never should) it solves again.
// The solver first settles whether the deal can be won; when its budget
// runs out before that, without a win, the game is undecided. The line
// played is the best found: the best score whenever Result.Exact, else a
// lower bound; ScoreBound reports the solver's bound on the best.
type Clairvoyant struct {
	solver    Solver
	line      []games.Action
	keys      []flip.Key // the position before each action of line
	next      int
	fresh     bool
	undecided bool
	upper     int  // the game's best score is at most upper
	exact     bool // the line played reaches the best score
	score     int  // the score the line reaches
	scratch   *flip.State
}

// NewClairvoyant returns a clairvoyant strategy whose solver may visit
// winBudget positions per game to settle whether it can be won and budget
// more for the best score (0 for no limit; see Solver).
func NewClairvoyant(budget, winBudget int) *Clairvoyant {
	return &Clairvoyant{solver: Solver{Budget: budget, WinBudget: winBudget}}
}

// Begin starts a new game.
func (c *Clairvoyant) Begin(uint64) {
	c.fresh, c.undecided, c.upper, c.exact = true, false, 0, true
}

// Undecided reports whether the last game was left undecided: the budget
// ran out before the solver found a win or proved there is none.
func (c *Clairvoyant) Undecided() bool { return c.undecided }

// ScoreBound returns, after a game, the solver's proven bounds on the best
// score the deal allows: upper is at least that best (and at least the
// score played), and exact reports that the score played is that best.
// The bound is the one of the solve at the game's first choice, where the
// whole game was still to play (the deals the game made before it had no
// alternative). A game that ended without a choice had only one line, so
// its score is the best: exact, with upper 0, since the strategy never saw
// the game (sim takes the score played for the best whenever exact).
func (c *Clairvoyant) ScoreBound() (upper int, exact bool) { return c.upper, c.exact }

// Choose returns the next action of the best line.
func (c *Clairvoyant) Choose(v games.View, legal []games.Action) games.Action {
	s := v.(games.Revealer).Reveal().(*flip.State)
	key := s.Key()
	if !c.fresh {
		for c.next < len(c.keys) && c.keys[c.next] != key {
			c.next++
		}
	}
	if c.fresh || c.next == len(c.keys) || !slices.Contains(legal, c.line[c.next]) {
		c.solve(s)
	}
	a := c.line[c.next]
	c.next++
	return a
}

// solve finds the best line from s and records the position before each
// of its actions.
func (c *Clairvoyant) solve(s *flip.State) {
	r := c.solver.Solve(s)
	if c.fresh {
		c.undecided = !r.Decided
		c.upper, c.exact, c.score = r.Upper, r.Exact, r.Score
	} else {
		// The game left the line (it never should): the score played is
		// the new line's, the best only if the first line's was.
		c.exact = c.exact && r.Score == c.score
	}
	c.fresh = false
	c.line = append(c.line[:0], r.Line...)
	c.keys = c.keys[:0]
	if c.scratch == nil {
		c.scratch = s.Game().NewFlipState()
	}
	c.scratch.CopyFrom(s)
	for _, a := range c.line {
		c.keys = append(c.keys, c.scratch.Key())
		c.scratch.Apply(a)
	}
	c.next = 0
}
