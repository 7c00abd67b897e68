package strategies

import "github.com/cardsim/cardsim/games"

// PIMC is perfect-information Monte Carlo: it samples Budget deals
// consistent with the view (see games.Sampler) and, on each, plays every
// legal action out with the rollout bot (Rollouts times, from the same
// streams for every action); the actions of the best value on a deal share
// its vote, and the action with most votes is chosen (ties: the greater
// summed value, then the first). With a deterministic rollout bot such as a
// game's greedy one, each deal is judged as if its cards were known.
type PIMC struct {
	s        *searcher
	budget   int
	rollouts int
	votes    []float64
	sums     []float64
	vals     []float64
}

// NewPIMC returns a PIMC strategy for g with budget sampled deals and
// rollouts rollouts per action and deal, played by the named strategy
// looked up in r (nil: only "random").
func NewPIMC(r *Registry, g games.Game, budget, rollouts int, rollout string) (*PIMC, error) {
	if budget < 1 || rollouts < 1 {
		panic("strategies: NewPIMC with a budget or rollouts below 1")
	}
	s, err := newSearcher("pimc", r, g, rollout)
	if err != nil {
		return nil, err
	}
	return &PIMC{s: s, budget: budget, rollouts: rollouts}, nil
}

// Begin reseeds the strategy's stream.
func (p *PIMC) Begin(seed uint64) { p.s.begin(seed) }

// Choose returns the legal action most sampled deals vote for; a lone legal
// action is returned without search.
func (p *PIMC) Choose(v games.View, legal []games.Action) games.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	s, seat := p.s, v.Seat()
	p.votes = grow(p.votes, len(legal))
	p.sums = grow(p.sums, len(legal))
	for range p.budget {
		dseed := s.rng.Uint64()
		p.vals = grow(p.vals, len(legal))
		for range p.rollouts {
			rseed := s.rng.Uint64()
			for i, a := range legal {
				s.sample(v, dseed)
				s.state.Apply(a)
				s.rollout(rseed)
				p.vals[i] += s.values[seat]
			}
		}
		best := p.vals[argmax(p.vals)]
		ties := 0
		for _, x := range p.vals {
			if x == best {
				ties++
			}
		}
		for i, x := range p.vals {
			p.sums[i] += x
			if x == best {
				p.votes[i] += 1 / float64(ties)
			}
		}
	}
	best := 0
	for i := range legal {
		if p.votes[i] > p.votes[best] || p.votes[i] == p.votes[best] && p.sums[i] > p.sums[best] {
			best = i
		}
	}
	return legal[best]
}

// PIMCDefinition returns the registry entry of pimc; its rollout parameter
// names a strategy of r (nil: only random).
func PIMCDefinition(r *Registry) Definition {
	opts := func(p *searchParams, rollouts *int, g games.Game) *games.Options {
		o := searchOptions(p, r, g, 20, 1_000_000, "sampled deals (determinizations) that vote")
		o.Int(rollouts, "rollouts", 1, 1, 10_000, "rollouts per legal action and deal")
		return o
	}
	return Definition{
		Name:    "pimc",
		Summary: "perfect-information Monte Carlo: sampled deals each vote for their best action (games whose views sample)",
		Search:  true,
		Params:  func(g games.Game) []games.Setting { return opts(new(searchParams), new(int), g).Settings() },
		Plays:   func(g games.Game) error { return searchable("pimc", g) },
		New: func(g games.Game, params []string) (Strategy, error) {
			var p searchParams
			var rollouts int
			if err := opts(&p, &rollouts, g).Apply(params); err != nil {
				return nil, err
			}
			return NewPIMC(r, g, p.budget, rollouts, p.rollout)
		},
	}
}
