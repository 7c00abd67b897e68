package sim

import (
	"context"
	"reflect"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/games/spite"
	"github.com/cardsim/cardsim/strategies"
	roundupbots "github.com/cardsim/cardsim/strategies/roundup"
	spitebots "github.com/cardsim/cardsim/strategies/spite"
)

// severalSeats returns runs of games of several players with deal features:
// Round-up at 4 players with two bots round the table, and Spite and Malice
// head to head.
func severalSeats(t testing.TB, games int64) map[string]Config {
	t.Helper()
	r := new(strategies.Registry)
	roundupbots.Register(r)
	spitebots.Register(r)
	lineup := func(game string, names ...string) []Player {
		var l []Player
		for _, n := range names {
			d, err := r.Lookup(game, n)
			if err != nil {
				t.Fatal(err)
			}
			l = append(l, Player{Strategy: d})
		}
		return l
	}
	ru, err := roundup.Definition().New([]string{"players=4"})
	if err != nil {
		t.Fatal(err)
	}
	sp, err := spite.Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]Config{
		"roundup": {Game: ru, Lineup: lineup("roundup", "greedy", "defender"), Seed: 5, Games: games, Chunk: 16, Batch: 2},
		"spite":   {Game: sp, Lineup: lineup("spite", "greedy", "planner"), Seed: 5, Games: games, Chunk: 16, Batch: 2},
	}
}

// TestShardsMergeIntoTheWholeRun: shards of a run of a game of several
// players with deal features merge into exactly the tally of the whole run,
// joint feature cells included, and those cells count every seat of every
// game once.
func TestShardsMergeIntoTheWholeRun(t *testing.T) {
	n := int64(300)
	if testing.Short() {
		n = 120
	}
	for name, cfg := range severalSeats(t, n) {
		t.Run(name, func(t *testing.T) {
			if _, ok := cfg.Game.(games.Featured); !ok {
				t.Fatalf("%s has no deal features", name)
			}
			whole, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			var seatGames, joint int64
			for _, o := range whole.Seats {
				seatGames += o.Games
			}
			for _, c := range whole.Joint {
				joint += c.Games
			}
			if joint != seatGames {
				t.Errorf("joint cells count %d seat-games, the seats %d", joint, seatGames)
			}
			const shards = 3
			merged := NewTallyFor(&cfg)
			for k := range shards {
				part := cfg
				part.First, part.Games = ShardRange(n, k, shards)
				part.Games -= part.First
				pt, err := Run(context.Background(), part)
				if err != nil {
					t.Fatal(err)
				}
				merged.Merge(pt)
			}
			if !reflect.DeepEqual(whole, merged) {
				t.Errorf("%d shards merged differ from the whole run", shards)
			}
			sw, sm := Summarize(&cfg, whole, 0.95), Summarize(&cfg, merged, 0.95)
			if !reflect.DeepEqual(sw, sm) {
				t.Errorf("summaries of %d merged shards differ from the whole run's", shards)
			}
		})
	}
}
