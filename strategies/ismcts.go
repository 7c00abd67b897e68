package strategies

import (
	"math"
	"slices"

	"github.com/cardsim/cardsim/games"
)

// ISMCTS is single-observer information-set Monte Carlo tree search
// (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
// Search", IEEE TCIAIG 2012). Every iteration samples the hidden cards
// (see games.Sampler) and descends one tree of action sequences, shared by
// all samples, among the actions legal in the sample: an action not yet in
// the tree is added, else the child of the greatest UCB score
//
//	mean/2 + Explore·√(ln(availability) / visits)
//
// is followed, where a child's availability counts the visits of its parent
// in which it was legal. The rollout bot then plays to the end and every
// node on the path adds the value (see the package's search notes) of the
// seat that chose its action. After Budget iterations the most visited
// action at the root is chosen (ties: the better mean, then the first).
type ISMCTS struct {
	s       *searcher
	budget  int
	explore float64
	nodes   []node
	path    []int32
	seen    []bool // per legal action at the current node, whether a child exists
}

// node is one action sequence of the tree.
type node struct {
	child, sibling int32 // first child and next sibling, or -1
	action         games.Action
	seat           int32 // the seat that chose action
	visits, avail  int32
	total          float64
}

// NewISMCTS returns an ISMCTS strategy for g with budget iterations per
// decision, exploration constant explore and rollouts played by the named
// strategy looked up in r (nil: only "random").
func NewISMCTS(r *Registry, g games.Game, budget int, explore float64, rollout string) (*ISMCTS, error) {
	if budget < 1 || explore < 0 {
		panic("strategies: NewISMCTS with a budget below 1 or a negative exploration")
	}
	s, err := newSearcher("ismcts", r, g, rollout)
	if err != nil {
		return nil, err
	}
	return &ISMCTS{s: s, budget: budget, explore: explore}, nil
}

// Begin reseeds the strategy's stream.
func (m *ISMCTS) Begin(seed uint64) { m.s.begin(seed) }

func (m *ISMCTS) add(parent int32, a games.Action, seat int) int32 {
	m.nodes = append(m.nodes, node{child: -1, sibling: m.nodes[parent].child, action: a, seat: int32(seat)})
	id := int32(len(m.nodes) - 1)
	m.nodes[parent].child = id
	return id
}

// Choose returns the root action visited most in Budget iterations; a lone
// legal action is returned without search.
func (m *ISMCTS) Choose(v games.View, legal []games.Action) games.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	s := m.s
	m.nodes = append(m.nodes[:0], node{child: -1, sibling: -1})
	for range m.budget {
		s.sample(v, s.rng.Uint64())
		st := s.state
		n := int32(0)
		m.path = append(m.path[:0], 0)
		for {
			seat := st.Turn()
			if seat == games.Terminal {
				break
			}
			s.legal = st.Legal(s.legal)
			// Mark the children legal here and count their availability.
			if cap(m.seen) < len(s.legal) {
				m.seen = make([]bool, len(s.legal))
			}
			m.seen = m.seen[:len(s.legal)]
			clear(m.seen)
			untried := len(s.legal)
			for c := m.nodes[n].child; c >= 0; c = m.nodes[c].sibling {
				if i, ok := slices.BinarySearch(s.legal, m.nodes[c].action); ok {
					m.seen[i] = true
					m.nodes[c].avail++
					untried--
				}
			}
			if untried > 0 {
				k := s.rng.IntN(untried)
				for i, ok := range m.seen {
					if ok {
						continue
					}
					if k == 0 {
						a := s.legal[i]
						n = m.add(n, a, seat)
						m.path = append(m.path, n)
						st.Apply(a)
						break
					}
					k--
				}
				break
			}
			best, bestScore := int32(-1), math.Inf(-1)
			for c := m.nodes[n].child; c >= 0; c = m.nodes[c].sibling {
				nd := &m.nodes[c]
				if _, ok := slices.BinarySearch(s.legal, nd.action); !ok {
					continue
				}
				score := nd.total/float64(nd.visits)/2 + m.explore*math.Sqrt(math.Log(float64(nd.avail))/float64(nd.visits))
				if score > bestScore || score == bestScore && nd.action < m.nodes[best].action {
					best, bestScore = c, score
				}
			}
			n = best
			m.path = append(m.path, n)
			st.Apply(m.nodes[n].action)
		}
		s.rollout(s.rng.Uint64())
		for _, id := range m.path {
			nd := &m.nodes[id]
			nd.visits++
			if id != 0 {
				nd.total += s.values[nd.seat]
			}
		}
	}
	best := int32(-1)
	for c := m.nodes[0].child; c >= 0; c = m.nodes[c].sibling {
		if best < 0 {
			best = c
			continue
		}
		nd, b := &m.nodes[c], &m.nodes[best]
		switch {
		case nd.visits > b.visits,
			nd.visits == b.visits && nd.total > b.total,
			nd.visits == b.visits && nd.total == b.total && nd.action < b.action:
			best = c
		}
	}
	return m.nodes[best].action
}

// ISMCTSDefinition returns the registry entry of ismcts; its rollout
// parameter names a strategy of r (nil: only random).
func ISMCTSDefinition(r *Registry) Definition {
	opts := func(p *searchParams, explore *float64, g games.Game) *games.Options {
		o := searchOptions(p, r, g, 200, 10_000_000, "iterations (sampled deals descending the tree) per decision")
		o.Float(explore, "explore", 0.7, 0, 100, "UCB exploration constant (values scaled to [0, 1])")
		return o
	}
	return Definition{
		Name:    "ismcts",
		Summary: "information-set Monte Carlo tree search with UCB over sampled deals (games whose views sample)",
		Search:  true,
		Params:  func(g games.Game) []games.Setting { return opts(new(searchParams), new(float64), g).Settings() },
		Plays:   func(g games.Game) error { return searchable("ismcts", g) },
		New: func(g games.Game, params []string) (Strategy, error) {
			var p searchParams
			var explore float64
			if err := opts(&p, &explore, g).Apply(params); err != nil {
				return nil, err
			}
			return NewISMCTS(r, g, p.budget, explore, p.rollout)
		},
	}
}
