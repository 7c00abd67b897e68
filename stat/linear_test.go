package stat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestClusteredMatchesTrend: with one predictor, the fit's slope, its
// standard error and its interval are those of TrendSums, a separate
// implementation of the same cluster-robust line, on clusters of 1 to 4
// correlated observations.
func TestClusteredMatchesTrend(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	c := NewClustered("x")
	var tr TrendSums
	for range 500 {
		shared := rng.NormFloat64()
		for range 1 + rng.IntN(4) {
			x := float64(rng.IntN(5))
			y := 0.3*x + shared + rng.NormFloat64()
			c.Add(y, x)
			tr.Add(x, y)
		}
		c.EndCluster()
		tr.EndCluster()
	}
	l, err := c.Fit(0.95)
	if err != nil {
		t.Fatal(err)
	}
	want, ok := tr.Fit(0.95)
	if !ok {
		t.Fatal("no trend")
	}
	for _, x := range [][3]float64{{l.Coef[1], want.Slope, 1e-12}, {l.SE[1], want.SE, 1e-9}, {l.CILow[1], want.CILow, 1e-9}, {l.CIHigh[1], want.CIHigh, 1e-9}} {
		if math.Abs(x[0]-x[1]) > x[2] {
			t.Errorf("fit %v, trend %v", l, want)
			break
		}
	}
	if l.N != tr.Pairs() || l.Clusters != 500 {
		t.Errorf("n %d clusters %d, want %d and 500", l.N, l.Clusters, tr.Pairs())
	}
}

// TestClusteredRecovers: y = 1 + 2a − 3b exactly gives back 1, 2 and −3
// with no error; with noise shared within clusters the intervals cover the
// truth about 95% of the time (300 fits: 95% ± 4 points).
func TestClusteredRecovers(t *testing.T) {
	c := NewClustered("a", "b")
	for i := range 40 {
		a, b := float64(i%7), float64(i%3)+0.5*float64(i%2)
		c.Add(1+2*a-3*b, a, b)
		c.EndCluster()
	}
	l, err := c.Fit(0.95)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{1, 2, -3} {
		if math.Abs(l.Coef[i]-want) > 1e-9 || l.SE[i] > 1e-6 {
			t.Errorf("term %s: %v ± %v, want %v exactly", l.Terms[i], l.Coef[i], l.SE[i], want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	covered := 0
	const fits = 300
	for range fits {
		c := NewClustered("a", "b")
		for range 200 {
			shared := rng.NormFloat64()
			a := rng.NormFloat64()
			for range 3 {
				b := rng.NormFloat64()
				c.Add(0.5*a-0.2*b+shared+rng.NormFloat64(), a, b)
			}
			c.EndCluster()
		}
		l, err := c.Fit(0.95)
		if err != nil {
			t.Fatal(err)
		}
		if l.CILow[1] <= 0.5 && 0.5 <= l.CIHigh[1] {
			covered++
		}
	}
	if math.Abs(float64(covered)/fits-0.95) > 0.04 {
		t.Errorf("the interval of a covered the truth in %d of %d fits", covered, fits)
	}
}

// TestClusteredErrors: one cluster, or collinear predictors, is an error.
func TestClusteredErrors(t *testing.T) {
	c := NewClustered("a")
	c.Add(1, 1)
	c.Add(2, 2)
	c.EndCluster()
	if _, err := c.Fit(0.95); err == nil {
		t.Error("one cluster fitted")
	}
	c = NewClustered("a", "b")
	for i := range 10 {
		c.Add(float64(i), float64(i), 2*float64(i))
		c.EndCluster()
	}
	if _, err := c.Fit(0.95); err == nil {
		t.Error("collinear predictors fitted")
	}
}
