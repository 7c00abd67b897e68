package roundup

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// estimate is a figure with its interval and the count it rests on.
type estimate struct {
	value, lo, hi float64
	n             int64
}

// clusterT returns the interval of value with the cluster-robust variance
// G/(G−1)·Σ infl² of influence sums infl over g clusters, and t quantiles
// with g−1 degrees of freedom (as sim's trends are fitted).
func clusterT(value, ss float64, g, n int64, confidence float64) estimate {
	if g < 2 {
		return estimate{value, math.Inf(-1), math.Inf(1), n}
	}
	gf := float64(g)
	half := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: gf - 1}.Quantile(1-(1-confidence)/2) * math.Sqrt(ss*gf/(gf-1))
	return estimate{value, value - half, value + half, n}
}

// gainFit is one face card's gain as an estimator: the straight line of
// the seats' paired difference (power on − blank) against the cards of
// the rank held (perCard), or the mean difference over the seats holding
// at least one (holders).
type gainFit struct {
	perCard bool
	rank    int
	// the fit over every seat
	a, b, xbar, sxx float64
	mean            float64
	holders         float64
}

// fitGain fits rank's gain over seats.
func fitGain(seats []seatResult, rank int, perCard bool) gainFit {
	g := gainFit{perCard: perCard, rank: rank}
	var n, sx, sy, sxx, sxy, hy float64
	for _, s := range seats {
		x, y := float64(s.held[rank]), float64(s.dw[rank])
		n++
		sx += x
		sy += y
		sxx += x * x
		sxy += x * y
		if x > 0 {
			g.holders++
			hy += y
		}
	}
	if n > 0 {
		g.xbar = sx / n
		g.sxx = sxx - sx*g.xbar
		if g.sxx > 0 {
			g.b = (sxy - g.xbar*sy) / g.sxx
		}
		g.a = sy/n - g.b*g.xbar
	}
	if g.holders > 0 {
		g.mean = hy / g.holders
	}
	return g
}

// value returns the estimate: the slope per card, or the holders' mean.
func (g *gainFit) value() float64 {
	if g.perCard {
		return g.b
	}
	return g.mean
}

// influence returns one seat's share of the estimator's error: for the
// slope (x − x̄)(y − a − bx)/Sxx, for the holders' mean (y − m)/holders
// over the seats holding one.
func (g *gainFit) influence(s *seatResult) float64 {
	x, y := float64(s.held[g.rank]), float64(s.dw[g.rank])
	if g.perCard {
		if g.sxx == 0 {
			return 0
		}
		return (x - g.xbar) * (y - g.a - g.b*x) / g.sxx
	}
	if x == 0 || g.holders == 0 {
		return 0
	}
	return (y - g.mean) / g.holders
}

// pairedGain returns rank i's gain less rank j's, both measured on the
// same seats of the same deals (each face card made blank in a replay of
// the deals played with every power on), with the interval of the paired
// difference: the seats of a deal one cluster, each cluster's influence on
// the two estimators taken together. With j's gain zero everywhere it is
// rank i's own interval, as stat.TrendSums gives it.
func pairedGain(seats []seatResult, i, j int, perCard bool, confidence float64) estimate {
	fi, fj := fitGain(seats, i, perCard), fitGain(seats, j, perCard)
	var ss, cur float64
	var g int64
	deal := int64(-1)
	for k := range seats {
		s := &seats[k]
		if s.deal != deal {
			if deal >= 0 {
				ss += cur * cur
				g++
			}
			deal, cur = s.deal, 0
		}
		cur += fi.influence(s) - fj.influence(s)
	}
	if deal >= 0 {
		ss += cur * cur
		g++
	}
	return clusterT(fi.value()-fj.value(), ss, g, int64(len(seats)), confidence)
}

// alliedDeal is what one deal's games (every seating) counted of the
// rounds where some bidders backed a suit together and others alone.
type alliedDeal struct {
	alliedPoints, allied, lonePoints, lone float64
}

// alliedGain returns the round points an allied bidder scores less those a
// lone bidder scores, in the same rounds: a difference of two ratios over
// the deals, with the delta method's interval, each deal a cluster.
func alliedGain(deals []alliedDeal, confidence float64) (gain, allied, lone estimate) {
	var ap, a, lp, l float64
	for _, d := range deals {
		ap += d.alliedPoints
		a += d.allied
		lp += d.lonePoints
		l += d.lone
	}
	if a == 0 || l == 0 {
		nan := estimate{math.NaN(), math.NaN(), math.NaN(), 0}
		return nan, nan, nan
	}
	ra, rl := ap/a, lp/l
	var ss, ssa, ssl float64
	for _, d := range deals {
		ia := (d.alliedPoints - ra*d.allied) / a
		il := (d.lonePoints - rl*d.lone) / l
		ss += (ia - il) * (ia - il)
		ssa += ia * ia
		ssl += il * il
	}
	g := int64(len(deals))
	return clusterT(ra-rl, ss, g, int64(a+l), confidence), clusterT(ra, ssa, g, int64(a), confidence), clusterT(rl, ssl, g, int64(l), confidence)
}
