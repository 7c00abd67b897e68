package stat

import (
	"math"
	"testing"
)

// TestDesignEffect: independent games have a design effect near 1;
// deals whose two seatings always split (one win each) have none of the
// binomial's variance; deals whose seatings always agree have twice it.
func TestDesignEffect(t *testing.T) {
	sums := func(perDeal [][2]int64) (k, n, deals, n2, nk, k2 int64) {
		for _, d := range perDeal {
			nd, kd := d[0], d[1]
			k, n, deals = k+kd, n+nd, deals+1
			n2, nk, k2 = n2+nd*nd, nk+nd*kd, k2+kd*kd
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
	if d := DesignEffect(0, 10, 5, 20, 0, 0); d != 1 {
		t.Errorf("a rate of 0: design effect %g, want 1", d)
	}
}
