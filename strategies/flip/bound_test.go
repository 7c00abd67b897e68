package flip

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

var _ strategies.Bounder = (*Clairvoyant)(nil)

// TestScoreBoundAgainstBruteForce checks the bounds the clairvoyant
// strategy reports after each game against the brute force's best score,
// in both play variants, on any set and on the top set, on short deals of
// every pairing, with budgets from none to a few positions: the bound is
// at least the best, the best at least the score played, and an exact
// game plays the best, with the bound equal to it. A game over before any
// choice is exact (its one line is the best) with bound 0.
func TestScoreBoundAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, v := range variants {
		for _, ranks := range []int{2, 3} {
			deals := 300
			if testing.Short() {
				deals /= 5
			}
			rules := rulesWith(v.rules, "ranks="+strconv.Itoa(ranks), "mapping=identity")
			g := newGame(t, rules...)
			s := g.NewFlipState()
			var exact, inexact int
			for _, b := range [][2]int{{0, 0}, {200, 0}, {30, 0}, {3, 3}, {1, 1}} {
				st := NewClairvoyant(b[0], b[1])
				for i := range deals {
					text, _ := pairedDeal(rng, ranks, i)
					if err := s.Deal(text, 0); err != nil {
						t.Fatal(err)
					}
					over := s.Turn() == games.Terminal
					pile, stock := bfPosition(s)
					best := bruteForce(pile, stock, 0, v.bf)
					played := play(s, st, uint64(i))
					upper, ok := st.ScoreBound()
					switch {
					case over && (!ok || upper != 0):
						t.Fatalf("%q %s: over at once, bound (%d, %v), want (0, true)", rules, text, upper, ok)
					case over:
					case played > best || upper < best:
						t.Fatalf("%q budgets %v %s: played %d, bound %d, brute force best %d", rules, b, text, played, upper, best)
					case ok && (played != best || upper != best):
						t.Fatalf("%q budgets %v %s: exact, but played %d, bound %d, brute force best %d", rules, b, text, played, upper, best)
					case ok:
						exact++
					default:
						inexact++
					}
				}
			}
			if exact == 0 || inexact == 0 {
				t.Errorf("%q: %d exact and %d inexact bounds: the check is weak", rules, exact, inexact)
			}
		}
	}
}
