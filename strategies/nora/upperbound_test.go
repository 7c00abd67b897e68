package nora

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// TestClairvoyantViewShowsTheShuffle: under ClairvoyantGame the order seen
// at INSURE is the order the player then looks at; the real game hides it.
func TestClairvoyantViewShowsTheShuffle(t *testing.T) {
	r, err := nora.ParseRules([]string{"start-ip=9"})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		plain := nora.New(r).NewState()
		plain.Reset(seed)
		if v := plain.View(0).(*nora.View); v.Phase != nora.PhaseInsure || v.Order != nil {
			t.Fatalf("seed %d: the real game shows %v at %v", seed, v.Order, v.Phase)
		}
		s := Clairvoyant(nora.New(r)).NewState()
		s.Reset(seed)
		v := s.View(0).(*nora.View)
		if v.Phase != nora.PhaseInsure || len(v.Order) != r.DeckSize() {
			t.Fatalf("seed %d: phase %v, order of %d cards", seed, v.Phase, len(v.Order))
		}
		foreseen := slices.Clone(v.Order)
		s.Apply(nora.Skip)
		after := s.View(0).(*nora.View)
		if after.Phase != nora.PhaseSwitch || !slices.Equal(foreseen, after.Order) {
			t.Errorf("seed %d: foreseen %s, then seen %s", seed, cards.Format(foreseen), cards.Format(after.Order))
		}
	}
}
