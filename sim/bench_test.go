package sim

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkRunStopAt plays whole games of Nora with the baseline strategy
// through the worker pool, with 1 and 2 workers, and reports games/s.
func BenchmarkRunStopAt(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			const n = 20000
			cfg := noraConfig(b, "stop-at", n)
			cfg.Workers = workers
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Run(context.Background(), cfg); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*b.N), "ns/game")
		})
	}
}
