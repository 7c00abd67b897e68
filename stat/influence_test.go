package stat

import (
	"math"
	"testing"
)

// TestRatioDifference: the difference of a ratio with itself is exactly 0
// with no width; the ratios swapped, the difference and its interval
// change sign; no denominator, no figure; one cluster, no interval.
func TestRatioDifference(t *testing.T) {
	num, den := []float64{6, 2, 4, 1}, []float64{4, 2, 2, 3}
	other, oden := []float64{2, 3, 1, 0}, []float64{2, 2, 2, 1}
	d, _, _, ok := RatioDifference(num, den, num, den, 0.95)
	if !ok || d.Value != 0 || d.CILow != 0 || d.CIHigh != 0 {
		t.Errorf("a ratio less itself: %+v", d)
	}
	d, _, _, _ = RatioDifference(num, den, other, oden, 0.95)
	back, _, _, _ := RatioDifference(other, oden, num, den, 0.95)
	if back.Value != -d.Value || math.Abs(back.CILow+d.CIHigh) > 1e-12 || math.Abs(back.CIHigh+d.CILow) > 1e-12 {
		t.Errorf("swapped: %+v against %+v", back, d)
	}
	for _, tt := range []struct {
		name       string
		den1, den2 []float64
	}{
		{"no first denominator", []float64{0, 0, 0, 0}, oden},
		{"no second denominator", den, []float64{0, 0, 0, 0}},
	} {
		d, _, _, ok := RatioDifference(num, tt.den1, other, tt.den2, 0.95)
		if ok || !math.IsNaN(d.Value) {
			t.Errorf("%s: %+v, %v", tt.name, d, ok)
		}
	}
	d, _, _, ok = RatioDifference([]float64{3}, []float64{2}, []float64{1}, []float64{1}, 0.95)
	if !ok || d.Value != 0.5 || !math.IsInf(d.CILow, -1) || !math.IsInf(d.CIHigh, 1) {
		t.Errorf("one cluster: %+v, want 0.5 with no interval", d)
	}
}
