package spite

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// TestSetupRules: the stockpile and hand rules set the deal's sizes, the
// 52-card deck's other cards are set aside, every card of both decks is
// still in the game, and the score is bounded by the stockpile.
func TestSetupRules(t *testing.T) {
	for _, tt := range []struct {
		rules        []string
		pile, hand   int
		aside, stock int
	}{
		{nil, 26, 5, 0, 46},
		{[]string{"stockpile=20"}, 20, 5, 12, 46},
		{[]string{"stockpile=1", "hand=10"}, 1, 10, 50, 36},
		{[]string{"hand=1", "jokers=0"}, 26, 1, 0, 50},
	} {
		r, err := ParseRules(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		g := New(r)
		s := newState(g)
		for seed := range uint64(20) {
			s.Reset(seed)
			checkCards(t, s)
			if len(s.piles[0]) != tt.pile || len(s.piles[1]) != tt.pile || len(s.hands[0]) != tt.hand ||
				len(s.hands[1]) != tt.hand || len(s.aside) != tt.aside || len(s.stock) != tt.stock {
				t.Fatalf("%q seed %d: piles %d and %d, hands %d and %d, aside %d, stock %d; want %d, %d, %d, %d",
					tt.rules, seed, len(s.piles[0]), len(s.piles[1]), len(s.hands[0]), len(s.hands[1]), len(s.aside), len(s.stock),
					tt.pile, tt.hand, tt.aside, tt.stock)
			}
		}
		if lo, hi := g.ScoreBounds(); lo != -tt.pile || hi != tt.pile {
			t.Errorf("%q: ScoreBounds %d, %d; want ±%d", tt.rules, lo, hi, tt.pile)
		}
	}
}

// TestSetupRulesPlay plays random games under the setup rules and checks,
// after every action, what each rule promises: a hand is never above its
// size and is refilled to it after a turn while the stock lasts, no more
// centre stacks are in progress than centre-stacks allows, and only the
// first discard-piles piles are ever used.
func TestSetupRulesPlay(t *testing.T) {
	for _, rules := range [][]string{
		{"hand=3", "centre-stacks=1", "discard-piles=0"},
		{"hand=8", "centre-stacks=3", "discard-piles=2", "stockpile=10"},
		{"stockpile=20"},
	} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		s := newState(New(r))
		rng := rand.New(rand.NewPCG(1, 2))
		var legal []games.Action
		stacks, refilled := 0, 0
		for seed := range uint64(30) {
			s.Reset(seed)
			for s.Turn() != games.Terminal {
				p := s.Turn()
				legal = s.Legal(legal)
				a := legal[rng.IntN(len(legal))]
				if m := Decode(a); m.Kind == KindDiscard && m.Pile >= r.DiscardPiles {
					t.Fatalf("%q: discard onto pile %d offered with %d piles", rules, m.Pile+1, r.DiscardPiles)
				}
				s.Apply(a)
				for q := range 2 {
					if len(s.hands[q]) > r.Hand {
						t.Fatalf("%q: a hand of %d cards, rule hand=%d", rules, len(s.hands[q]), r.Hand)
					}
					for i := r.DiscardPiles; i < NumPiles; i++ {
						if len(s.discard[q][i]) > 0 {
							t.Fatalf("%q: discard pile %d used with %d piles", rules, i+1, r.DiscardPiles)
						}
					}
				}
				if s.nstacks > r.CentreStacks {
					t.Fatalf("%q: %d centre stacks in progress, rule centre-stacks=%d", rules, s.nstacks, r.CentreStacks)
				}
				stacks = max(stacks, s.nstacks)
				if s.Turn() == 1-p && len(s.stock) > 0 {
					if len(s.hands[p]) != r.Hand {
						t.Fatalf("%q: the hand was filled to %d cards after the turn with a stock left, rule hand=%d", rules, len(s.hands[p]), r.Hand)
					}
					refilled++
				}
			}
		}
		if r.CentreStacks < MaxStacks && stacks != r.CentreStacks || refilled == 0 {
			t.Errorf("%q: at most %d centre stacks reached (rule %d), %d refills seen: the checks did not bite", rules, stacks, r.CentreStacks, refilled)
		}
	}
}

// TestDealStockpileRule: a deal's stockpiles and hands take the sizes the
// rules say; a pile of another size is refused with the rule named; the
// deal's text, the aside included, deals the very same game again.
func TestDealStockpileRule(t *testing.T) {
	r, err := ParseRules([]string{"stockpile=20", "hand=6"})
	if err != nil {
		t.Fatal(err)
	}
	g := New(r)
	s := newState(g)
	s.Reset(7)
	text := s.DealText()
	if !strings.Contains(text, "\naside: ") || strings.Count(text, "\n") != 5 {
		t.Fatalf("DealText at stockpile=20 does not list the 12 cards set aside:\n%s", text)
	}
	again := newState(g)
	if err := again.Deal(text+"\nfirst: 0", 7); err != nil {
		t.Fatal(err)
	}
	checkCards(t, again)
	if again.DealText() != text {
		t.Errorf("the deal's text deals another game:\n%s\n---\n%s", again.DealText(), text)
	}
	pile := topFirst(s.piles[0])
	for _, tt := range []struct {
		rules []string
		deal  string
		want  string
	}{
		{[]string{"stockpile=20"}, "pile0: " + pile, ""},
		{nil, "pile0: " + pile, "pile0 has 20 cards, want 26 (rule stockpile=26)"},
		{[]string{"stockpile=20"}, "pile0: " + pile + " " + topFirst(s.piles[1])[:2], "pile0 has 21 cards, want 20 (rule stockpile=20)"},
		{[]string{"stockpile=20"}, "aside: AS", "aside has 1 cards, want 12 (rule stockpile=20)"},
		{nil, "aside: AS", "aside has 1 cards, want 0 (rule stockpile=26)"},
		{[]string{"hand=6"}, "hand0: AS 2S 3S 4S 5S", "hand0 has 5 cards, want 6 (rule hand=6)"},
	} {
		r, err := ParseRules(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		err = newState(New(r)).Deal(tt.deal, 1)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%q Deal(%.40q…) = %v, want %q", tt.rules, tt.deal, err, tt.want)
		}
	}
}

// TestAsideHidden: the cards set aside are hidden from both seats, and
// Determinize may trade them with the stockpiles' hidden cards, which
// together are the 52-card deck's cards not yet turned up.
func TestAsideHidden(t *testing.T) {
	r, err := ParseRules([]string{"stockpile=5"})
	if err != nil {
		t.Fatal(err)
	}
	s := newState(New(r))
	s.Reset(3)
	before := append([]cards.Card(nil), s.aside...)
	moved := false
	for seed := range uint64(10) {
		c := s.Clone().(*State)
		c.Determinize(0, seed)
		checkCards(t, c)
		if len(c.aside) != len(before) {
			t.Fatalf("Determinize changed the aside's size: %d, want %d", len(c.aside), len(before))
		}
		for i := range before {
			moved = moved || c.aside[i] != before[i]
		}
	}
	if !moved {
		t.Error("Determinize never re-dealt the aside")
	}
}

// FuzzDealSetupRules: any deal text under shorter stockpiles and longer
// hands is either refused or deals every card of both packs once, with the
// aside of the rules' size, and its written form reads back the same.
func FuzzDealSetupRules(f *testing.F) {
	f.Add("pile0: 7H 3C ...; hand0: AS 2D JK 5C 9H 4S")
	f.Add("aside: AS ...; stock: JK ...; first: 1")
	f.Add("pile1: KD; hand1: ...")
	r, err := ParseRules([]string{"stockpile=20", "hand=6"})
	if err != nil {
		f.Fatal(err)
	}
	g := New(r)
	f.Fuzz(func(t *testing.T, deal string) {
		s := newState(g)
		if s.Deal(deal, 1) != nil {
			return
		}
		checkCards(t, s)
		if len(s.piles[0]) != 20 || len(s.piles[1]) != 20 || len(s.aside) != 12 || len(s.hands[0]) != 6 {
			t.Fatalf("Deal(%q): piles %d and %d, aside %d, hand %d", deal, len(s.piles[0]), len(s.piles[1]), len(s.aside), len(s.hands[0]))
		}
		text := s.DealText()
		c := newState(g)
		if err := c.Deal(text, 1); err != nil || c.DealText() != text {
			t.Fatalf("Deal(%q) written as %q does not read back: %v", deal, text, err)
		}
	})
}
