package roundup

import (
	"fmt"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// powerGain is what a face card's power is worth to the seat holding it:
// the paired difference, power on minus power blank on the same deal, in a
// seat's chance of winning and in its points, per card of the rank dealt to
// it in the first round, and on average over the seats dealt at least one.
type powerGain struct {
	winPerCard, pointsPerCard stat.Trend
	holderWin, holderPoints   [3]float64 // mean, low, high
	holders                   int64
	pairs                     int64 // seats of deals fitted
}

// seatResult is one seat of one game as the paired comparison needs it.
type seatResult struct {
	deal          int64
	seating, seat int16
	score         int32
	win           bool
	held          [3]int8 // Jacks, Queens, Kings dealt in the first round
	dw            [3]int8 // the seat's win with every power on less with each rank made blank
}

// seatResults keeps every seat of every game of the run with every power
// on, in deal order: a sim.RecordSink.
type seatResults struct {
	seats    []seatResult
	features [3]int // the deal feature of each face rank
	// allied holds each deal's counts of allied and lone bidders in mixed
	// rounds (metrics mixed.*), every seating's game added.
	allied []alliedDeal
	mixed  [4]int // the metrics' indexes: allied bidders, their points, lone bidders, their points
	last   int64  // the deal of allied's last entry
}

// newSeatResults returns an empty keeper for the records of g, whose deal
// features must count each face rank.
func newSeatResults(g games.Game) (*seatResults, error) {
	fs := g.Capabilities().DealFeatures
	if fs == nil {
		return nil, fmt.Errorf("%s has no deal features", g.Name())
	}
	var names []string
	for _, m := range fs {
		names = append(names, m.Name)
	}
	s := &seatResults{last: -1}
	for i, rank := range faceRanks {
		if s.features[i] = slices.Index(names, rank.feature); s.features[i] < 0 {
			return nil, fmt.Errorf("%s deals have no feature %s", g.Name(), rank.feature)
		}
	}
	var metrics []string
	for _, m := range g.Metrics() {
		metrics = append(metrics, m.Name)
	}
	for i, name := range []string{"mixed.allied_bidders", "mixed.allied_points", "mixed.lone_bidders", "mixed.lone_points"} {
		if s.mixed[i] = slices.Index(metrics, name); s.mixed[i] < 0 {
			return nil, fmt.Errorf("%s games have no metric %s", g.Name(), name)
		}
	}
	return s, nil
}

// Write keeps the records.
func (s *seatResults) Write(rs []sim.Record) error {
	for _, r := range rs {
		sr := seatResult{deal: r.Index, seating: int16(r.Seating), seat: int16(r.Seat), score: int32(r.Score), win: r.Result == games.Win}
		for i, fi := range s.features {
			sr.held[i] = int8(r.Features[fi])
		}
		s.seats = append(s.seats, sr)
		if r.Seat != 0 {
			continue // the game's metrics, once a game
		}
		if r.Index != s.last {
			s.allied = append(s.allied, alliedDeal{})
			s.last = r.Index
		}
		d := &s.allied[len(s.allied)-1]
		m := r.Metrics
		d.allied += float64(m[s.mixed[0]])
		d.alliedPoints += float64(m[s.mixed[1]])
		d.lone += float64(m[s.mixed[2]])
		d.lonePoints += float64(m[s.mixed[3]])
	}
	return nil
}

// pairedSeats walks the seats of a run with one rank made blank alongside
// the same seats with every power on, and sums the differences.
type pairedSeats struct {
	base    *seatResults
	feature int // index into faceRanks
	next    int
	deal    int64
	win     stat.TrendSums // on − blank win (0/±1) against the cards held
	points  stat.TrendSums
	hWin    stat.TrendSums // the same over the seats holding at least one
	hPoints stat.TrendSums
	holders int64
}

// Write pairs the records with the base run's, seat by seat in deal order.
func (p *pairedSeats) Write(rs []sim.Record) error {
	for _, r := range rs {
		if p.next >= len(p.base.seats) {
			return fmt.Errorf("more seats than the run with every power on")
		}
		on := &p.base.seats[p.next]
		p.next++
		if on.deal != r.Index || int(on.seating) != r.Seating || int(on.seat) != r.Seat {
			return fmt.Errorf("deal %d seating %d seat %d paired with deal %d seating %d seat %d", r.Index, r.Seating, r.Seat, on.deal, on.seating, on.seat)
		}
		if r.Index != p.deal {
			for _, t := range []*stat.TrendSums{&p.win, &p.points, &p.hWin, &p.hPoints} {
				t.EndCluster()
			}
			p.deal = r.Index
		}
		dw := b2f(on.win) - b2f(r.Result == games.Win)
		on.dw[p.feature] = int8(dw)
		dp := float64(on.score) - float64(r.Score)
		held := float64(on.held[p.feature])
		p.win.Add(held, dw)
		p.points.Add(held, dp)
		if held > 0 {
			p.hWin.Add(0, dw)
			p.hPoints.Add(0, dp)
			p.holders++
		}
	}
	return nil
}

// b2f is 1 for true and 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// gain returns the power's worth to its holders.
func (p *pairedSeats) gain(confidence float64) powerGain {
	for _, t := range []*stat.TrendSums{&p.win, &p.points, &p.hWin, &p.hPoints} {
		t.EndCluster()
	}
	var g powerGain
	g.winPerCard, _ = p.win.Fit(confidence)
	g.pointsPerCard, _ = p.points.Fit(confidence)
	g.holderWin[0], g.holderWin[1], g.holderWin[2] = p.hWin.Mean(confidence)
	g.holderPoints[0], g.holderPoints[1], g.holderPoints[2] = p.hPoints.Mean(confidence)
	g.holders = p.holders
	g.pairs = p.win.Pairs()
	return g
}
