package flip

import (
	"testing"

	"github.com/cardsim/cardsim/games/gamestest"
)

func TestConformance(t *testing.T) {
	for _, rules := range [][]string{
		nil,
		{"mapping=identity"},
		{"mapping=fixed:7", "windows=top"},
		{"start=dark", "mapping=identity", "windows=top", "forced-play=true"},
		{"ranks=3", "forced-play=true"},
		{"ranks=2", "mapping=identity"},
	} {
		g := mustGame(t, rules...)
		t.Run(fmtRules(rules), func(t *testing.T) {
			gamestest.Conformance(t, g, gamestest.Config{Games: 300})
		})
	}
}

// FuzzPlay plays whole games from fuzzed seeds and choices, checking the
// invariants after every action (see gamestest.Fuzz).
func FuzzPlay(f *testing.F) {
	g, err := Definition().New(nil)
	if err != nil {
		f.Fatal(err)
	}
	gamestest.Fuzz(f, g, 100000)
}

// TestDealRules checks that the rules marked as changing the deal are
// exactly those whose values deal other cards, and plays random games
// under every sampled value of each of them with every conformance check.
func TestDealRules(t *testing.T) {
	if err := gamestest.CheckDealMarks(Definition(), 64); err != nil {
		t.Error(err)
	}
	gamestest.DealConformance(t, Definition(), gamestest.Config{Games: 50})
}
