package roundup

import (
	"math"

	"github.com/cardsim/cardsim/stat"
)

// estimate is a figure with its interval and the count it rests on.
type estimate struct {
	value, lo, hi float64
	n             int64
}

// clusterT returns the estimate value with the paired, cluster-robust
// interval of the sum ss of its g clusters' squared influence sums
// (stat.InfluenceInterval), resting on n observations.
func clusterT(value, ss float64, g, n int64, confidence float64) estimate {
	lo, hi := stat.InfluenceInterval(value, ss, g, confidence)
	return estimate{value, lo, hi, n}
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
	var a, l float64
	ap, ad := make([]float64, len(deals)), make([]float64, len(deals))
	lp, ld := make([]float64, len(deals)), make([]float64, len(deals))
	for i, d := range deals {
		ap[i], ad[i], lp[i], ld[i] = d.alliedPoints, d.allied, d.lonePoints, d.lone
		a += d.allied
		l += d.lone
	}
	diff, ra, rl, ok := stat.RatioDifference(ap, ad, lp, ld, confidence)
	if !ok {
		nan := estimate{math.NaN(), math.NaN(), math.NaN(), 0}
		return nan, nan, nan
	}
	est := func(e stat.Estimate, n int64) estimate { return estimate{e.Value, e.CILow, e.CIHigh, n} }
	return est(diff, int64(a+l)), est(ra, int64(a)), est(rl, int64(l))
}
