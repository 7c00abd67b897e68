package spite

import (
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
