package sim

import (
	"context"
	"reflect"
	"slices"
	"testing"
)

// collect is a RecordSink that keeps copies of the records.
type collect struct{ rs []Record }

func (c *collect) Write(rs []Record) error {
	for _, r := range rs {
		r.Features, r.Metrics = slices.Clone(r.Features), slices.Clone(r.Metrics)
		c.rs = append(c.rs, r)
	}
	return nil
}

// TestRecordsInDealOrder: records come one per seat of every game, in deal,
// seating and seat order, the same for any number of workers and chunk
// size, and they add up to the tally: scores, wins and every seat's
// features.
func TestRecordsInDealOrder(t *testing.T) {
	var first []Record
	for _, wc := range []struct{ workers, chunk int }{{1, 7}, {3, 5}, {2, 64}} {
		cfg := severalSeats(t, 90)["roundup"]
		cfg.Workers, cfg.Chunk, cfg.Batch = wc.workers, wc.chunk, 3
		var c collect
		cfg.Records = &c
		tally, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		seats, seatings := cfg.Game.Seats(), len(cfg.seatings())
		if len(c.rs) != 90*seats*seatings {
			t.Fatalf("%d records, want %d", len(c.rs), 90*seats*seatings)
		}
		var score, wins int64
		for i, r := range c.rs {
			want := Record{Index: int64(i / (seats * seatings)), Seating: i / seats % seatings, Seat: i % seats}
			if r.Index != want.Index || r.Seating != want.Seating || r.Seat != want.Seat || r.Entry != cfg.seatings()[r.Seating][r.Seat] {
				t.Fatalf("record %d is deal %d seating %d seat %d entry %d", i, r.Index, r.Seating, r.Seat, r.Entry)
			}
			if len(r.Features) != len(tally.Features) || len(r.Metrics) != len(cfg.Game.Metrics()) {
				t.Fatalf("record %d: %d features, %d metrics", i, len(r.Features), len(r.Metrics))
			}
			score += int64(r.Score)
			if r.Result == 2 {
				wins++
			}
		}
		var tScore, tWins int64
		for _, o := range tally.Seats {
			tScore += o.Score.Sum()
			tWins += o.Wins
		}
		if score != tScore || wins != tWins {
			t.Errorf("records add up to %d points and %d wins, the tally to %d and %d", score, wins, tScore, tWins)
		}
		// The records of face_cards by value add up to the feature's cells.
		counts := map[int64]int64{}
		for _, r := range c.rs {
			counts[r.Features[0]]++
		}
		for j, cell := range tally.Features[0].Cells {
			if v := tally.Features[0].Min + int64(j); cell.Games != counts[v] {
				t.Errorf("feature value %d: %d records, %d in the tally", v, counts[v], cell.Games)
			}
		}
		if first == nil {
			first = c.rs
		} else if !reflect.DeepEqual(first, c.rs) {
			t.Errorf("%d workers, chunks of %d: other records than 1 worker's", wc.workers, wc.chunk)
		}
	}
}
