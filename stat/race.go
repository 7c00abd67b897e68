package stat

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// Goal says which arm a race looks for.
type Goal int

// The goals of a race.
const (
	Highest Goal = iota // the arm of the highest mean figure
	Lowest              // the arm of the lowest mean figure
	Nearest             // the arm whose mean figure is nearest the target
)

// RaceOptions describes a race of arms (rule variants, or strategies) on
// common deals.
type RaceOptions struct {
	Arms  int     // the arms racing, at least one
	Looks []int64 // deals played at each look; the last is the budget (DoublingLooks)
	// Alpha bounds the chance that the race drops the best arm, or declares
	// a tie that is not one, over all its looks.
	Alpha    float64
	Spending Spending // nil is DefaultSpending
	Margin   float64  // δ ≥ 0: arms whose figures differ by less are ties
	Goal     Goal
	Target   float64 // the target of Nearest
	// DropBeyondMargin drops an arm only when it is decided worse than the
	// leader by more than δ; otherwise by anything.
	DropBeyondMargin bool
}

// ArmStatus is where an arm stands in a race.
type ArmStatus int

// The standings of an arm.
const (
	Racing     ArmStatus = iota // still racing, at a look before the end
	Leading                     // the best estimate of the arms left
	Tied                        // left, and within δ of the leader
	Unresolved                  // left when the budget ran out, not told apart from the leader
	Dropped                     // decided worse than the leader
)

// String returns the standing's name in lower case.
func (s ArmStatus) String() string {
	switch s {
	case Racing:
		return "racing"
	case Leading:
		return "leading"
	case Tied:
		return "tied"
	case Unresolved:
		return "unresolved"
	case Dropped:
		return "dropped"
	}
	return "ArmStatus(" + strconv.Itoa(int(s)) + ")"
}

// RaceArm is one arm's standing and figures at a look of a race.
type RaceArm struct {
	Arm    int
	Status ArmStatus
	Deals  int64 // deals it played: all of the race's, or those before its drop
	// Mean is its mean figure over its deals, with its interval.
	Mean, Low, High float64
	// Gap is how much worse it is than the leader when it was last judged,
	// positive for worse: the leader's mean less its own for Highest, its
	// own less the leader's for Lowest, its distance from the target less
	// the leader's for Nearest; 0 for the leader.
	Gap, GapLow, GapHigh float64
}

// RaceResult is the state of a race at a look.
type RaceResult struct {
	Arms   []RaceArm
	Leader int   // the leading arm
	Deals  int64 // deals played
	Plays  int64 // games played: the deals each arm played, summed over the arms
	Looks  int   // looks taken
	// Outcome is Undecided before the end; Decided when one arm is left,
	// Equivalent when the arms left are all within δ of the leader, and
	// OutOfBudget when the budget ran out first.
	Outcome Outcome
	// Nominal is the fixed-sample confidence of each interval at this
	// look; Statements how many intervals the race's Alpha was split over.
	Nominal    float64
	Statements int
}

// Race races arms on common deals and drops an arm once its paired
// difference from the leader (the arm of the best estimate so far) is
// decided, at a look of a group-sequential Plan: a Hoeffding race (Maron
// and Moore 1997), or an F-race (Birattari et al. 2002) with paired
// intervals for its Friedman test, whose bounds are repeated confidence
// intervals, so that looking at every batch and stopping early stay valid.
//
// The best arm b is dropped only if some interval about b fails: for
// Highest and Lowest, the paired interval of b and the leader of that
// look; for Nearest, b's interval, the leader's, or their paired one (the
// distance from a target is not a mean of per-deal values, so the gap's
// interval is the range of |μ_j − T| − |μ_l − T| over the means the three
// intervals allow). The race's Alpha is split by Bonferroni over those
// intervals: m − 1 for m arms, 2m − 1 for Nearest. So the best arm stays
// with probability at least 1 − Alpha, however close the others are, and
// an arm called a tie is within δ of the leader with the same probability.
//
// A Race is fed one deal at a time (Add), in deal order, with every arm's
// figure on that deal; it keeps the sums and sums of products of the
// figures of the arms still racing, so a deal costs O(m²) for m arms.
type Race struct {
	o     RaceOptions
	plan  *Plan
	next  int // the next look
	n     int64
	plays int64
	shift []float64 // each arm's first figure, subtracted for accuracy
	sum   []float64 // Σ (x_j − shift_j)
	cross []float64 // Σ (x_i − shift_i)(x_j − shift_j), i ≤ j, row-major m×m
	on    []int     // the arms still racing
	y     []float64 // a deal's shifted figures of the arms on
	arms  []RaceArm
	done  bool
	last  RaceResult
}

// NewRace returns a race described by o. It is an error for o to have no
// arm, a negative margin, or looks or an error rate NewPlan refuses.
func NewRace(o RaceOptions) (*Race, error) {
	if o.Arms < 1 {
		return nil, errors.New("a race needs at least one arm")
	}
	if !(o.Margin >= 0) {
		return nil, fmt.Errorf("race margin %g: it must not be negative", o.Margin)
	}
	if o.Goal < Highest || o.Goal > Nearest {
		return nil, fmt.Errorf("race goal %d unknown", o.Goal)
	}
	st := statements(o)
	plan, err := NewPlan(o.Looks, o.Alpha/float64(st), o.Spending)
	if err != nil {
		return nil, err
	}
	m := o.Arms
	r := &Race{
		o:     o,
		plan:  plan,
		shift: make([]float64, m),
		sum:   make([]float64, m),
		cross: make([]float64, m*m),
		y:     make([]float64, m),
		arms:  make([]RaceArm, m),
	}
	for i := range m {
		r.on = append(r.on, i)
		r.arms[i] = RaceArm{Arm: i, Status: Racing}
	}
	return r, nil
}

// statements returns the number of intervals the race's Alpha is split
// over.
func statements(o RaceOptions) int {
	if o.Goal == Nearest {
		return 2*o.Arms - 1
	}
	return max(o.Arms-1, 1)
}

// Plan returns the race's plan: its looks, and the error rate of each of
// its intervals.
func (r *Race) Plan() *Plan { return r.plan }

// Racing reports, for every arm, whether it is still racing: the arms
// whose figures the next deals need.
func (r *Race) Racing() []bool {
	out := make([]bool, r.o.Arms)
	for _, i := range r.on {
		out[i] = true
	}
	return out
}

// Add adds one deal, in deal order, with figures[j] arm j's figure on it;
// the figures of dropped arms are not read (NaN will do). It panics after
// the race has ended, or for figures of another number of arms.
func (r *Race) Add(figures []float64) {
	if r.done {
		panic("stat: Race.Add after the race ended")
	}
	if len(figures) != r.o.Arms {
		panic(fmt.Sprintf("stat: Race.Add of %d figures to a race of %d arms", len(figures), r.o.Arms))
	}
	if r.n == 0 {
		for _, j := range r.on {
			r.shift[j] = figures[j]
		}
	}
	m := r.o.Arms
	for a, j := range r.on {
		r.y[a] = figures[j] - r.shift[j]
		r.sum[j] += r.y[a]
	}
	for a, i := range r.on {
		yi := r.y[a]
		row := r.cross[i*m:]
		for b := a; b < len(r.on); b++ {
			row[r.on[b]] += yi * r.y[b]
		}
	}
	r.n++
	r.plays += int64(len(r.on))
}

// mean returns arm j's mean figure and the standard deviation of its
// figures.
func (r *Race) mean(j int) (mean, sd float64) {
	n := float64(r.n)
	s := r.sum[j]
	v := (r.cross[j*r.o.Arms+j] - s*s/n) / (n - 1)
	return r.shift[j] + s/n, math.Sqrt(math.Max(v, 0))
}

// diff returns the mean of arm i's figure less arm j's and the standard
// deviation of the per-deal differences.
func (r *Race) diff(i, j int) (mean, sd float64) {
	m := r.o.Arms
	n := float64(r.n)
	a, b := min(i, j), max(i, j)
	d := r.sum[i] - r.sum[j]
	v := (r.cross[i*m+i] + r.cross[j*m+j] - 2*r.cross[a*m+b] - d*d/n) / (n - 1)
	return r.shift[i] - r.shift[j] + d/n, math.Sqrt(math.Max(v, 0))
}

// score returns how good a mean figure is for the goal, higher better.
func (r *Race) score(mean float64) float64 {
	switch r.o.Goal {
	case Lowest:
		return -mean
	case Nearest:
		return -math.Abs(mean - r.o.Target)
	}
	return mean
}

// Look judges the race at its next look, which must be due (as many deals
// added as the look's), drops the arms decided worse than the leader, and
// returns the standings, with true once the race has ended. It panics if
// the look is not due or the race has ended.
func (r *Race) Look() (RaceResult, bool) {
	if r.done {
		panic("stat: Race.Look after the race ended")
	}
	k := r.next
	if r.n != r.plan.Deals(k) {
		panic(fmt.Sprintf("stat: Race.Look at %d deals, look %d is at %d", r.n, k, r.plan.Deals(k)))
	}
	r.next++
	conf := r.plan.Confidence(k)
	ci := func(mean, sd float64) (lo, hi float64) {
		if conf >= 1 || r.n < 2 {
			return math.Inf(-1), math.Inf(1)
		}
		return MeanInterval(mean, sd, r.n, conf)
	}
	leader := r.on[0]
	for _, j := range r.on {
		m, _ := r.mean(j)
		if lm, _ := r.mean(leader); r.score(m) > r.score(lm) {
			leader = j
		}
	}
	for _, j := range r.on {
		a := &r.arms[j]
		a.Deals = r.n
		m, sd := r.mean(j)
		a.Mean = m
		a.Low, a.High = ci(m, sd)
	}
	lead := &r.arms[leader]
	lead.Gap, lead.GapLow, lead.GapHigh = 0, 0, 0
	threshold := 0.0
	if r.o.DropBeyondMargin {
		threshold = r.o.Margin
	}
	var kept []int
	allTied := true
	for _, j := range r.on {
		if j == leader {
			kept = append(kept, j)
			continue
		}
		a := &r.arms[j]
		d, sd := r.diff(j, leader) // μ_j − μ_l
		dlo, dhi := ci(d, sd)
		switch r.o.Goal {
		case Highest:
			a.Gap, a.GapLow, a.GapHigh = -d, -dhi, -dlo
		case Lowest:
			a.Gap, a.GapLow, a.GapHigh = d, dlo, dhi
		case Nearest:
			t := r.o.Target
			a.Gap = math.Abs(a.Mean-t) - math.Abs(lead.Mean-t)
			a.GapLow, a.GapHigh = distanceGap(a.Low-t, a.High-t, lead.Low-t, lead.High-t, dlo, dhi)
		}
		if a.GapLow > threshold {
			a.Status = Dropped
			continue
		}
		kept = append(kept, j)
		if !(r.o.Margin > 0 && a.GapLow > -r.o.Margin && a.GapHigh < r.o.Margin) {
			allTied = false
		}
	}
	r.on = kept
	res := RaceResult{Leader: leader, Deals: r.n, Plays: r.plays, Looks: k + 1, Nominal: conf, Statements: statements(r.o)}
	switch {
	case len(kept) == 1:
		res.Outcome = Decided
	case allTied:
		res.Outcome = Equivalent
	case k == r.plan.Looks()-1:
		res.Outcome = OutOfBudget
	}
	for _, j := range kept {
		a := &r.arms[j]
		switch {
		case j == leader:
			a.Status = Leading
			if res.Outcome == Undecided {
				a.Status = Racing
			}
		case res.Outcome == Undecided:
			a.Status = Racing
		case r.o.Margin > 0 && a.GapLow > -r.o.Margin && a.GapHigh < r.o.Margin:
			a.Status = Tied
		default:
			a.Status = Unresolved
		}
	}
	res.Arms = append([]RaceArm(nil), r.arms...)
	r.done = res.Outcome != Undecided
	r.last = res
	return res, r.done
}

// RacePlay plays the deals from (inclusive) to (exclusive) for the arms
// racing says are still racing, and calls add once a deal, in deal order,
// with every arm's figure on it.
type RacePlay func(from, to int64, racing []bool, add func(figures []float64)) error

// Run plays the race's looks one after another with play until it ends,
// and returns the final standings. An error from play ends it with the
// standings of the last look taken.
func (r *Race) Run(play RacePlay) (RaceResult, error) {
	var from int64 = r.n
	for !r.done {
		to := r.plan.Deals(r.next)
		if err := play(from, to, r.Racing(), r.Add); err != nil {
			return r.last, err
		}
		from = to
		r.Look()
	}
	return r.last, nil
}

// distanceGap returns the range of |u| − |v| over the (u, v) with u in
// [ulo, uhi], v in [vlo, vhi] and u − v in [dlo, dhi]: the interval of how
// much farther from a target one arm is than another, from the intervals
// of their distances u and v from the target and of their paired
// difference. |u| − |v| is linear on each quadrant, so its extremes over
// the polygon lie where two of its edges, or an edge and an axis, meet.
// It is (−Inf, +Inf) when a bound is infinite, or the intervals do not
// meet.
func distanceGap(ulo, uhi, vlo, vhi, dlo, dhi float64) (lo, hi float64) {
	for _, x := range []float64{ulo, uhi, vlo, vhi, dlo, dhi} {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return math.Inf(-1), math.Inf(1)
		}
	}
	// Lines a·u + b·v = c.
	lines := [8][3]float64{
		{1, 0, ulo}, {1, 0, uhi}, {0, 1, vlo}, {0, 1, vhi},
		{1, -1, dlo}, {1, -1, dhi}, {1, 0, 0}, {0, 1, 0},
	}
	scale := 1 + math.Max(math.Max(math.Abs(ulo), math.Abs(uhi)), math.Max(math.Abs(vlo), math.Abs(vhi)))
	eps := 1e-12 * scale
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := range lines {
		for j := i + 1; j < len(lines); j++ {
			a1, b1, c1 := lines[i][0], lines[i][1], lines[i][2]
			a2, b2, c2 := lines[j][0], lines[j][1], lines[j][2]
			det := a1*b2 - a2*b1
			if det == 0 {
				continue
			}
			u := (c1*b2 - c2*b1) / det
			v := (a1*c2 - a2*c1) / det
			if u < ulo-eps || u > uhi+eps || v < vlo-eps || v > vhi+eps || u-v < dlo-eps || u-v > dhi+eps {
				continue
			}
			f := math.Abs(u) - math.Abs(v)
			lo, hi = math.Min(lo, f), math.Max(hi, f)
		}
	}
	if lo > hi {
		return math.Inf(-1), math.Inf(1)
	}
	return lo, hi
}
