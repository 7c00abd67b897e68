package gamestest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// checker plays games of one game and checks every invariant after every
// action: the seat to act is a seat of the game, the legal actions are
// sorted and not empty, no card is created or lost, every metric is a
// count within its bound (games.Metric.Max) and every score so far within
// the game's bounds (games.Scorer); at the deal, every deal feature within
// its bound; at the end, every score, metric and round's feature. At the
// steps deep picks it also runs the checks of hidden cards and clones. It
// keeps its state and buffers from game to game.
type checker struct {
	g        games.Game
	s        games.State
	legal    []games.Action
	initial  []cards.Card
	buf      []cards.Card
	values   []int64
	metrics  []games.Metric
	features []games.Metric // nil for a game without deal features
	lo, hi   int
	maxSteps int
}

// deepChecks says which of the checks of hidden cards and clones to run
// before a step's action.
type deepChecks struct {
	determinize bool // checkDeterminize: re-dealt hidden cards change nothing seen
	sample      bool // checkSample: a sampled state shows the same and hides the rest
	clone       bool // checkClone: playing a clone leaves the original alone
}

func newChecker(g games.Game, maxSteps int) *checker {
	c := &checker{g: g, s: g.NewState(), maxSteps: maxSteps, metrics: g.Metrics()}
	c.features = g.Capabilities().DealFeatures
	c.lo, c.hi = g.ScoreBounds()
	return c
}

// play deals the game from seed and plays it to the end, choose picking the
// index of each action among the n legal ones. deep, if not nil, says which
// deep checks to run before each step; log, if not nil, receives the
// game's transcript.
func (c *checker) play(seed uint64, choose func(step, n int) int, deep func(step int) deepChecks, log *strings.Builder) error {
	err := c.playChecked(seed, choose, deep, log)
	if err != nil {
		return fmt.Errorf("seed %d: %w", seed, err)
	}
	return nil
}

func (c *checker) playChecked(seed uint64, choose func(step, n int) int, deep func(step int) deepChecks, log *strings.Builder) error {
	s, g := c.s, c.g
	s.Reset(seed)
	c.initial = slices.Clone(s.Cards(c.initial[:0]))
	if fs, ok := s.(games.FeaturedState); ok && c.features != nil {
		for seat := range g.Seats() {
			c.values = fs.SeatFeatures(seat, c.values[:0])
			if err := checkCounts("deal feature", c.features, c.values); err != nil {
				return fmt.Errorf("seat %d: %w", seat, err)
			}
		}
	}
	scorer, _ := s.(games.Scorer)
	for step := 0; ; step++ {
		seat := s.Turn()
		if seat == games.Terminal {
			break
		}
		if step >= c.maxSteps {
			return fmt.Errorf("no end after %d actions", c.maxSteps)
		}
		if seat < 0 || seat >= g.Seats() {
			return fmt.Errorf("step %d: Turn() = %d with %d seats", step, seat, g.Seats())
		}
		c.legal = s.Legal(c.legal)
		if err := checkLegal(c.legal); err != nil {
			return fmt.Errorf("step %d: %w", step, err)
		}
		if deep != nil {
			if err := c.deep(deep(step), seat, seed+uint64(step)); err != nil {
				return fmt.Errorf("step %d: %w", step, err)
			}
		}
		a := c.legal[choose(step, len(c.legal))]
		if log != nil {
			fmt.Fprintf(log, "%d:%s ", seat, s.ActionString(a))
		}
		s.Apply(a)
		c.buf = s.Cards(c.buf)
		if ok, diff := cards.SameCards(c.initial, c.buf); !ok {
			return fmt.Errorf("step %d: cards not conserved: %s", step, diff)
		}
		c.values = s.Metrics(c.values[:0])
		if err := checkCounts("metric", c.metrics, c.values); err != nil {
			return fmt.Errorf("step %d: %w", step, err)
		}
		if scorer != nil {
			for k := range g.Seats() {
				if v := scorer.ScoreSoFar(k); v < c.lo || v > c.hi {
					return fmt.Errorf("step %d: seat %d's score so far %d outside [%d, %d]", step, k, v, c.lo, c.hi)
				}
			}
		}
	}
	return c.checkEnd(scorer, log)
}

// deep runs the deep checks d before the action of the seat to act.
func (c *checker) deep(d deepChecks, seat int, seed uint64) error {
	if d.determinize {
		if err := checkDeterminize(c.s, seat, c.legal, seed); err != nil {
			return err
		}
	}
	if d.sample {
		if err := checkSample(c.s, seat, c.legal, seed); err != nil {
			return err
		}
	}
	if d.clone {
		return checkClone(c.s, seed^0xc10e)
	}
	return nil
}

// checkEnd checks the finished game: every seat's score, the metrics, and
// every round's outcome and deal features.
func (c *checker) checkEnd(scorer games.Scorer, log *strings.Builder) error {
	s, g := c.s, c.g
	if err := checkResults(g.Seats(), s.Outcome); err != nil {
		return err
	}
	for seat := range g.Seats() {
		o := s.Outcome(seat)
		if o.Score < c.lo || o.Score > c.hi {
			return fmt.Errorf("seat %d scored %d outside [%d, %d]", seat, o.Score, c.lo, c.hi)
		}
		if scorer != nil && scorer.ScoreSoFar(seat) != o.Score {
			return fmt.Errorf("seat %d scored %d, but its score so far at the end is %d", seat, o.Score, scorer.ScoreSoFar(seat))
		}
		if log != nil {
			fmt.Fprintf(log, "\nseat %d: %d %v", seat, o.Score, o.Result)
		}
	}
	c.values = s.Metrics(c.values[:0])
	if err := checkCounts("metric", c.metrics, c.values); err != nil {
		return err
	}
	for _, b := range g.Capabilities().Balances {
		if !b.Holds(c.metrics, c.values) {
			return fmt.Errorf("metrics %v do not keep the balance %v + %d = %v", c.values, b.In, b.Start, b.Out)
		}
	}
	if log != nil {
		for _, e := range s.Events() {
			log.WriteString("\n" + e.String())
		}
		fmt.Fprintf(log, "\nmetrics %v", c.values)
	}
	rs, ok := s.(games.RoundFeaturedState)
	if !ok || c.features == nil {
		return nil
	}
	for r := range rs.Rounds() {
		if err := checkResults(g.Seats(), func(seat int) games.Outcome { return rs.RoundOutcome(r, seat) }); err != nil {
			return fmt.Errorf("round %d: %w", r, err)
		}
		for seat := range g.Seats() {
			if o := rs.RoundOutcome(r, seat); o.Score < c.lo || o.Score > c.hi {
				return fmt.Errorf("round %d: seat %d scored %d outside [%d, %d]", r, seat, o.Score, c.lo, c.hi)
			}
			c.values = rs.RoundFeatures(r, seat, c.values[:0])
			if err := checkCounts("deal feature", c.features, c.values); err != nil {
				return fmt.Errorf("round %d, seat %d: %w", r, seat, err)
			}
		}
	}
	return nil
}

// checkResults checks the results of the seats of one game (or round), as
// games.Result states them: at most one winner, no draw beside a winner,
// and no seat drawing alone.
func checkResults(seats int, outcome func(seat int) games.Outcome) error {
	wins, draws := 0, 0
	for seat := range seats {
		switch outcome(seat).Result {
		case games.Win:
			wins++
		case games.Draw:
			draws++
		}
	}
	if wins > 1 || wins == 1 && draws > 0 || draws == 1 {
		return fmt.Errorf("%d seats won and %d drew: want at most one winner, and a draw shared by two seats or more with no winner", wins, draws)
	}
	return nil
}

// checkCounts checks the values of the counts ms (metrics, or deal
// features): one value per count, none negative, none beyond its bound.
func checkCounts(what string, ms []games.Metric, values []int64) error {
	if len(values) != len(ms) {
		return fmt.Errorf("%d values for %d %ss", len(values), len(ms), what)
	}
	for i, m := range ms {
		v := values[i]
		if most, ok := m.Bound(); v < 0 || ok && v > most {
			return fmt.Errorf("%s %s is %d: want a count from 0 to %s", what, m.Name, v, boundText(m))
		}
	}
	return nil
}

// boundText returns the most a count can be, as text.
func boundText(m games.Metric) string {
	if most, ok := m.Bound(); ok {
		return fmt.Sprint(most)
	}
	return "any"
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

// randomChoices returns a chooser that picks every action at random from
// a stream of seed's own.
func randomChoices(seed uint64, stream uint64) func(step, n int) int {
	rng := rand.New(rand.NewPCG(seed, stream))
	return func(_, n int) int { return rng.IntN(n) }
}
