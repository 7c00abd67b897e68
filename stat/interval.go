package stat

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Wilson returns the Wilson score interval for a rate of k successes in n
// independent trials at the given confidence level (such as 0.95): the rates
// p whose normal test statistic |k/n − p| / √(p(1−p)/n) stays within the
// two-sided normal quantile z, that is
//
//	(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n),  p̂ = k/n.
//
// It stays inside [0, 1] and behaves well for rates near 0 or 1, where the
// normal interval does not; at k = 0 its lower bound is exactly 0 and at
// k = n its upper bound exactly 1. With no trials it is [0, 1].
func Wilson(k, n int64, confidence float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	// At k = 0 the lower bound is 0 exactly, and at k = n the upper bound
	// is 1 (WilsonAt sees to it); rounding would otherwise leave a bound
	// such as 4e-19 that claims a rate above zero.
	return WilsonAt(float64(k)/float64(n), float64(n), confidence)
}

// WilsonAt returns the Wilson score interval of a rate p observed over n
// trials, where n may be fractional: an effective number of independent
// trials, such as ClusteredRate computes. It is Wilson's formula with p̂ = p,
// clipped to [0, 1], with the lower bound exactly 0 at p = 0 and the upper
// bound exactly 1 at p = 1.
func WilsonAt(p, n float64, confidence float64) (lo, hi float64) {
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

// zQuantile returns the two-sided standard normal critical value for the
// given confidence.
func zQuantile(confidence float64) float64 {
	return distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
}

// tQuantile returns the two-sided Student t critical value for the given
// confidence and degrees of freedom.
func tQuantile(confidence float64, df int64) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(1 - (1-confidence)/2)
}

// MeanInterval returns the Student t interval for a mean estimated from n
// independent values with sample standard deviation sd, at the given
// confidence level: mean ± t(n−1)·sd/√n, t(n−1) the two-sided quantile of
// Student's t with n − 1 degrees of freedom. It assumes the mean is close
// to normal (many values, or normal values). One value gives no estimate of
// spread: the interval is then the value itself, and callers that know the
// range of possible values should widen it to that range.
func MeanInterval(mean, sd float64, n int64, confidence float64) (lo, hi float64) {
	if n < 2 {
		return mean, mean
	}
	half := tQuantile(confidence, n-1) * sd / math.Sqrt(float64(n))
	return mean - half, mean + half
}

// SampleMean is a sample's mean, its sample standard deviation and the
// number of values it holds.
type SampleMean struct {
	Mean, SD float64
	N        int64
}

// UnpairedMeanDifference returns the interval of the difference a − b of
// two means estimated from independent samples, as if they had been
// measured on different deals: a.Mean − b.Mean ± t·√(a.SD²/a.N + b.SD²/b.N),
// with the two-sided Student t quantile at a.N + b.N − 1 degrees of
// freedom. Measured on the same deals, a paired interval (MeanInterval of
// the per-deal differences, or PairedRateDifference) is the one to judge
// by; this one shows what the pairing gained.
func UnpairedMeanDifference(a, b SampleMean, confidence float64) (lo, hi float64) {
	se := math.Sqrt(a.SD*a.SD/float64(a.N) + b.SD*b.SD/float64(b.N))
	z := tQuantile(confidence, a.N+b.N-1)
	return a.Mean - b.Mean - z*se, a.Mean - b.Mean + z*se
}
