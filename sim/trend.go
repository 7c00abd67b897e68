package sim

import "math"

// Trend is the least-squares line of an outcome of a seat (winning, as 0
// or 1, or its score) against the value of one of its deal features: Slope
// is how much the outcome changes on average per unit of the feature. Its
// interval uses the heteroskedasticity-robust (sandwich, HC0) standard
// error, which holds for a 0/1 outcome whose variance changes with the
// feature. A trend uses every seat, where comparing the extreme values of a
// feature rests on its thinnest cells.
type Trend struct {
	Slope  float64 `json:"slope"`
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
	SE     float64 `json:"se"`
}

// groupedTrend fits the trend from groups of seats: n[i] seats with feature
// value x[i], whose outcomes have mean mean[i] and population variance
// popVar[i]. It reports false when the feature takes fewer than two values.
func groupedTrend(x []float64, n []int64, mean, popVar []float64, confidence float64) (Trend, bool) {
	var total, sx, sy float64
	for i := range x {
		w := float64(n[i])
		total += w
		sx += w * x[i]
		sy += w * mean[i]
	}
	if total < 3 {
		return Trend{}, false
	}
	xbar, ybar := sx/total, sy/total
	var sxx, sxy float64
	for i := range x {
		w, dx := float64(n[i]), x[i]-xbar
		sxx += w * dx * dx
		sxy += w * dx * (mean[i] - ybar)
	}
	if sxx == 0 {
		return Trend{}, false
	}
	slope := sxy / sxx
	intercept := ybar - slope*xbar
	// Σ over seats of dx²·residual², grouped: a group's residuals about
	// the line have mean mean−fit and population variance popVar.
	var meat float64
	for i := range x {
		dx, off := x[i]-xbar, mean[i]-(intercept+slope*x[i])
		meat += float64(n[i]) * dx * dx * (popVar[i] + off*off)
	}
	se := math.Sqrt(meat) / sxx
	z := zQuantile(confidence)
	return Trend{Slope: slope, CILow: slope - z*se, CIHigh: slope + z*se, SE: se}, true
}

// momentIndex returns the index in FeatureTally.Moments of the product of
// terms i and j of a deal's vector.
func momentIndex(i, j int) int {
	if i > j {
		i, j = j, i
	}
	return i*momentTerms - i*(i-1)/2 + j - i
}

// clusterTrendSE returns the standard error of a trend's slope clustered by
// deal, from the moments of ft, for the outcome whose deal totals are terms
// y (its sum) and xy (its sum times the feature) of the deal vector.
func clusterTrendSE(ft *FeatureTally, a, b, xbar, sxx float64, y, xy int) float64 {
	terms := [5]int{0, 1, 2, y, xy}
	moment := func(i, j int) float64 { return float64(ft.Moments[momentIndex(terms[i], terms[j])]) }
	return clusterSlopeSE(moment, float64(ft.Deals), a, b, xbar, sxx)
}

// clusterSlopeSE returns the cluster-robust standard error of the slope b
// (intercept a) of a straight line fitted over g clusters, from the sums
// over clusters of the products of each cluster's vector (n, Σx, Σx², Σy,
// Σxy): moment(i, j). A cluster's contribution to the estimating equation,
// Σ (x−x̄)(y − a − b·x) over its observations, is linear in its vector, so
// the sum of their squares is a quadratic form in the moments.
func clusterSlopeSE(moment func(i, j int) float64, g, a, b, xbar, sxx float64) float64 {
	coef := [5]float64{a * xbar, -a + b*xbar, -b, -xbar, 1}
	var ss float64
	for i, ci := range coef {
		for j, cj := range coef {
			ss += ci * cj * moment(i, j)
		}
	}
	return math.Sqrt(math.Max(ss, 0)*g/(g-1)) / sxx
}

// featureTrends fits the trends of winning and of the score against the
// value of a feature from its cells; where a deal counts several plays,
// their standard errors are clustered by deal.
func featureTrends(ft *FeatureTally, confidence float64) (win, score *Trend) {
	var x, pw, vw, ms, vs []float64
	var n []int64
	for j := range ft.Cells {
		c := &ft.Cells[j]
		if c.Games == 0 {
			continue
		}
		g := float64(c.Games)
		p := float64(c.Wins) / g
		m, sd := c.Score.MeanSD()
		x = append(x, float64(ft.Min+int64(j)))
		n = append(n, c.Games)
		pw = append(pw, p)
		vw = append(vw, p*(1-p))
		ms = append(ms, m)
		vs = append(vs, sd*sd*(g-1)/g)
	}
	for _, o := range []struct {
		mean, popVar []float64
		y, xy        int
		dst          **Trend
	}{{pw, vw, 3, 4, &win}, {ms, vs, 5, 6, &score}} {
		t, ok := groupedTrend(x, n, o.mean, o.popVar, confidence)
		if !ok {
			continue
		}
		if ft.Deals > 1 {
			var total, sx float64
			for i := range x {
				total += float64(n[i])
				sx += float64(n[i]) * x[i]
			}
			xbar := sx / total
			var sxx, sy float64
			for i := range x {
				sxx += float64(n[i]) * (x[i] - xbar) * (x[i] - xbar)
				sy += float64(n[i]) * o.mean[i]
			}
			a := sy/total - t.Slope*xbar
			t.SE = clusterTrendSE(ft, a, t.Slope, xbar, sxx, o.y, o.xy)
			half := tQuantile(confidence, ft.Deals-1) * t.SE
			t.CILow, t.CIHigh = t.Slope-half, t.Slope+half
		}
		*o.dst = &t
	}
	return win, score
}
