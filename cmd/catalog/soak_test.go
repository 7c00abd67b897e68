package catalog

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/games/gamestest"
)

// TestSoak plays whole games of every game cardsim ships with random
// choices, checking every invariant after every action (gamestest.Soak):
// 100 games each in a normal test run, and CARDSIM_SOAK games each when
// that is set (make soak-games), for the games CARDSIM_SOAK_GAMES names
// (separated by commas) or every game. It logs the games each engine
// survived.
func TestSoak(t *testing.T) {
	n := int64(100)
	if v := os.Getenv("CARDSIM_SOAK"); v != "" {
		var err error
		if n, err = strconv.ParseInt(v, 10, 64); err != nil || n < 1 {
			t.Fatalf("CARDSIM_SOAK=%q: want a number of games", v)
		}
	}
	only := strings.Split(os.Getenv("CARDSIM_SOAK_GAMES"), ",")
	for _, d := range Games().All() {
		if only[0] != "" && !slices.Contains(only, d.Name) {
			continue
		}
		g, err := d.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		played, err := gamestest.Soak(context.Background(), g, 0, n, runtime.GOMAXPROCS(0), 1_000_000)
		if err != nil {
			t.Errorf("%s: after %d games: %v", d.Name, played, err)
			continue
		}
		t.Logf("%s: %d whole games survived, every invariant checked after every action (%.1f s)", d.Name, played, time.Since(start).Seconds())
	}
}
