package stat

import "math"

// Trend is a least-squares line's slope with its interval: how much an
// outcome (winning, as 0 or 1, or a score) changes on average per unit of a
// predictor (a deal feature), and the standard error it was given.
type Trend struct {
	Slope  float64 `json:"slope"`
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
	SE     float64 `json:"se"`
}

// groupedLine returns the least-squares line through groups of
// observations: n[i] observations at x[i] whose outcomes have mean mean[i].
// It reports false for fewer than three observations or a single value of x.
func groupedLine(x []float64, n []int64, mean []float64) (slope, intercept, xbar, sxx float64, ok bool) {
	var total, sx, sy float64
	for i := range x {
		w := float64(n[i])
		total += w
		sx += w * x[i]
		sy += w * mean[i]
	}
	if total < 3 {
		return 0, 0, 0, 0, false
	}
	xbar, ybar := sx/total, sy/total
	var sxy float64
	for i := range x {
		w, dx := float64(n[i]), x[i]-xbar
		sxx += w * dx * dx
		sxy += w * dx * (mean[i] - ybar)
	}
	if sxx == 0 {
		return 0, 0, 0, 0, false
	}
	slope = sxy / sxx
	return slope, ybar - slope*xbar, xbar, sxx, true
}

// GroupedTrend fits the least-squares line of an outcome on x from groups of
// independent observations: n[i] observations at x[i], whose outcomes have
// mean mean[i] and population variance popVar[i]. Its interval is the normal
// one, slope ± z·se, with the heteroskedasticity-robust (sandwich, HC0)
// standard error
//
//	se = √(Σ (x−x̄)²·(y − a − b·x)²) / Σ (x−x̄)²
//
// over the observations, which holds for a 0/1 outcome whose variance
// changes with x; a group's residuals about the line have mean
// mean[i] − (a + b·x[i]) and population variance popVar[i], so the sum
// needs only the groups. It reports false for fewer than three observations
// or a single value of x.
func GroupedTrend(x []float64, n []int64, mean, popVar []float64, confidence float64) (Trend, bool) {
	slope, intercept, xbar, sxx, ok := groupedLine(x, n, mean)
	if !ok {
		return Trend{}, false
	}
	// Σ over observations of dx²·residual², grouped: a group's residuals
	// about the line have mean mean−fit and population variance popVar.
	var meat float64
	for i := range x {
		dx, off := x[i]-xbar, mean[i]-(intercept+slope*x[i])
		meat += float64(n[i]) * dx * dx * (popVar[i] + off*off)
	}
	se := math.Sqrt(meat) / sxx
	z := zQuantile(confidence)
	return Trend{Slope: slope, CILow: slope - z*se, CIHigh: slope + z*se, SE: se}, true
}

// ClusteredGroupedTrend fits the least-squares line of an outcome on x from
// groups of observations, as GroupedTrend does, where the observations come
// in clusters (the seats and seatings of one deal) that span the groups.
// Its standard error is the cluster-robust one of ClusterSlopeSE, from the
// sums over the given number of clusters of the products of each cluster's
// vector (n, Σx, Σx², Σy, Σxy): moment(i, j) for i, j in 0 … 4; its interval
// is slope ± t·se, t the two-sided Student t quantile with clusters − 1
// degrees of freedom. It reports false for fewer than three observations, a
// single value of x, or fewer than two clusters.
func ClusteredGroupedTrend(x []float64, n []int64, mean []float64, clusters int64, moment func(i, j int) float64, confidence float64) (Trend, bool) {
	slope, intercept, xbar, sxx, ok := groupedLine(x, n, mean)
	if !ok || clusters < 2 {
		return Trend{}, false
	}
	se := ClusterSlopeSE(moment, float64(clusters), intercept, slope, xbar, sxx)
	half := tQuantile(confidence, clusters-1) * se
	return Trend{Slope: slope, CILow: slope - half, CIHigh: slope + half, SE: se}, true
}

// ClusterSlopeSE returns the cluster-robust standard error of the slope b
// (intercept a) of a straight line fitted by least squares over g clusters,
// with x̄ the mean of x and sxx = Σ (x−x̄)², from the sums over clusters of
// the products of each cluster's vector (n, Σx, Σx², Σy, Σxy): moment(i, j).
// A cluster's contribution to the estimating equation, u_c = Σ (x−x̄)(y − a −
// b·x) over its observations, is linear in its vector, so Σ u_c² is a
// quadratic form in the moments, and
//
//	se = √(max(0, Σ u_c²)·g/(g−1)) / sxx.
//
// It assumes the clusters independent and makes no assumption within one.
func ClusterSlopeSE(moment func(i, j int) float64, g, a, b, xbar, sxx float64) float64 {
	coef := [5]float64{a * xbar, -a + b*xbar, -b, -xbar, 1}
	var ss float64
	for i, ci := range coef {
		for j, cj := range coef {
			ss += ci * cj * moment(i, j)
		}
	}
	return math.Sqrt(math.Max(ss, 0)*g/(g-1)) / sxx
}
