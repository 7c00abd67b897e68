package stat

import (
	"math"
	"testing"
)

// TestLogisticRecovers: groups filled with the exact expected successes of
// a known model (large counts, so rounding is negligible) give back its
// coefficients; an irrelevant predictor gets a coefficient near zero.
func TestLogisticRecovers(t *testing.T) {
	b0, b1, b2 := -1.0, 0.4, -0.25
	var groups []BinomialGroup
	for x1 := 0; x1 <= 4; x1++ {
		for x2 := 0; x2 <= 4; x2++ {
			for x3 := 0; x3 <= 2; x3++ {
				const n = 1_000_000
				p := 1 / (1 + math.Exp(-(b0 + b1*float64(x1) + b2*float64(x2))))
				groups = append(groups, BinomialGroup{X: []float64{float64(x1), float64(x2), float64(x3)}, Trials: n, Successes: math.Round(n * p)})
			}
		}
	}
	l, err := Logistic([]string{"a", "b", "c"}, groups, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range []float64{b0, b1, b2, 0} {
		if math.Abs(l.Coef[j]-want) > 1e-4 {
			t.Errorf("coefficient %d = %.6f, want %.6f", j, l.Coef[j], want)
		}
		if !(l.CILow[j] < l.Coef[j] && l.Coef[j] < l.CIHigh[j]) {
			t.Errorf("coefficient %d outside its own interval", j)
		}
	}
}

// TestLogisticTwoGroups: with one 0/1 predictor the fit is saturated and
// has a closed form: β₀ is the log-odds of the group at 0, β₁ the log odds
// ratio, and se(β₁)² = 1/(n₀p₀(1−p₀)) + 1/(n₁p₁(1−p₁)), the textbook
// (Woolf) variance of a log odds ratio.
func TestLogisticTwoGroups(t *testing.T) {
	for _, tt := range []struct {
		n0, k0, n1, k1 float64
	}{
		{100, 20, 100, 50},
		{400, 300, 50, 10},
		{10, 5, 30, 29},
	} {
		l, err := Logistic([]string{"x"}, []BinomialGroup{{X: []float64{0}, Trials: tt.n0, Successes: tt.k0}, {X: []float64{1}, Trials: tt.n1, Successes: tt.k1}}, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		p0, p1 := tt.k0/tt.n0, tt.k1/tt.n1
		logit := func(p float64) float64 { return math.Log(p / (1 - p)) }
		se := math.Sqrt(1/(tt.n0*p0*(1-p0)) + 1/(tt.n1*p1*(1-p1)))
		if math.Abs(l.Coef[0]-logit(p0)) > 1e-9 || math.Abs(l.Coef[1]-(logit(p1)-logit(p0))) > 1e-9 || math.Abs(l.SE[1]-se) > 1e-9 {
			t.Errorf("%+v: coefficients %v ± %v, want %g, %g ± %g", tt, l.Coef, l.SE, logit(p0), logit(p1)-logit(p0), se)
		}
		if pbar := (tt.k0 + tt.k1) / (tt.n0 + tt.n1); l.Rate != pbar || math.Abs(l.Uplift[1]-l.Coef[1]*pbar*(1-pbar)) > 1e-12 {
			t.Errorf("%+v: rate %g, uplift %g; want %g and β·p̄(1−p̄)", tt, l.Rate, l.Uplift[1], pbar)
		}
	}
}

// TestLogisticErrors: too few groups, no failure at all, or a predictor
// that does not vary is an error.
func TestLogisticErrors(t *testing.T) {
	for _, tt := range []struct {
		name   string
		groups []BinomialGroup
	}{
		{"one group for two coefficients", []BinomialGroup{{X: []float64{1}, Trials: 10, Successes: 5}}},
		{"every trial succeeded", []BinomialGroup{{X: []float64{0}, Trials: 10, Successes: 10}, {X: []float64{1}, Trials: 10, Successes: 10}}},
		{"a predictor that never varies", []BinomialGroup{{X: []float64{1}, Trials: 10, Successes: 3}, {X: []float64{1}, Trials: 10, Successes: 6}}},
	} {
		if _, err := Logistic([]string{"x"}, tt.groups, 0.95); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
