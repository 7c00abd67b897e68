package flip

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// otherPoints are scorings other than the rules as written (a dark card 1,
// a removed card 2) that the solver is checked under: dark cards worth
// nothing, worth almost as much as a removed card, and a wide gap.
var otherPoints = [][2]int{{0, 3}, {2, 3}, {1, 5}}

// TestSolverAtOtherPoints checks the solver's best score, its line, its
// bound and its win against the brute force under other points for dark
// and removed cards (rules points-dark and points-removed), in both play
// variants on any set: exhaustive (budget 0), and with budgets small
// enough to leave lines unsearched, where the relaxed game's bound is used.
func TestSolverAtOtherPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, pts := range otherPoints {
		for _, v := range variants[:2] {
			bf := v.bf
			bf.pd, bf.pr = pts[0], pts[1]
			for _, ranks := range []int{2, 3} {
				rules := rulesWith(v.rules, "ranks="+strconv.Itoa(ranks), "mapping=identity",
					fmt.Sprintf("points-dark=%d", pts[0]), fmt.Sprintf("points-removed=%d", pts[1]))
				g := newGame(t, rules...)
				s := g.NewFlipState()
				most := pts[1] * g.Size()
				deals := 200
				if testing.Short() {
					deals = 40
				}
				wins, lost := 0, 0
				for _, budget := range []int{0, 40} {
					sv := NewSolver(budget)
					for i := range deals {
						text, _ := pairedDeal(rng, ranks, i)
						if err := s.Deal(text, 0); err != nil {
							t.Fatal(err)
						}
						if s.Turn() == games.Terminal {
							continue
						}
						pile, stock := bfPosition(s)
						want := bruteForce(pile, stock, 0, bf)
						r := sv.Solve(s)
						if r.Score > want || r.Upper < want || r.Exact && r.Score != want || r.Won != (r.Score == most) {
							t.Fatalf("%q budget %d %s: solver %+v, brute force %d", rules, budget, text, r, want)
						}
						if budget == 0 && (!r.Exact || r.Score != want) {
							t.Fatalf("%q %s: exhaustive solver %+v, brute force %d", rules, text, r, want)
						}
						c := s.Clone().(*flip.State)
						for _, a := range r.Line {
							c.Apply(a)
						}
						if c.Turn() != games.Terminal || c.Score() != r.Score {
							t.Fatalf("%q %s: the line %v ends with %d, the solver says %d", rules, text, r.Line, c.Score(), r.Score)
						}
						if want == most {
							wins++
						} else {
							lost++
						}
					}
				}
				if wins == 0 || lost == 0 {
					t.Errorf("%q: %d won and %d lost deals: the check is weak", rules, wins, lost)
				}
			}
		}
	}
}

// TestUpperBoundAtOtherPoints checks the search's score bound against the
// brute force at every position of random games under other points: no
// line may beat it, and it is sometimes tight.
func TestUpperBoundAtOtherPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	for _, pts := range otherPoints {
		v := variants[1]
		bf := v.bf
		bf.pd, bf.pr = pts[0], pts[1]
		rules := rulesWith(v.rules, "ranks=3", "mapping=identity",
			fmt.Sprintf("points-dark=%d", pts[0]), fmt.Sprintf("points-removed=%d", pts[1]))
		g := newGame(t, rules...)
		s := g.NewFlipState()
		sv := NewSolver(0)
		sv.setup(g)
		sv.depth = searchDepth
		tight := 0
		for i := range 30 {
			text, _ := pairedDeal(rng, 3, i)
			if err := s.Deal(text, 0); err != nil {
				t.Fatal(err)
			}
			sv.prepare(s)
			var legal []games.Action
			for s.Turn() != games.Terminal {
				pile, stock := bfPosition(s)
				best := bruteForce(pile, stock, s.Removed(), bf)
				ub := sv.upperBound(s.Key())
				if ub < best {
					t.Fatalf("%q %s at %+v: bound %d below the best %d", rules, text, s.Key(), ub, best)
				}
				if ub == best {
					tight++
				}
				legal = s.Legal(legal)
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
		if tight == 0 {
			t.Errorf("%q: the bound was never tight", rules)
		}
	}
}
