package sim

import (
	"math"

	"github.com/cardsim/cardsim/games"
)

// Cluster holds, for outcomes tallied over several plays of each deal (the
// seats of one game, the seatings of one deal, the rounds of one game),
// sums over deals of the squares and products of each deal's totals: its
// plays n, wins w, draws d and score s. Plays of one deal are not
// independent (one seat's win is another's loss; a deal replayed with the
// seats rotated holds the same cards), but deals are, so intervals come from
// these sums (cluster-robust, by deal) rather than from the count of plays.
// A tally whose every deal counts one play leaves them zero.
type Cluster struct {
	Deals int64 `json:"deals"` // deals with at least one play
	N2    int64 `json:"n2"`    // Σ n²
	NW    int64 `json:"nw"`    // Σ n·w
	W2    int64 `json:"w2"`    // Σ w²
	ND    int64 `json:"nd"`    // Σ n·d
	D2    int64 `json:"d2"`    // Σ d²
	WD    int64 `json:"wd"`    // Σ w·d
	NS    int64 `json:"ns"`    // Σ n·s
	S2    int64 `json:"s2"`    // Σ s²
}

// dealTotals are one deal's totals of the plays counted in one Outcomes.
type dealTotals struct{ n, w, d, s int64 }

func (t *dealTotals) add(o outcome) {
	t.n++
	t.s += o.score
	switch {
	case o.win:
		t.w++
	case o.draw:
		t.d++
	}
}

// outcome is one play's result, as dealTotals counts it.
type outcome struct {
	score     int64
	win, draw bool
}

func outcomeOf(o games.Outcome) outcome {
	return outcome{score: int64(o.Score), win: o.Result == games.Win, draw: o.Result == games.Draw}
}

func (c *Cluster) add(t dealTotals) {
	if t.n == 0 {
		return
	}
	c.Deals++
	c.N2 += t.n * t.n
	c.NW += t.n * t.w
	c.W2 += t.w * t.w
	c.ND += t.n * t.d
	c.D2 += t.d * t.d
	c.WD += t.w * t.d
	c.NS += t.n * t.s
	c.S2 += t.s * t.s
}

// merge adds o to c, noting in k a sum that overflows.
func (c *Cluster) merge(o *Cluster, k *checked) {
	c.Deals = k.add(c.Deals, o.Deals)
	c.N2 = k.add(c.N2, o.N2)
	c.NW = k.add(c.NW, o.NW)
	c.W2 = k.add(c.W2, o.W2)
	c.ND = k.add(c.ND, o.ND)
	c.D2 = k.add(c.D2, o.D2)
	c.WD = k.add(c.WD, o.WD)
	c.NS = k.add(c.NS, o.NS)
	c.S2 = k.add(c.S2, o.S2)
}

// clustered reports whether some deal counted more than one play: with n
// plays in all, Σ n² exceeds n exactly then.
func (c *Cluster) clustered(n int64) bool { return c.Deals > 0 && c.N2 > n }

// ratioVariance returns the cluster-robust variance of the ratio y/n of
// totals over deals, at the ratio r, from Σ y², Σ n·y and Σ n²:
// Σ (y_d − r·n_d)² / n², scaled by G/(G−1) for G deals.
func ratioVariance(r float64, n, g, y2, ny, n2 int64) float64 {
	if g < 2 || n == 0 {
		return math.Inf(1)
	}
	v := float64(y2) - 2*r*float64(ny) + r*r*float64(n2)
	v = math.Max(v, 0) / (float64(n) * float64(n))
	return v * float64(g) / float64(g-1)
}

// clusterRate returns the interval of k successes in n plays clustered by
// deal as in c (y2 = Σ y², ny = Σ n·y of the successes): the Wilson
// interval at the effective number of plays, n·p(1−p)/variance. A rate
// that no deal varies from is exact. When p is 0 or 1 the variance says
// nothing; the effective number of plays is then n over the mean deal size,
// as if every deal's plays agreed.
func clusterRate(k, n int64, c *Cluster, y2, ny int64, confidence float64) (lo, hi float64) {
	if c.Deals < 2 {
		return 0, 1 // one deal says nothing of the spread between deals
	}
	p := float64(k) / float64(n)
	if k == 0 || k == n {
		eff := float64(n) * float64(n) / float64(c.N2)
		return wilsonAt(p, eff, confidence)
	}
	v := ratioVariance(p, n, c.Deals, y2, ny, c.N2)
	if v == 0 {
		return p, p
	}
	return wilsonAt(p, p*(1-p)/v, confidence)
}

// wilsonAt is the Wilson interval of rate p over n (possibly fractional,
// effective) trials.
func wilsonAt(p, n float64, confidence float64) (lo, hi float64) {
	z := zQuantile(confidence)
	z2 := z * z
	centre := (p + z2/(2*n)) / (1 + z2/n)
	half := z / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	lo, hi = math.Max(0, centre-half), math.Min(1, centre+half)
	if p == 0 {
		lo = 0
	}
	if p == 1 {
		hi = 1
	}
	return lo, hi
}

// clusterMean returns the interval of a mean score over plays clustered by
// deal as in c: the t interval with G−1 degrees of freedom for G deals and
// the cluster-robust standard error; infinite for a single deal.
func clusterMean(mean float64, n int64, c *Cluster, confidence float64) (lo, hi float64) {
	if c.Deals < 2 {
		return math.Inf(-1), math.Inf(1)
	}
	v := ratioVariance(mean, n, c.Deals, c.S2, c.NS, c.N2)
	half := tQuantile(confidence, c.Deals-1) * math.Sqrt(v)
	return mean - half, mean + half
}

// clusterEdge returns the edge of w wins in n plays of which d were drawn,
// clustered by deal as in c, over the fair share of k seats when draws
// are shared out: e = (w − (n−d)/k)/n, how much more often the plays were
// won than the (n−d)/k decided games a fair game gives each seat. Its
// interval is the normal one of a ratio estimator, each deal contributing
// k·w − (n − d) for its n plays.
func clusterEdge(w, d, n int64, c *Cluster, k int, confidence float64) (e, lo, hi float64) {
	kk := int64(k)
	fair := float64(n-d) / float64(n) / float64(k)
	e = float64(w)/float64(n) - fair
	if c.Deals < 2 {
		return e, -fair, 1 - fair // one deal says nothing of the spread between deals
	}
	r := float64(kk*w-(n-d)) / float64(n) // the edge times k
	y2 := kk*kk*c.W2 + c.N2 - 2*c.ND + c.D2 - 2*kk*(c.NW-c.WD)
	ny := kk*c.NW - c.N2 + c.ND
	half := zQuantile(confidence) * math.Sqrt(ratioVariance(r, n, c.Deals, y2, ny, c.N2)) / float64(k)
	return e, math.Max(e-half, -fair), math.Min(e+half, 1-fair)
}
