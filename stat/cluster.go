package stat

import "math"

// Outcomes counted over several plays of each deal (the seats of one game,
// the seatings of one deal, the rounds of one game) are not independent,
// but deals are. The estimators of this file take, instead of the plays
// one by one, the sums over deals (clusters) of the squares and products of
// each deal's totals: its plays n_d and the outcome's total y_d over them.
// A ratio r = Σ y_d / Σ n_d then has the cluster-robust (sandwich) variance
// of a ratio estimator, Σ (y_d − r·n_d)² / (Σ n_d)², scaled by G/(G−1) for
// G deals, which expands to sums the tally keeps: Σ y_d², Σ n_d·y_d and
// Σ n_d².

// RatioVariance returns the cluster-robust variance of the ratio r = Σ y_d /
// Σ n_d of totals over clusters, from n = Σ n_d and the sums n2 = Σ n_d²,
// ny = Σ n_d·y_d and y2 = Σ y_d² over the given number of clusters:
//
//	G/(G−1) · max(0, Σ y_d² − 2r·Σ n_d·y_d + r²·Σ n_d²) / n².
//
// It assumes the clusters independent and makes no assumption within a
// cluster. It is +Inf with fewer than two clusters or no observations.
func RatioVariance(r float64, n, clusters, n2, ny, y2 int64) float64 {
	if clusters < 2 || n == 0 {
		return math.Inf(1)
	}
	v := float64(y2) - 2*r*float64(ny) + r*r*float64(n2)
	v = math.Max(v, 0) / (float64(n) * float64(n))
	return v * float64(clusters) / float64(clusters-1)
}

// ClusteredRate returns the interval of a rate of k successes in n trials
// that come in clusters, from the sums over clusters n2 = Σ n_d², ny =
// Σ n_d·k_d and y2 = Σ k_d² (k_d the successes of cluster d): the Wilson
// interval (WilsonAt) at the effective number of trials p(1−p)/v, v the
// RatioVariance of the rate p = k/n. A rate that no cluster varies from
// (v = 0) is exact. When p is 0 or 1 the variance says nothing; the
// effective number of trials is then n²/Σ n_d², n over the mean cluster
// size, as if every cluster's trials agreed. Fewer than two clusters say
// nothing of the spread between them: the interval is then [0, 1].
func ClusteredRate(k, n, clusters, n2, ny, y2 int64, confidence float64) (lo, hi float64) {
	if clusters < 2 {
		return 0, 1 // one deal says nothing of the spread between deals
	}
	p := float64(k) / float64(n)
	if k == 0 || k == n {
		eff := float64(n) * float64(n) / float64(n2)
		return WilsonAt(p, eff, confidence)
	}
	v := RatioVariance(p, n, clusters, n2, ny, y2)
	if v == 0 {
		return p, p
	}
	return WilsonAt(p, p*(1-p)/v, confidence)
}

// ClusteredMean returns the interval of a mean over n observations that
// come in clusters, from the sums over clusters n2 = Σ n_d², ny = Σ n_d·y_d
// and y2 = Σ y_d² (y_d the sum of cluster d's values): mean ± t·√v, v the
// RatioVariance of the mean and t the two-sided Student t quantile with
// G − 1 degrees of freedom for G clusters. It is infinite for fewer than two
// clusters.
func ClusteredMean(mean float64, n, clusters, n2, ny, y2 int64, confidence float64) (lo, hi float64) {
	if clusters < 2 {
		return math.Inf(-1), math.Inf(1)
	}
	v := RatioVariance(mean, n, clusters, n2, ny, y2)
	half := tQuantile(confidence, clusters-1) * math.Sqrt(v)
	return mean - half, mean + half
}

// OutcomeSums holds the sums over clusters (deals) of the squares and
// products of each cluster's totals of plays n, wins w and draws d: what
// the clustered intervals of a win rate, a draw rate and an edge, and the
// design effect of points, need.
type OutcomeSums struct {
	Clusters int64 // clusters with at least one play
	N2       int64 // Σ n²
	NW       int64 // Σ n·w
	W2       int64 // Σ w²
	ND       int64 // Σ n·d
	D2       int64 // Σ d²
	WD       int64 // Σ w·d
}

// ClusteredEdge returns the edge of w wins in n plays of which d were
// drawn, the plays clustered as s sums them, over the fair share of k
// seats when draws are shared out: e = w/n − (n−d)/(n·k), how much more
// often the plays were won than the (n−d)/k decided games a fair game gives
// each seat. Its interval is the normal one of a ratio estimator (z·√v/k, v
// the RatioVariance), each cluster contributing k·w_d − (n_d − d_d) for its
// n_d plays, clipped to the edges that can be: −(n−d)/(n·k) to 1 − (n−d)/(n·k),
// which it also is with fewer than two clusters.
func ClusteredEdge(w, d, n int64, k int, s OutcomeSums, confidence float64) (e, lo, hi float64) {
	kk := int64(k)
	fair := float64(n-d) / float64(n) / float64(k)
	e = float64(w)/float64(n) - fair
	if s.Clusters < 2 {
		return e, -fair, 1 - fair // one deal says nothing of the spread between deals
	}
	r := float64(kk*w-(n-d)) / float64(n) // the edge times k
	y2 := kk*kk*s.W2 + s.N2 - 2*s.ND + s.D2 - 2*kk*(s.NW-s.WD)
	ny := kk*s.NW - s.N2 + s.ND
	half := zQuantile(confidence) * math.Sqrt(RatioVariance(r, n, s.Clusters, s.N2, ny, y2)) / float64(k)
	return e, math.Max(e-half, -fair), math.Min(e+half, 1-fair)
}

// DesignEffect returns the variance of a rate counted over trials that
// come in clusters (the seatings of one deal) over its variance were the
// trials independent: k of n trials, in the given number of clusters, with
// Σ n_d² = n2, Σ n_d·k_d = nk and Σ k_d² = k2 over the clusters. It is
//
//	G/(G−1) · (Σ k_d² − 2p·Σ n_d·k_d + p²·Σ n_d²)/n²  ÷  p(1−p)/n,  p = k/n,
//
// the clustered variance of the ratio estimator over the binomial's. It is
// 1 where the rate is 0 or 1 or there are fewer than two clusters, which
// leave it unmeasured.
func DesignEffect(k, n, clusters, n2, nk, k2 int64) float64 {
	if clusters < 2 || k <= 0 || k >= n {
		return 1
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	clustered := float64(clusters) / float64(clusters-1) * (float64(k2) - 2*p*float64(nk) + p*p*float64(n2)) / (nf * nf)
	return clustered / (p * (1 - p) / nf)
}

// PointsDesignEffect returns the design effect of a player's points (a win
// 1, a draw ½) over n plays clustered as s sums them, approximated by the
// larger of the DesignEffect of its wins and that of its draws (the
// covariance of a cluster's wins and draws is left out), or by that of the
// wins alone where nothing was drawn.
func PointsDesignEffect(wins, draws, n int64, s OutcomeSums) float64 {
	d := DesignEffect(wins, n, s.Clusters, s.N2, s.NW, s.W2)
	if draws > 0 {
		d = math.Max(d, DesignEffect(draws, n, s.Clusters, s.N2, s.ND, s.D2))
	}
	return d
}
