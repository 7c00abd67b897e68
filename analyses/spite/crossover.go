package spite

import (
	"fmt"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// seatFeatures are the indexes of the deal features the crossover reads.
type seatFeatures struct{ rank, first int }

// featuresOf finds the features in g's deal features.
func featuresOf(g games.Game) (seatFeatures, error) {
	fs := g.Capabilities().DealFeatures
	if fs == nil {
		return seatFeatures{}, fmt.Errorf("%s has no deal features", g.Name())
	}
	var names []string
	for _, m := range fs {
		names = append(names, m.Name)
	}
	sf := seatFeatures{rank: slices.Index(names, "stockpile_top_rank"), first: slices.Index(names, "moves_first")}
	if sf.rank < 0 || sf.first < 0 {
		return sf, fmt.Errorf("%s deals lack stockpile_top_rank or moves_first", g.Name())
	}
	return sf, nil
}

// dealPlay is one deal of a bot against itself: each seat's first upcard
// and whether it moved first and won.
type dealPlay struct {
	deal  int64
	rank  [2]int8
	first [2]bool
	win   [2]bool
}

// dealPlays keeps every deal of a run of one bot against itself, in deal
// order: a sim.RecordSink.
type dealPlays struct {
	f     seatFeatures
	deals []dealPlay
}

// Write keeps the records of the run's one seating.
func (d *dealPlays) Write(rs []sim.Record) error {
	for _, r := range rs {
		if r.Seating != 0 {
			continue
		}
		if n := len(d.deals); n == 0 || d.deals[n-1].deal != r.Index {
			d.deals = append(d.deals, dealPlay{deal: r.Index})
		}
		p := &d.deals[len(d.deals)-1]
		if r.Seat < 0 || r.Seat > 1 {
			return fmt.Errorf("deal %d: seat %d in a game of two", r.Index, r.Seat)
		}
		p.rank[r.Seat] = int8(r.Features[d.f.rank])
		p.first[r.Seat] = r.Features[d.f.first] == 1
		p.win[r.Seat] = r.Result == games.Win
	}
	return nil
}

// crossover is what the same deals played twice tell, once with the higher
// upcard moving first (the rules as written) and once with the lower
// (start=lower): the two plays differ only in who moves first.
type crossover struct {
	// first: per deal, the mean over the two seats of (its win when it
	// moved first − its win when it moved second): moving first, the
	// upcards held fixed.
	first stat.TrendSums
	// higher: per deal, the higher upcard's seat's win less the lower's,
	// averaged over the two orders of play, against the rank gap: the
	// higher upcard, the order of play held fixed.
	higher stat.TrendSums
	// byGap holds higher's pairs by rank gap (1 to 12).
	byGap [13]stat.TrendSums
	// written: the first mover's win less the second mover's under the
	// rules as written (the higher upcard moves first): the sum of the
	// other two.
	written stat.TrendSums
	deals   int64 // deals paired (equal upcards, settled by a coin, left out)
}

// pair fills c from the two runs of the same deals.
func (c *crossover) pair(higher, lower []dealPlay) error {
	if len(higher) != len(lower) {
		return fmt.Errorf("%d deals with the higher upcard first, %d with the lower", len(higher), len(lower))
	}
	b := func(x bool) float64 {
		if x {
			return 1
		}
		return 0
	}
	for i := range higher {
		h, l := &higher[i], &lower[i]
		if h.deal != l.deal || h.rank != l.rank {
			return fmt.Errorf("deal %d (upcards %v) paired with deal %d (upcards %v)", h.deal, h.rank, l.deal, l.rank)
		}
		if h.rank[0] == h.rank[1] {
			continue // a coin settled who moved first: no higher upcard
		}
		x := 0 // the seat with the higher upcard
		if h.rank[1] > h.rank[0] {
			x = 1
		}
		y := 1 - x
		if !h.first[x] || !l.first[y] {
			return fmt.Errorf("deal %d: the higher upcard did not move first under start=higher, or the lower under start=lower", h.deal)
		}
		wXh, wYh, wXl, wYl := b(h.win[x]), b(h.win[y]), b(l.win[x]), b(l.win[y])
		gap := float64(h.rank[x] - h.rank[y])
		c.first.Add(gap, ((wXh-wXl)+(wYl-wYh))/2)
		c.higher.Add(gap, ((wXh-wYl)+(wXl-wYh))/2)
		c.byGap[int(gap)].Add(0, ((wXh-wYl)+(wXl-wYh))/2)
		c.written.Add(gap, wXh-wYh)
		for _, t := range []*stat.TrendSums{&c.first, &c.higher, &c.byGap[int(gap)], &c.written} {
			t.EndCluster()
		}
		c.deals++
	}
	return nil
}

// estimate is a figure with its interval and the count it rests on.
type estimate struct {
	value, lo, hi float64
	n             int64
}

// mean returns the mean of the pairs' y with its interval.
func mean(t *stat.TrendSums, confidence float64) estimate {
	m, lo, hi := t.Mean(confidence)
	return estimate{m, lo, hi, t.Pairs()}
}

// perRank returns the change in a seat's chance of winning per rank by
// which its upcard beats the other's: half the slope of the higher seat's
// edge over the lower's against the gap (the higher seat gains what the
// lower loses).
func (c *crossover) perRank(confidence float64) (estimate, bool) {
	tr, ok := c.higher.Fit(confidence)
	if !ok {
		return estimate{}, false
	}
	return estimate{tr.Slope / 2, tr.CILow / 2, tr.CIHigh / 2, c.higher.Pairs()}, true
}

// coinFit fits, over a run with start=coin (who moves first decided by a
// coin, whatever the upcards), a seat's win on its upcard's rank less the
// other's and on whether it moved first, the two seats of a deal one
// cluster: the same two effects measured a second way.
type coinFit struct {
	f   seatFeatures
	c   *stat.Clustered
	cur int64
	// pending holds the seats of the deal under way (records are valid
	// only during Write, so their figures are copied).
	pending []seatObs
}

// seatObs is one seat of a deal as the fit reads it.
type seatObs struct {
	win         bool
	rank, first int64
}

func newCoinFit(f seatFeatures) *coinFit {
	return &coinFit{f: f, c: stat.NewClustered("upcard_gap", "moves_first"), cur: -1}
}

// Write adds each deal's two seats, a cluster a deal.
func (c *coinFit) Write(rs []sim.Record) error {
	for _, r := range rs {
		if r.Seating != 0 {
			continue
		}
		if r.Index != c.cur {
			c.flush()
			c.cur = r.Index
		}
		c.pending = append(c.pending, seatObs{r.Result == games.Win, r.Features[c.f.rank], r.Features[c.f.first]})
	}
	return nil
}

// flush adds the deal under way.
func (c *coinFit) flush() {
	if len(c.pending) == 2 {
		for i, o := range c.pending {
			win := 0.0
			if o.win {
				win = 1
			}
			c.c.Add(win, float64(o.rank-c.pending[1-i].rank), float64(o.first))
		}
		c.c.EndCluster()
	}
	c.pending = c.pending[:0]
}

// result returns the fit: the change per rank of upcard gap and the
// change from moving first, each in a seat's chance of winning.
func (c *coinFit) result(confidence float64) (perRank, first estimate, err error) {
	c.flush()
	l, err := c.c.Fit(confidence)
	if err != nil {
		return estimate{}, estimate{}, err
	}
	return estimate{l.Coef[1], l.CILow[1], l.CIHigh[1], l.Clusters},
		estimate{l.Coef[2], l.CILow[2], l.CIHigh[2], l.Clusters}, nil
}
