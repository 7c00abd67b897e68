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

// soakDeepEvery is how often a soaked game also runs the checks of hidden
// cards and clones: one game in soakDeepEvery.
const soakDeepEvery = 4

// TestSoak plays whole games of every game cardsim ships with random
// choices, under its default rules in every other game and under every
// sample value of every rule option in turn in the others (every player
// count among them), checking every invariant after every action
// (gamestest.Soak): 100 games each in a normal test run, and CARDSIM_SOAK
// games each when that is set (make soak-games), for the games
// CARDSIM_SOAK_GAMES names (separated by commas) or every game. It logs
// the games each engine survived.
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
		vs, err := gamestest.Variants(d)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		cfg := gamestest.SoakConfig{Workers: runtime.GOMAXPROCS(0), MaxSteps: 1_000_000, DeepEvery: soakDeepEvery,
			ProgressEvery: 1_000_000, Progress: func(k int64) {
				t.Logf("%s: %d games survived so far (%.0f s)", d.Name, k, time.Since(start).Seconds())
			}}
		played, err := gamestest.Soak(context.Background(), vs, 0, n, cfg)
		if err != nil {
			t.Errorf("%s: after %d games: %v", d.Name, played, err)
			continue
		}
		t.Logf("%s: %d whole games survived under %d readings of the rules, every invariant checked after every action, hidden cards and clones in one game of %d (%.1f s)",
			d.Name, played, len(vs), soakDeepEvery, time.Since(start).Seconds())
	}
}

// TestSoakPlaysEveryPlayerCount: the soak plays Round-up at every number
// of players it takes, not only its default four.
func TestSoakPlaysEveryPlayerCount(t *testing.T) {
	d, err := Games().Lookup("roundup")
	if err != nil {
		t.Fatal(err)
	}
	vs, err := gamestest.Variants(d)
	if err != nil {
		t.Fatal(err)
	}
	seats := map[int]bool{}
	for _, v := range vs {
		seats[v.Game.Seats()] = true
	}
	for n := 2; n <= 6; n++ {
		if !seats[n] {
			t.Errorf("no soak variant of Round-up at %d players (variants: %v)", n, vs)
		}
	}
}
