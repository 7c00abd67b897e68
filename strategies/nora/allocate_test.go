package nora

import (
	"context"
	"reflect"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
)

// TestBuildIndependentOfWorkers: a build's shuffles, their counts and the
// stages that chose them, do not depend on the number of workers.
func TestBuildIndependentOfWorkers(t *testing.T) {
	for _, pl := range []Planner{PlanOneSwitch, PlanWholePass} {
		r := smallRules(t, "ranks=4")
		samples := 200
		if pl == PlanWholePass {
			r = smallRules(t, "ranks=3")
			samples = 40
		}
		one, err := EstimatePassDists(r, samples, DistSeed, 1, pl)
		if err != nil {
			t.Fatal(err)
		}
		three, err := EstimatePassDists(r, samples, DistSeed, 3, pl)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(one.Dists, three.Dists) {
			t.Errorf("%v: the shuffles drawn on 1 and 3 workers differ", pl)
		}
	}
}

// TestAllocationSpreadsTheBudget: every sampled composition gets whole
// chunks, at least the pilot's and at most maxChunks; the most visited
// compositions get more than the pilot, and the whole costs about the
// budget (what samples shuffles of each would cost, counted in the search
// positions a shuffle makes); with Uniform each gets samples shuffles.
func TestAllocationSpreadsTheBudget(t *testing.T) {
	r := smallRules(t, "ranks=5")
	const samples = 300
	d, err := EstimatePassDists(r, samples, DistSeed, 0, PlanOneSwitch)
	if err != nil {
		t.Fatal(err)
	}
	if d.Chunk != pilotSamples(samples) {
		t.Fatalf("chunks of %d, want the pilot's %d", d.Chunk, pilotSamples(samples))
	}
	sampled, more, total := 0, 0, 0
	for _, pd := range d.Dists[1:] {
		if arrangements(pd.Comp) <= samples {
			if pd.Samples != 0 {
				t.Errorf("%v: %d arrangements sampled, not enumerated", pd.Comp, int(arrangements(pd.Comp)))
			}
			continue
		}
		sampled++
		total += pd.Samples
		if pd.Samples%d.Chunk != 0 || pd.Samples < d.Chunk || pd.Samples > maxChunks*d.Chunk {
			t.Errorf("%v: %d live shuffles in chunks of %d", pd.Comp, pd.Samples, d.Chunk)
		}
		if pd.Samples > d.Chunk {
			more++
		}
	}
	if full := d.Dists[len(d.Dists)-1]; full.Samples <= 2*samples {
		t.Errorf("the full deck, shuffled every round, has %d live shuffles: no more than twice the %d of an even spread", full.Samples, samples)
	}
	if more == 0 || more == sampled {
		t.Errorf("%d of %d sampled compositions have more than the pilot", more, sampled)
	}
	t.Logf("%d sampled compositions, %d with more than the pilot, %d live shuffles (an even spread: %d)", sampled, more, total, sampled*samples)

	u, err := EstimatePassDistsContext(context.Background(), r, Sampling{Samples: samples, Uniform: true}, DistSeed, 0, PlanOneSwitch)
	if err != nil {
		t.Fatal(err)
	}
	for _, pd := range u.Dists[1:] {
		if want := samples * b2i(arrangements(pd.Comp) > samples); pd.Samples != want {
			t.Errorf("uniform: %v has %d live shuffles, want %d", pd.Comp, pd.Samples, want)
		}
	}
	if u.Key == d.Key {
		t.Error("uniform and spread samplings share their key")
	}
}

// TestAllocationMakesTheValueSurer: spread where it lowers the error
// most, a budget leaves the policy's value surer (a smaller standard
// error, Spread) than the same budget spread evenly; and re-valued on
// shuffles drawn as many again (EstimateLikeContext), the error is of the
// same size.
func TestAllocationMakesTheValueSurer(t *testing.T) {
	r := smallRules(t, "ranks=6")
	const samples = 400
	se := map[bool]float64{}
	for _, uniform := range []bool{false, true} {
		d, err := EstimatePassDistsContext(context.Background(), r, Sampling{Samples: samples, Uniform: uniform}, DistSeed, 0, PlanOneSwitch)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := SolveContext(context.Background(), r, d, DefaultIPCap, VariantV2)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := sol.Spread(0)
		if err != nil {
			t.Fatal(err)
		}
		se[uniform] = sp.SE()
		if uniform {
			continue
		}
		chk, err := EstimateLikeContext(context.Background(), r, d, CheckSeed, 0, "check")
		if err != nil {
			t.Fatal(err)
		}
		differ := false
		for c := range d.Dists {
			if chk.Dists[c].Samples != d.Dists[c].Samples {
				t.Fatalf("%v: re-drawn %d live shuffles, want %d", d.Dists[c].Comp, chk.Dists[c].Samples, d.Dists[c].Samples)
			}
			differ = differ || d.Dists[c].Samples > 0 && !reflect.DeepEqual(chk.Dists[c].live, d.Dists[c].live)
		}
		if !differ {
			t.Error("the shuffles re-drawn from another seed are the same")
		}
		ev, err := sol.Evaluate(chk)
		if err != nil {
			t.Fatal(err)
		}
		esp, err := ev.Spread(0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("spread: value %.3f ± %.3f; re-valued %.3f ± %.3f", sol.Value(0), sp.SE(), ev.Value(0), esp.SE())
		if ratio := esp.SE() / sp.SE(); ratio < 0.7 || ratio > 1.4 {
			t.Errorf("re-valued, the standard error is %.3f, on the build's shuffles %.3f", esp.SE(), sp.SE())
		}
	}
	t.Logf("standard error: %.3f spread, %.3f even", se[false], se[true])
	if se[false] >= se[true] {
		t.Errorf("the budget spread leaves a standard error of %.3f, spread evenly %.3f", se[false], se[true])
	}
}

// TestReferenceRulesKeepThePasses: the reference policy of a build
// differs from the rules only where the passes do not depend on them, so
// every rules sharing the passes (PassKey) shares the reference.
func TestReferenceRulesKeepThePasses(t *testing.T) {
	for _, rules := range [][]string{{"insure=3"}, {"revive=0", "rounds=4"}, {"start-ip=9", "ip-dead=2", "ip-dead-full=0"}} {
		r, err := nora.ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := referenceRules(r), referenceRules(nora.DefaultRules()); got != want {
			t.Errorf("%v: reference %+v, want the defaults' %+v", rules, got, want)
		}
		if PassKey(r, Budget(100), 1, PlanWholePass) != PassKey(nora.DefaultRules(), Budget(100), 1, PlanWholePass) {
			t.Errorf("%v: the passes are not the defaults'", rules)
		}
	}
	r, _ := nora.ParseRules([]string{"switch=5"})
	if referenceRules(r).Switch != 5 {
		t.Error("the reference policy does not keep the SWITCH price, which shapes the passes")
	}
}
