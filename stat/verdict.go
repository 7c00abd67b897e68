package stat

import (
	"fmt"
	"math"
	"strconv"
)

// Outcome is what a verdict found.
type Outcome int

// The outcomes of a verdict.
const (
	// Undecided: neither decided nor equivalent at a look before the
	// budget; play on.
	Undecided Outcome = iota
	// Decided: the interval lies wholly above zero or wholly below.
	Decided
	// Equivalent: the interval lies wholly inside the margin, −δ to +δ.
	Equivalent
	// OutOfBudget: neither, when play stopped: at the plan's budget, or
	// earlier for a reason of the caller's own (time).
	OutOfBudget
)

// String returns the outcome's name in lower case, as "out of budget".
func (o Outcome) String() string {
	switch o {
	case Undecided:
		return "undecided"
	case Decided:
		return "decided"
	case Equivalent:
		return "equivalent"
	case OutOfBudget:
		return "out of budget"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// Verdict is the answer to one question about an effect: a paired
// difference between two arms on the same deals, or one arm's figure less
// a reference value, at one look of a Plan.
type Verdict struct {
	Outcome Outcome
	// Direction is +1 for an effect decided above zero, −1 below, and 0
	// unless Decided.
	Direction int
	// WithinMargin reports a Decided effect whose interval also lies inside
	// the margin: real, but smaller than δ.
	WithinMargin bool
	Effect       float64 // the estimate
	Low, High    float64 // its repeated confidence interval at this look
	Margin       float64 // δ, the margin of practical equivalence
	// Confidence is the verdict's confidence over all its looks,
	// 1 − Plan.Alpha; Nominal is the fixed-sample confidence at which the
	// interval of this look was computed.
	Confidence, Nominal float64
	Deals               int64 // deals played
	Looks               int   // looks taken, this one included
	Budget              int64 // the plan's budget of deals
}

// Estimator estimates an effect from the deals played so far: the
// effect and its fixed-sample interval at the given confidence. A Plan
// calls it at each look's nominal confidence, which turns it into that
// look's repeated confidence interval. MeanEffect, RateEffect and
// PairedRateEffect make the common ones; any estimator whose interval is
// asymptotically the normal one (estimate ± z·standard error) will do.
type Estimator func(confidence float64) (effect, lo, hi float64)

// Judge returns the verdict of look k (counted from 0) with margin δ ≥ 0
// on the effect iv estimates over the deals of that look: Decided if the
// interval excludes zero, Equivalent if it lies strictly inside (−δ, δ),
// and otherwise Undecided, or OutOfBudget at the plan's last look. A
// decided effect whose interval also lies inside the margin is Decided and
// WithinMargin. It panics for a look the plan does not have or a negative
// margin.
func (p *Plan) Judge(k int, margin float64, iv Estimator) Verdict {
	if k < 0 || k >= len(p.looks) {
		panic(fmt.Sprintf("stat: Judge at look %d of a plan of %d", k, len(p.looks)))
	}
	if !(margin >= 0) {
		panic(fmt.Sprintf("stat: Judge with margin %g", margin))
	}
	v := Verdict{
		Margin:     margin,
		Confidence: 1 - p.alpha,
		Nominal:    p.Confidence(k),
		Deals:      p.looks[k],
		Looks:      k + 1,
		Budget:     p.Budget(),
	}
	if v.Nominal >= 1 {
		// A look that spends nothing: its interval is the whole line.
		v.Effect, _, _ = iv(0.5)
		v.Low, v.High = math.Inf(-1), math.Inf(1)
	} else {
		v.Effect, v.Low, v.High = iv(v.Nominal)
	}
	inside := margin > 0 && v.Low > -margin && v.High < margin
	switch {
	case v.Low > 0:
		v.Outcome, v.Direction, v.WithinMargin = Decided, 1, inside
	case v.High < 0:
		v.Outcome, v.Direction, v.WithinMargin = Decided, -1, inside
	case inside:
		v.Outcome = Equivalent
	case k == len(p.looks)-1:
		v.Outcome = OutOfBudget
	}
	return v
}

// Stop returns v as the final verdict of a play stopped at its look for a
// reason of the caller's (its time ran out): an Undecided verdict becomes
// OutOfBudget, any other is unchanged. The interval stays valid: a
// repeated confidence interval holds whatever the reason for stopping.
func (v Verdict) Stop() Verdict {
	if v.Outcome == Undecided {
		v.Outcome = OutOfBudget
	}
	return v
}

// Final reports whether play stops at v: whether it is Decided, Equivalent
// or OutOfBudget.
func (v Verdict) Final() bool { return v.Outcome != Undecided }

// Reason returns what happened, fit for a sentence: "decided after 8,000
// deals", "no effect larger than 1 pp, after 12,000 deals", "out of budget
// at 20,000 deals", or "undecided after 4,000 deals". format prints the
// margin in the effect's unit (PercentagePoints for a rate); nil prints it
// as a plain number.
func (v Verdict) Reason(format func(float64) string) string {
	if format == nil {
		format = func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
	}
	deals := thousands(v.Deals) + " deals"
	switch v.Outcome {
	case Decided:
		if v.WithinMargin {
			return "decided after " + deals + ", but smaller than " + format(v.Margin)
		}
		return "decided after " + deals
	case Equivalent:
		return "no effect larger than " + format(v.Margin) + ", after " + deals
	case OutOfBudget:
		return "out of budget at " + deals
	}
	return "undecided after " + deals
}

// Play plays the deals from (inclusive) to (exclusive), in index order,
// adds them to the caller's sums, and returns the effect's Estimator over
// every deal played so far.
type Play func(from, to int64) (Estimator, error)

// Run plays p's looks one after another with play until the verdict at
// margin δ is final: Decided, Equivalent, or OutOfBudget at the budget. An
// error from play ends the run with the verdict of the last look taken,
// stopped (Verdict.Stop); before the first look it is the zero Verdict.
func (p *Plan) Run(margin float64, play Play) (Verdict, error) {
	var v Verdict
	var from int64
	for k, to := range p.looks {
		iv, err := play(from, to)
		if err != nil {
			if k == 0 {
				return Verdict{}, err
			}
			return v.Stop(), err
		}
		from = to
		v = p.Judge(k, margin, iv)
		if v.Final() {
			break
		}
	}
	return v, nil
}

// Moments holds the count, sum and sum of squares of per-deal values (the
// differences between two arms on each deal, or one arm's figure), added in
// deal order so that the same deals give the same bits.
type Moments struct {
	N     int64
	Sum   float64
	SumSq float64
}

// Add adds one deal's value.
func (m *Moments) Add(x float64) {
	m.N++
	m.Sum += x
	m.SumSq += x * x
}

// Merge adds the values o holds, as of the next deals.
func (m *Moments) Merge(o Moments) {
	m.N += o.N
	m.Sum += o.Sum
	m.SumSq += o.SumSq
}

// Mean returns the mean of the values; NaN with none.
func (m Moments) Mean() float64 { return m.Sum / float64(m.N) }

// SD returns the sample standard deviation of the values (n − 1 in the
// denominator); 0 with fewer than two.
func (m Moments) SD() float64 {
	if m.N < 2 {
		return 0
	}
	n := float64(m.N)
	return math.Sqrt(math.Max(0, m.SumSq-m.Sum*m.Sum/n) / (n - 1))
}

// MeanEffect returns the Estimator of the mean of the values m holds less a
// reference: Student's t interval (MeanInterval). For a paired effect the
// values are the per-deal differences and the reference 0. For values that
// are mostly zero (a difference of two win indicators, or a rare event),
// PairedRateEffect and RateEffect do better: a t interval shrinks to a
// point when no deal differs.
func MeanEffect(m Moments, reference float64) Estimator {
	return func(confidence float64) (effect, lo, hi float64) {
		mean := m.Mean() - reference
		if m.N < 2 {
			return mean, math.Inf(-1), math.Inf(1)
		}
		lo, hi = MeanInterval(mean, m.SD(), m.N, confidence)
		return mean, lo, hi
	}
}

// RateEffect returns the Estimator of a rate of k successes in n deals
// less a reference rate (such as a fair share, or a 50% target): Wilson's
// interval, shifted.
func RateEffect(k, n int64, reference float64) Estimator {
	return func(confidence float64) (effect, lo, hi float64) {
		lo, hi = Wilson(k, n, confidence)
		return float64(k)/float64(n) - reference, lo - reference, hi - reference
	}
}

// PairedRateEffect returns the Estimator of the difference of two rates on
// the same c.N deals, c.Both won by both, c.Only1 by the first alone and
// c.Only2 by the second alone: Newcombe's interval (PairedRateDifference).
func PairedRateEffect(c PairedCounts) Estimator {
	return func(confidence float64) (effect, lo, hi float64) {
		lo, hi = PairedRateDifference(c, confidence)
		return float64(c.Only1-c.Only2) / float64(c.N), lo, hi
	}
}

// PercentagePoints prints a difference of rates in percentage points, as
// "1 pp" or "0.5 pp".
func PercentagePoints(x float64) string {
	return strconv.FormatFloat(100*x, 'g', 3, 64) + " pp"
}

// thousands prints n with commas between groups of three digits, as
// "20,000".
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		out = append(out, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
