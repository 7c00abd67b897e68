package sim

import (
	"context"
	"math"
	"testing"

	gonumstat "gonum.org/v1/gonum/stat"

	"github.com/cardsim/cardsim/stat"
)

// TestFeatureTrendMatchesSeatBySeat: the trend fitted from the feature's
// cells equals an ordinary least-squares fit (gonum's) over the seats one
// by one, and its standard error equals the sandwich formula clustered by
// deal (the two seats of a game are one cluster), worked over those seats.
func TestFeatureTrendMatchesSeatBySeat(t *testing.T) {
	const n = 3000
	cfg := Config{Game: dice{2}, Lineup: []Player{{Strategy: fixedDef("a", 0)}}, Seed: 12, Games: n}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	f := Summarize(&cfg, tally, 0.95).Features[0]
	var x, win, score []float64
	for i := range int64(n) {
		seed := GameSeed(12, i)
		d0, d1 := dieOf(seed, 0), dieOf(seed, 1)
		x = append(x, float64(d0), float64(d1))
		w0 := 0.0
		if d0 >= d1 { // seat 0 moves first and wins ties
			w0 = 1
		}
		win = append(win, w0, 1-w0)
		score = append(score, float64(d0), float64(d1))
	}
	for _, tt := range []struct {
		name  string
		y     []float64
		trend *stat.Trend
	}{{"win", win, f.WinTrend}, {"score", score, f.ScoreTrend}} {
		alpha, beta := gonumstat.LinearRegression(x, tt.y, nil, false)
		xbar := gonumstat.Mean(x, nil)
		var sxx, meat float64
		for i := 0; i < len(x); i += 2 { // seats i and i+1 played deal i/2
			var u float64
			for _, j := range []int{i, i + 1} {
				dx, r := x[j]-xbar, tt.y[j]-alpha-beta*x[j]
				sxx += dx * dx
				u += dx * r
			}
			meat += u * u
		}
		se := math.Sqrt(meat*n/(n-1)) / sxx
		if tt.trend == nil || math.Abs(tt.trend.Slope-beta) > 1e-9 || math.Abs(tt.trend.SE-se) > 1e-9 {
			t.Errorf("%s trend %+v, want slope %g, se %g", tt.name, tt.trend, beta, se)
		}
	}
	// A seat's die is its score, so the score rises one point per pip.
	if math.Abs(f.ScoreTrend.Slope-1) > 1e-9 {
		t.Errorf("score slope %g, want 1", f.ScoreTrend.Slope)
	}
}
