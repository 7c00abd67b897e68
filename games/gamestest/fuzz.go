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
	c := newChecker(g, maxSteps)
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		err := c.play(seed, func(step, n int) int {
			if len(choices) == 0 {
				return 0
			}
			return (int(choices[step%len(choices)]) + step/len(choices)) % n
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// checker plays games of one game and checks every invariant after every
// action. It keeps its state and buffers from game to game.
type checker struct {
	g        games.Game
	s        games.State
	legal    []games.Action
	initial  []cards.Card
	buf      []cards.Card
	metrics  []int64
	lo, hi   int
	maxSteps int
}

func newChecker(g games.Game, maxSteps int) *checker {
	c := &checker{g: g, s: g.NewState(), maxSteps: maxSteps}
	c.lo, c.hi = g.ScoreBounds()
	return c
}

// play deals the game from seed and plays it to the end, choose picking the
// index of each action among the n legal ones.
func (c *checker) play(seed uint64, choose func(step, n int) int) error {
	s := c.s
	s.Reset(seed)
	c.initial = slices.Clone(s.Cards(c.initial[:0]))
	for step := 0; s.Turn() != games.Terminal; step++ {
		if step >= c.maxSteps {
			return fmt.Errorf("seed %d: no end after %d actions", seed, c.maxSteps)
		}
		c.legal = s.Legal(c.legal)
		if err := checkLegal(c.legal); err != nil {
			return fmt.Errorf("seed %d step %d: %w", seed, step, err)
		}
		s.Apply(c.legal[choose(step, len(c.legal))])
		c.buf = s.Cards(c.buf)
		if ok, diff := cards.SameCards(c.initial, c.buf); !ok {
			return fmt.Errorf("seed %d step %d: cards not conserved: %s", seed, step, diff)
		}
	}
	for seat := range c.g.Seats() {
		if o := s.Outcome(seat); o.Score < c.lo || o.Score > c.hi {
			return fmt.Errorf("seed %d: seat %d scored %d outside [%d, %d]", seed, seat, o.Score, c.lo, c.hi)
		}
	}
	c.metrics = s.Metrics(c.metrics[:0])
	if err := checkMetrics(c.g, c.metrics); err != nil {
		return fmt.Errorf("seed %d: %w", seed, err)
	}
	return nil
}

// checkMetrics checks a finished game's metrics: one value per metric of
// the game, no count negative, and every 0-or-1 metric 0 or 1.
func checkMetrics(g games.Game, values []int64) error {
	ms := g.Metrics()
	if len(values) != len(ms) {
		return fmt.Errorf("Metrics() gave %d values for %d metrics", len(values), len(ms))
	}
	for i, m := range ms {
		if v := values[i]; v < 0 || m.Role.Binary() && v > 1 {
			return fmt.Errorf("metric %s is %d: a count is never negative, and one of role %d is 0 or 1", m.Name, v, m.Role)
		}
	}
	return nil
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
