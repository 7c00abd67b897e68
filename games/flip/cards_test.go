package flip

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// TestCardsCountedWhereTheyAre: Cards counts the cards where the game
// holds them (the pile, the cards removed, the cards not dealt), so a
// card the game lost or duplicated shows in it. It used to return the
// deal, which never changes whatever the game does to its cards.
func TestCardsCountedWhereTheyAre(t *testing.T) {
	g := mustGame(t)
	s := g.NewFlipState()
	s.Reset(3)
	dealt := slices.Clone(s.Cards(nil))
	var light [maxCards]cards.Card
	copy(light[:], s.face[0][:g.size])
	if !slices.Equal(dealt, light[:g.size]) {
		t.Fatalf("Cards right after the deal is not the deal in order:\n%v\n%v", dealt, light[:g.size])
	}
	// Play until some cards are removed and some held.
	var legal []games.Action
	for s.Turn() != games.Terminal && (s.removed == 0 || s.n < 3) {
		legal = s.Legal(legal)
		s.Apply(legal[len(legal)-1])
	}
	if s.removed == 0 || s.n < 3 {
		t.Fatalf("seed 3 never held three cards after a removal (removed %d, held %d)", s.removed, s.n)
	}
	if ok, diff := cards.SameCards(dealt, s.Cards(nil)); !ok {
		t.Fatalf("cards not conserved in play: %s", diff)
	}
	for _, tt := range []struct {
		name string
		edit func(*State)
	}{
		{"a held card duplicated over another", func(s *State) { s.pile[1] = s.pile[0] }},
		{"a held card dropped from the pile", func(s *State) { s.n-- }},
		{"a removed card still marked held", func(s *State) {
			for p := range s.dealt {
				if s.held>>p&1 == 0 {
					s.held |= 1 << p
					return
				}
			}
		}},
		{"a held card marked removed", func(s *State) { s.held &^= 1 << s.pile[0] }},
	} {
		c := *s
		tt.edit(&c)
		if ok, _ := cards.SameCards(dealt, c.Cards(nil)); ok {
			t.Errorf("%s: Cards still shows every card once", tt.name)
		}
	}
}
