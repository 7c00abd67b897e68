package gamestest

import (
	"errors"
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

// Conformance plays random games of g and reports every broken invariant:
// those the soak checks after every action (see Soak), and before every
// action that re-dealing the hidden cards changes nothing the seat sees,
// every 32 actions that a sampled state shows the same and hides the rest,
// and once a game that playing a clone leaves the original alone. Every
// game is played twice: the same seed and the same choices must give the
// same transcript. First of all, the game's Capabilities must state what
// its states and views implement (checkCapabilities).
func Conformance(t *testing.T, g games.Game, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 200
	}
	if cfg.MaxSteps == 0 {
		cfg.MaxSteps = 100000
	}
	if err := checkCapabilities(g); err != nil {
		t.Fatal(err)
	}
	c := newChecker(g, cfg.MaxSteps)
	c.s.Record(true)
	for i := range cfg.Games {
		seed := games.Mix(uint64(i), 0xc0ffee)
		rng := rand.New(rand.NewPCG(seed, 8))
		cloneAt := rng.IntN(40)
		deep := func(step int) deepChecks {
			return deepChecks{determinize: true, sample: step%32 == cloneAt%32, clone: step == cloneAt}
		}
		var first, again strings.Builder
		if err := c.play(seed, randomChoices(seed, 7), deep, &first); err != nil {
			t.Fatalf("game %v", err)
		}
		if len(c.s.Events()) == 0 {
			t.Fatalf("game seed %d: recording on, but no events logged", seed)
		}
		if err := c.play(seed, randomChoices(seed, 7), nil, &again); err != nil {
			t.Fatalf("game %v (played again)", err)
		}
		if first.String() != again.String() {
			t.Fatalf("game seed %d: same seed and same choices gave different transcripts:\n%s\n---\n%s", seed, first.String(), again.String())
		}
	}
}

// checkCapabilities reports a capability g states whose interface its
// states or views do not implement, and an interface they implement that g
// does not state, but Revealer, which a game may offer only when built for
// clairvoyant strategies. A view that reveals must reveal the state it was
// taken from.
func checkCapabilities(g games.Game) error {
	caps := g.Capabilities()
	if err := caps.CannotDeal; err != nil {
		return fmt.Errorf("the game cannot be dealt: %w", err)
	}
	s := g.NewState()
	s.Reset(1)
	v := s.View(max(s.Turn(), 0))
	for _, c := range []struct {
		name         string
		stated, has  bool
		mayImplement bool // the interface may be there without the capability
	}{
		{"DealFeatures (FeaturedState)", caps.DealFeatures != nil, implements[games.FeaturedState](s), false},
		{"Rounds (RoundFeaturedState)", caps.Rounds, implements[games.RoundFeaturedState](s), false},
		{"FirstSeat (Starter)", caps.FirstSeat, implements[games.Starter](s), false},
		{"ScoreSoFar (Scorer)", caps.ScoreSoFar, implements[games.Scorer](s), false},
		{"Dealt (Dealer)", caps.Dealt, implements[games.Dealer](s), false},
		{"Sample (Sampler)", caps.Sample, implements[games.Sampler](v), false},
		{"Reveal (Revealer)", caps.Reveal, implements[games.Revealer](v), true},
	} {
		switch {
		case c.stated && !c.has:
			return fmt.Errorf("Capabilities states %s, which the game's states or views do not implement", c.name)
		case c.has && !c.stated && !c.mayImplement:
			return fmt.Errorf("the game's states or views implement %s, which Capabilities does not state", c.name)
		}
	}
	if caps.Rounds && caps.DealFeatures == nil {
		return errors.New("Capabilities states Rounds without DealFeatures to describe each round's deal")
	}
	if n := len(caps.SeatNames); n > 0 && n != g.Seats() {
		return fmt.Errorf("Capabilities names %d seats of a game of %d", n, g.Seats())
	}
	if caps.Reveal {
		if r := v.(games.Revealer).Reveal(); !slices.Equal(r.Cards(nil), s.Cards(nil)) {
			return errors.New("Reveal returns another state than the one viewed")
		}
	}
	return nil
}

// implements reports whether x implements the interface I.
func implements[I any](x any) bool {
	_, ok := x.(I)
	return ok
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
