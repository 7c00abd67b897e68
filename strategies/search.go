package strategies

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardsim/cardsim/games"
)

// Value returns what the generic search strategies (FlatMC, PIMC, ISMCTS)
// maximise for a seat whose game ended with o, in a game whose scores lie
// in [lo, hi] (Game.ScoreBounds, lo < hi): the score normalised to [0, 1],
// plus 1 for a win. A value lies in [0, 2], and a win is worth more than any
// difference of score. The strategies search from states drawn by
// games.Sampler, which a game's views implement to hand out copies of the
// viewed state with the hidden cards re-drawn.
func Value(o games.Outcome, lo, hi int) float64 {
	v := float64(o.Score-lo) / float64(hi-lo)
	if o.Result == games.Win {
		v++
	}
	return v
}

// searchNames lists the generic search strategies, which a rollout may not
// name (a search inside every step of another's rollouts would never end).
var searchNames = []string{"flatmc", "pimc", "ismcts"}

// searchParams are the parameters every search strategy takes.
type searchParams struct {
	budget  int
	rollout string
}

// searchOptions binds the common parameters, with the budget's default and
// meaning, and returns the options for the strategy to add its own. The
// rollout may name any strategy r knows that can play g (of any game when
// g is nil) other than the search strategies; with a nil r, only random.
func searchOptions(p *searchParams, r *Registry, g games.Game, budget, maxBudget int, budgetUsage string) *games.Options {
	o := games.NewOptions("parameter")
	o.Int(&p.budget, "budget", budget, 1, maxBudget, budgetUsage)
	choices := []string{"random"}
	if r != nil {
		defs := r.defs
		if g != nil {
			defs = r.For(g)
		}
		for _, d := range defs {
			if !slices.Contains(searchNames, d.Name) && !slices.Contains(choices, d.Name) {
				choices = append(choices, d.Name)
			}
		}
	}
	o.Enum(&p.rollout, "rollout", "random", choices, "strategy that plays the rollouts, for every seat")
	return o
}

// searcher is the state a search strategy keeps between decisions: the game,
// a scratch state to sample into, one rollout bot per seat and the bot's own
// random stream. Once warm it allocates nothing per decision when the game's
// states and the rollout bots do not.
type searcher struct {
	name     string
	seats    int
	lo, hi   int
	state    games.State // the scratch state searches run on
	rollouts []Strategy  // one per seat
	random   []*Random   // per seat, the rollout bot if it is Random, else nil
	src      *rand.PCG
	rng      *rand.Rand
	legal    []games.Action // the scratch state's legal actions
	values   []float64      // per seat, of the last rollout
}

// newSearcher checks that g can be searched (it offers Sample, its views
// implementing games.Sampler, and its scores are not all equal) and makes
// the rollout bots, looking the rollout strategy up in r (nil: only
// random).
func newSearcher(name string, r *Registry, g games.Game, rollout string) (*searcher, error) {
	if err := searchable(name, g); err != nil {
		return nil, err
	}
	lo, hi := g.ScoreBounds()
	st := g.NewState()
	st.Reset(0)
	s := &searcher{
		name: name, seats: g.Seats(), lo: lo, hi: hi,
		state: st, legal: make([]games.Action, 0, 64), values: make([]float64, g.Seats()),
	}
	s.src = rand.NewPCG(0, 0)
	s.rng = rand.New(s.src)
	for range s.seats {
		var bot Strategy
		switch {
		case rollout == "random":
			bot = NewRandom()
		case r == nil:
			return nil, fmt.Errorf("parameter rollout=%s: only random is known here", rollout)
		default:
			d, err := r.Lookup(g, rollout)
			if err != nil {
				return nil, fmt.Errorf("parameter rollout: %w", err)
			}
			if bot, err = d.New(g, nil); err != nil {
				return nil, fmt.Errorf("parameter rollout=%s: %w", rollout, err)
			}
		}
		s.rollouts = append(s.rollouts, bot)
		r, _ := bot.(*Random)
		s.random = append(s.random, r)
	}
	return s, nil
}

// searchable says why the search strategy name cannot play g, nil when it
// can: g offers Sample (its views implement games.Sampler) and its scores
// are not all equal.
func searchable(name string, g games.Game) error {
	if !g.Capabilities().Sample {
		return fmt.Errorf("%s searches from states sampled from a view, and %s's views do not implement games.Sampler", name, g.Name())
	}
	if lo, hi := g.ScoreBounds(); hi <= lo {
		return fmt.Errorf("%s needs a game whose score bounds differ (%s: %d to %d)", name, g.Name(), lo, hi)
	}
	return nil
}

// begin reseeds the searcher's stream.
func (s *searcher) begin(seed uint64) { s.src.Seed(seed, games.Mix(seed, 0x5ea7c4)) }

// sample makes the scratch state a sample of v's state drawn from seed.
func (s *searcher) sample(v games.View, seed uint64) {
	sm, ok := v.(games.Sampler)
	if !ok {
		panic(fmt.Sprintf("strategies: %s given a view (%T) that does not implement games.Sampler", s.name, v))
	}
	s.state = sm.SampleState(s.state, seed)
}

// value returns seat's value at the end of the game on the scratch state.
func (s *searcher) value(seat int) float64 {
	return Value(s.state.Outcome(seat), s.lo, s.hi)
}

// rollout plays the scratch state to the end with the rollout bots, begun
// from seed, and fills s.values with every seat's value.
func (s *searcher) rollout(seed uint64) {
	st := s.state
	for i, b := range s.rollouts {
		b.Begin(games.Mix(seed, uint64(i)))
	}
	for {
		seat := st.Turn()
		if seat == games.Terminal {
			break
		}
		s.legal = st.Legal(s.legal)
		a := s.legal[0]
		switch {
		case len(s.legal) == 1:
		case s.random[seat] != nil:
			a = s.random[seat].Choose(nil, s.legal) // it reads no view: spare making one
		default:
			a = s.rollouts[seat].Choose(st.View(seat), s.legal)
		}
		st.Apply(a)
	}
	for seat := range s.values {
		s.values[seat] = s.value(seat)
	}
}

// argmax returns the index of the greatest of xs, the first on ties.
func argmax(xs []float64) int {
	best := 0
	for i, x := range xs {
		if x > xs[best] {
			best = i
		}
	}
	return best
}

// grow returns xs resized to n and zeroed, reusing its storage.
func grow(xs []float64, n int) []float64 {
	if cap(xs) < n {
		xs = make([]float64, n)
	}
	xs = xs[:n]
	clear(xs)
	return xs
}
