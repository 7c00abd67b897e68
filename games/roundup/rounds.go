package roundup

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// roundRecord is what a game keeps of each round: the seats' deal features
// and, once the round is over, its points and length.
type roundRecord struct {
	features [maxPlayers][numFeatures]int64
	points   [maxPlayers]int
	turns    int
}

// beginRecord notes the features of the round just dealt.
func (s *State) beginRecord() {
	s.history = append(s.history, roundRecord{})
	r := &s.history[len(s.history)-1]
	for k := range s.n {
		r.features[k] = dealFeatures(s.p[k].dealt)
	}
}

// endRecord notes the points and turns of the round just scored.
func (s *State) endRecord(points *[maxPlayers]int, turns int) {
	r := &s.history[len(s.history)-1]
	r.points, r.turns = *points, turns
	s.finished++
}

// Rounds returns the number of rounds finished so far.
func (s *State) Rounds() int { return s.finished }

// RoundFeatures appends seat's deal features in round r (from 0; the round
// in progress included), in the order of DealFeatures, to dst[:0].
func (s *State) RoundFeatures(r, seat int, dst []int64) []int64 {
	if r < 0 || r >= len(s.history) || seat < 0 || seat >= s.n {
		panic(fmt.Sprintf("roundup: RoundFeatures(%d, %d) with %d rounds dealt and %d seats", r, seat, len(s.history), s.n))
	}
	return append(dst[:0], s.history[r].features[seat][:]...)
}

// RoundOutcome returns seat's result in the finished round r (from 0): the
// points it scored then, and Win if it alone scored the most, Draw if it
// tied for the most (every seat scoring 0 included), Loss otherwise.
func (s *State) RoundOutcome(r, seat int) games.Outcome {
	if r < 0 || r >= s.finished || seat < 0 || seat >= s.n {
		panic(fmt.Sprintf("roundup: RoundOutcome(%d, %d) with %d rounds finished and %d seats", r, seat, s.finished, s.n))
	}
	pts := &s.history[r].points
	best, at := 0, 0
	for k := range s.n {
		switch {
		case pts[k] > best:
			best, at = pts[k], 1
		case pts[k] == best:
			at++
		}
	}
	o := games.Outcome{Score: pts[seat]}
	switch {
	case pts[seat] < best:
		o.Result = games.Loss
	case at == 1:
		o.Result = games.Win
	default:
		o.Result = games.Draw
	}
	return o
}

// RoundTurns returns the number of turns of the finished round r (from 0).
func (s *State) RoundTurns(r int) int {
	if r < 0 || r >= s.finished {
		panic(fmt.Sprintf("roundup: RoundTurns(%d) with %d rounds finished", r, s.finished))
	}
	return s.history[r].turns
}
