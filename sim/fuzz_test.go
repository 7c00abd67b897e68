package sim

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// fuzzRuns returns the runs the fuzz targets read parts of, with the parts
// of each played in three shards: Nora comparing two strategies (paired
// differences), and Round-up at four players round the table (seats, deal
// features, joint cells, rounds and cluster sums).
func fuzzRuns(f *testing.F) ([]Config, [][]*Part) {
	nora := noraLineupConfig(f, "cautious", "rescuer")
	roundup := severalSeats(f, 0)["roundup"]
	roundup.Chunk, roundup.Batch = 0, 0
	cfgs := []Config{nora, roundup}
	parts := [][]*Part{sealedParts(f, nora, 300, 3), sealedParts(f, roundup, 12, 3)}
	return cfgs, parts
}

// resealed returns the part b holds, decoded and sealed again, as someone
// who edits a part and recomputes its checksum would write it; nil if b is
// no JSON part.
func resealed(b []byte) []byte {
	var p Part
	if json.Unmarshal(b, &p) != nil {
		return nil
	}
	p.Seal()
	out, err := json.Marshal(&p)
	if err != nil {
		return nil
	}
	return out
}

// FuzzMergeParts reads a part from the fuzzed bytes, as they are and
// resealed (a forger recomputes the checksum), and merges it in the place
// of the shard it claims among the real parts of its run. Seeded with real
// parts, it checks that no file, however made, panics the reading or the
// merge or makes it allocate beyond the game's ranges.
func FuzzMergeParts(f *testing.F) {
	cfgs, parts := fuzzRuns(f)
	for run, ps := range parts {
		for _, p := range ps {
			b, err := json.Marshal(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(run), b)
		}
	}
	f.Fuzz(func(t *testing.T, run uint8, b []byte) {
		cfg, ps := cfgs[int(run)%len(cfgs)], parts[int(run)%len(parts)]
		for _, data := range [][]byte{b, resealed(b)} {
			p, err := decodePart(data)
			if err != nil {
				continue
			}
			merged := append([]*Part(nil), ps...)
			if p.Shard >= 0 && p.Shard < len(merged) {
				merged[p.Shard] = p
			} else {
				merged = append(merged, p)
			}
			if tally, err := MergeParts(&cfg, merged); err == nil && tally.Games != p.Total {
				t.Fatalf("merged %d deals of a run of %d", tally.Games, p.Total)
			}
		}
	})
}

// FuzzLoadCheckpoint loads a checkpoint from the fuzzed bytes, as they are
// and resealed, to resume its run, and adds a chunk played to what it
// holds, as a resumed run does. Seeded with real checkpoints of
// interrupted runs (one taken between two chunks of a batch), it checks
// that no file panics the loading or makes the run allocate beyond the
// game's ranges.
func FuzzLoadCheckpoint(f *testing.F) {
	cfgs, parts := fuzzRuns(f)
	for run, cfg := range cfgs {
		cfg.Chunk, cfg.Batch = 4, 8
		ctx, cancel := context.WithCancel(context.Background())
		var saved [][]byte
		s := &Session{Config: cfg, Deals: 200, Confidence: 0.95, CheckpointEvery: 0}
		s.Checkpoint = func(p *Part) error {
			b, err := json.Marshal(p)
			saved = append(saved, b)
			if len(saved) == 3 {
				cancel()
			}
			return err
		}
		if _, err := s.Play(ctx); !errors.Is(err, context.Canceled) {
			f.Fatalf("interrupted run: %v", err)
		}
		cancel()
		for _, b := range saved {
			p, err := decodePart(b)
			if err == nil {
				_, err = (&Session{Config: cfg, Deals: 200, Confidence: 0.95, Resume: p}).start()
			}
			if err != nil {
				f.Fatalf("a real checkpoint of %s does not load: %v", cfg.Game.Name(), err)
			}
			f.Add(uint8(run), b)
		}
	}
	f.Fuzz(func(t *testing.T, run uint8, b []byte) {
		cfg := cfgs[int(run)%len(cfgs)]
		chunk := parts[int(run)%len(parts)][0].Tally
		for _, data := range [][]byte{b, resealed(b)} {
			p, err := decodePart(data)
			if err != nil {
				continue
			}
			s := &Session{Config: cfg, Deals: p.Total, Shard: p.Shard, Shards: p.Shards, Confidence: 0.95, Resume: p, now: time.Now}
			if p.Shards == 1 {
				s.Shards = 0
			}
			pl, err := s.start()
			if err != nil {
				continue
			}
			total := NewTallyFor(&pl.cfg)
			if err := total.add(pl.cfg.start); err != nil {
				t.Fatalf("a checkpoint that loaded does not merge: %v", err)
			}
			_ = total.add(chunk) // the chunk's deals may be the checkpoint's: only no panic is asked
		}
	})
}
