package sim

import (
	"math"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/stat"
)

// TestMetricBounds: a count's interval stops at 0; a 0-or-1 metric's is
// Wilson's on the games, or on the deals when deals count several times
// and the share is 0 or 1 (where a t interval claims 0 to 0); z²/(n+z²) is
// Wilson's upper bound at no successes in n, worked by hand.
func TestMetricBounds(t *testing.T) {
	z2 := 1.959963984540054 * 1.959963984540054
	zeroOf := func(n float64) float64 { return z2 / (n + z2) }
	oneLo, oneHi := stat.Wilson(1, 800, 0.95)
	twoDeals := []Cluster{{Deals: 400, N2: 1600}} // 800 plays, 2 a deal
	for _, tt := range []struct {
		name     string
		role     games.MetricRole
		h        Histogram
		clusters []Cluster
		lo, hi   float64 // the t interval given
		wantLo   float64
		wantHi   float64
	}{
		{"count near 0", games.Count, Histogram{Counts: []int64{799, 1}}, nil, -0.0012, 0.0037, 0, 0.0037},
		{"count far from 0", games.Count, Histogram{Min: 3, Counts: []int64{400, 400}}, nil, 3.46, 3.54, 3.46, 3.54},
		{"indicator never", games.Indicator, Histogram{Counts: []int64{800}}, nil, 0, 0, 0, zeroOf(800)},
		{"capped never", games.Capped, Histogram{Counts: []int64{800}}, nil, 0, 0, 0, zeroOf(800)},
		{"indicator once", games.Indicator, Histogram{Counts: []int64{799, 1}}, nil, -0.0012, 0.0037, oneLo, oneHi},
		{"indicator always", games.Indicator, Histogram{Min: 1, Counts: []int64{800}}, nil, 1, 1, 1 - zeroOf(800), 1},
		{"indicator never, deals twice", games.Indicator, Histogram{Counts: []int64{800}}, twoDeals, 0, 0, 0, zeroOf(400)},
		{"indicator, deals twice", games.Indicator, Histogram{Counts: []int64{790, 10}}, twoDeals, -0.002, 0.027, 0, 0.027},
		{"misdeclared indicator", games.Indicator, Histogram{Counts: []int64{700, 50, 50}}, nil, -0.1, 0.4, 0, 0.4},
	} {
		var c *Cluster
		if tt.clusters != nil {
			c = &tt.clusters[0]
		}
		mn, mx, _ := tt.h.Range()
		lo, hi := metricBounds(tt.role, tt.lo, tt.hi, mn, mx, tt.h.Sum(), tt.h.N(), c, 0.95)
		if math.Abs(lo-tt.wantLo) > 1e-12 || math.Abs(hi-tt.wantHi) > 1e-12 {
			t.Errorf("%s: %g to %g, want %g to %g", tt.name, lo, hi, tt.wantLo, tt.wantHi)
		}
	}
}
