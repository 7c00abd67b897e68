package spite

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

func TestDealErrors(t *testing.T) {
	tests := []struct {
		rules []string
		deal  string
		want  string // part of the error
	}{
		{nil, "hand0: AS 2D", "hand0 has 2 cards, want 5"},
		{nil, "pile0: 7H JK ...", "a joker; stockpiles come from the 52-card deck"},
		{nil, "hand0: AS AS ...", "AS dealt more often than its deck holds it"},
		{nil, "hand0: AS ...; stock: AS ...", "AS dealt more often"},
		{nil, "bogus: AS", `unknown section "bogus"`},
		{nil, "hand0 AS 2D", "want a section"},
		{nil, "first: 3", "want 0 or 1"},
		{nil, "first: 0; first: 1", "first given twice"},
		{nil, "hand0: AS ...; hand0: 2D ...", "given twice"},
		{nil, "hand0: AS ... 2D", `"..." must come last`},
		{nil, "hand0: ZZ ...", "card 1"},
		{[]string{"jokers=0"}, "hand0: JK ...", "more jokers than the 0"},
		{nil, "hand0: JK JK JK ...; hand1: JK JK ...", "more jokers than the 4"},
		{nil, "hand0: AS 2S 3S 4S 5S 6S", "hand0 has 6 cards, want 5"},
	}
	for _, tt := range tests {
		r, err := ParseRules(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		s := newState(New(r))
		err = s.Deal(tt.deal, 1)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Deal(%q) = %v, want an error with %q", tt.deal, err, tt.want)
		}
	}
}

// TestDealGiven: the cards given land where the text says, top first, and
// the rest is filled in.
func TestDealGiven(t *testing.T) {
	s := newState(New(DefaultRules()))
	deal := "# a comment\npile0: 7H 3C ...\npile1: KD ...\nhand0: AS 2D JK 5C 9H\nstock: 4D 4S ...\nfirst: 0"
	if err := s.Deal(deal, 9); err != nil {
		t.Fatal(err)
	}
	checkCards(t, s)
	p := s.piles[0]
	if len(p) != 26 || p[25].String() != "7H" || p[24].String() != "3C" || s.piles[1][25].String() != "KD" {
		t.Errorf("stockpiles not as given: %v / %v", p, s.piles[1])
	}
	if got := topFirst(s.hands[0]); got != "AS 2D JK 5C 9H" {
		t.Errorf("hand0 = %s", got)
	}
	if n := len(s.stock); n != 46 || s.stock[n-1].String() != "4D" || s.stock[n-2].String() != "4S" {
		t.Errorf("stock top %v %v, %d cards", s.stock[n-1], s.stock[n-2], n)
	}
	if s.Turn() != 0 {
		t.Errorf("first: 0 ignored, seat %d moves", s.Turn())
	}
}

// TestDealRoundTrip: a shuffled deal written out by DealText reads back to
// the same deal.
func TestDealRoundTrip(t *testing.T) {
	for _, rules := range [][]string{nil, {"jokers=6"}, {"jokers=0"}} {
		r, _ := ParseRules(rules)
		s := newState(New(r))
		for seed := range uint64(20) {
			s.Reset(seed)
			text := s.DealText()
			c := newState(New(r))
			if err := c.Deal(text, seed); err != nil {
				t.Fatalf("%v: %v\n%s", rules, err, text)
			}
			checkCards(t, c)
			if back := c.DealText(); back != text {
				t.Fatalf("%v: round trip changed the deal:\n%s\n->\n%s", rules, text, back)
			}
		}
	}
}

func FuzzDeal(f *testing.F) {
	f.Add("pile0: 7H 3C ...\nhand0: AS 2D JK 5C 9H\nfirst: 1")
	f.Add("stock: JK JK ...; hand1: 2C ...")
	f.Add("pile1: KD ...; stockpile0: 5S ...")
	f.Add("")
	f.Fuzz(func(t *testing.T, deal string) {
		s := newState(New(DefaultRules()))
		if err := s.Deal(deal, 3); err != nil {
			return
		}
		checkCards(t, s)
		if s.Turn() != 0 && s.Turn() != 1 {
			t.Fatalf("Deal(%q): seat %d to move", deal, s.Turn())
		}
		text := s.DealText()
		c := newState(New(DefaultRules()))
		if err := c.Deal(text, 3); err != nil || c.DealText() != text {
			t.Fatalf("Deal(%q) written as %q does not read back: %v", deal, text, err)
		}
	})
}

// TestDealReplaysTrace: the deal printed by a trace, read back with the
// same seed, replays the game event for event.
func TestDealReplaysTrace(t *testing.T) {
	g := New(DefaultRules())
	for seed := range uint64(10) {
		transcript := func(deal string) (string, string) {
			s := newState(g)
			s.Record(true)
			if deal == "" {
				s.Reset(seed)
			} else if err := s.Deal(deal, seed); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 1))
			var legal []games.Action
			for s.Turn() != games.Terminal {
				legal = s.Legal(legal)
				s.Apply(legal[rng.IntN(len(legal))])
			}
			var b strings.Builder
			for _, e := range s.Events()[1:] { // the deal event may differ in its count of ties
				b.WriteString(e.String() + "\n")
			}
			return b.String(), s.Events()[0].(*DealEvent).Deal
		}
		first, deal := transcript("")
		if again, _ := transcript(deal); again != first {
			t.Fatalf("seed %d: the replayed deal gave another game:\n%.600s\n---\n%.600s", seed, first, again)
		}
	}
}
