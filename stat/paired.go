package stat

import "math"

// PairedCounts counts the outcomes of two things tried on the same N
// trials (deals): the trials where both succeeded, where only the first
// did, and where only the second did.
type PairedCounts struct {
	Both, Only1, Only2 int64
	N                  int64 // every trial, those where neither succeeded among them
}

// PairedRateDifference returns Newcombe's square-and-add interval for the
// difference p1 − p2 of two rates measured on the same c.N trials (deals):
// c.Both trials succeeded for both, c.Only1 for the first alone, c.Only2
// for the second alone. It combines the Wilson intervals (l1, u1) and (l2, u2) of
// the two rates with the estimated correlation ψ of the two rates:
//
//	p1 − p2 − √((p1−l1)² + (u2−p2)² − 2ψ(p1−l1)(u2−p2))  to
//	p1 − p2 + √((p2−l2)² + (u1−p1)² − 2ψ(p2−l2)(u1−p1)),
//
// ψ the phi coefficient of the 2×2 table of paired outcomes, with the
// continuity correction of Fagerland, Lydersen and Laake when positive
// (Newcombe 1998; Fagerland, Lydersen and Laake, "Statistical Analysis of
// Contingency Tables", 2017, ch. 8), and 0 when either rate is 0 or 1. The
// pairs are assumed independent of one another. Unlike a t interval on the
// per-trial differences, it does not collapse to a point when no trial
// differs: with no successes at all it spans minus to plus the Wilson upper
// bound of 0 of n. With no trials it is [−1, 1]; counts that do not fit in
// n trials panic.
func PairedRateDifference(c PairedCounts, confidence float64) (lo, hi float64) {
	both, only1, only2, n := c.Both, c.Only1, c.Only2, c.N
	if n <= 0 {
		return -1, 1
	}
	if both < 0 || only1 < 0 || only2 < 0 || both+only1+only2 > n {
		panic("stat: PairedRateDifference of impossible counts")
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
