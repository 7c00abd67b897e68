package flip

import (
	"math/rand/v2"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// TestPoints plays random games under other points for dark and removed
// cards and checks the score three ways: the final score is points-dark
// per dark card held plus points-removed per card removed, counted from the
// pile itself; it is the sum of the gains of the plays made; and a win
// scores the deck size times points-removed, the game's upper bound.
func TestPoints(t *testing.T) {
	for _, tt := range []struct {
		rules  []string
		pd, pr int
	}{
		{nil, 1, 2},
		{[]string{"points-dark=0", "points-removed=1"}, 0, 1},
		{[]string{"points-dark=3", "points-removed=7"}, 3, 7},
	} {
		g := mustGame(t, append([]string{"ranks=4", "mapping=identity"}, tt.rules...)...)
		s := g.NewFlipState()
		rng := rand.New(rand.NewPCG(5, 6))
		var legal []games.Action
		wins := 0
		for seed := range uint64(400) {
			s.Reset(seed)
			gained := 0
			for s.Turn() != games.Terminal {
				legal = s.Legal(legal)
				a := legal[rng.IntN(len(legal))]
				gained += s.Gain(a)
				s.Apply(a)
			}
			dark := 0
			for _, f := range s.View(0).(*View).Pile {
				if f.Flipped {
					dark++
				}
			}
			want := tt.pd*dark + tt.pr*s.Removed()
			if got := s.Outcome(0).Score; got != want || gained != want {
				t.Fatalf("%q seed %d: score %d, gains add up to %d; %d dark and %d removed make %d", tt.rules, seed, got, gained, dark, s.Removed(), want)
			}
			if _, hi := g.ScoreBounds(); s.Outcome(0).Result == games.Win {
				wins++
				if want != hi || hi != tt.pr*16 {
					t.Fatalf("%q seed %d: a win scores %d, bound %d, want %d", tt.rules, seed, want, hi, tt.pr*16)
				}
			}
		}
		if wins == 0 {
			t.Errorf("%q: no win in 400 random games: the win's score is not checked", tt.rules)
		}
	}
}
