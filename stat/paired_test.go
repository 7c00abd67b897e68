package stat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPairedRateDifferenceCovers: over many simulated studies of paired
// trials with known success chances, the 95% interval holds the true
// difference about 95% of the time (Newcombe's method is slightly
// conservative), including rates near 0 where a t interval fails.
func TestPairedRateDifferenceCovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		both, only1, only2 float64 // chances of each kind of trial
		n                  int64
	}{
		{0.30, 0.10, 0.05, 200},
		{0.00, 0.01, 0.002, 500},
		{0.50, 0.20, 0.20, 60},
	} {
		const studies = 2000
		truth := tt.only1 - tt.only2
		covered := 0
		for range studies {
			var both, only1, only2 int64
			for range tt.n {
				switch u := rng.Float64(); {
				case u < tt.both:
					both++
				case u < tt.both+tt.only1:
					only1++
				case u < tt.both+tt.only1+tt.only2:
					only2++
				}
			}
			if lo, hi := PairedRateDifference(PairedCounts{both, only1, only2, tt.n}, 0.95); lo <= truth && truth <= hi {
				covered++
			}
		}
		if c := float64(covered) / studies; c < 0.93 || c > 0.995 {
			t.Errorf("%+v: covers the truth in %.3f of studies, want about 0.95", tt, c)
		}
	}
	// Swapping the two rates mirrors the interval.
	lo, hi := PairedRateDifference(PairedCounts{Both: 10, Only1: 7, Only2: 3, N: 50}, 0.95)
	mlo, mhi := PairedRateDifference(PairedCounts{Both: 10, Only1: 3, Only2: 7, N: 50}, 0.95)
	if math.Abs(lo+mhi) > 1e-12 || math.Abs(hi+mlo) > 1e-12 {
		t.Errorf("(%g, %g) is not the mirror of (%g, %g)", lo, hi, mlo, mhi)
	}
}
