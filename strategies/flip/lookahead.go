package flip

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// Lookahead is a realistic player that searches a few plies ahead. For each
// of Samples guesses of the undealt cards (View.SampleState, which draws
// them from what the view shows alone) it tries every legal action, then
// every line of Depth-1 further actions, and finishes each line with greedy
// play; an action is
// worth its mean best final score over the guesses. The same guesses serve
// every action, so the comparison is paired. Ties go to the action greedy
// would prefer.
type Lookahead struct {
	samples, depth int
	seed           uint64
	calls          uint64
	base           *flip.State
	work           []*flip.State
	legal          [][]games.Action
	value          []int
}

// NewLookahead returns a lookahead strategy.
func NewLookahead(g *flip.Game, samples, depth int) *Lookahead {
	l := &Lookahead{samples: samples, depth: depth, base: g.NewFlipState()}
	for range depth + 1 {
		l.work = append(l.work, g.NewFlipState())
		l.legal = append(l.legal, make([]games.Action, 0, 64))
	}
	return l
}

// Begin reseeds the guesses.
func (l *Lookahead) Begin(seed uint64) { l.seed, l.calls = seed, 0 }

// Choose returns the action of best mean value.
func (l *Lookahead) Choose(v games.View, legal []games.Action) games.Action {
	fv := v.(*flip.View)
	if len(legal) == 1 {
		return legal[0]
	}
	l.calls++
	l.value = l.value[:0]
	for range legal {
		l.value = append(l.value, 0)
	}
	for i := range l.samples {
		l.guess(fv, games.Mix(l.seed, l.calls<<16|uint64(i)))
		for j, a := range legal {
			w := l.work[0]
			w.CopyFrom(l.base)
			w.Apply(a)
			l.value[j] += l.search(1)
		}
	}
	fallback := pick(fv, legal, false)
	best, bestV := fallback, -1
	for j, a := range legal {
		if l.value[j] > bestV || (l.value[j] == bestV && a == fallback) {
			best, bestV = a, l.value[j]
		}
	}
	return best
}

// guess makes l.base the viewed position with the undealt cards drawn from
// seed and from what v shows alone: neither their true order nor, under
// mapping=random, their true pairing shows through.
func (l *Lookahead) guess(v *flip.View, seed uint64) {
	v.SampleState(l.base, seed)
}

// search returns the best final score from work[d-1] with depth-d more
// plies searched, then greedy play.
func (l *Lookahead) search(d int) int {
	s := l.work[d-1]
	if s.Turn() == games.Terminal {
		return s.Score()
	}
	if d >= l.depth {
		return rollout(s, l.legal[d])
	}
	legal := s.Legal(l.legal[d])
	l.legal[d] = legal
	best := 0
	for _, a := range legal {
		if a == flip.Pass && s.Dealt() == s.Game().Size() {
			best = max(best, s.Score())
			continue
		}
		c := l.work[d]
		c.CopyFrom(s)
		c.Apply(a)
		best = max(best, l.search(d+1))
	}
	return best
}

// rollout plays s to the end greedily and returns the score.
func rollout(s *flip.State, buf []games.Action) int {
	for s.Turn() != games.Terminal {
		buf = s.Legal(buf)
		s.Apply(pick(s, buf, false))
	}
	return s.Score()
}
