package reports

import "testing"

// TestChartInputErrors: series whose lengths do not match are errors, not
// charts drawn from part of the data.
func TestChartInputErrors(t *testing.T) {
	tests := []struct {
		name string
		err  error
	}{
		{"line lengths", func() error {
			_, err := LineChart("x", "t", "x", "y", []LineSeries{{Label: "a", X: []float64{1, 2}, Y: []float64{1}}})
			return err
		}()},
		{"band lengths", func() error {
			_, err := LineChart("x", "t", "x", "y", []LineSeries{{Label: "a", X: []float64{1}, Y: []float64{1}, Lo: []float64{}, Hi: []float64{2}}})
			return err
		}()},
		{"stack lengths", func() error {
			_, err := StackedBars("x", "t", "y", []string{"a", "b"}, []BarStack{{Label: "s", Values: []float64{1}}})
			return err
		}()},
	}
	for _, tt := range tests {
		if tt.err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
