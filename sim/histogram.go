package sim

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/stat"
)

// Histogram counts integer values exactly. It grows to the range of values
// added, so its size is bounded by that range, never by the number of
// values. The zero value is empty and ready to use.
type Histogram struct {
	Min    int64   `json:"min"`    // the value counted by Counts[0]
	Counts []int64 `json:"counts"` // Counts[i] counts the value Min+i
}

// Add counts one value v.
func (h *Histogram) Add(v int64) { h.AddN(v, 1) }

// AddN counts the value v n times.
func (h *Histogram) AddN(v, n int64) {
	if len(h.Counts) == 0 {
		h.Min = v
		h.Counts = make([]int64, 1, 16)
	}
	if v < h.Min {
		grow := int(h.Min - v)
		c := make([]int64, grow+len(h.Counts), grow+cap(h.Counts))
		copy(c[grow:], h.Counts)
		h.Counts, h.Min = c, v
	}
	i := int(v - h.Min)
	for i >= len(h.Counts) {
		h.Counts = append(h.Counts, 0)
	}
	h.Counts[i] += n
}

// Merge adds every count of o to h. It panics where merge reports an
// error: a span or a count beyond what a histogram holds.
func (h *Histogram) Merge(o *Histogram) {
	if err := h.merge(o); err != nil {
		panic("sim: " + err.Error())
	}
}

// merge adds every count of o to h, growing h once to the values of both,
// after checking that they span at most maxHistogramLen values and that no
// count overflows: the memory a merge takes is bounded by the values the
// tallies hold, which a tally read from a file has had checked against the
// game's bounds.
func (h *Histogram) merge(o *Histogram) error {
	lo, hi, ok := o.Range()
	if !ok {
		return nil
	}
	if len(h.Counts) > 0 {
		lo, hi = min(lo, h.Min), max(hi, h.Min+int64(len(h.Counts))-1)
	}
	var c checked
	if span := c.add(hi, -lo); c.overflow || span >= maxHistogramLen {
		return errors.New("a histogram's values spanning more than any game's")
	}
	if len(h.Counts) == 0 {
		h.Min, h.Counts = lo, make([]int64, 0, hi-lo+1)
	}
	if lo < h.Min {
		grown := make([]int64, int(h.Min-lo)+len(h.Counts), hi-lo+1)
		copy(grown[h.Min-lo:], h.Counts)
		h.Min, h.Counts = lo, grown
	}
	for int64(len(h.Counts)) < hi-h.Min+1 {
		h.Counts = append(h.Counts, 0)
	}
	for i, n := range o.Counts {
		if n != 0 {
			k := o.Min + int64(i) - h.Min
			h.Counts[k] = c.add(h.Counts[k], n)
		}
	}
	return c.err()
}

// Count returns how often the value v was counted.
func (h *Histogram) Count(v int64) int64 {
	if i := v - h.Min; len(h.Counts) > 0 && i >= 0 && i < int64(len(h.Counts)) {
		return h.Counts[i]
	}
	return 0
}

// N returns the number of values counted.
func (h *Histogram) N() int64 {
	var n int64
	for _, c := range h.Counts {
		n += c
	}
	return n
}

// totals returns the number of values counted and their sum, or
// errOverflow when either does not fit in an int64.
func (h *Histogram) totals() (n, sum int64, err error) {
	var c checked
	for i, k := range h.Counts {
		n = c.add(n, k)
		sum = c.add(sum, c.mul(k, c.add(h.Min, int64(i))))
	}
	return n, sum, c.err()
}

// Sum returns the sum of the values counted.
func (h *Histogram) Sum() int64 {
	var s int64
	for i, c := range h.Counts {
		s += c * (h.Min + int64(i))
	}
	return s
}

// Range returns the least and greatest value counted; ok is false when h is
// empty.
func (h *Histogram) Range() (lo, hi int64, ok bool) {
	first, last := -1, -1
	for i, c := range h.Counts {
		if c != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return 0, 0, false
	}
	return h.Min + int64(first), h.Min + int64(last), true
}

// Points returns the distinct values counted, ascending, with their counts
// as weights: the form gonum's stat functions take.
func (h *Histogram) Points() (x, w []float64) {
	for i, c := range h.Counts {
		if c != 0 {
			x = append(x, float64(h.Min+int64(i)))
			w = append(w, float64(c))
		}
	}
	return x, w
}

// MeanSD returns the mean and the sample standard deviation of the values.
func (h *Histogram) MeanSD() (mean, sd float64) {
	x, w := h.Points()
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	if h.N() < 2 {
		return x[0], 0
	}
	m, v := stat.MeanVariance(x, w)
	return m, math.Sqrt(v)
}

// Quantile returns the p-quantile of the values (the empirical inverse of the
// distribution function).
func (h *Histogram) Quantile(p float64) float64 {
	x, w := h.Points()
	if len(x) == 0 {
		return math.NaN()
	}
	return stat.Quantile(p, stat.Empirical, x, w)
}
