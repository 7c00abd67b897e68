package chriscross

import (
	"testing"

	"github.com/cardsim/cardsim/games/gamestest"
)

func TestConformance(t *testing.T) {
	for _, rules := range [][]string{
		nil,
		{"column-adjacent=true"},
		{"chain-moves=true"},
		{"diagonals=false"},
		{"size=3", "ranks=4"},
		{"size=4", "ranks=6", "chain-moves=true"},
	} {
		g, err := Definition().New(rules)
		if err != nil {
			t.Fatalf("%v: %v", rules, err)
		}
		t.Run(g.(*Game).Config().String(), func(t *testing.T) {
			gamestest.Conformance(t, g, gamestest.Config{Games: 300})
		})
	}
}
