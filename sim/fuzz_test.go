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
// differences), Round-up at four players round the table (seats, deal
// features, joint cells, rounds and cluster sums) and Spite and Malice
// head to head (draws).
func fuzzRuns(f *testing.F) ([]Config, [][]*Part) {
	runs := impossibleRuns(f)
	names := []string{"nora", "roundup", "spite"}
	deals := []int64{300, 12, 60}
	var cfgs []Config
	var parts [][]*Part
	for i, name := range names {
		cfgs = append(cfgs, runs[name])
		parts = append(parts, sealedParts(f, runs[name], deals[i], 3))
	}
	return cfgs, parts
}

// forgedSeeds returns the hardening issue's impossible tallies and the
// seats' forgeries (seatForgeries) forged into the parts of runs (by game,
// as fuzzRuns returns them): each edit applied to each part it fits,
// resealed, as JSON with the index of its run.
func forgedSeeds(t testing.TB, cfgs []Config, parts [][]*Part) (runs []uint8, seeds [][]byte) {
	type forgery struct {
		name, game string
		edit       func(*Config, *Tally)
	}
	var all []forgery
	for _, tt := range impossibleTallies {
		all = append(all, forgery{tt.name, tt.game, tt.edit})
	}
	for _, tt := range seatForgeries {
		all = append(all, forgery{tt.name, tt.game, func(_ *Config, tl *Tally) { tt.edit(tl) }})
	}
	for _, tt := range all {
		before := len(seeds)
		for run, cfg := range cfgs {
			if cfg.Game.Name() != tt.game {
				continue
			}
			for _, p := range parts[run] {
				q := roundTrip(t, p)
				if !fits(func() { tt.edit(&cfg, q.Tally) }) {
					continue
				}
				q.Seal()
				b, err := json.Marshal(q)
				if err != nil {
					t.Fatal(err)
				}
				runs, seeds = append(runs, uint8(run)), append(seeds, b)
			}
		}
		if len(seeds) == before {
			t.Fatalf("%s: forged into none of the parts", tt.name)
		}
	}
	return runs, seeds
}

// fits reports whether edit runs without a panic: an edit that looks for a
// cell it can forge finds none in a small part.
func fits(edit func()) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	edit()
	return true
}

// checkOutput checks what a tally that passed every check gives: a
// summary, at the confidence of the run, that writes as JSON (no NaN or
// infinity among its figures), for tallies of at least 2 deals.
func checkOutput(t *testing.T, cfg *Config, tally *Tally) {
	if tally.Games < 2 {
		return
	}
	sum := Summarize(cfg, tally, 0.95)
	if _, err := json.Marshal(sum); err != nil {
		t.Fatalf("a tally that passed every check gives a summary that does not write: %v", err)
	}
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
// parts and with the hardening issue's impossible tallies forged into
// them, it checks that no file, however made, panics the reading or the
// merge or makes it allocate beyond the game's ranges, and that what
// merges passes the checks as a whole and gives a summary that writes.
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
	runs, forged := forgedSeeds(f, cfgs, parts)
	for i, b := range forged {
		f.Add(runs[i], b)
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
			tally, err := MergeParts(&cfg, merged)
			if err != nil {
				continue
			}
			if tally.Games != p.Total {
				t.Fatalf("merged %d deals of a run of %d", tally.Games, p.Total)
			}
			// What every part passes, their sum passes: each check is
			// kept by adding tallies (sums of squares by Cauchy–Schwarz
			// over the parts).
			if err := tally.checkMeaning(&cfg, tally.Games); err != nil {
				t.Fatalf("parts that each pass the checks merge into a tally that does not: %v", err)
			}
			checkOutput(t, &cfg, tally)
		}
	})
}

// FuzzLoadCheckpoint loads a checkpoint from the fuzzed bytes, as they are
// and resealed, to resume its run, and adds a chunk played to what it
// holds, as a resumed run does. Seeded with real checkpoints of
// interrupted runs (one taken between two chunks of a batch) and with the
// impossible tallies forged into them, it checks that no file panics the
// loading or makes the run allocate beyond the game's ranges, and that
// what loads gives a summary that writes.
func FuzzLoadCheckpoint(f *testing.F) {
	cfgs, parts := fuzzRuns(f)
	cps := make([][]*Part, len(cfgs)) // the checkpoints saved, by run
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
			cps[run] = append(cps[run], roundTrip(f, p))
		}
	}
	runs, forged := forgedSeeds(f, cfgs, cps)
	for i, b := range forged {
		f.Add(runs[i], b)
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
			checkOutput(t, &pl.cfg, total)
			_ = total.add(chunk) // the chunk's deals may be the checkpoint's: only no panic is asked
		}
	})
}
