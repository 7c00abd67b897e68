package nora

import (
	"context"
	"math"

	"github.com/cardsim/cardsim/games/nora"
)

// maxChunks bounds the chunks of live shuffles one composition may get:
// 40 times samples, on the default rules far more than any composition
// wants.
const maxChunks = 200

// allocate returns how many chunks of live shuffles each composition of
// the pilot pd is to have in all (0 for those enumerated), the rule
// EstimatePassDistsContext states: the pilot's reference policy is solved
// and its sampling error found (Solution.Spread); composition c adds S_c²/n
// to the variance of the value with n live shuffles (S_c² is n times its
// share of the pilot's variance), and a shuffle costs κ_c (the search
// positions a pilot's shuffle made, plus one); so the shuffles that make
// the variance least for a budget Σ κ_c n_c, n_c never below the pilot,
// are n_c = max(pilot, λ S_c/√κ_c) (Neyman's allocation), λ set by the
// budget: what samples shuffles of every sampled composition cost.
func allocate(ctx context.Context, pd *PassDists, r nora.Rules, samples float64, work []float64) ([]int, error) {
	chunks := make([]int, len(pd.Dists))
	sampled := false
	for c := 1; c < len(chunks); c++ {
		if n := pd.Dists[c].Samples; n > 0 {
			chunks[c] = n / pd.Chunk
			sampled = true
		}
	}
	if !sampled || samples <= float64(pd.Chunk) {
		return chunks, nil // nothing beyond the pilot
	}
	ref := referenceRules(r)
	v := VariantOptimal
	if pd.Planner == PlanOneSwitch {
		v = VariantV2
	}
	sol, err := solve(ctx, ref, pd, DefaultIPCap, v, nil)
	if err != nil {
		return nil, err
	}
	sp := sol.spread(ref.StartIP, allocateFlow)
	n0 := float64(pd.Chunk)
	a := make([]float64, len(chunks)) // S_c/√κ_c
	kappa := make([]float64, len(chunks))
	have := make([]float64, len(chunks)) // live shuffles drawn
	budget := 0.0
	for c := 1; c < len(chunks); c++ {
		if chunks[c] == 0 {
			continue
		}
		have[c] = float64(pd.Dists[c].Samples)
		kappa[c] = work[c] + 1
		a[c] = math.Sqrt(have[c]*sp.ByComp[c]) / math.Sqrt(kappa[c])
		budget += samples * kappa[c]
	}
	cost := func(lambda float64) float64 {
		t := 0.0
		for c := range a {
			if kappa[c] > 0 {
				t += kappa[c] * math.Max(have[c], lambda*a[c])
			}
		}
		return t
	}
	// λ by bisection: the cost grows with it, from the pilot's.
	lo, hi := 0.0, 1.0
	for cost(hi) < budget && hi < 1e300 {
		hi *= 2
	}
	if cost(0) >= budget || hi >= 1e300 {
		return chunks, nil // the pilot spends the budget, or no composition adds any error
	}
	for range 100 {
		mid := (lo + hi) / 2
		if cost(mid) < budget {
			lo = mid
		} else {
			hi = mid
		}
	}
	for c := range chunks {
		if kappa[c] > 0 {
			chunks[c] = max(chunks[c], min(maxChunks, int(math.Round(lo*a[c]/n0))))
		}
	}
	return chunks, nil
}

// referenceRules returns r with the rules a pass does not depend on (the
// INSURE and REVIVE prices, the dead-deck consolations, rounds and
// start-ip) at their defaults. Its policy's error decides where a build's
// shuffles go (allocate), so that rules sharing the passes (PassKey) share
// them whole.
func referenceRules(r nora.Rules) nora.Rules {
	d := nora.DefaultRules()
	r.Insure, r.Revive, r.DeadFull, r.DeadShort, r.Rounds, r.StartIP = d.Insure, d.Revive, d.DeadFull, d.DeadShort, d.Rounds, d.StartIP
	return r
}
