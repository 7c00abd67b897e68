package stat

import "math"

// Estimate is a figure with its interval.
type Estimate struct {
	Value  float64 `json:"value"`
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
}

// InfluenceInterval returns the interval of an estimate whose error is, to
// first order, the sum over clusters of each cluster's influence u_c (the
// sum of its observations' shares of the error, such as
// (x−x̄)(y−a−bx)/Σ(x−x̄)² for a least-squares slope), from ss = Σ u_c² over
// the given number of clusters:
//
//	value ± t·√(ss·G/(G−1)),
//
// t the two-sided Student t quantile with G − 1 degrees of freedom for G
// clusters. It assumes the clusters independent and makes no assumption
// within one. Two estimators measured on the same clusters are compared by
// the influences of their difference, u_c of the one less u_c of the other:
// a paired interval. It is infinite for fewer than two clusters.
func InfluenceInterval(value, ss float64, clusters int64, confidence float64) (lo, hi float64) {
	if clusters < 2 {
		return math.Inf(-1), math.Inf(1)
	}
	gf := float64(clusters)
	half := tQuantile(confidence, clusters-1) * math.Sqrt(ss*gf/(gf-1))
	return value - half, value + half
}

// RatioDifference returns two ratio estimators measured over the same
// clusters, r1 = Σ num1 / Σ den1 and r2 = Σ num2 / Σ den2 (num1[c] and
// den1[c] cluster c's totals, as of points scored and rounds played), and
// their difference r1 − r2, each with its interval by the delta method: a
// cluster's influence on r1 is (num1[c] − r1·den1[c]) / Σ den1, on r2
// likewise, on the difference the difference of the two, and the
// intervals are InfluenceInterval's. It reports false, with NaN figures,
// when either denominator sums to 0.
func RatioDifference(num1, den1, num2, den2 []float64, confidence float64) (diff, r1, r2 Estimate, ok bool) {
	if len(den1) != len(num1) || len(num2) != len(num1) || len(den2) != len(num1) {
		panic("stat: RatioDifference of clusters of different lengths")
	}
	var n1, d1, n2, d2 float64
	for c := range num1 {
		n1 += num1[c]
		d1 += den1[c]
		n2 += num2[c]
		d2 += den2[c]
	}
	if d1 == 0 || d2 == 0 {
		nan := Estimate{math.NaN(), math.NaN(), math.NaN()}
		return nan, nan, nan, false
	}
	ra, rb := n1/d1, n2/d2
	var ss, ssa, ssb float64
	for c := range num1 {
		ia := (num1[c] - ra*den1[c]) / d1
		ib := (num2[c] - rb*den2[c]) / d2
		ss += (ia - ib) * (ia - ib)
		ssa += ia * ia
		ssb += ib * ib
	}
	g := int64(len(num1))
	estimate := func(v, ss float64) Estimate {
		lo, hi := InfluenceInterval(v, ss, g, confidence)
		return Estimate{v, lo, hi}
	}
	return estimate(ra-rb, ss), estimate(ra, ssa), estimate(rb, ssb), true
}
