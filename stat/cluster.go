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

// ClusterSums holds what the clustered estimators take of observations
// that come in clusters, cluster d holding n_d observations whose outcome
// totals y_d: the clusters G, the observations N = Σ n_d, and the sums
// over clusters of the squares and products of their totals.
type ClusterSums struct {
	Clusters int64 // G: clusters with at least one observation
	N        int64 // Σ n_d
	N2       int64 // Σ n_d²
	NY       int64 // Σ n_d·y_d
	Y2       int64 // Σ y_d²
}

// RatioVariance returns the cluster-robust variance of the ratio r = Σ y_d /
// Σ n_d of totals over the clusters s sums:
//
//	G/(G−1) · max(0, Σ y_d² − 2r·Σ n_d·y_d + r²·Σ n_d²) / N².
//
// It assumes the clusters independent and makes no assumption within a
// cluster. It is +Inf with fewer than two clusters or no observations.
func RatioVariance(r float64, s ClusterSums) float64 {
	if s.Clusters < 2 || s.N == 0 {
		return math.Inf(1)
	}
	v := float64(s.Y2) - 2*r*float64(s.NY) + r*r*float64(s.N2)
	v = math.Max(v, 0) / (float64(s.N) * float64(s.N))
	return v * float64(s.Clusters) / float64(s.Clusters-1)
}

// ClusteredRate returns the interval of a rate of k successes in the s.N
// trials that s sums in clusters, y_d the successes of cluster d: the
// Wilson interval (WilsonAt) at the effective number of trials p(1−p)/v, v
// the RatioVariance of the rate p = k/N. A rate that no cluster varies
// from (v = 0) is exact. When p is 0 or 1 the variance says nothing; the
// effective number of trials is then N²/Σ n_d², N over the mean cluster
// size, as if every cluster's trials agreed. Fewer than two clusters say
// nothing of the spread between them: the interval is then [0, 1].
func ClusteredRate(k int64, s ClusterSums, confidence float64) (lo, hi float64) {
	if s.Clusters < 2 {
		return 0, 1 // one deal says nothing of the spread between deals
	}
	p := float64(k) / float64(s.N)
	if k == 0 || k == s.N {
		eff := float64(s.N) * float64(s.N) / float64(s.N2)
		return WilsonAt(p, eff, confidence)
	}
	v := RatioVariance(p, s)
	if v == 0 {
		return p, p
	}
	return WilsonAt(p, p*(1-p)/v, confidence)
}

// ClusteredMean returns the interval of a mean over the s.N observations
// that s sums in clusters, y_d the sum of cluster d's values: mean ± t·√v,
// v the RatioVariance of the mean and t the two-sided Student t quantile
// with G − 1 degrees of freedom for G clusters. It is infinite for fewer
// than two clusters.
func ClusteredMean(mean float64, s ClusterSums, confidence float64) (lo, hi float64) {
	if s.Clusters < 2 {
		return math.Inf(-1), math.Inf(1)
	}
	v := RatioVariance(mean, s)
	half := tQuantile(confidence, s.Clusters-1) * math.Sqrt(v)
	return mean - half, mean + half
}

// OutcomeSums holds the plays, wins and draws of a player, and the sums
// over clusters (deals) of the squares and products of each cluster's
// totals of plays n, wins w and draws d: what the clustered intervals of a
// win rate, a draw rate and an edge, and the design effect of points, need.
type OutcomeSums struct {
	Clusters int64 // clusters with at least one play
	N        int64 // Σ n: plays
	W        int64 // Σ w: wins
	D        int64 // Σ d: draws
	N2       int64 // Σ n²
	NW       int64 // Σ n·w
	W2       int64 // Σ w²
	ND       int64 // Σ n·d
	D2       int64 // Σ d²
	WD       int64 // Σ w·d
}

// Wins returns the sums of the wins as the outcome of each play.
func (s *OutcomeSums) Wins() ClusterSums {
	return ClusterSums{Clusters: s.Clusters, N: s.N, N2: s.N2, NY: s.NW, Y2: s.W2}
}

// Draws returns the sums of the draws as the outcome of each play.
func (s *OutcomeSums) Draws() ClusterSums {
	return ClusterSums{Clusters: s.Clusters, N: s.N, N2: s.N2, NY: s.ND, Y2: s.D2}
}

// ClusteredEdge returns the edge of the s.W wins in s.N plays of which
// s.D were drawn, over the fair share of a game of the given seats when
// draws are shared out: e = W/N − (N−D)/(N·seats), how much more often the
// plays were won than the (N−D)/seats decided games a fair game gives each
// seat. Its interval is the normal one of a ratio estimator (z·√v/seats, v
// the RatioVariance), each cluster contributing seats·w_d − (n_d − d_d)
// for its n_d plays, clipped to the edges that can be: −(N−D)/(N·seats) to
// 1 − (N−D)/(N·seats), which it also is with fewer than two clusters.
func ClusteredEdge(s OutcomeSums, seats int, confidence float64) (e, lo, hi float64) {
	w, d, n, k := s.W, s.D, s.N, int64(seats)
	fair := float64(n-d) / float64(n) / float64(seats)
	e = float64(w)/float64(n) - fair
	if s.Clusters < 2 {
		return e, -fair, 1 - fair // one deal says nothing of the spread between deals
	}
	r := float64(k*w-(n-d)) / float64(n) // the edge times the seats
	y2 := k*k*s.W2 + s.N2 - 2*s.ND + s.D2 - 2*k*(s.NW-s.WD)
	ny := k*s.NW - s.N2 + s.ND
	v := RatioVariance(r, ClusterSums{Clusters: s.Clusters, N: n, N2: s.N2, NY: ny, Y2: y2})
	half := zQuantile(confidence) * math.Sqrt(v) / float64(seats)
	return e, math.Max(e-half, -fair), math.Min(e+half, 1-fair)
}

// DesignEffect returns the variance of a rate of k successes over the
// trials s sums in clusters (the seatings of one deal), y_d the successes
// of cluster d, over its variance were the trials independent:
//
//	G/(G−1) · (Σ y_d² − 2p·Σ n_d·y_d + p²·Σ n_d²)/N²  ÷  p(1−p)/N,  p = k/N,
//
// the clustered variance of the ratio estimator over the binomial's. It is
// 1 where the rate is 0 or 1 or there are fewer than two clusters, which
// leave it unmeasured.
func DesignEffect(k int64, s ClusterSums) float64 {
	if s.Clusters < 2 || k <= 0 || k >= s.N {
		return 1
	}
	p := float64(k) / float64(s.N)
	nf := float64(s.N)
	clustered := float64(s.Clusters) / float64(s.Clusters-1) * (float64(s.Y2) - 2*p*float64(s.NY) + p*p*float64(s.N2)) / (nf * nf)
	return clustered / (p * (1 - p) / nf)
}

// PointsDesignEffect returns the design effect of a player's points (a win
// 1, a draw ½) over the plays s sums, approximated by the larger of the
// DesignEffect of its wins and that of its draws (the covariance of a
// cluster's wins and draws is left out), or by that of the wins alone
// where nothing was drawn.
func PointsDesignEffect(s OutcomeSums) float64 {
	d := DesignEffect(s.W, s.Wins())
	if s.D > 0 {
		d = math.Max(d, DesignEffect(s.D, s.Draws()))
	}
	return d
}
