package flip

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// model is a plain restatement of the rules, written for this test without
// the engine's bit sets and incremental bookkeeping: every play is found by
// looking at every set afresh.
type model struct {
	pile, stock     []modelCard
	removed         int
	topOnly, forced bool
}

type modelCard struct {
	light, dark cards.Card
	isDark      bool
}

func (c modelCard) shows() cards.Card {
	if c.isDark {
		return c.dark
	}
	return c.light
}

// plays lists the plays of every set, lowest set first.
func (m *model) plays() []games.Action {
	var out []games.Action
	first := 0
	if m.topOnly {
		first = len(m.pile) - 4
	}
	for w := max(first, 0); w+4 <= len(m.pile); w++ {
		set := m.pile[w : w+4]
		a, d := set[0].shows(), set[3].shows()
		suit, rank := a.Suit() == d.Suit(), a.Rank() == d.Rank()
		endsDark := set[0].isDark && set[3].isDark
		middleLight := !set[1].isDark || !set[2].isDark
		anyLight := middleLight || !endsDark
		if suit && middleLight {
			out = append(out, Play(w, FlipSuit))
		}
		if rank && anyLight {
			out = append(out, Play(w, FlipRank))
		}
		if suit && endsDark {
			out = append(out, Play(w, RemoveSuit))
		}
		if rank && endsDark {
			out = append(out, Play(w, RemoveRank))
		}
	}
	return out
}

// settle deals until a play is available or the stock is out.
func (m *model) settle() {
	for len(m.plays()) == 0 && len(m.stock) > 0 {
		m.pile = append(m.pile, m.stock[0])
		m.stock = m.stock[1:]
	}
}

func (m *model) apply(a games.Action) {
	if a == Pass {
		m.pile = append(m.pile, m.stock[0])
		m.stock = m.stock[1:]
		m.settle()
		return
	}
	w, k := Decode(a)
	lo, hi := w, w+4
	if k == FlipSuit || k == RemoveSuit {
		lo, hi = w+1, w+3
	}
	if k == FlipSuit || k == FlipRank {
		for i := lo; i < hi; i++ {
			m.pile[i].isDark = true
		}
	} else {
		m.pile = slices.Delete(m.pile, lo, hi)
		m.removed += hi - lo
	}
	m.settle()
}

func (m *model) score() int {
	s := 2 * m.removed
	for _, c := range m.pile {
		if c.isDark {
			s++
		}
	}
	return s
}

func (m *model) pileText() string {
	var b []string
	for _, c := range m.pile {
		t := c.shows().String()
		if c.isDark {
			t += "*"
		}
		b = append(b, t)
	}
	return strings.Join(b, " ")
}

// TestAgainstModel plays random games on the engine and on the model side by
// side and checks that they agree on every legal action, pile and score.
func TestAgainstModel(t *testing.T) {
	ruleSets := [][]string{
		nil,
		{"windows=top"},
		{"forced-play=true"},
		{"start=dark", "mapping=identity"},
		{"start=dark", "windows=top", "mapping=identity"},
		{"ranks=3", "mapping=fixed:2"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, rules := range ruleSets {
		g := mustGame(t, rules...)
		s := g.NewFlipState()
		for game := range 400 {
			s.Reset(uint64(game))
			m := &model{topOnly: g.topOnly, forced: g.forced}
			for p := range g.Size() {
				m.stock = append(m.stock, modelCard{light: s.face[0][p], dark: s.face[1][p], isDark: g.startDark})
			}
			m.settle()
			for step := 0; ; step++ {
				want := m.plays()
				if len(want) > 0 && !m.forced {
					want = append([]games.Action{Pass}, want...)
				}
				where := fmt.Sprintf("%q game %d step %d (pile %s)", rules, game, step, m.pileText())
				if got := s.Legal(nil); !slices.Equal(got, want) {
					t.Fatalf("%s: legal %v, model %v", where, got, want)
				}
				if got := pileOf(s); got != m.pileText() {
					t.Fatalf("%s: engine pile %s", where, got)
				}
				if s.Score() != m.score() {
					t.Fatalf("%s: score %d, model %d", where, s.Score(), m.score())
				}
				if len(want) == 0 {
					break
				}
				a := want[rng.IntN(len(want))]
				if a == Pass && len(m.stock) == 0 {
					a = want[len(want)-1] // play rather than stop, to go on comparing
					if a == Pass {
						break
					}
				}
				if g := s.Gain(a); g != s.Score()-m.score()+scoreAfter(m, a) {
					t.Fatalf("%s: Gain(%s) = %d, model gains %d", where, s.ActionString(a), g, scoreAfter(m, a))
				}
				s.Apply(a)
				m.apply(a)
			}
			if s.Turn() != games.Terminal {
				t.Fatalf("%q game %d: engine not over when the model is", rules, game)
			}
		}
	}
}

// scoreAfter returns the points the model gains from a at once, before any
// deal.
func scoreAfter(m *model, a games.Action) int {
	c := &model{pile: slices.Clone(m.pile), removed: m.removed}
	before := c.score()
	if a == Pass {
		return 0
	}
	w, k := Decode(a)
	lo, hi := w, w+4
	if k == FlipSuit || k == RemoveSuit {
		lo, hi = w+1, w+3
	}
	if k.Removes() {
		c.pile = slices.Delete(c.pile, lo, hi)
		c.removed += hi - lo
	} else {
		for i := lo; i < hi; i++ {
			c.pile[i].isDark = true
		}
	}
	return c.score() - before
}
