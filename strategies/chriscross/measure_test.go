package chriscross

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// TestMeasureReadings solves CHRISCROSS_DEALS deals (default 20000, seeds 0
// on) under each reading of a column pair, with and without diagonals, and
// logs what the clairvoyant solver makes of them: deals without a starting
// pair, deals won, deals with a starting pair proved lost, and deals left
// undecided, with the 95% Wilson interval of the win rate (undecided deals
// count as wins for its upper end). It also logs the share of 2,000,000
// other deals (State.Reset of games.Mix(i, 1)) that hold no pair as dealt,
// which no player can win. It runs only with CHRISCROSS_MEASURE=1:
//
//	CHRISCROSS_MEASURE=1 go test -run MeasureReadings -v -timeout 1h ./strategies/chriscross/
func TestMeasureReadings(t *testing.T) {
	if os.Getenv("CHRISCROSS_MEASURE") == "" {
		t.Skip("set CHRISCROSS_MEASURE=1 to measure")
	}
	deals := uint64(20000)
	if v, err := strconv.ParseUint(os.Getenv("CHRISCROSS_DEALS"), 10, 64); err == nil {
		deals = v
	}
	for _, rules := range [][]string{
		{"column-adjacent=false", "diagonals=true"},
		{"column-adjacent=false", "diagonals=false"},
		{"column-adjacent=true", "diagonals=true"},
		{"column-adjacent=true", "diagonals=false"},
	} {
		n := lostDeals(t, rules, deals)
		lo, _ := wilson(n.winnable, int(deals))
		_, hi := wilson(n.winnable+n.unknown, int(deals))
		t.Logf("%-40s %d deals: no starting pair %d (%s), won %d (%.2f%%, %.2f%% to %.2f%%), lost with a starting pair %d (the first seeds %v), undecided %d",
			strings.Join(rules, " "), deals, n.noPair, percent(n.noPair, int(deals)), n.winnable,
			100*float64(n.winnable)/float64(deals), 100*lo, 100*hi, n.lost, n.lostSeeds[:min(len(n.lostSeeds), 10)], n.unknown)
		const many = 2000000
		s := mustGame(rules...).NewChrisCross()
		over := 0
		for i := range uint64(many) {
			s.Reset(games.Mix(i, 1))
			if s.Turn() == games.Terminal {
				over++
			}
		}
		lo, hi = wilson(over, many)
		t.Logf("%-40s %d deals: no starting pair %d (%.3f%%, %.3f%% to %.3f%%)",
			strings.Join(rules, " "), many, over, 100*float64(over)/many, 100*lo, 100*hi)
	}
}

// wilson returns the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.959963984540054
	p, m := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*m)) / (1 + z*z/m)
	h := z / (1 + z*z/m) * math.Sqrt(p*(1-p)/m+z*z/(4*m*m))
	return max(0, c-h), min(1, c+h)
}

func percent(k, n int) string { return fmt.Sprintf("%.2f%%", 100*float64(k)/float64(n)) }
