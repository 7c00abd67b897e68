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
// seat that chose its action. Once the root has Budget visits the most
// visited action at the root is chosen (ties: the better mean, then the
// first); the search stops sooner when the most visited leads the next by
// more visits than are left, which cannot change the choice.
//
// In a game of one player, with reuse on (NewISMCTS), the subtree of the
// action played is kept as the next decision's tree when nothing hidden
// came to light on the way: the iterations that went through that action
// were searches from the next decision already, on samples of the same
// information, so they count towards its Budget and only the rest are
// run. Whether anything came to light is seen without peeking: a sample of
// the view, advanced by the action played, must show exactly the view of
// the next decision (see showSame). In Chris-Cross, where the stock is
// seen only when it refills the tableau, about half the iterations are
// kept.
type ISMCTS struct {
	s       *searcher
	budget  int
	explore float64
	nodes   []node
	path    []int32
	seen    []bool // per legal action at the current node, whether a child exists

	// In a one-player game the tree of the action played is kept for the
	// next decision (see Choose).
	reuse  bool
	spare  []node // the other node buffer: the kept tree is copied into it
	played int32  // the node of the action played last, or -1; the searcher's state is then a sample advanced by it
	kept   int    // decisions that kept the last one's tree, for tests
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
//
// With reuse, in a game of one player, the tree of the action played is
// kept for the next decision (see ISMCTS); in a game of several it never
// is, since the others' actions in between are not seen.
func NewISMCTS(r *Registry, g games.Game, budget int, explore float64, rollout string, reuse bool) (*ISMCTS, error) {
	if budget < 1 || explore < 0 {
		panic("strategies: NewISMCTS with a budget below 1 or a negative exploration")
	}
	s, err := newSearcher("ismcts", r, g, rollout)
	if err != nil {
		return nil, err
	}
	return &ISMCTS{s: s, budget: budget, explore: explore, reuse: reuse && g.Seats() == 1, played: -1}, nil
}

// Begin reseeds the strategy's stream and forgets the last game's tree.
func (m *ISMCTS) Begin(seed uint64) { m.s.begin(seed); m.played = -1 }

func (m *ISMCTS) add(parent int32, a games.Action, seat int) int32 {
	m.nodes = append(m.nodes, node{child: -1, sibling: m.nodes[parent].child, action: a, seat: int32(seat)})
	id := int32(len(m.nodes) - 1)
	m.nodes[parent].child = id
	return id
}

// Choose returns the root action visited most once the root has Budget
// visits (see ISMCTS); a lone legal action is returned without search.
func (m *ISMCTS) Choose(v games.View, legal []games.Action) games.Action {
	if len(legal) == 1 {
		m.played = -1
		return legal[0]
	}
	s := m.s
	if m.played >= 0 && m.keepable(m.played, legal) && showSame(v, s.state.View(v.Seat())) {
		m.keep(m.played)
		m.kept++
	} else {
		m.nodes = append(m.nodes[:0], node{child: -1, sibling: -1})
	}
	m.played = -1
	for int(m.nodes[0].visits) < m.budget {
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
		if m.settled() {
			break
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
	a := m.nodes[best].action
	if m.reuse {
		// What the next decision will see if nothing hidden comes to light.
		s.sample(v, s.rng.Uint64())
		s.state.Apply(a)
		if s.state.Turn() != games.Terminal {
			m.played = best
		}
	}
	return a
}

// settled reports whether the root's most visited child stays the most
// visited whatever the iterations left to Budget do: it leads the next by
// more visits than are left, so the choice is the one the whole budget
// would make, and the search may stop.
func (m *ISMCTS) settled() bool {
	var first, second int32
	for c := m.nodes[0].child; c >= 0; c = m.nodes[c].sibling {
		switch v := m.nodes[c].visits; {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	return int(first-second) > m.budget-int(m.nodes[0].visits)
}

// keepable reports whether node n has children, every one of them an
// action of legal, so that its subtree can serve as the tree of a decision
// among legal.
func (m *ISMCTS) keepable(n int32, legal []games.Action) bool {
	c := m.nodes[n].child
	if c < 0 {
		return false
	}
	for ; c >= 0; c = m.nodes[c].sibling {
		if _, ok := slices.BinarySearch(legal, m.nodes[c].action); !ok {
			return false
		}
	}
	return true
}

// keep makes the subtree of node n the whole tree, with n its root: the
// nodes are copied to the spare buffer, breadth first, and the buffers
// swapped.
func (m *ISMCTS) keep(n int32) {
	t := append(m.spare[:0], m.nodes[n])
	t[0].sibling = -1
	for i := 0; i < len(t); i++ {
		c := t[i].child
		t[i].child = -1
		last := int32(-1) // the copy of the previous child, to link from
		for ; c >= 0; c = m.nodes[c].sibling {
			t = append(t, m.nodes[c])
			id := int32(len(t) - 1)
			t[id].sibling = -1
			if last < 0 {
				t[i].child = id
			} else {
				t[last].sibling = id
			}
			last = id
		}
	}
	m.spare, m.nodes = m.nodes, t
}

// ISMCTSDefinition returns the registry entry of ismcts; its rollout
// parameter names a strategy of r (nil: only random).
func ISMCTSDefinition(r *Registry) Definition {
	type params struct {
		searchParams
		explore float64
		reuse   bool
	}
	opts := func(p *params, g games.Game) *games.Options {
		o := searchOptions(&p.searchParams, r, g, 200, 10_000_000, "visits of the root per decision: iterations (sampled deals descending the tree), those kept from the last decision included")
		o.Float(&p.explore, "explore", 0.7, 0, 100, "UCB exploration constant (values scaled to [0, 1])")
		o.Bool(&p.reuse, "reuse", true, "in a game of one player, keep the tree of the action played for the next decision when nothing hidden came to light (its iterations count towards the next budget)")
		return o
	}
	return Definition{
		Name:    "ismcts",
		Summary: "information-set Monte Carlo tree search with UCB over sampled deals (games whose views sample)",
		Search:  true,
		Params:  func(g games.Game) []games.Setting { return opts(new(params), g).Settings() },
		Plays:   func(g games.Game) error { return searchable("ismcts", g) },
		New: func(g games.Game, ps []string) (Strategy, error) {
			var p params
			if err := opts(&p, g).Apply(ps); err != nil {
				return nil, err
			}
			return NewISMCTS(r, g, p.budget, p.explore, p.rollout, p.reuse)
		},
	}
}
