package gamestest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Config tunes Conformance.
type Config struct {
	Games    int // random games to play; 200 if zero
	MaxSteps int // actions after which a game counts as endless; 100000 if zero
}

// Conformance plays random games of g and reports every broken invariant.
func Conformance(t *testing.T, g games.Game, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 200
	}
	if cfg.MaxSteps == 0 {
		cfg.MaxSteps = 100000
	}
	for i := range cfg.Games {
		seed := games.Mix(uint64(i), 0xc0ffee)
		first, err := play(g, seed, cfg.MaxSteps, true)
		if err != nil {
			t.Fatalf("game seed %d: %v", seed, err)
		}
		again, _ := play(g, seed, cfg.MaxSteps, false)
		if first != again {
			t.Fatalf("game seed %d: same seed and same choices gave different transcripts:\n%s\n---\n%s", seed, first, again)
		}
	}
}

// play plays one random game from seed, checking invariants after every
// action when check is set, and returns its transcript.
func play(g games.Game, seed uint64, maxSteps int, check bool) (string, error) {
	s := g.NewState()
	s.Record(true)
	s.Reset(seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	initial := slices.Clone(s.Cards(nil))
	lo, hi := g.ScoreBounds()
	var legal []games.Action
	var b strings.Builder
	var cardBuf []cards.Card
	cloneAt, cloneSeed := rng.IntN(40), rng.Uint64()
	for step := 0; ; step++ {
		if step > maxSteps {
			return "", fmt.Errorf("no end after %d actions", maxSteps)
		}
		seat := s.Turn()
		if seat == games.Terminal {
			break
		}
		if seat < 0 || seat >= g.Seats() {
			return "", fmt.Errorf("step %d: Turn() = %d with %d seats", step, seat, g.Seats())
		}
		legal = s.Legal(legal)
		if check {
			if len(legal) == 0 {
				return "", fmt.Errorf("step %d: no legal action before the end", step)
			}
			for j := 1; j < len(legal); j++ {
				if legal[j] <= legal[j-1] {
					return "", fmt.Errorf("step %d: legal actions not strictly ascending: %v", step, legal)
				}
			}
			if err := checkDeterminize(s, seat, legal, seed+uint64(step)); err != nil {
				return "", fmt.Errorf("step %d: %w", step, err)
			}
			if step%32 == cloneAt%32 {
				if err := checkSample(s, seat, legal, seed+uint64(step)); err != nil {
					return "", fmt.Errorf("step %d: %w", step, err)
				}
			}
			if step == cloneAt {
				if err := checkClone(s, cloneSeed); err != nil {
					return "", fmt.Errorf("step %d: %w", step, err)
				}
			}
		}
		a := legal[rng.IntN(len(legal))]
		fmt.Fprintf(&b, "%d:%s ", seat, s.ActionString(a))
		s.Apply(a)
		if check {
			cardBuf = s.Cards(cardBuf)
			if ok, diff := cards.SameCards(initial, cardBuf); !ok {
				return "", fmt.Errorf("step %d: cards not conserved after %s: %s", step, s.ActionString(a), diff)
			}
		}
	}
	metrics := s.Metrics(nil)
	if err := checkMetrics(g, metrics); check && err != nil {
		return "", err
	}
	for seat := range g.Seats() {
		o := s.Outcome(seat)
		if check && (o.Score < lo || o.Score > hi) {
			return "", fmt.Errorf("seat %d score %d outside [%d, %d]", seat, o.Score, lo, hi)
		}
		fmt.Fprintf(&b, "\nseat %d: %d %v", seat, o.Score, o.Result)
	}
	events := s.Events()
	if check && len(events) == 0 {
		return "", fmt.Errorf("recording on, but no events logged")
	}
	for _, e := range events {
		b.WriteString("\n" + e.String())
	}
	fmt.Fprintf(&b, "\nmetrics %v", metrics)
	return b.String(), nil
}

// checkDeterminize re-samples the hidden cards of a clone and checks that the
// seat's view and legal actions do not change and no card is created or lost.
func checkDeterminize(s games.State, seat int, legal []games.Action, seed uint64) error {
	before := fmt.Sprintf("%+v", s.View(seat))
	c := s.Clone()
	c.Determinize(seat, seed)
	if after := fmt.Sprintf("%+v", c.View(seat)); after != before {
		return fmt.Errorf("Determinize changed seat %d's view:\n%s\n->\n%s", seat, before, after)
	}
	if l := c.Legal(nil); !slices.Equal(l, legal) {
		return fmt.Errorf("Determinize changed the legal actions %v -> %v", legal, l)
	}
	if ok, diff := cards.SameCards(s.Cards(nil), c.Cards(nil)); !ok {
		return fmt.Errorf("Determinize did not conserve cards: %s", diff)
	}
	return nil
}

// checkClone plays a clone to the end and checks that the original is
// unchanged: its legal actions and view are as before.
func checkClone(s games.State, seed uint64) error {
	seat := s.Turn()
	legal := s.Legal(nil)
	view := fmt.Sprintf("%+v", s.View(seat))
	c := s.Clone()
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf []games.Action
	for c.Turn() != games.Terminal {
		buf = c.Legal(buf)
		c.Apply(buf[rng.IntN(len(buf))])
	}
	if l := s.Legal(nil); !slices.Equal(l, legal) {
		return fmt.Errorf("playing a clone changed the original's legal actions %v -> %v", legal, l)
	}
	if v := fmt.Sprintf("%+v", s.View(seat)); v != view {
		return fmt.Errorf("playing a clone changed the original's view:\n%s\n->\n%s", view, v)
	}
	return nil
}

// checkSample checks, for views that implement games.Sampler, that a sample
// shows the seat the same view, legal actions and cards as the state, leaves
// the state alone, and does not depend on the hidden cards: a sample drawn
// after Determinize has re-dealt them, from the same seed, is the same game
// (the same cards in the same places, and the same end under the same
// actions).
func checkSample(s games.State, seat int, legal []games.Action, seed uint64) error {
	sm, ok := s.View(seat).(games.Sampler)
	if !ok {
		return nil
	}
	view := fmt.Sprintf("%+v", s.View(seat))
	cs := slices.Clone(s.Cards(nil))
	a := sm.SampleState(nil, seed)
	if v := fmt.Sprintf("%+v", s.View(seat)); v != view {
		return fmt.Errorf("SampleState changed the state's view:\n%s\n->\n%s", view, v)
	}
	if !slices.Equal(s.Cards(nil), cs) {
		return fmt.Errorf("SampleState changed the state's cards")
	}
	if v := fmt.Sprintf("%+v", a.View(seat)); v != view {
		return fmt.Errorf("SampleState's sample shows seat %d another view:\n%s\n->\n%s", seat, view, v)
	}
	if l := a.Legal(nil); !slices.Equal(l, legal) {
		return fmt.Errorf("SampleState changed the legal actions %v -> %v", legal, l)
	}
	if ok, diff := cards.SameCards(cs, a.Cards(nil)); !ok {
		return fmt.Errorf("SampleState did not conserve cards: %s", diff)
	}
	p := s.Clone()
	p.Determinize(seat, seed^0x9015)
	b := p.View(seat).(games.Sampler).SampleState(nil, seed)
	if !slices.Equal(a.Cards(nil), b.Cards(nil)) {
		return fmt.Errorf("SampleState depends on the hidden cards: two samples from seed %d of states differing only in what seat %d cannot see differ", seed, seat)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	var buf, bufB []games.Action
	for a.Turn() != games.Terminal {
		buf, bufB = a.Legal(buf), b.Legal(bufB)
		if b.Turn() != a.Turn() || !slices.Equal(buf, bufB) {
			return fmt.Errorf("SampleState depends on the hidden cards: two samples from seed %d diverge in play", seed)
		}
		x := buf[rng.IntN(len(buf))]
		a.Apply(x)
		b.Apply(x)
	}
	if b.Turn() != games.Terminal || a.Outcome(seat) != b.Outcome(seat) || !slices.Equal(a.Cards(nil), b.Cards(nil)) {
		return fmt.Errorf("SampleState depends on the hidden cards: two samples from seed %d end differently", seed)
	}
	return nil
}
