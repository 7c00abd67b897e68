package sim

import (
	"math"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/stat"
)

// solitaireRecords returns the records of a one-seat run: deal i scored
// scores[i] and was won where wins[i].
func solitaireRecords(first int64, scores []int, wins []bool) []Record {
	var rs []Record
	for i, s := range scores {
		r := Record{Index: first + int64(i), Score: s, Result: games.Loss}
		if wins[i] {
			r.Result = games.Win
		}
		rs = append(rs, r)
	}
	return rs
}

// TestPairedDifference: differences worked by hand on four deals.
func TestPairedDifference(t *testing.T) {
	var a, b DealFigures
	a.Write(solitaireRecords(0, []int{1, 2}, []bool{true, false})) // two chunks
	a.Write(solitaireRecords(2, []int{3, 4}, []bool{false, false}))
	b.Write(solitaireRecords(0, []int{2, 2, 5, 4}, []bool{true, true, true, false}))

	// Scores: differences 1, 0, 2, 0; mean 0.75, sd √(2.75/3), and
	// t(3) at 95% 3.182446: half-width 3.182446 × 0.957427 / 2 = 1.523478.
	d, lo, hi, n, ok := a.PairedDifference(0, &b, 0, "score", 0.95)
	if !ok || n != 4 || d != 0.75 || math.Abs(lo-(0.75-1.523478)) > 1e-5 || math.Abs(hi-(0.75+1.523478)) > 1e-5 {
		t.Errorf("score: %v (%v to %v) over %d, %v", d, lo, hi, n, ok)
	}
	// Wins: both won deal 0, only b deals 1 and 2: +2 of 4.
	d, lo, hi, n, ok = a.PairedDifference(0, &b, 0, "win", 0.95)
	wlo, whi := stat.PairedRateDifference(stat.PairedCounts{Both: 1, Only1: 2, Only2: 0, N: 4}, 0.95)
	if !ok || n != 4 || d != 0.5 || lo != wlo || hi != whi {
		t.Errorf("win: %v (%v to %v) over %d, %v; want 0.5 (%v to %v)", d, lo, hi, n, ok, wlo, whi)
	}
	// The other way round, the difference and its interval turn over.
	d, lo, hi, _, _ = b.PairedDifference(0, &a, 0, "win", 0.95)
	if d != -0.5 || math.Abs(lo+whi) > 1e-15 || math.Abs(hi+wlo) > 1e-15 {
		t.Errorf("win reversed: %v (%v to %v)", d, lo, hi)
	}
	// A shorter run pairs on the deals both played.
	var c DealFigures
	c.Write(solitaireRecords(0, []int{3, 2, 9}, []bool{false, false, false}))
	if d, _, _, n, ok := a.PairedDifference(0, &c, 0, "score", 0.95); !ok || n != 3 || math.Abs(d-(2+0+6)/3.0) > 1e-12 {
		t.Errorf("common deals: %v over %d, %v", d, n, ok)
	}
}

// TestPairedDifferenceRefuses: what cannot be paired is said so.
func TestPairedDifferenceRefuses(t *testing.T) {
	var a, shifted, one, undecided DealFigures
	a.Write(solitaireRecords(0, []int{1, 2, 3}, []bool{false, false, false}))
	shifted.Write(solitaireRecords(1, []int{1, 2, 3}, []bool{false, false, false}))
	one.Write(solitaireRecords(0, []int{1}, []bool{false}))
	rs := solitaireRecords(0, []int{1, 2, 3}, []bool{false, false, false})
	rs[1].Undecided = true
	undecided.Write(rs)
	for _, tt := range []struct {
		name   string
		other  *DealFigures
		entry  int
		figure string
	}{
		{"other first deal", &shifted, 0, "score"},
		{"one common deal", &one, 0, "score"},
		{"no such entry", &a, 1, "score"},
		{"nil run", nil, 0, "score"},
		{"undecided win", &undecided, 0, "win"},
	} {
		if _, _, _, _, ok := a.PairedDifference(0, tt.other, tt.entry, tt.figure, 0.95); ok {
			t.Errorf("%s: paired", tt.name)
		}
	}
	if _, _, _, _, ok := a.PairedDifference(0, &undecided, 0, "score", 0.95); !ok {
		t.Error("the score of a run with an undecided game: not paired")
	}
}

// TestPairedDifferenceSeats: in a game of several players an entry's
// figure of a deal is its mean over the seats it held, and the interval
// is the t interval of the per-deal differences (deals independent).
func TestPairedDifferenceSeats(t *testing.T) {
	// Entry 0 holds two seats of every deal (rotated seatings).
	seats := func(wins [][2]bool) []Record {
		var rs []Record
		for i, w := range wins {
			for s := range 2 {
				r := Record{Index: int64(i), Seating: s, Seat: s, Score: 0, Result: games.Loss}
				if w[s] {
					r.Result, r.Score = games.Win, 1
				}
				rs = append(rs, r)
			}
		}
		return rs
	}
	var a, b DealFigures
	a.Write(seats([][2]bool{{true, false}, {false, false}, {true, true}})) // shares 0.5, 0, 1
	b.Write(seats([][2]bool{{true, true}, {false, true}, {true, true}}))   // shares 1, 0.5, 1
	d, lo, hi, n, ok := a.PairedDifference(0, &b, 0, "win", 0.95)
	// Differences 0.5, 0.5, 0: mean 1/3, sd √(1/12), t(2) 4.302653.
	half := 4.302653 * math.Sqrt(1.0/12) / math.Sqrt(3)
	if !ok || n != 3 || math.Abs(d-1.0/3) > 1e-12 || math.Abs(lo-(1.0/3-half)) > 1e-5 || math.Abs(hi-(1.0/3+half)) > 1e-5 {
		t.Errorf("win shares: %v (%v to %v) over %d, %v", d, lo, hi, n, ok)
	}
}
