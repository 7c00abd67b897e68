package flip

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// FuzzDeal feeds arbitrary text to Deal: it must never panic, and a deal it
// accepts must hold the deck on both faces, print back to itself and play
// to an end.
func FuzzDeal(f *testing.F) {
	f.Add(handDeal)
	f.Add(caseDeal)
	f.Add("AC AD AH AS 2C 2D 2H 2S")
	f.Add("AC/2D,2H/AS 2S/AH\t2C/AD AD/2C AH/2S AS/2H 2D/AC")
	f.Add("JK/AC 2H/AS")
	f.Add("10H/3C")
	g := mustGame(f, "ranks=2", "mapping=identity")
	f.Fuzz(func(t *testing.T, deal string) {
		s := g.NewFlipState()
		if err := s.Deal(deal, 0); err != nil {
			return
		}
		if err := g.checkFaces(s.face[0][:g.Size()], s.face[1][:g.Size()]); err != nil {
			t.Fatalf("Deal(%q) accepted a bad deck: %v", deal, err)
		}
		text := s.DealText()
		r := g.NewFlipState()
		if err := r.Deal(text, 0); err != nil || r.DealText() != text {
			t.Fatalf("Deal(%q): its text %q does not deal back (%v)", deal, text, err)
		}
		var legal []games.Action
		for steps := 0; s.Turn() != games.Terminal; steps++ {
			if steps > 100 {
				t.Fatalf("Deal(%q): no end after 100 actions", deal)
			}
			legal = s.Legal(legal)
			s.Apply(legal[len(legal)-1])
		}
		if ok, diff := cards.SameCards(s.Cards(nil), g.deck); !ok {
			t.Fatalf("cards not conserved: %s", diff)
		}
	})
}
