package sim

import (
	"errors"
	"fmt"
)

// Bounds on what a tally read from a file may hold before its game is
// known: far beyond any real game's scores and counts, near enough to keep
// every sum inside int64. Once the game is known, its own bounds apply
// (checkMeaning).
const (
	maxHistogramValue = 1 << 40
	maxHistogramLen   = 1 << 24
)

// checkCounts reports whether t is a sane tally of deals deals, whatever
// its game: no negative count, no histogram beyond the bounds, every
// outcome's games matching its scores, every seat counted once per play,
// and no total beyond what 64 bits hold.
func (t *Tally) checkCounts(deals int64) error {
	if t.Games != deals || t.Plays < t.Games || len(t.Seats) == 0 || len(t.Entries) == 0 {
		return fmt.Errorf("%d deals and %d plays tallied for %d deals", t.Games, t.Plays, deals)
	}
	hists := func(hs []Histogram) error {
		for i := range hs {
			if err := hs[i].check(); err != nil {
				return err
			}
		}
		return nil
	}
	outcomes := func(os []Outcomes) error {
		for i := range os {
			o := &os[i]
			if err := o.Score.check(); err != nil {
				return err
			}
			if err := o.Best.check(); err != nil {
				return err
			}
			n, _, err := o.Score.totals()
			if err != nil {
				return err
			}
			best, _, err := o.Best.totals()
			if err != nil {
				return err
			}
			var c checked
			decided := c.add(c.add(o.Wins, o.Draws), o.Undecided)
			if c.overflow || o.Wins < 0 || o.Draws < 0 || o.Undecided < 0 || decided > o.Games || n != o.Games {
				return fmt.Errorf("outcomes of %d games with %d wins, %d draws, %d undecided and %d scores", o.Games, o.Wins, o.Draws, o.Undecided, n)
			}
			if o.Solved < o.Undecided || o.Solved > o.Games || best > o.Games || o.Exact < 0 || o.Exact > best {
				return fmt.Errorf("outcomes of %d games with %d solved, %d undecided, %d best scores and %d exact", o.Games, o.Solved, o.Undecided, best, o.Exact)
			}
		}
		return nil
	}
	if err := outcomes(t.Entries); err != nil {
		return err
	}
	if err := outcomes(t.Seats); err != nil {
		return err
	}
	for s := range t.Seats {
		if t.Seats[s].Games != t.Plays {
			return fmt.Errorf("seat %d counted in %d of %d plays", s, t.Seats[s].Games, t.Plays)
		}
	}
	if err := outcomes([]Outcomes{t.Starter}); err != nil {
		return err
	}
	if k := len(t.Seats); len(t.SeatCross) != 0 && (k < 2 || len(t.SeatCross) != k*k) {
		return fmt.Errorf("seats' sums over deals of %d products for %d seats", len(t.SeatCross), k)
	}
	for _, v := range t.SeatCross {
		if v < 0 {
			return errors.New("seats' sums over deals with a negative product")
		}
	}
	for _, hs := range [][]Histogram{t.Pairs, t.PairWins, t.PairWinsLow, t.PairWinsHigh} {
		if err := hists(hs); err != nil {
			return err
		}
	}
	for e := range t.Metrics {
		if err := hists(t.Metrics[e]); err != nil {
			return err
		}
	}
	for _, fs := range [][]FeatureTally{t.Features, t.RoundFeatures} {
		for f := range fs {
			if err := outcomes(fs[f].Cells); err != nil {
				return err
			}
			if m := fs[f].Min; m < -maxHistogramValue || m > maxHistogramValue || len(fs[f].Cells) > maxHistogramLen {
				return errors.New("a feature beyond the bounds of any game")
			}
		}
	}
	for _, c := range t.Joint {
		if c == nil || c.Games < 0 || c.Wins < 0 || c.Wins > c.Games {
			return errors.New("a joint feature cell with impossible counts")
		}
	}
	return nil
}

// check reports whether h holds no negative count and stays within the
// bounds of any game's values.
func (h *Histogram) check() error {
	if h.Min < -maxHistogramValue || h.Min > maxHistogramValue || len(h.Counts) > maxHistogramLen {
		return errors.New("a histogram beyond the bounds of any game")
	}
	for _, c := range h.Counts {
		if c < 0 {
			return errors.New("a histogram with a negative count")
		}
	}
	return nil
}
