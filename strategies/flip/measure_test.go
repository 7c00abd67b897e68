package flip

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// TestMeasure solves FLIP_DEALS deals (default 2000) of the rules in
// FLIP_RULES (default rules if unset) with the clairvoyant solver at its
// default budgets, the deals cardsim run plays with --seed 1, and logs
// what the CLI cannot show: how many best scores are exact, and the mean
// of the upper bounds next to the mean score found, so that the best mean
// is known to lie between the two. It runs only with FLIP_MEASURE=1:
//
//	FLIP_MEASURE=1 FLIP_RULES=forced-play=false go test -run Measure -v -timeout 2h ./strategies/flip/
func TestMeasure(t *testing.T) {
	if os.Getenv("FLIP_MEASURE") == "" {
		t.Skip("set FLIP_MEASURE=1 to measure the solver")
	}
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("FLIP_DEALS")); err == nil {
		n = v
	}
	g := newGame(t, strings.Fields(os.Getenv("FLIP_RULES"))...)
	const workers = 2
	var mu sync.Mutex
	var score, upper, exact, wins, undecided, nodes int
	start := time.Now()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sv := &Solver{Budget: DefaultBudget, WinBudget: DefaultWinBudget}
			s := g.NewFlipState()
			for i := w; i < n; i += workers {
				s.Reset(sim.GameSeed(1, int64(i)))
				var r Result
				if s.Turn() == games.Terminal {
					r = Result{Score: s.Score(), Upper: s.Score(), Exact: true, Decided: true, Won: s.Score() == 2*g.Size()}
				} else {
					r = sv.Solve(s)
				}
				mu.Lock()
				score += r.Score
				upper += r.Upper
				nodes += r.Nodes
				if r.Exact {
					exact++
				}
				if r.Won {
					wins++
				}
				if !r.Decided {
					undecided++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("%q, %d deals: mean score at least %.3f and at most %.3f; %d exact; %d won, %d undecided; %.0f positions and %v per deal",
		os.Getenv("FLIP_RULES"), n, float64(score)/float64(n), float64(upper)/float64(n), exact, wins, undecided,
		float64(nodes)/float64(n), time.Since(start)*workers/time.Duration(n))
}
