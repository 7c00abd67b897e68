package chriscross

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// playFirst plays s to the end always taking the first legal action and
// returns its transcript.
func playFirst(s *State) string {
	var b strings.Builder
	var legal []games.Action
	for s.Turn() != games.Terminal {
		legal = s.Legal(legal)
		fmt.Fprintf(&b, "%s; ", s.ActionString(legal[0]))
		s.Apply(legal[0])
	}
	fmt.Fprintf(&b, "%+v %v", s.Outcome(0), s.Metrics(nil))
	return b.String()
}

func TestDeterminism(t *testing.T) {
	g, _ := New(DefaultRules())
	a, b := g.NewChrisCross(), g.NewChrisCross()
	distinct := map[string]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		a.Reset(seed)
		b.Reset(seed + 1000) // b has played another game before
		playFirst(b)
		b.Reset(seed)
		ta, tb := playFirst(a), playFirst(b)
		if ta != tb {
			t.Fatalf("seed %d: transcripts differ:\n%s\n%s", seed, ta, tb)
		}
		a.Reset(seed)
		distinct[cards.Format(a.Cards(nil))] = true
	}
	if len(distinct) != 50 {
		t.Errorf("50 seeds dealt %d distinct deals", len(distinct))
	}
}

func TestResetDealsTheDeck(t *testing.T) {
	g, _ := New(DefaultRules())
	s := g.NewChrisCross()
	s.Reset(7)
	if ok, diff := cards.SameCards(s.Cards(nil), cards.Standard(0)); !ok {
		t.Fatalf("dealt cards are not the deck: %s", diff)
	}
	// The deal text of the shuffled deck reproduces the game.
	s.Reset(7)
	d := s.Dealt(nil)
	if ok, diff := cards.SameCards(d, cards.Standard(0)); !ok {
		t.Fatalf("Dealt is not the deck: %s", diff)
	}
	t1 := playFirst(s)
	if err := s.Deal(FormatDeal(d, g.RuleValues()), 0); err != nil {
		t.Fatal(err)
	}
	if t2 := playFirst(s); t1 != t2 {
		t.Errorf("Reset(7) and Deal of its deck play differently:\n%s\n%s", t1, t2)
	}
	if got := s.Dealt(nil); !slices.Equal(got, d) {
		t.Errorf("Deal of a deck then Dealt: %v, want %v", got, d)
	}
	// The readings of a pair change the play, not the deal.
	for _, rules := range [][]string{{"column-adjacent=true"}, {"diagonals=false"}, {"chain-moves=true"}} {
		h, err := Definition().New(rules)
		if err != nil {
			t.Fatal(err)
		}
		o := h.NewState()
		o.Reset(7)
		if got := o.(games.Dealer).Dealt(nil); !slices.Equal(got, d) {
			t.Errorf("%v: seed 7 deals %v, want %v as under the default rules", rules, got, d)
		}
	}
}

func TestPlayDoesNotAllocate(t *testing.T) {
	g, _ := New(DefaultRules())
	s := g.NewChrisCross()
	legal := make([]games.Action, 0, 64)
	var metrics []int64
	seed := uint64(0)
	play := func() {
		seed++
		s.Reset(seed)
		for s.Turn() != games.Terminal {
			legal = s.Legal(legal)
			_ = s.View(0)
			s.Apply(legal[len(legal)/2])
		}
		metrics = s.Metrics(metrics)
	}
	play()
	if n := testing.AllocsPerRun(200, play); n != 0 {
		t.Errorf("%v allocations per game, want 0", n)
	}
}

func TestDealErrors(t *testing.T) {
	small := Rules{Size: 3, Ranks: 4, Diagonals: true}
	good := "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S"
	for _, tc := range []struct {
		name, deal, want string
	}{
		{"empty", "", "deal has 0 cards, want 16"},
		{"short", strings.TrimSuffix(good, " 4S"), "deal has 15 cards, want 16"},
		{"repeated", strings.Replace(good, "4S", "4H", 1), "4H appears more often"},
		{"foreign", strings.Replace(good, "4S", "KS", 1), "KS is not in this game's deck"},
		{"joker", strings.Replace(good, "4S", "JK", 1), "no jokers"},
		{"bad card", strings.Replace(good, "4S", "4X", 1), "unknown suit"},
		{"bar misplaced", strings.Replace(good, "3C", "| 3C", 1), "8 cards before \"|\", want the 9"},
		{"two bars", "AC AD AH AS 2C 2D 2H 2S 3C | 3D 3H | 3S 4C 4D 4H 4S", "more than one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseDeal(tc.deal, small)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseDeal(%q) error %v, want one containing %q", tc.deal, err, tc.want)
			}
		})
	}
	if _, err := ParseDeal(strings.Replace(good, "3C", "3C |", 1), small); err != nil {
		t.Errorf("a bar after the ninth card: %v", err)
	}
	// A failed Deal leaves the state as it was.
	g, _ := New(small)
	s := g.NewChrisCross()
	s.Reset(3)
	before := fmt.Sprintf("%+v", s.View(0))
	if err := s.Deal("AC AC", 0); err == nil {
		t.Fatal("Deal accepted a bad deal")
	}
	if after := fmt.Sprintf("%+v", s.View(0)); after != before {
		t.Errorf("a failed Deal changed the state")
	}
}

func TestViewHidesStock(t *testing.T) {
	g, _ := New(DefaultRules())
	s := g.NewChrisCross()
	s.Reset(11)
	v := fmt.Sprintf("%+v", s.View(0))
	for _, c := range s.pos.stock[s.pos.top:s.pos.nStock] {
		if strings.Contains(v, " "+c.String()+" ") || strings.Contains(v, "["+c.String()+" ") || strings.Contains(v, " "+c.String()+"]") {
			t.Errorf("view shows stock card %v: %s", c, v)
		}
	}
	c := s.Clone().(*State)
	c.Determinize(0, 5)
	if slices.Equal(c.pos.stock[:], s.pos.stock[:]) {
		t.Errorf("Determinize left the stock order unchanged")
	}
	// The re-ordered stock shows only through Reveal.
	if w := fmt.Sprintf("%+v", c.View(0)); w != v {
		t.Errorf("views of two stock orders differ:\n%s\n%s", v, w)
	}
	if got := c.View(0).(*View).Reveal().(*State).Position(); got.stock != c.pos.stock {
		t.Errorf("Reveal does not show the true stock")
	}
	if got := s.View(0).(*View).Reveal(); got != games.State(s) {
		t.Errorf("Reveal returned another state")
	}
	// Lookahead sees the same tableau and legal actions.
	la := s.View(0).(*View).Lookahead()
	if !slices.Equal(la.Legal(nil), s.Legal(nil)) || la.grid != s.pos.grid {
		t.Errorf("Lookahead differs from the position")
	}
}

func FuzzParseDeal(f *testing.F) {
	r := Rules{Size: 3, Ranks: 4, Diagonals: true}
	f.Add("AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S")
	f.Add("4S 4H 4D 4C 3S 3H 3D 3C 2S | 2H 2D 2C AS AH AD AC")
	f.Add("AC,AD,AH,AS")
	f.Add("JK | |")
	g, _ := New(r)
	s := g.NewChrisCross()
	f.Fuzz(func(t *testing.T, text string) {
		d, err := ParseDeal(text, r)
		if err != nil {
			if s.Deal(text, 0) == nil {
				t.Fatalf("ParseDeal rejected %q but Deal accepted it", text)
			}
			return
		}
		if ok, diff := cards.SameCards(d, r.Deck()); !ok {
			t.Fatalf("ParseDeal(%q) accepted a wrong deck: %s", text, diff)
		}
		if err := s.Deal(text, 0); err != nil {
			t.Fatalf("Deal(%q): %v", text, err)
		}
		if ok, diff := cards.SameCards(s.Cards(nil), r.Deck()); !ok {
			t.Fatalf("Deal(%q) lost cards: %s", text, diff)
		}
		playFirst(s)
	})
}
