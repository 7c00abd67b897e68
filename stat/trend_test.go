package stat

import "testing"

// TestTrendRefusals: a line needs three observations, two values of x and,
// clustered, two clusters.
func TestTrendRefusals(t *testing.T) {
	moment := func(i, j int) float64 { return 1 }
	for _, tt := range []struct {
		name     string
		x        []float64
		n        []int64
		mean     []float64
		clusters int64
		want     bool
	}{
		{"two observations", []float64{0, 1}, []int64{1, 1}, []float64{0, 1}, 2, false},
		{"one value of x", []float64{3}, []int64{10}, []float64{0.5}, 5, false},
		{"one cluster", []float64{0, 1}, []int64{5, 5}, []float64{0.2, 0.4}, 1, false},
		{"enough", []float64{0, 1}, []int64{5, 5}, []float64{0.2, 0.4}, 2, true},
	} {
		_, ok := ClusteredGroupedTrend(tt.x, tt.n, tt.mean, tt.clusters, moment, 0.95)
		if ok != tt.want {
			t.Errorf("%s: clustered trend fitted %v, want %v", tt.name, ok, tt.want)
		}
		pop := make([]float64, len(tt.x))
		if _, ok := GroupedTrend(tt.x, tt.n, tt.mean, pop, 0.95); ok != (tt.want || tt.clusters < 2) {
			t.Errorf("%s: trend fitted %v", tt.name, ok)
		}
	}
}
