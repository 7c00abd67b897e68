package sim

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/strategies"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

// noraLineupConfig returns a run of Nora comparing the named strategies.
func noraLineupConfig(t testing.TB, names ...string) Config {
	t.Helper()
	cfg := noraConfig(t, names[0], 0)
	r := new(strategies.Registry)
	norabots.Register(r, norabots.Setup{})
	cfg.Lineup = nil
	for _, n := range names {
		def, err := r.Lookup(cfg.Game, n)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Lineup = append(cfg.Lineup, Player{Strategy: def})
	}
	return cfg
}

// sealedParts plays the run cfg of deals deals as n shards and returns
// their parts as read back from their files.
func sealedParts(t testing.TB, cfg Config, deals int64, n int) []*Part {
	t.Helper()
	var parts []*Part
	for k := range n {
		s := &Session{Config: cfg, Deals: deals, Shard: k, Shards: n, Confidence: 0.95}
		r, err := s.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, roundTrip(t, r.Part))
	}
	return parts
}

// copyParts returns deep copies of parts.
func copyParts(t testing.TB, parts []*Part) []*Part {
	t.Helper()
	out := make([]*Part, len(parts))
	for i, p := range parts {
		out[i] = roundTrip(t, p)
	}
	return out
}

// mergeFiles writes parts to files, reads them back and merges them as
// cardsim merge does, checking them against the run cfg.
func mergeFiles(t *testing.T, cfg *Config, parts []*Part) (*Tally, error) {
	t.Helper()
	dir := t.TempDir()
	var read []*Part
	for i, p := range parts {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		q, err := ReadPart(path)
		if err != nil {
			return nil, err
		}
		read = append(read, q)
	}
	return MergeParts(cfg, read)
}

// move moves n counts of h from value a to value b, keeping its total.
func move(h *Histogram, a, b, n int64) {
	h.AddN(a, -n)
	h.AddN(b, n)
}

// anyValue returns a value h counts.
func anyValue(h *Histogram) int64 {
	lo, _, _ := h.Range()
	return lo
}

// TestPartsCheckedForMeaning: parts edited by hand and resealed (the
// checksum is a plain SHA-256 anyone can recompute) are refused when a
// figure is impossible for the game and the part's own range of deals,
// rather than merged into wrong figures or into an allocation of
// terabytes. Each case edits shard 2 of 3 of a Nora run of two
// strategies, keeping what the edit does not aim at consistent.
func TestPartsCheckedForMeaning(t *testing.T) {
	cfg := noraLineupConfig(t, "cautious", "rescuer")
	parts := sealedParts(t, cfg, 3000, 3)
	if _, err := mergeFiles(t, &cfg, copyParts(t, parts)); err != nil {
		t.Fatalf("the parts as played: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(ps []*Part) // edits ps in place; ps[2] is resealed after
		want string
	}{
		{"a score beyond the game's bounds", func(ps []*Part) {
			for _, o := range []*Outcomes{&ps[2].Tally.Entries[0], &ps[2].Tally.Seats[0]} {
				move(&o.Score, anyValue(&o.Score), 100_262, 1)
			}
		}, "score 100262"},
		{"a metric value at 2^40", func(ps []*Part) {
			h := &ps[2].Tally.Metrics[0][0]
			*h = Histogram{Min: 1 << 40, Counts: []int64{h.N()}}
		}, "metric passes"},
		{"a metric counted 1,002,000 times in 3,000 deals", func(ps []*Part) {
			h := &ps[2].Tally.Metrics[1][3]
			h.AddN(anyValue(h), 1_001_000)
		}, "metric first_pass_removed"},
		{"the paired score difference moved", func(ps []*Part) {
			h := &ps[2].Tally.Pairs[1]
			v := anyValue(h)
			move(h, v, v-30, h.Count(v))
		}, "paired"},
		{"a win without the best score", func(ps []*Part) {
			ps[2].Tally.Entries[1].Wins++
			ps[2].Tally.Seats[0].Wins++
		}, "win"},
		{"counts of 2^62 that wrap round to the games", func(ps []*Part) {
			for _, o := range []*Outcomes{&ps[2].Tally.Entries[0], &ps[2].Tally.Seats[0]} {
				for v := range int64(4) {
					o.Score.AddN(v, 1<<62)
				}
			}
		}, "64 bits"},
		{"shard 0 relabelled as shard 1", func(ps []*Part) {
			p := roundTrip(t, ps[0])
			p.Shard, p.First, p.End, p.Next = ps[1].Shard, ps[1].First, ps[1].End, ps[1].Next
			ps[1] = p
			ps[1].Seal()
		}, "fingerprint of deals 1000…1999"},
	} {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			ps := copyParts(t, parts)
			tt.edit(ps)
			ps[2].Seal()
			merged, err := mergeFiles(t, &cfg, ps)
			if err == nil {
				t.Fatalf("merged into %d deals, %d wins; want an error with %q", merged.Games, merged.Entries[1].Wins, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q; want it to say %q", err, tt.want)
			}
		})
	}
}

// TestPartsOfSeveralSeatsCheckedForMeaning: parts of games of several
// players, with their seats, deal features, joint cells and cluster sums,
// pass the checks as played, and are refused edited.
func TestPartsOfSeveralSeatsCheckedForMeaning(t *testing.T) {
	runs := severalSeats(t, 0)
	for _, name := range []string{"roundup", "spite"} {
		cfg := runs[name]
		cfg.Chunk, cfg.Batch = 0, 0
		parts := sealedParts(t, cfg, 48, 2)
		if _, err := mergeFiles(t, &cfg, copyParts(t, parts)); err != nil {
			t.Fatalf("%s: the parts as played: %v", name, err)
		}
		for _, tt := range []struct {
			name string
			edit func(tl *Tally)
			want string
		}{
			{"a deal feature beyond its bound", func(tl *Tally) { tl.Features[0].Min += 40 }, "deal feature"},
			{"a joint cell beyond a feature's bound", func(tl *Tally) {
				for k, c := range tl.Joint {
					delete(tl.Joint, k)
					tl.Joint["99"+k[strings.Index(k, ","):]] = c
					return
				}
			}, "is not a value it takes"},
			{"a seat's win moved to another seat's draw", func(tl *Tally) {
				tl.Seats[0].Wins--
				tl.Seats[1].Draws++
			}, "seat 0: cluster sums"},
			{"a metric's cluster sums moved", func(tl *Tally) { tl.MetricClusters[1][0].NS += 3 }, "cluster sums"},
			{"a strategy's cluster sums moved", func(tl *Tally) { tl.Entries[0].Cluster.N2++ }, "cluster sums"},
			{"the first seat counted in no play", func(tl *Tally) { tl.Starter = Outcomes{} }, "the first seat to move"},
		} {
			ps := copyParts(t, parts)
			tt.edit(ps[1].Tally)
			ps[1].Seal()
			if _, err := mergeFiles(t, &cfg, ps); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s, %s: %v; want an error with %q", name, tt.name, err, tt.want)
			}
		}
	}
}

// TestCheckpointCheckedForMeaning: a checkpoint edited and resealed is
// refused on resuming, as a part is on merging: a forged metric value used
// to make the resumed run allocate terabytes, a forged score to be carried
// into its figures.
func TestCheckpointCheckedForMeaning(t *testing.T) {
	cfg := noraLineupConfig(t, "cautious", "rescuer")
	cfg.Chunk = 64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var saved *Part
	s := &Session{Config: cfg, Deals: 100_000, Confidence: 0.95, CheckpointEvery: time.Hour}
	s.Checkpoint = func(p *Part) error { saved = roundTrip(t, p); return nil }
	s.Config.Progress = func(int64) { cancel() }
	if _, err := s.Play(ctx); !errors.Is(err, context.Canceled) || saved == nil || saved.Played() == 0 {
		t.Fatalf("interrupted session: %v, checkpoint %v", err, saved)
	}
	resume := func(p *Part) error {
		s := &Session{Config: cfg, Deals: 100_000, Confidence: 0.95, Resume: p}
		s.Config.Games = 0
		ctx, cancel := context.WithCancel(context.Background())
		s.Config.Progress = func(int64) { cancel() } // one chunk is enough to know it resumed
		_, err := s.Play(ctx)
		if errors.Is(err, context.Canceled) {
			return nil
		}
		return err
	}
	if err := resume(roundTrip(t, saved)); err != nil {
		t.Fatalf("the checkpoint as saved: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(*Tally)
		want string
	}{
		{"a metric value at 2^40", func(tl *Tally) {
			h := &tl.Metrics[0][0]
			*h = Histogram{Min: 1 << 40, Counts: []int64{h.N()}}
		}, "metric passes"},
		{"a score beyond the bounds", func(tl *Tally) {
			for _, o := range []*Outcomes{&tl.Entries[0], &tl.Seats[0]} {
				move(&o.Score, anyValue(&o.Score), 541, 1)
			}
		}, "score 541"},
	} {
		p := roundTrip(t, saved)
		tt.edit(p.Tally)
		p.Seal()
		if err := resume(p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: resuming gave %v; want an error with %q", tt.name, err, tt.want)
		}
	}
}
