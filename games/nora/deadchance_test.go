package nora

import (
	"math"
	"slices"
	"testing"
)

// permutations calls f with every distinct arrangement of the multiset of
// ranks given by counts (counts[r] cards of rank r).
func permutations(counts []int, f func([]int)) {
	n := 0
	for _, c := range counts {
		n += c
	}
	seq := make([]int, n)
	var rec func(int)
	rec = func(i int) {
		if i == n {
			f(seq)
			return
		}
		for r, c := range counts {
			if c > 0 {
				counts[r]--
				seq[i] = r
				rec(i + 1)
				counts[r]++
			}
		}
	}
	rec(0)
}

// TestDeadChanceEnumeration checks the counting formula against every
// arrangement of small decks.
func TestDeadChanceEnumeration(t *testing.T) {
	tests := []struct{ n4, n2 int }{{1, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 0}, {2, 1}, {1, 3}, {3, 0}, {2, 2}}
	for _, tt := range tests {
		var counts []int
		for range tt.n4 {
			counts = append(counts, 4)
		}
		for range tt.n2 {
			counts = append(counts, 2)
		}
		all, dead := 0, 0
		permutations(counts, func(s []int) {
			all++
			for i := 1; i < len(s); i++ {
				if s[i] == s[i-1] {
					return
				}
			}
			dead++
		})
		want := float64(dead) / float64(all)
		if got := DeadChance(tt.n4, tt.n2, false); math.Abs(got-want) > 1e-12 {
			t.Errorf("DeadChance(%d, %d) = %g, enumeration gives %d/%d = %g", tt.n4, tt.n2, got, dead, all, want)
		}
	}
	// By hand: AABB has two dead arrangements (ABAB, BABA) of six.
	if got := DeadChance(0, 2, false); math.Abs(got-1.0/3) > 1e-12 {
		t.Errorf("DeadChance(0, 2) = %g, want 1/3", got)
	}
	// Jokers are a rank of two.
	if DeadChance(1, 0, true) != DeadChance(1, 1, false) {
		t.Error("the joker pair is not counted as a rank of two")
	}
}

// TestDeadChanceTopEnumeration checks the chance of a dead shuffle given
// the class of its top card against every arrangement of small decks, and
// that the classes average back to DeadChance.
func TestDeadChanceTopEnumeration(t *testing.T) {
	tests := []struct{ n4, n2 int }{{1, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 0}, {2, 1}, {1, 3}, {3, 0}, {2, 2}, {0, 4}}
	for _, tt := range tests {
		var counts []int
		for range tt.n4 {
			counts = append(counts, 4)
		}
		for range tt.n2 {
			counts = append(counts, 2)
		}
		size := slices.Clone(counts) // permutations uses up counts as it goes
		var all, dead [5]int         // by the size of the top card's rank
		permutations(counts, func(s []int) {
			top := size[s[0]]
			all[top]++
			for i := 1; i < len(s); i++ {
				if s[i] == s[i-1] {
					return
				}
			}
			dead[top]++
		})
		n := 4*tt.n4 + 2*tt.n2
		mix := 0.0
		for _, top := range []int{2, 4} {
			if all[top] == 0 {
				continue
			}
			want := float64(dead[top]) / float64(all[top])
			got := DeadChanceTop(tt.n4, tt.n2, false, top == 4)
			if math.Abs(got-want) > 1e-12 {
				t.Errorf("DeadChanceTop(%d, %d, top of %d) = %g, enumeration %d/%d = %g", tt.n4, tt.n2, top, got, dead[top], all[top], want)
			}
			share := float64(top*tt.n4) / float64(n)
			if top == 2 {
				share = float64(2*tt.n2) / float64(n)
			}
			mix += share * got
		}
		if want := DeadChance(tt.n4, tt.n2, false); math.Abs(mix-want) > 1e-12 {
			t.Errorf("%d, %d: the classes average to %g, DeadChance %g", tt.n4, tt.n2, mix, want)
		}
	}
}
