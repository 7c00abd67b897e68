package nora

import (
	"math"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
)

// TestSpreadReplaysTheValue: the forward pass of Spread plays the
// policy's decisions over the same shuffles, so the score it finds is the
// solution's value (the backward induction's, found by other arithmetic),
// with free INSURE or REVIVE (a state that leads back to itself) too, and
// re-valued solutions; on enumerated decks the error is nil.
func TestSpreadReplaysTheValue(t *testing.T) {
	for _, tt := range []struct {
		rules   []string
		samples int
		pl      Planner
	}{
		{[]string{"ranks=2", "rounds=2"}, 40000, PlanWholePass},
		{[]string{"ranks=5", "rounds=3"}, 60, PlanOneSwitch},
		{[]string{"ranks=5", "rounds=3", "insure=0"}, 60, PlanOneSwitch},
		{[]string{"ranks=5", "rounds=3", "revive=0", "switch=1"}, 60, PlanOneSwitch},
		{[]string{"ranks=3", "rounds=2", "start-ip=3"}, 40, PlanWholePass},
	} {
		r, err := nora.ParseRules(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Dists("", r, tt.samples, tt.pl) // the whole-pass deck's shared with TestSolverValueIsTheBotsScore

		if err != nil {
			t.Fatal(err)
		}
		v := VariantOptimal
		if tt.pl == PlanOneSwitch {
			v = VariantV2
		}
		sol, err := SolveContext(t.Context(), r, d, DefaultIPCap, v)
		if err != nil {
			t.Fatal(err)
		}
		other := d // enumerated shuffles are the same from any seed
		if tt.samples < 40000 {
			if other, err = EstimatePassDists(r, tt.samples, CheckSeed, 0, tt.pl); err != nil {
				t.Fatal(err)
			}
		}
		chk, err := sol.Evaluate(other)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []*Solution{sol, chk} {
			sp, err := x.Spread(r.StartIP)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := sp.Score, x.Value(r.StartIP); math.Abs(got-want) > 1e-4 {
				t.Errorf("%v: the forward pass scores %.6f, the solution's value is %.6f", tt.rules, got, want)
			}
			enumerated := tt.samples == 40000
			if enumerated != (sp.Var == 0) || sp.Var < 0 {
				t.Errorf("%v: variance %g with every deck enumerated %v", tt.rules, sp.Var, enumerated)
			}
			if sp.Visits[len(sp.Visits)-1] < float64(r.Rounds) {
				t.Errorf("%v: the full deck is shuffled %.3f times a game, fewer than the %d rounds", tt.rules, sp.Visits[len(sp.Visits)-1], r.Rounds)
			}
		}
	}
}

// TestSpreadPredictsTheScatter: the sampling error Spread computes is the
// scatter of the policy's value re-valued on independent shuffles. A
// policy of optimal-v2 (whose one-switch passes are quick to list) is
// re-valued on 40 independent draws of a deck's shuffles; the standard
// deviation of those values must match the mean of their Spread's standard
// errors within the chance scatter of a standard deviation from 40 values
// (about 11%: a band of 0.7 to 1.4).
func TestSpreadPredictsTheScatter(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	t.Parallel()
	r, err := nora.ParseRules([]string{"ranks=5", "rounds=3"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := EstimatePassDists(r, 60, DistSeed, 0, PlanOneSwitch)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := SolveContext(t.Context(), r, d, DefaultIPCap, VariantV2)
	if err != nil {
		t.Fatal(err)
	}
	const draws = 40
	var sum, sum2, se float64
	for i := range draws {
		other, err := EstimatePassDists(r, 60, CheckSeed+uint64(i), 0, PlanOneSwitch)
		if err != nil {
			t.Fatal(err)
		}
		chk, err := sol.Evaluate(other)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := chk.Spread(0)
		if err != nil {
			t.Fatal(err)
		}
		v := chk.Value(0)
		sum, sum2, se = sum+v, sum2+v*v, se+sp.SE()
	}
	mean := sum / draws
	sd := math.Sqrt((sum2 - draws*mean*mean) / (draws - 1))
	se /= draws
	t.Logf("re-valued %d times: mean %.3f, standard deviation %.3f; Spread's standard error %.3f", draws, mean, sd, se)
	if ratio := sd / se; ratio < 0.7 || ratio > 1.4 {
		t.Errorf("the re-valued values scatter by %.3f, Spread says %.3f (ratio %.2f)", sd, se, ratio)
	}
}
