package serve

import (
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/experiment"
)

// TestKeepsRecords: a run keeps its records while its rows (deals × seats
// × seatings) are at most RecordsMaxRows, counted from above: Nora plays
// each strategy on each deal, a row each; Round-up with six players rotates
// the seats, 36 rows a deal.
func TestKeepsRecords(t *testing.T) {
	runner := &experiment.Runner{Games: catalog.Games(), Strategies: catalog.Strategies()}
	for _, tt := range []struct {
		spec experiment.Spec
		want bool
	}{
		{experiment.Spec{Kind: experiment.Run, Game: "nora", Strategies: []string{"cautious"}, Games: RecordsMaxRows}, true},
		{experiment.Spec{Kind: experiment.Run, Game: "nora", Strategies: []string{"cautious"}, Games: RecordsMaxRows + 1}, false},
		{experiment.Spec{Kind: experiment.Compare, Game: "nora", Strategies: []string{"cautious", "rescuer"}, Games: RecordsMaxRows / 2}, true},
		{experiment.Spec{Kind: experiment.Compare, Game: "nora", Strategies: []string{"cautious", "rescuer"}, Games: RecordsMaxRows/2 + 1}, false},
		{experiment.Spec{Kind: experiment.Compare, Game: "roundup", Rules: []string{"players=6"}, Strategies: []string{"greedy", "random"}, Games: RecordsMaxRows / 36}, true},
		{experiment.Spec{Kind: experiment.Compare, Game: "roundup", Rules: []string{"players=6"}, Strategies: []string{"greedy", "random"}, Games: RecordsMaxRows/36 + 1}, false},
		{experiment.Spec{Kind: experiment.Run, Game: "nora", Strategies: []string{"cautious"}, Precision: 1, MaxGames: RecordsMaxRows + 1, Games: 10}, false},
		{experiment.Spec{Kind: experiment.Sweep, Game: "nora", Strategies: []string{"cautious"}, Rules: []string{"insure=0,1"}, Games: 10}, false},
	} {
		if got := keepsRecords(runner, tt.spec); got != tt.want {
			t.Errorf("%s %s %v, %d deals: keeps records %v, want %v", tt.spec.Kind, tt.spec.Game, tt.spec.Strategies, plannedDeals(tt.spec), got, tt.want)
		}
	}
}
