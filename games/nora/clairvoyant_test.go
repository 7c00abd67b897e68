package nora

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/gamestest"
)

// TestClairvoyantRevealsTheShuffle: under Clairvoyant the state a view
// reveals at INSURE holds, on top, the order the player then looks at;
// the real game offers no Reveal and panics if asked, and the views of both
// show the same.
func TestClairvoyantRevealsTheShuffle(t *testing.T) {
	r, err := ParseRules([]string{"start-ip=9"})
	if err != nil {
		t.Fatal(err)
	}
	g := New(r)
	if g.Capabilities().Reveal || !g.Clairvoyant().Capabilities().Reveal {
		t.Fatalf("Reveal offered: %v by the game, %v by its clairvoyant copy", g.Capabilities().Reveal, g.Clairvoyant().Capabilities().Reveal)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		plain, s := g.NewState(), g.Clairvoyant().NewState()
		plain.Reset(seed)
		s.Reset(seed)
		pv, v := plain.View(0).(*View), s.View(0).(*View)
		if v.Phase != PhaseInsure || v.Order != nil || pv.Order != nil {
			t.Fatalf("seed %d: phase %v, orders %v and %v shown before INSURE", seed, v.Phase, pv.Order, v.Order)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("seed %d: the real game revealed its shuffle", seed)
				}
			}()
			pv.Reveal()
		}()
		foreseen := slices.Clone(v.Reveal().Cards(nil)[:v.Left])
		s.Apply(Skip)
		after := s.View(0).(*View)
		if after.Phase != PhaseSwitch || !slices.Equal(foreseen, after.Order) {
			t.Errorf("seed %d: foreseen %s, then seen %s", seed, cards.Format(foreseen), cards.Format(after.Order))
		}
	}
	gamestest.Conformance(t, g.Clairvoyant(), gamestest.Config{Games: 20})
}
