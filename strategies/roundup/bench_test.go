package roundup

import (
	"fmt"
	"testing"

	"github.com/cardsim/cardsim/strategies"
)

// BenchmarkGreedyGame plays whole games with greedy in every seat, per
// player count: the cost of one simulated game.
func BenchmarkGreedyGame(b *testing.B) {
	for n := 2; n <= 6; n++ {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			tb := newTable(b, []string{fmt.Sprintf("players=%d", n)}, new(Greedy))
			tb.play(0) // warm the buffers
			var seed uint64
			b.ReportAllocs()
			for b.Loop() {
				seed++
				tb.play(seed)
			}
		})
	}
}

// BenchmarkRandomGame is the same with the generic random bot.
func BenchmarkRandomGame(b *testing.B) {
	tb := newTable(b, nil, strategies.NewRandom())
	tb.play(0)
	var seed uint64
	b.ReportAllocs()
	for b.Loop() {
		seed++
		tb.play(seed)
	}
}
