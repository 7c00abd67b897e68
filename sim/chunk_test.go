package sim

import (
	"context"
	"errors"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// interrupter takes the die, and counts the games begun across its
// copies; at the game numbered at it cancels the run.
type interrupter struct {
	begun  *atomic.Int64
	at     int64
	cancel context.CancelFunc
}

func (s interrupter) Begin(uint64) {
	if s.begun.Add(1) == s.at {
		s.cancel()
	}
}
func (s interrupter) Choose(games.View, []games.Action) games.Action { return 0 }

// TestInterruptStopsBetweenDeals: a cancelled run stops after the deal
// under way, not after its chunk, and returns only the chunks finished, as
// the last snapshot holds them; the unfinished chunk is left unplayed, so
// a resumed run plays it whole.
func TestInterruptStopsBetweenDeals(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var begun atomic.Int64
	def := strategies.Definition{Name: "interrupter", Params: func(games.Game) []games.Setting { return nil },
		New: func(games.Game, []string) (strategies.Strategy, error) {
			return interrupter{begun: &begun, at: 150, cancel: cancel}, nil
		}}
	var last Snapshot
	cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: def}}, Seed: 2, Games: 1000, Workers: 1, Chunk: 100,
		onChunk: func(s Snapshot) error { last = Snapshot{Next: s.Next, Done: append([]int64{}, s.Done...)}; return nil }}
	tally, err := Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v, want it cancelled", err)
	}
	if tally.Games != 100 || begun.Load() != 150 {
		t.Errorf("cancelled in game 150 of the second chunk of 100: tallied %d games, began %d; want 100 and 150", tally.Games, begun.Load())
	}
	if last.Next != 0 || !reflect.DeepEqual(last.Done, []int64{0}) {
		t.Errorf("last snapshot: next %d, done %v; want the first chunk alone", last.Next, last.Done)
	}
}

// TestSearchStrategiesPlaySmallChunks: a lineup with a searching strategy
// plays chunks of SearchChunk deals, and its batches hold BatchDeals deals
// as with the default chunks, so a run stops for a precision target at the
// same deal and ends with the same tally.
func TestSearchStrategiesPlaySmallChunks(t *testing.T) {
	search := fixedDef("die", 0)
	search.Search = true
	const games = 2*BatchDeals + 100
	var tallies []*Tally
	var afters [][]int64
	for _, def := range []strategies.Definition{fixedDef("die", 0), search} {
		cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: def}}, Seed: 4, Games: games}
		want := DefaultChunk
		if def.Search {
			want = SearchChunk
		}
		p, err := NewPart(&cfg, games, "", 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if p.Chunk != want {
			t.Errorf("search %v: chunks of %d deals, want %d", def.Search, p.Chunk, want)
		}
		var at []int64
		cfg.after = func(_ *Tally, next int64) (bool, error) { at = append(at, next); return false, nil }
		tally, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		tallies, afters = append(tallies, tally), append(afters, at)
	}
	if want := []int64{BatchDeals, 2 * BatchDeals, games}; !reflect.DeepEqual(afters[0], want) || !reflect.DeepEqual(afters[1], want) {
		t.Errorf("batches end at %v and %v, want %v for both", afters[0], afters[1], want)
	}
	// The two lineups differ only in their name's flag; their tallies are
	// the same deal for deal.
	if !reflect.DeepEqual(tallies[0], tallies[1]) {
		t.Error("small chunks gave another tally")
	}
}

// TestFewDealsCutIntoChunks: a run of few deals is cut into at least
// MinChunks chunks, each a power of two, so that two workers share a
// study of 300 deals; the tally is the one of a single chunk, and a run of
// many deals keeps DefaultChunk.
func TestFewDealsCutIntoChunks(t *testing.T) {
	for _, tt := range []struct {
		games int64
		chunk int
	}{
		{1, 1}, {15, 1}, {16, 1}, {31, 1}, {32, 2}, {300, 16}, {4000, 128}, {8191, 256}, {8192, 512}, {1_000_000, DefaultChunk},
	} {
		cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("die", 0)}}, Games: tt.games}
		if got := cfg.chunk(); got != tt.chunk {
			t.Errorf("%d deals: chunks of %d, want %d", tt.games, got, tt.chunk)
		}
		if c := cfg.chunk(); BatchDeals%c != 0 || (tt.games >= MinChunks && tt.games/int64(c) < MinChunks) {
			t.Errorf("%d deals: chunks of %d do not divide a batch or make fewer than %d", tt.games, c, MinChunks)
		}
	}
	var tallies []*Tally
	for _, chunk := range []int{0, 300} {
		cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("die", 0)}}, Seed: 9, Games: 300, Workers: 2, Chunk: chunk}
		tally, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		tallies = append(tallies, tally)
	}
	if !reflect.DeepEqual(tallies[0], tallies[1]) {
		t.Error("300 deals in chunks of 16 gave another tally than in one chunk")
	}
}
