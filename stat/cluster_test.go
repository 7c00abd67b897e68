package stat

import (
	"math"
	"testing"
)

// TestDesignEffect: independent games have a design effect near 1;
// deals whose two seatings always split (one win each) have none of the
// binomial's variance; deals whose seatings always agree have twice it.
func TestDesignEffect(t *testing.T) {
	sums := func(perDeal [][2]int64) (k int64, s ClusterSums) {
		for _, d := range perDeal {
			nd, kd := d[0], d[1]
			k, s.N, s.Clusters = k+kd, s.N+nd, s.Clusters+1
			s.N2, s.NY, s.Y2 = s.N2+nd*nd, s.NY+nd*kd, s.Y2+kd*kd
		}
		return
	}
	split := make([][2]int64, 100)
	agree := make([][2]int64, 100)
	for i := range split {
		split[i] = [2]int64{2, 1}
		agree[i] = [2]int64{2, 2 * int64(i%2)}
	}
	if d := DesignEffect(sums(split)); d != 0 {
		t.Errorf("seatings that always split: design effect %g, want 0", d)
	}
	if d := DesignEffect(sums(agree)); math.Abs(d-2*100/99.0) > 1e-9 {
		t.Errorf("seatings that always agree: design effect %g, want 2 (× 100/99)", d)
	}
	if d := DesignEffect(0, ClusterSums{Clusters: 5, N: 10, N2: 20}); d != 1 {
		t.Errorf("a rate of 0: design effect %g, want 1", d)
	}
}

// TestClusteredEdgeCases: what the clustered estimators give where the
// sums say little, worked by hand. z²/(m + z²) is Wilson's upper bound at
// no success in m trials.
func TestClusteredEdgeCases(t *testing.T) {
	z2 := 1.959963984540054 * 1.959963984540054
	inf := math.Inf(1)
	for _, tt := range []struct {
		name           string
		got            func() (float64, float64)
		wantLo, wantHi float64
	}{
		{"rate over one deal", func() (float64, float64) {
			return ClusteredRate(1, ClusterSums{Clusters: 1, N: 2, N2: 4, NY: 2, Y2: 1}, 0.95)
		}, 0, 1},
		// 0 of 10 plays, 2 a deal: 10²/20 = 5 effective plays.
		{"no success", func() (float64, float64) { return ClusteredRate(0, ClusterSums{Clusters: 5, N: 10, N2: 20}, 0.95) }, 0, z2 / (5 + z2)},
		// Every deal won once in 2: the rate does not vary between deals.
		{"no spread", func() (float64, float64) {
			return ClusteredRate(5, ClusterSums{Clusters: 5, N: 10, N2: 20, NY: 10, Y2: 5}, 0.95)
		}, 0.5, 0.5},
		{"mean over one deal", func() (float64, float64) {
			return ClusteredMean(3, ClusterSums{Clusters: 1, N: 2, N2: 4, NY: 12, Y2: 36}, 0.95)
		}, -inf, inf},
		{"variance over one deal", func() (float64, float64) {
			return RatioVariance(0.5, ClusterSums{Clusters: 1, N: 2, N2: 4, NY: 2, Y2: 1}), 0
		}, inf, 0},
		{"variance of nothing", func() (float64, float64) { return RatioVariance(0, ClusterSums{Clusters: 5}), 0 }, inf, 0},
		// One deal, 2 plays, 1 win, no draw, 2 seats: fair share ½, edge 0.
		{"edge over one deal", func() (float64, float64) {
			e, lo, hi := ClusteredEdge(OutcomeSums{Clusters: 1, N: 2, W: 1, N2: 4, NW: 2, W2: 1}, 2, 0.95)
			return lo - e, hi - e
		}, -0.5, 0.5},
		{"points, nothing drawn", func() (float64, float64) {
			return PointsDesignEffect(OutcomeSums{Clusters: 5, N: 10, W: 6, N2: 20, NW: 12, W2: 10}), 0
		}, 1.25 * (10 - 2*0.6*12 + 0.36*20) / 100 / (0.24 / 10), 0},
	} {
		lo, hi := tt.got()
		if !(near(lo, tt.wantLo) && near(hi, tt.wantHi)) {
			t.Errorf("%s: %g, %g; want %g, %g", tt.name, lo, hi, tt.wantLo, tt.wantHi)
		}
	}
}

// near reports whether a and b agree to 1e-12, infinities included.
func near(a, b float64) bool { return a == b || math.Abs(a-b) < 1e-12 }
