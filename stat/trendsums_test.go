package stat

import (
	"math"
	"math/rand/v2"
	"testing"

	gonumstat "gonum.org/v1/gonum/stat"
)

// TestTrendSums: on clustered data made here, the fitted slope equals
// gonum's least squares over every pair, and its standard error and the
// mean's equal the cluster-robust formulas worked pair by pair.
func TestTrendSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ts TrendSums
	var x, y []float64
	var clusters [][2]int // each cluster's first pair and count
	for range 400 {
		k := 1 + rng.IntN(5)
		shared := rng.NormFloat64() // what the cluster's pairs share
		clusters = append(clusters, [2]int{len(x), k})
		for range k {
			xi := float64(rng.IntN(6))
			yi := 0.3*xi + shared + rng.NormFloat64()
			ts.Add(xi, yi)
			x, y = append(x, xi), append(y, yi)
		}
		ts.EndCluster()
	}
	tr, ok := ts.Fit(0.95)
	alpha, beta := gonumstat.LinearRegression(x, y, nil, false)
	xbar, ybar := gonumstat.Mean(x, nil), gonumstat.Mean(y, nil)
	var sxx, meat, mss float64
	for _, c := range clusters {
		var u, v float64
		for i := c[0]; i < c[0]+c[1]; i++ {
			sxx += (x[i] - xbar) * (x[i] - xbar)
			u += (x[i] - xbar) * (y[i] - alpha - beta*x[i])
			v += y[i] - ybar
		}
		meat += u * u
		mss += v * v
	}
	g := float64(len(clusters))
	se := math.Sqrt(meat*g/(g-1)) / sxx
	if ts.Pairs() != int64(len(x)) {
		t.Errorf("%d pairs counted, want %d", ts.Pairs(), len(x))
	}
	if !ok || math.Abs(tr.Slope-beta) > 1e-9 || math.Abs(tr.SE-se) > 1e-9 {
		t.Errorf("fit %+v, want slope %g and se %g", tr, beta, se)
	}
	mean, lo, hi := ts.Mean(0.95)
	half := tQuantile(0.95, int64(len(clusters)-1)) * math.Sqrt(mss*g/(g-1)) / float64(len(x))
	if math.Abs(mean-ybar) > 1e-9 || math.Abs(hi-lo-2*half) > 1e-9 {
		t.Errorf("mean %g (%g … %g), want %g ± %g", mean, lo, hi, ybar, half)
	}
	var one TrendSums
	one.Add(2, 1)
	one.Add(2, 3)
	one.EndCluster()
	if _, ok := one.Fit(0.95); ok {
		t.Error("a fit from one cluster at one x")
	}
}
