package spite

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// benchGames plays whole games of bot against itself, one per iteration.
func benchGames(b *testing.B, name string) {
	s := newGame(b).NewState()
	bots := [2]strategies.Strategy{newBot(b, name), newBot(b, name)}
	var seed uint64
	var legal []games.Action
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s.Reset(seed)
		bots[0].Begin(seed)
		bots[1].Begin(seed + 1)
		legal = play(s, bots, legal)
	}
}

// BenchmarkGreedyGame is one greedy-against-greedy game.
func BenchmarkGreedyGame(b *testing.B) { benchGames(b, "greedy") }

// BenchmarkPlannerGame is one planner-against-planner game.
func BenchmarkPlannerGame(b *testing.B) { benchGames(b, "planner") }
