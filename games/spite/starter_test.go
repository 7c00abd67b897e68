package spite

import (
	"math"
	"testing"

	"github.com/cardsim/cardsim/games"
)

var _ games.Starter = (*State)(nil)

// TestFirstSeat: the seat sim counts as the first player is the one whose
// upcard was higher (ties settled), as the first_seat metric records, and
// the seat whose turn comes first.
func TestFirstSeat(t *testing.T) {
	s := newState(New(DefaultRules()))
	var firsts [2]int
	for seed := range uint64(200) {
		s.Reset(seed)
		if s.FirstSeat() != s.Turn() {
			t.Fatalf("seed %d: FirstSeat %d, but seat %d moves first", seed, s.FirstSeat(), s.Turn())
		}
		firsts[s.FirstSeat()]++
		m := s.Metrics(nil)
		if int(m[mFirstSeat]) != s.FirstSeat() {
			t.Fatalf("seed %d: FirstSeat %d, metric first_seat %d", seed, s.FirstSeat(), m[mFirstSeat])
		}
	}
	if firsts[0] < 60 || firsts[1] < 60 {
		t.Errorf("first seats over 200 deals: %v, want both common", firsts)
	}
}

// TestStartRule: start=lower deals exactly what start=higher deals (ties
// reshuffled alike) and gives the first move to the other seat, the one
// with the lower upcard; start=coin deals the same cards as dealt (a tie
// is not reshuffled: the coin needs none) and lets a coin decide, so the
// first mover holds the higher upcard about as often as the lower one.
func TestStartRule(t *testing.T) {
	rules := func(start string) *State {
		r, err := ParseRules([]string{"start=" + start})
		if err != nil {
			t.Fatal(err)
		}
		return newState(New(r))
	}
	hi, lo, coin := rules(StartHigher), rules(StartLower), rules(StartCoin)
	upcard := func(s *State, seat int) int { return int(s.piles[seat][len(s.piles[seat])-1].Rank()) }
	const n = 2000
	higherFirst, ties := 0, 0
	for seed := range uint64(n) {
		hi.Reset(seed)
		lo.Reset(seed)
		coin.Reset(seed)
		if hi.DealText() != lo.DealText() {
			t.Fatalf("seed %d: start=lower deals other cards than start=higher", seed)
		}
		if lo.FirstSeat() != 1-hi.FirstSeat() || upcard(lo, lo.FirstSeat()) >= upcard(lo, 1-lo.FirstSeat()) {
			t.Fatalf("seed %d: start=lower gives the first move to seat %d (upcards %d, %d)", seed, lo.FirstSeat(), upcard(lo, 0), upcard(lo, 1))
		}
		if hi.Metrics(nil)[mTies] == 0 && coin.DealText() != hi.DealText() {
			t.Fatalf("seed %d: start=coin deals other cards than start=higher on a deal without a tie", seed)
		}
		if coin.Metrics(nil)[mTies] != 0 {
			t.Fatalf("seed %d: start=coin counts %d ties", seed, coin.Metrics(nil)[mTies])
		}
		a, b := upcard(coin, coin.FirstSeat()), upcard(coin, 1-coin.FirstSeat())
		switch {
		case a > b:
			higherFirst++
		case a == b:
			ties++
		}
	}
	// Under a fair coin the first mover holds the higher of two unequal
	// upcards with chance 1/2: 4.5 standard deviations either side.
	m := n - ties
	if sd := math.Sqrt(float64(m)) / 2; math.Abs(float64(higherFirst)-float64(m)/2) > 4.5*sd {
		t.Errorf("start=coin: the first mover held the higher upcard in %d of %d deals without a tie", higherFirst, m)
	}
}
