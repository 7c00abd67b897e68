package spite

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// setup deals deal under rules, then builds the centre stacks (each given
// bottom first, such as "AC 2D JK") and the discard piles (keyed "seat/pile",
// bottom first) from cards taken out of the stock, so that every card is
// still in the game once.
func setup(t *testing.T, rules []string, deal string, stacks []string, piles map[string]string) *State {
	t.Helper()
	r, err := ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	s := newState(New(r))
	if err := s.Deal(deal, 1); err != nil {
		t.Fatal(err)
	}
	for _, st := range stacks {
		s.stacks[s.nstacks] = append(s.stacks[s.nstacks], takeAll(t, s, st)...)
		s.nstacks++
	}
	for k, v := range piles {
		var p, i int
		if _, err := fmt.Sscanf(k, "%d/%d", &p, &i); err != nil {
			t.Fatal(err)
		}
		s.discard[p][i] = append(s.discard[p][i], takeAll(t, s, v)...)
	}
	s.restart()
	return s
}

// restart forgets the positions seen since the deal and records the
// position as it now stands, after a test has moved cards by hand.
func (s *State) restart() {
	s.forget()
	s.repeated()
}

// parkStock moves every stock card but those of keep (top first) onto the
// bottom of seat 1's fourth discard pile, with a king on top so that
// nothing there can be played, and leaves keep as the stock.
func parkStock(t *testing.T, s *State, keep string) {
	t.Helper()
	kept := takeAll(t, s, keep)
	slices.Reverse(kept)
	k := slices.IndexFunc(s.stock, func(c cards.Card) bool { return c.Rank() == cards.King })
	if k < 0 {
		t.Fatal("no king left in the stock to cover the parked cards")
	}
	king := s.stock[k]
	s.stock = slices.Delete(s.stock, k, k+1)
	s.discard[1][3] = append(append(s.discard[1][3], s.stock...), king)
	s.stock = append(s.stock[:0], kept...)
	s.restart()
}

// takeAll removes the cards of text from the stock and returns them.
func takeAll(t *testing.T, s *State, text string) []cards.Card {
	t.Helper()
	d, err := cards.ParseDeck(text)
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range d {
		i := slices.IndexFunc(s.stock, func(x cards.Card) bool { return x == c || (c.IsJoker() && x.IsJoker()) })
		if i < 0 {
			t.Fatalf("%v is not in the stock", c)
		}
		d[k] = s.stock[i]
		s.stock = slices.Delete(s.stock, i, i+1)
	}
	return d
}

// names returns the legal actions as text.
func names(s *State) []string {
	var n []string
	for _, a := range s.Legal(nil) {
		n = append(n, s.ActionString(a))
	}
	return n
}

// has reports whether the legal actions include the named one.
func has(s *State, name string) bool { return slices.Contains(names(s), name) }

// mustApply applies the legal action named name.
func mustApply(t *testing.T, s *State, name string) {
	t.Helper()
	for _, a := range s.Legal(nil) {
		if s.ActionString(a) == name {
			s.Apply(a)
			return
		}
	}
	t.Fatalf("%q is not legal; legal: %s", name, strings.Join(names(s), ", "))
}

// checkCards fails unless s holds both decks' cards exactly once each.
func checkCards(t *testing.T, s *State) {
	t.Helper()
	all := append(slices.Clone(s.g.pileDeck), s.g.stockDeck...)
	if ok, diff := cards.SameCards(all, s.Cards(nil)); !ok {
		t.Fatalf("cards not conserved: %s", diff)
	}
}

var _ games.State = (*State)(nil)
var _ games.FeaturedState = (*State)(nil)
