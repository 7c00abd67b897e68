package stat

import "math"

// Spending is an alpha-spending function (Lan and DeMets 1983): the part of
// a two-sided error rate alpha that a group-sequential plan may have spent
// by information fraction t, the share of its budget of deals played so
// far. It is 0 at t = 0 and alpha at t = 1, and does not decrease between.
type Spending func(alpha, t float64) float64

// OBrienFlemingSpending is the spending function of Lan and DeMets (1983)
// that mimics O'Brien and Fleming's boundaries, spending α/2 on each side
// as gsDesign's sfLDOF and ldbounds do:
//
//	α(t) = 2·(2 − 2Φ(z/√t)),  z = Φ⁻¹(1 − α/4).
//
// It spends almost nothing early, so its last interval is nearly the
// fixed-sample one, but it stops early only for large effects.
func OBrienFlemingSpending(alpha, t float64) float64 {
	if t <= 0 {
		return 0
	}
	if t >= 1 {
		return alpha
	}
	z := normalQuantileUpper(alpha / 4)
	return 4 * normalCDF(-z/math.Sqrt(t))
}

// PocockSpending is the spending function of Lan and DeMets (1983) that
// mimics Pocock's constant boundaries, α(t) = α·ln(1 + (e − 1)t): it spends
// evenly, so it stops early more often, at the price of a last interval
// about a fifth wider than the fixed-sample one.
func PocockSpending(alpha, t float64) float64 {
	if t <= 0 {
		return 0
	}
	if t >= 1 {
		return alpha
	}
	return alpha * math.Log(1+(math.E-1)*t)
}

// PowerSpending returns the spending function α(t) = α·t^rho of Kim and
// DeMets (1987). rho = 1 spends like Pocock's boundaries, rho = 3 like
// O'Brien and Fleming's; rho = 2 lies between, and is DefaultSpending.
// It panics for rho ≤ 0.
func PowerSpending(rho float64) Spending {
	if !(rho > 0) {
		panic("stat: PowerSpending of a power that is not positive")
	}
	return func(alpha, t float64) float64 {
		if t <= 0 {
			return 0
		}
		if t >= 1 {
			return alpha
		}
		return alpha * math.Pow(t, rho)
	}
}

// DefaultSpending is the spending function of a plan that names none,
// α·t² (PowerSpending(2)). At 95% over seven looks that double up to the
// budget, it stops at a quarter of the budget an effect 3.02 standard
// errors from zero there, and at half the budget one of 2.56, where
// O'Brien–Fleming spending needs 4.33 and 2.96; its last interval is 2.02
// standard errors wide on each side, against O'Brien–Fleming's 1.97 and
// the fixed-sample 1.96.
var DefaultSpending Spending = PowerSpending(2)

// normalCDF returns Φ(x), accurate in both tails.
func normalCDF(x float64) float64 {
	return 0.5 * math.Erfc(-x/math.Sqrt2)
}

// normalQuantileUpper returns the z with 1 − Φ(z) = p.
func normalQuantileUpper(p float64) float64 {
	// Φ⁻¹(1 − p) = −Φ⁻¹(p) = √2·erfcinv(2p).
	return math.Sqrt2 * math.Erfcinv(2*p)
}
