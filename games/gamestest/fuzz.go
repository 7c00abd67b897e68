package gamestest

import (
	"testing"

	"github.com/cardsim/cardsim/games"
)

// Fuzz registers a fuzz target that plays one game of g per input: the deal
// comes from the input seed, and the choices from the input bytes (each
// byte picks among the legal actions, cycling when they run out). It checks
// after every action what the soak checks (see Soak), and that the game ends
// within maxSteps actions. Add it to a game's tests as
//
//	func FuzzPlay(f *testing.F) { gamestest.Fuzz(f, game, bound) }
func Fuzz(f *testing.F, g games.Game, maxSteps int) {
	for i := range 8 {
		f.Add(uint64(i), []byte{byte(i), byte(3 * i), 7})
	}
	c := newChecker(g, maxSteps)
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		err := c.play(seed, func(step, n int) int {
			if len(choices) == 0 {
				return 0
			}
			return (int(choices[step%len(choices)]) + step/len(choices)) % n
		}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
	})
}
