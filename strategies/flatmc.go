package strategies

import "github.com/cardsim/cardsim/games"

// FlatMC is flat Monte Carlo search: for every legal action it plays Budget
// continuations, each from a fresh sample of the hidden cards (see
// games.Sampler) with the action applied and then the rollout bot playing
// every seat to the end, and picks the action of the best mean value (see
// the package's search notes: normalised score plus 1 for a win). The j-th
// continuation of every action starts from the same sample and the same
// rollout stream, so the actions are compared on common random numbers.
type FlatMC struct {
	s      *searcher
	budget int
	sums   []float64
}

// NewFlatMC returns a flat Monte Carlo strategy for g with budget
// continuations per legal action, whose rollouts are played by the named
// strategy looked up in r (nil: only "random").
func NewFlatMC(r *Registry, g games.Game, budget int, rollout string) (*FlatMC, error) {
	if budget < 1 {
		panic("strategies: NewFlatMC with a budget below 1")
	}
	s, err := newSearcher("flatmc", r, g, rollout)
	if err != nil {
		return nil, err
	}
	return &FlatMC{s: s, budget: budget}, nil
}

// Begin reseeds the strategy's stream.
func (f *FlatMC) Begin(seed uint64) { f.s.begin(seed) }

// Choose returns the legal action of the best mean value over its
// continuations; a lone legal action is returned without search.
func (f *FlatMC) Choose(v games.View, legal []games.Action) games.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	s, seat := f.s, v.Seat()
	f.sums = grow(f.sums, len(legal))
	for range f.budget {
		dseed, rseed := s.rng.Uint64(), s.rng.Uint64()
		for i, a := range legal {
			s.sample(v, dseed)
			s.state.Apply(a)
			s.rollout(rseed)
			f.sums[i] += s.values[seat]
		}
	}
	return legal[argmax(f.sums)]
}

// FlatMCDefinition returns the registry entry of flatmc; its rollout
// parameter names a strategy of r (nil: only random).
func FlatMCDefinition(r *Registry) Definition {
	opts := func(p *searchParams, g games.Game) *games.Options {
		return searchOptions(p, r, g, 10, 1_000_000, "continuations per legal action")
	}
	return Definition{
		Name:    "flatmc",
		Summary: "flat Monte Carlo: rolls each legal action out from sampled deals, best mean value (games whose views sample)",
		Search:  true,
		Params:  func(g games.Game) []games.Setting { return opts(new(searchParams), g).Settings() },
		Plays:   func(g games.Game) error { return searchable("flatmc", g) },
		New: func(g games.Game, params []string) (Strategy, error) {
			var p searchParams
			if err := opts(&p, g).Apply(params); err != nil {
				return nil, err
			}
			return NewFlatMC(r, g, p.budget, p.rollout)
		},
	}
}
