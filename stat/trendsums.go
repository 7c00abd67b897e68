package stat

import "math"

// TrendSums gathers pairs (x, y) in clusters of observations that are not
// independent (the seats and seatings of one deal), and fits the straight
// line of y on x with a cluster-robust interval, as ClusteredGroupedTrend
// fits the trends of deal features. It keeps each cluster's vector
// (n, Σx, Σx², Σy, Σxy) only until the cluster ends, and the sums over
// clusters of their products. Analyses use it on figures a tally does not
// hold, such as the difference a rule makes to a seat on the same deal.
// Pairs must be added in the same order every time for the fit to repeat to
// the last bit. The zero value is empty and ready to use.
type TrendSums struct {
	cur      [5]float64  // this cluster: n, Σx, Σx², Σy, Σxy
	tot      [5]float64  // every cluster
	moments  [25]float64 // Σ over clusters of cur[i]·cur[j]
	clusters int64
}

// Add counts the pair (x, y) in the cluster under way.
func (t *TrendSums) Add(x, y float64) {
	t.cur[0]++
	t.cur[1] += x
	t.cur[2] += x * x
	t.cur[3] += y
	t.cur[4] += x * y
}

// EndCluster closes the cluster under way; an empty one is not counted.
func (t *TrendSums) EndCluster() {
	if t.cur[0] == 0 {
		return
	}
	for i := range t.cur {
		t.tot[i] += t.cur[i]
		for j := range t.cur {
			t.moments[5*i+j] += t.cur[i] * t.cur[j]
		}
	}
	t.clusters++
	t.cur = [5]float64{}
}

// Pairs returns the number of pairs (x, y) in the closed clusters.
func (t *TrendSums) Pairs() int64 { return int64(t.tot[0]) }

// Mean returns the mean of y over the closed clusters with its
// cluster-robust t interval: mean ± t·√(Σ (y_c − mean·n_c)²·G/(G−1))/n over
// G clusters of n_c pairs summing to y_c, t the two-sided Student t
// quantile with G − 1 degrees of freedom. With fewer than two clusters the
// mean is NaN and the interval infinite.
func (t *TrendSums) Mean(confidence float64) (mean, lo, hi float64) {
	n := t.tot[0]
	if t.clusters < 2 || n == 0 {
		return math.NaN(), math.Inf(-1), math.Inf(1)
	}
	mean = t.tot[3] / n
	// Σ (y_c − mean·n_c)² over clusters, from the moments.
	ss := t.moments[5*3+3] - 2*mean*t.moments[5*3+0] + mean*mean*t.moments[0]
	g := float64(t.clusters)
	half := tQuantile(confidence, t.clusters-1) * math.Sqrt(math.Max(ss, 0)*g/(g-1)) / n
	return mean, mean - half, mean + half
}

// Fit returns the least-squares line's slope b = Σ (x−x̄)(y−ȳ) / Σ (x−x̄)²
// over the closed clusters with its cluster-robust standard error
// (ClusterSlopeSE) and interval b ± t·se, t the two-sided Student t
// quantile with clusters − 1 degrees of freedom; false when there are
// fewer than three pairs or two clusters, or x takes a single value.
func (t *TrendSums) Fit(confidence float64) (Trend, bool) {
	n, sx, sxx, sy, sxy := t.tot[0], t.tot[1], t.tot[2], t.tot[3], t.tot[4]
	if t.clusters < 2 || n < 3 {
		return Trend{}, false
	}
	xbar := sx / n
	cxx := sxx - sx*xbar
	if cxx <= 1e-12*sxx {
		return Trend{}, false
	}
	b := (sxy - xbar*sy) / cxx
	a := sy/n - b*xbar
	se := ClusterSlopeSE(func(i, j int) float64 { return t.moments[5*i+j] }, float64(t.clusters), a, b, xbar, cxx)
	half := tQuantile(confidence, t.clusters-1) * se
	return Trend{Slope: b, CILow: b - half, CIHigh: b + half, SE: se}, true
}
