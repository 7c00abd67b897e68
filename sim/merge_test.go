package sim

import (
	"context"
	"errors"
	"math"
	"math/big"
	"reflect"
	"slices"
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
func severalSeats(t testing.TB, deals int64) map[string]Config {
	t.Helper()
	r := new(strategies.Registry)
	roundupbots.Register(r)
	spitebots.Register(r)
	lineup := func(game games.Game, names ...string) []Player {
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
		"roundup": {Game: ru, Lineup: lineup(ru, "greedy", "defender"), Seed: 5, Games: deals, Chunk: 16, Batch: 2},
		"spite":   {Game: sp, Lineup: lineup(sp, "greedy", "planner"), Seed: 5, Games: deals, Chunk: 16, Batch: 2},
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
			if cfg.Game.Capabilities().DealFeatures == nil {
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

// TestShardRangeExact: shards cover every deal once, in order, even for
// runs of nearly 2⁶³ deals where total·k overflows 64 bits; each bound is
// ⌊total·k/n⌋, worked with big integers.
func TestShardRangeExact(t *testing.T) {
	for _, tt := range []struct {
		total int64
		n     int
	}{{10, 3}, {1, 1}, {2, 2}, {math.MaxInt64, 3}, {math.MaxInt64, MaxShards}, {math.MaxInt64 - 1, 7}, {1e18, 64}} {
		next := int64(0)
		for k := range min(tt.n, 200) {
			lo, hi := ShardRange(tt.total, k, tt.n)
			want := new(big.Int).Div(new(big.Int).Mul(big.NewInt(tt.total), big.NewInt(int64(k+1))), big.NewInt(int64(tt.n)))
			if lo != next || hi < lo || !want.IsInt64() || hi != want.Int64() {
				t.Fatalf("ShardRange(%d, %d, %d) = %d, %d; want %d, %s", tt.total, k, tt.n, lo, hi, next, want)
			}
			next = hi
		}
		if tt.n <= 200 && next != tt.total {
			t.Errorf("%d shards of %d end at %d", tt.n, tt.total, next)
		}
	}
}

// TestRunRefusesIndicesPastInt64: a run whose last deal index would pass
// the largest int64 is refused; one that ends exactly there plays.
func TestRunRefusesIndicesPastInt64(t *testing.T) {
	cfg := severalSeats(t, 5)["spite"]
	cfg.First = math.MaxInt64 - 5 // deals up to MaxInt64-1: the end index is MaxInt64
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Errorf("the last 5 indices: %v", err)
	}
	cfg.First++
	if _, err := Run(context.Background(), cfg); err == nil {
		t.Error("a run past the largest index was accepted")
	}
}

// TestResumeMidBatch: a run stopped between two chunks of a batch, and
// resumed from its last snapshot (the batch under way and its chunks
// played), ends with exactly the tally of a run never stopped, for any
// number of workers on either side.
func TestResumeMidBatch(t *testing.T) {
	cfg := severalSeats(t, 200)["roundup"] // chunks of 16, batches of 2 chunks
	cfg.Batch = 5
	cfg.Workers = 1
	whole, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, stopAfter := range []int{1, 3, 7, 12} {
		ctx, cancel := context.WithCancel(context.Background())
		first := cfg
		first.Workers = 2
		var last Snapshot
		chunks := 0
		first.onChunk = func(s Snapshot) error {
			last = Snapshot{Next: s.Next, Done: slices.Clone(s.Done)}
			if chunks++; chunks == stopAfter {
				cancel()
			}
			return nil
		}
		part, err := Run(ctx, first)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped after %d chunks: %v", stopAfter, err)
		}
		if stopAfter%cfg.Batch != 0 && len(last.Done) == 0 {
			t.Errorf("stopped after %d chunks: no chunk of the batch recorded", stopAfter)
		}
		rest := cfg
		rest.Workers = 3
		rest.start, rest.First, rest.Games, rest.done = part, last.Next, cfg.Games-last.Next, last.Done
		got, err := Run(context.Background(), rest)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(whole, got) {
			t.Errorf("stopped after %d chunks (next %d, done %v) and resumed: the tally differs", stopAfter, last.Next, last.Done)
		}
	}
}
