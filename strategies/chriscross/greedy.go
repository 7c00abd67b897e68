package chriscross

import (
	"github.com/cardsim/cardsim/games"
	cc "github.com/cardsim/cardsim/games/chriscross"
)

// Greedy plays one decision at a time by fixed priorities taken from the
// designer's advice:
//
//   - Casting: it casts every pair it can before ending a step, so pairs are
//     not broken up when the gaps close. It casts first the pair with more
//     cards in column 1 (the column the designer says to clear first, since
//     refills start there), then column pairs before diagonal ones, then
//     the pair whose cards stand further left, then the lowest action.
//   - Vertical moves: it tries staying and each legal move, finishing the
//     step with no further moves, and scores the result by cards cast out
//     plus two per pair then castable; a tie goes to the move that splits a
//     pair of equal rank in one row (which can never be cast while they
//     share the row), then to staying.
type Greedy struct {
	// Column1 turns on the column-1 priority (default true).
	Column1 bool
	// Moves turns on vertical moves (default true); without them it
	// always stays.
	Moves bool

	buf [64]games.Action
}

// NewGreedy returns a Greedy with both priorities on.
func NewGreedy() *Greedy { return &Greedy{Column1: true, Moves: true} }

// Begin does nothing: Greedy is deterministic and keeps no state.
func (g *Greedy) Begin(seed uint64) {}

// Choose returns the action of highest priority.
func (g *Greedy) Choose(v games.View, legal []games.Action) games.Action {
	view := v.(*cc.View)
	if view.Stage == cc.Moving {
		if !g.Moves {
			return cc.Stay
		}
		return g.move(view, legal)
	}
	return g.cast(legal)
}

// cast picks the pair of highest priority, or EndStep if there is none.
func (g *Greedy) cast(legal []games.Action) games.Action {
	best, bestScore := legal[len(legal)-1], -1
	for _, a := range legal {
		i, j, ok := cc.PairCells(a)
		if !ok {
			continue
		}
		score := 0
		if g.Column1 {
			if i%5 == 0 {
				score += 1000
			}
			if j%5 == 0 {
				score += 1000
			}
		}
		if i%5 == j%5 {
			score += 100
		}
		score += 20 - i%5 - j%5
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// move scores staying and each legal vertical move.
func (g *Greedy) move(view *cc.View, legal []games.Action) games.Action {
	p := view.Lookahead()
	t := view.Target
	best, bestScore := legal[0], -1
	for _, a := range legal {
		q := p
		q.Apply(a)
		for q.Stage() == cc.Moving {
			q.Apply(cc.Stay)
		}
		score := 8 * q.Removed()
		if q.Stage() == cc.Casting {
			for _, b := range q.Legal(g.buf[:0]) {
				if b < cc.EndStep {
					score += 8
				}
			}
		}
		switch a {
		case cc.Stay:
			score++
		case cc.FromAbove:
			if splitsRowPair(view, t/5-1, t%5) {
				score += 2
			}
		case cc.FromBelow:
			if splitsRowPair(view, t/5+1, t%5) {
				score += 2
			}
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// splitsRowPair reports whether the card in row r, column c has a card of
// equal rank elsewhere in its row.
func splitsRowPair(v *cc.View, r, c int) bool {
	x := v.Grid[r][c]
	for k, y := range v.Grid[r] {
		if k != c && y != 0 && y.Rank() == x.Rank() {
			return true
		}
	}
	return false
}
