package flip

import (
	"testing"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/flip"
)

// hidden deals d cards of a fresh game from seed and returns it with a
// decoy: the same position with the undealt cards re-ordered and, under
// mapping=random, re-paired. The player cannot tell the two apart.
func hidden(g *flip.Game, seed uint64, d int) (truth, decoy *flip.State) {
	truth = g.NewFlipState()
	truth.Reset(seed)
	for truth.Dealt() < d && truth.Turn() == 0 {
		truth.Apply(flip.Pass)
	}
	decoy = truth.Clone().(*flip.State)
	decoy.Determinize(0, seed^0xdec0)
	return truth, decoy
}

// TestLookaheadGuessesFromViewAlone checks that lookahead's guesses of the
// undealt cards depend only on what the player sees: from two positions
// that differ only in their hidden cards, the same seed gives the same
// guess. A guess re-shuffled from the true position fails this.
func TestLookaheadGuessesFromViewAlone(t *testing.T) {
	g := newGame(t, "forced-play=false")
	l := NewLookahead(g, 1, 1)
	other := NewLookahead(g, 1, 1)
	for seed := range uint64(50) {
		truth, decoy := hidden(g, seed, 12)
		l.guess(truth.View(0).(*flip.View), seed)
		other.guess(decoy.View(0).(*flip.View), seed)
		for p := range g.Size() {
			l1, d1 := l.base.Faces(p)
			l2, d2 := other.base.Faces(p)
			if l1 != l2 || d1 != d2 {
				t.Fatalf("seed %d: card %d guessed %v/%v from the true deck, %v/%v from a deck that looks the same",
					seed, p, l1, d1, l2, d2)
			}
		}
	}
}

// TestLookaheadDoesNotPeek checks the guesses statistically under
// mapping=random: the dark face a guess pairs with an unseen light face is
// the true one no more often than it is the decoy's (a pairing the player
// cannot tell from the true one). A sampler that starts from the true
// pairing matches it about twice as often as chance.
func TestLookaheadDoesNotPeek(t *testing.T) {
	g := newGame(t, "forced-play=false")
	l := NewLookahead(g, 1, 1)
	deals, guesses := 300, 8
	if testing.Short() {
		deals = 100
	}
	var trueHits, decoyHits, n int
	for seed := range uint64(deals) {
		truth, decoy := hidden(g, seed, 20)
		tr, dc := darkOf(truth), darkOf(decoy)
		for i := range uint64(guesses) {
			l.guess(truth.View(0).(*flip.View), seed<<8|i)
			for p := truth.Dealt(); p < g.Size(); p++ {
				light, dark := l.base.Faces(p)
				n++
				if tr[light] == dark {
					trueHits++
				}
				if dc[light] == dark {
					decoyHits++
				}
			}
		}
	}
	pt, pd := float64(trueHits)/float64(n), float64(decoyHits)/float64(n)
	t.Logf("%d unseen cards guessed: true dark face %.4f, decoy's %.4f", n, pt, pd)
	// Binomial sd of either share is below 0.002 here; 0.015 is far
	// beyond chance and far below the leak's size (about 0.06).
	if pt > pd+0.015 {
		t.Errorf("guesses give the true dark face %.4f of the time, a decoy's %.4f: they peek", pt, pd)
	}
}

// darkOf returns the dark face of every light face of s's deal.
func darkOf(s *flip.State) map[cards.Card]cards.Card {
	m := make(map[cards.Card]cards.Card)
	for p := range s.Game().Size() {
		l, d := s.Faces(p)
		m[l] = d
	}
	return m
}
