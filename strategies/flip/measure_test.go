package flip

import (
	"github.com/cardsim/cardsim/strategies"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestMeasure plays FLIP_DEALS deals (default 2000) of the default rules
// with each strategy and logs mean score, wins and undecided games. It runs
// only with FLIP_MEASURE=1:
//
//	FLIP_MEASURE=1 go test -run Measure -v -timeout 2h ./strategies/flip/
func TestMeasure(t *testing.T) {
	if os.Getenv("FLIP_MEASURE") == "" {
		t.Skip("set FLIP_MEASURE=1 to measure win rates")
	}
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("FLIP_DEALS")); err == nil {
		n = v
	}
	g := newGame(t)
	makers := []struct {
		name string
		make func() strategies.Strategy
	}{
		{"greedy (prefer=bottom)", func() strategies.Strategy { return NewGreedy(false) }},
		{"greedy prefer=top", func() strategies.Strategy { return NewGreedy(true) }},
		{"lookahead", func() strategies.Strategy { return NewLookahead(g, 8, 2) }},
		{"clairvoyant", func() strategies.Strategy { return NewClairvoyant(DefaultBudget, DefaultWinBudget) }},
	}
	for _, m := range makers {
		const workers = 2
		var mu sync.Mutex
		var sum, wins, undecided int
		start := time.Now()
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, s := m.make(), g.NewFlipState()
				for i := w; i < n; i += workers {
					s.Reset(uint64(i))
					sc := play(s, st, uint64(i))
					p, ok := st.(strategies.Prover)
					mu.Lock()
					sum += sc
					if sc == 2*g.Size() {
						wins++
					} else if ok && p.Undecided() {
						undecided++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		t.Logf("%-22s %d deals: mean score %.2f, wins %d (%.3f%%), undecided %d, %v per deal",
			m.name, n, float64(sum)/float64(n), wins, 100*float64(wins)/float64(n), undecided,
			time.Since(start)*workers/time.Duration(n))
	}
}
