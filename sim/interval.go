package sim

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Wilson returns the Wilson score interval for a rate of k successes in n
// trials at the given confidence level (such as 0.95). It stays inside
// [0, 1] and behaves well for rates near 0 or 1, where the normal interval
// does not.
func Wilson(k, n int64, confidence float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	z := distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = math.Max(0, centre-half), math.Min(1, centre+half)
	// At k = 0 the lower bound is 0 exactly, and at k = n the upper bound
	// is 1; rounding would otherwise leave a bound such as 4e-19 that
	// claims a rate above zero.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return lo, hi
}

// MeanInterval returns the Student t interval for a mean estimated from n
// values with sample standard deviation sd, at the given confidence level.
// One value gives no estimate of spread: the interval is then the value
// itself, and callers that know the range of possible values should widen
// it to that range.
func MeanInterval(mean, sd float64, n int64, confidence float64) (lo, hi float64) {
	if n < 2 {
		return mean, mean
	}
	half := tQuantile(confidence, n-1) * sd / math.Sqrt(float64(n))
	return mean - half, mean + half
}

// tQuantile returns the two-sided Student t critical value for the given
// confidence and degrees of freedom.
func tQuantile(confidence float64, df int64) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(1 - (1-confidence)/2)
}
