package toygame

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/gamestest"
)

// TestConformance: the toy passes the checks every game passes, and its
// example deal plays as its doc says: seat 1 takes all three tricks.
func TestConformance(t *testing.T) {
	g, err := Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	gamestest.Conformance(t, g, gamestest.Config{})
	s := g.NewState()
	if err := s.Deal(ExampleDeal, 1); err != nil {
		t.Fatal(err)
	}
	var legal []games.Action
	for s.Turn() != games.Terminal {
		legal = s.Legal(legal)
		s.Apply(legal[len(legal)-1]) // every seat plays its highest card
	}
	if o0, o1 := s.Outcome(0), s.Outcome(1); o0.Score != 0 || o1.Score != 3 || o1.Result != games.Win {
		t.Errorf("outcomes %+v and %+v, want seat 1 to take the 3 tricks", o0, o1)
	}
}
