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
	// At k = 0 the lower bound is 0 exactly, and at k = n the upper bound
	// is 1 (wilsonAt sees to it); rounding would otherwise leave a bound
	// such as 4e-19 that claims a rate above zero.
	return wilsonAt(float64(k)/float64(n), float64(n), confidence)
}

// zQuantile returns the two-sided standard normal critical value for the
// given confidence.
func zQuantile(confidence float64) float64 {
	return distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
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

// PairedRateDifference returns Newcombe's square-and-add interval for the
// difference p1 − p2 of two rates measured on the same n trials (deals):
// both trials succeeded for both, only1 for the first alone, only2 for the
// second alone. It combines the Wilson intervals of the two rates with
// their correlation (Newcombe 1998, with the continuity-corrected
// correlation of Fagerland, Lydersen and Laake, "Statistical Analysis of
// Contingency Tables", 2017, ch. 8). Unlike a t interval on the per-trial
// differences, it does not collapse to a point when no trial differs:
// with no successes at all it spans minus to plus the Wilson upper bound of
// 0 of n.
func PairedRateDifference(both, only1, only2, n int64, confidence float64) (lo, hi float64) {
	if n <= 0 {
		return -1, 1
	}
	if both < 0 || only1 < 0 || only2 < 0 || both+only1+only2 > n {
		panic("sim: PairedRateDifference of impossible counts")
	}
	s1, s2 := both+only1, both+only2 // successes of each
	nf := float64(n)
	p1, p2 := float64(s1)/nf, float64(s2)/nf
	l1, u1 := Wilson(s1, n, confidence)
	l2, u2 := Wilson(s2, n, confidence)
	// psi estimates the correlation of the two rates, shrunk towards 0 by
	// a continuity correction when positive.
	var psi float64
	if s1 > 0 && s1 < n && s2 > 0 && s2 < n {
		neither := n - both - only1 - only2
		a := float64(both)*float64(neither) - float64(only1)*float64(only2)
		prod := math.Sqrt(float64(s1) * float64(n-s1) * float64(s2) * float64(n-s2))
		switch {
		case a > nf/2:
			psi = (a - nf/2) / prod
		case a < 0:
			psi = a / prod
		}
	}
	d := p1 - p2
	lo = d - math.Sqrt(math.Max(0, (p1-l1)*(p1-l1)+(u2-p2)*(u2-p2)-2*psi*(p1-l1)*(u2-p2)))
	hi = d + math.Sqrt(math.Max(0, (p2-l2)*(p2-l2)+(u1-p1)*(u1-p1)-2*psi*(p2-l2)*(u1-p1)))
	return math.Max(lo, -1), math.Min(hi, 1)
}
