package fit

import (
	"fmt"
	"math"
	"testing"

	"github.com/cardsim/cardsim/sim"
)

// TestLogisticRecovers: a joint table filled with the exact expected wins of
// a known model (large counts, so rounding is negligible) gives back its
// coefficients; an irrelevant feature gets a coefficient near zero.
func TestLogisticRecovers(t *testing.T) {
	b0, b1, b2 := -1.0, 0.4, -0.25
	tally := &sim.Tally{Joint: map[string]*sim.JointCell{}}
	for x1 := 0; x1 <= 4; x1++ {
		for x2 := 0; x2 <= 4; x2++ {
			for x3 := 0; x3 <= 2; x3++ {
				const n = 1_000_000
				p := 1 / (1 + math.Exp(-(b0 + b1*float64(x1) + b2*float64(x2))))
				tally.Joint[fmt.Sprintf("%d,%d,%d", x1, x2, x3)] = &sim.JointCell{Games: n, Wins: int64(math.Round(n * p))}
			}
		}
	}
	l, err := Logistic(tally, []string{"a", "b", "c"}, []string{"a", "b", "c"}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range []float64{b0, b1, b2, 0} {
		if math.Abs(l.Coef[j]-want) > 1e-4 {
			t.Errorf("coefficient %d = %.6f, want %.6f", j, l.Coef[j], want)
		}
		if !(l.CILow[j] < l.Coef[j] && l.Coef[j] < l.CIHigh[j]) {
			t.Errorf("coefficient %d outside its own interval", j)
		}
	}
	// Fitting a subset groups the cells: b alone absorbs nothing of a.
	l, err = Logistic(tally, []string{"a", "b", "c"}, []string{"b"}, 0.95)
	if err != nil || len(l.Coef) != 2 || l.Coef[1] >= 0 {
		t.Errorf("b alone: %+v, %v; want a negative slope", l, err)
	}
	if _, err := Logistic(tally, []string{"a", "b", "c"}, []string{"z"}, 0.95); err == nil {
		t.Error("an unknown feature was accepted")
	}
}

// TestBradleyTerry: results drawn exactly from known strengths give them
// back; Elo differences follow 400·log10 of the strength ratio.
func TestBradleyTerry(t *testing.T) {
	want := []float64{2, 1, 0.5}
	wins := make([][]float64, 3)
	for i := range wins {
		wins[i] = make([]float64, 3)
		for j := range wins[i] {
			if i != j {
				wins[i][j] = 1000 * want[i] / (want[i] + want[j])
			}
		}
	}
	s, elo, err := BradleyTerry(wins)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(s[i]-want[i]) > 1e-6 {
			t.Errorf("strength %d = %g, want %g", i, s[i], want[i])
		}
	}
	if d := elo[0] - elo[1]; math.Abs(d-400*math.Log10(2)) > 1e-6 {
		t.Errorf("Elo gap %g, want %g", d, 400*math.Log10(2))
	}
}
