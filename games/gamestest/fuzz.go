package gamestest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Fuzz registers a fuzz target that plays one game of g per input: the deal
// comes from the input seed, and the choices from the input bytes (each
// byte picks among the legal actions, cycling when they run out). After
// every action it checks that the legal actions were sorted and non-empty,
// that no card was created or lost, and that the game ends within maxSteps
// actions; at the end, that every score lies within the game's bounds.
// Add it to a game's tests as
//
//	func FuzzPlay(f *testing.F) { gamestest.Fuzz(f, game, bound) }
func Fuzz(f *testing.F, g games.Game, maxSteps int) {
	for i := range 8 {
		f.Add(uint64(i), []byte{byte(i), byte(3 * i), 7})
	}
	s := g.NewState()
	var legal []games.Action
	var buf []cards.Card
	lo, hi := g.ScoreBounds()
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		s.Reset(seed)
		initial := slices.Clone(s.Cards(nil))
		for step := 0; s.Turn() != games.Terminal; step++ {
			if step >= maxSteps {
				t.Fatalf("seed %d: no end after %d actions", seed, maxSteps)
			}
			legal = s.Legal(legal)
			if err := checkLegal(legal); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			c := 0
			if len(choices) > 0 {
				c = int(choices[step%len(choices)]) + step/len(choices)
			}
			s.Apply(legal[c%len(legal)])
			buf = s.Cards(buf)
			if ok, diff := cards.SameCards(initial, buf); !ok {
				t.Fatalf("seed %d step %d: cards not conserved: %s", seed, step, diff)
			}
		}
		for seat := range g.Seats() {
			if o := s.Outcome(seat); o.Score < lo || o.Score > hi {
				t.Fatalf("seed %d: seat %d scored %d outside [%d, %d]", seed, seat, o.Score, lo, hi)
			}
		}
	})
}

func checkLegal(legal []games.Action) error {
	if len(legal) == 0 {
		return fmt.Errorf("no legal action before the end")
	}
	for j := 1; j < len(legal); j++ {
		if legal[j] <= legal[j-1] {
			return fmt.Errorf("legal actions not strictly ascending: %v", legal)
		}
	}
	return nil
}
