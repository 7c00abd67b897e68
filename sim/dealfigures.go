package sim

import (
	"math"

	gonumstat "gonum.org/v1/gonum/stat"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/stat"
)

// DealFigures keeps, deal by deal, each lineup entry's mean score over the
// seats it held and the share of them it won: what two runs on the same
// deal indices (the points of a sweep, which differ only in their rules)
// need to be compared deal by deal. It is a RecordSink; records must come
// in deal order from the run's first deal, as a run writes them.
type DealFigures struct {
	first     int64
	started   bool
	entries   []dealColumns
	undecided bool
}

// dealColumns are one entry's sums by deal (index − first).
type dealColumns struct {
	score, wins, seats []float64
}

// Write adds a chunk of records.
func (d *DealFigures) Write(rs []Record) error {
	for _, r := range rs {
		if !d.started {
			d.first, d.started = r.Index, true
		}
		for len(d.entries) <= r.Entry {
			d.entries = append(d.entries, dealColumns{})
		}
		c := &d.entries[r.Entry]
		i := int(r.Index - d.first)
		for len(c.score) <= i {
			c.score, c.wins, c.seats = append(c.score, 0), append(c.wins, 0), append(c.seats, 0)
		}
		c.score[i] += float64(r.Score)
		c.seats[i]++
		if r.Result == games.Win {
			c.wins[i]++
		}
		d.undecided = d.undecided || r.Undecided
	}
	return nil
}

// Deals returns the number of deals entry has figures for.
func (d *DealFigures) Deals(entry int) int {
	if d == nil || entry < 0 || entry >= len(d.entries) {
		return 0
	}
	return len(d.entries[entry].seats)
}

// PairedDifference returns the difference, other's figure minus d's, of an
// entry of each run measured deal by deal on the deals both played (the
// first n of each, the runs starting at the same deal): the mean score
// (figure "score") or the win rate ("win"), with its interval at the
// given confidence. For a win rate of one seat a deal, whose outcomes are
// each a win or not, it is Newcombe's paired interval
// (stat.PairedRateDifference); otherwise the Student t interval of the
// per-deal differences (stat.MeanInterval), deals being independent of one
// another whatever the seats within one share. ok is false where the runs
// cannot be paired: fewer than 2 common deals, different first deals, or a
// win rate from a run whose solver left a game undecided (whose interval
// counts such games both ways).
func (d *DealFigures) PairedDifference(entry int, other *DealFigures, otherEntry int, figure string, confidence float64) (diff, lo, hi float64, n int64, ok bool) {
	na, nb := d.Deals(entry), other.Deals(otherEntry)
	m := min(na, nb)
	if m < 2 || d.first != other.first || figure == "win" && (d.undecided || other.undecided) {
		return 0, 0, 0, 0, false
	}
	a, b := &d.entries[entry], &other.entries[otherEntry]
	value := func(c *dealColumns, i int) float64 {
		if figure == "win" {
			return c.wins[i] / c.seats[i]
		}
		return c.score[i] / c.seats[i]
	}
	single := true
	for i := range m {
		if a.seats[i] == 0 || b.seats[i] == 0 {
			return 0, 0, 0, 0, false // a deal the entry did not play
		}
		single = single && a.seats[i] == 1 && b.seats[i] == 1
	}
	if figure == "win" && single {
		var both, onlyB, onlyA int64
		for i := range m {
			switch wa, wb := a.wins[i] > 0, b.wins[i] > 0; {
			case wa && wb:
				both++
			case wb:
				onlyB++
			case wa:
				onlyA++
			}
		}
		lo, hi = stat.PairedRateDifference(stat.PairedCounts{Both: both, Only1: onlyB, Only2: onlyA, N: int64(m)}, confidence)
		return float64(onlyB-onlyA) / float64(m), lo, hi, int64(m), true
	}
	diffs := make([]float64, m)
	for i := range m {
		diffs[i] = value(b, i) - value(a, i)
	}
	mean, sd := gonumstat.MeanStdDev(diffs, nil)
	if math.IsNaN(sd) {
		sd = 0
	}
	lo, hi = stat.MeanInterval(mean, sd, int64(m), confidence)
	return mean, lo, hi, int64(m), true
}
