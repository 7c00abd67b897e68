package stat

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	// 5 of 10 at 95%: (0.2366, 0.7634), as tabulated by Newcombe (1998).
	lo, hi := Wilson(5, 10, 0.95)
	if math.Abs(lo-0.2366) > 5e-4 || math.Abs(hi-0.7634) > 5e-4 {
		t.Errorf("Wilson(5, 10) = %.4f, %.4f; want 0.2366, 0.7634", lo, hi)
	}
	// No successes: the lower bound is exactly 0 (a printed 4.3e-19 would
	// claim a rate above zero); all successes: the upper bound is exactly 1.
	for _, n := range []int64{1, 10, 2000, 1_000_000} {
		if lo, _ := Wilson(0, n, 0.95); lo != 0 {
			t.Errorf("Wilson(0, %d) starts at %g, want exactly 0", n, lo)
		}
		if _, hi := Wilson(n, n, 0.95); hi != 1 {
			t.Errorf("Wilson(%d, %d) ends at %g, want exactly 1", n, n, hi)
		}
	}
	// 0 of 10: the upper bound is 0.2775 (Newcombe).
	if _, hi := Wilson(0, 10, 0.95); math.Abs(hi-0.2775) > 5e-4 {
		t.Errorf("Wilson(0, 10) ends at %.4f; want 0.2775", hi)
	}
}

func TestMeanInterval(t *testing.T) {
	// n = 10, sd = 2, mean 5: t(0.975, 9) = 2.2622, half-width 2.2622·2/√10.
	lo, hi := MeanInterval(5, 2, 10, 0.95)
	half := 2.2622 * 2 / math.Sqrt(10)
	if math.Abs(lo-(5-half)) > 1e-3 || math.Abs(hi-(5+half)) > 1e-3 {
		t.Errorf("MeanInterval = %.4f, %.4f; want %.4f, %.4f", lo, hi, 5-half, 5+half)
	}
}

// TestUnpairedMeanDifference: means 10 (sd 2) and 9 (sd 3) over 50 games
// each: √(4/50 + 9/50) = 0.5099 and t(0.975, 99) = 1.98422; one game of
// each, and no spread, give the difference alone.
func TestUnpairedMeanDifference(t *testing.T) {
	for _, tt := range []struct {
		ma, sa float64
		na     int64
		mb, sb float64
		nb     int64
		half   float64
	}{
		{10, 2, 50, 9, 3, 50, 1.98422 * math.Sqrt(0.26)},
		{4, 0, 30, 1, 0, 30, 0},
	} {
		lo, hi := UnpairedMeanDifference(SampleMean{tt.ma, tt.sa, tt.na}, SampleMean{tt.mb, tt.sb, tt.nb}, 0.95)
		d := tt.ma - tt.mb
		if math.Abs(lo-(d-tt.half)) > 1e-4 || math.Abs(hi-(d+tt.half)) > 1e-4 {
			t.Errorf("%+v: %g … %g, want %g ± %g", tt, lo, hi, d, tt.half)
		}
	}
}
