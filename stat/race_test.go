package stat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDistanceGap: the range of |u| − |v| over hand-drawn polygons.
func TestDistanceGap(t *testing.T) {
	for _, tt := range []struct {
		ulo, uhi, vlo, vhi, dlo, dhi float64
		lo, hi                       float64
	}{
		// Both above the target, the paired interval tighter than the
		// rectangle: the gap is the paired difference.
		{0.02, 0.06, 0.01, 0.03, 0.005, 0.015, 0.005, 0.015},
		// Both below: the gap is minus it.
		{-0.06, -0.02, -0.03, -0.01, -0.015, -0.005, 0.005, 0.015},
		// No pairing to help (a wide paired interval): the rectangle's
		// corners, |u| from 0.02 to 0.06 less |v| from 0.01 to 0.03.
		{0.02, 0.06, 0.01, 0.03, -1, 1, -0.01, 0.05},
		// u straddles the target: |u| goes down to 0.
		{-0.01, 0.03, 0.04, 0.05, -1, 1, -0.05, -0.01},
		// On opposite sides: u − v = u + |v| with u above, v below.
		{0.01, 0.02, -0.03, -0.02, 0.03, 0.05, -0.02, 0},
	} {
		lo, hi := distanceGap(tt.ulo, tt.uhi, tt.vlo, tt.vhi, tt.dlo, tt.dhi)
		if math.Abs(lo-tt.lo) > 1e-12 || math.Abs(hi-tt.hi) > 1e-12 {
			t.Errorf("%+v: %g … %g", tt, lo, hi)
		}
	}
	if lo, hi := distanceGap(0, 1, 2, 3, 5, 6); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("intervals that do not meet: %g … %g, want the whole line", lo, hi)
	}
	if lo, hi := distanceGap(math.Inf(-1), 1, 2, 3, 5, 6); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("an infinite bound: %g … %g, want the whole line", lo, hi)
	}
}

// TestDistanceGapBrute: the range of |u| − |v| over random polygons agrees
// with a search of a fine grid of the rectangle.
func TestDistanceGapBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 100 {
		ulo, vlo := rng.Float64()*2-1, rng.Float64()*2-1
		uhi, vhi := ulo+rng.Float64(), vlo+rng.Float64()
		c := (ulo+uhi)/2 - (vlo+vhi)/2
		dlo, dhi := c-rng.Float64()*0.5, c+rng.Float64()*0.5
		lo, hi := distanceGap(ulo, uhi, vlo, vhi, dlo, dhi)
		blo, bhi := math.Inf(1), math.Inf(-1)
		const steps = 200
		for i := range steps + 1 {
			u := ulo + (uhi-ulo)*float64(i)/steps
			for j := range steps + 1 {
				v := vlo + (vhi-vlo)*float64(j)/steps
				if u-v < dlo || u-v > dhi {
					continue
				}
				f := math.Abs(u) - math.Abs(v)
				blo, bhi = math.Min(blo, f), math.Max(bhi, f)
			}
		}
		// The grid finds at most the true range, and comes within its
		// step of it.
		tol := 2 * math.Max(uhi-ulo, vhi-vlo) / steps * 2
		if lo > blo+1e-12 || hi < bhi-1e-12 || blo-lo > tol || hi-bhi > tol {
			t.Errorf("u %g…%g v %g…%g d %g…%g: %g … %g, grid %g … %g", ulo, uhi, vlo, vhi, dlo, dhi, lo, hi, blo, bhi)
		}
	}
}

// TestRaceHand: three arms on deals where the first scores 5 plus a deal
// effect, the second one less, and the third 0.01 more on average but
// ±0.29 from deal to deal. The second is dropped at the first look (100
// deals, critical value 3.16 at α/2), after which its figures are not read;
// at the second (200 deals, 2.80, or 2.83 as Student's t of 199 degrees of
// freedom) the first is within ±0.1 of the leading third: 0.01 ±
// 2.83·0.291/√200 = −0.048 … 0.068.
func TestRaceHand(t *testing.T) {
	r, err := NewRace(RaceOptions{Arms: 3, Looks: []int64{100, 200, 400}, Alpha: 0.05, Margin: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	var calls [][2]int64
	res, err := r.Run(func(from, to int64, racing []bool, add func([]float64)) error {
		calls = append(calls, [2]int64{from, to})
		for i := from; i < to; i++ {
			e := float64(i%7) / 10
			s := -0.28
			if i%2 == 1 {
				s = 0.3
			}
			f := []float64{5 + e, 4 + e, 5 + e + s}
			for j, on := range racing {
				if !on {
					f[j] = math.NaN()
				}
			}
			add(f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Equivalent || res.Leader != 2 || res.Deals != 200 || len(calls) != 2 {
		t.Fatalf("outcome %v, leader %d, %d deals, calls %v", res.Outcome, res.Leader, res.Deals, calls)
	}
	want := []ArmStatus{Tied, Dropped, Leading}
	for j, a := range res.Arms {
		if a.Status != want[j] {
			t.Errorf("arm %d: %v, want %v", j, a.Status, want[j])
		}
	}
	if a := res.Arms[1]; a.Deals != 100 || math.Abs(a.Gap-1.01) > 1e-9 || a.GapLow > 1.01 || a.GapHigh < 1.01 {
		t.Errorf("arm 1 dropped after %d deals, gap %g (%g … %g); want 100, 1.01", a.Deals, a.Gap, a.GapLow, a.GapHigh)
	}
	if a := res.Arms[0]; math.Abs(a.Gap-0.01) > 1e-9 || math.Abs(a.GapLow+0.048) > 0.001 || math.Abs(a.GapHigh-0.068) > 0.001 {
		t.Errorf("arm 0: gap %g (%g … %g); want 0.01 (−0.048 … 0.068)", a.Gap, a.GapLow, a.GapHigh)
	}
	if res.Plays != 3*100+2*100 {
		t.Errorf("%d plays, want %d", res.Plays, 3*100+2*100)
	}
	if res.Statements != 2 || math.Abs(r.Plan().Alpha()-0.025) > 1e-15 {
		t.Errorf("%d statements, plan at %g; want 2 at 0.025", res.Statements, r.Plan().Alpha())
	}
	for k, want := range []float64{3.16, 2.80} {
		if c := r.Plan().Critical(k); math.Abs(c-want) > 0.005 {
			t.Errorf("look %d: critical value %.3f, want %.2f", k+1, c, want)
		}
	}
}

// armSet draws every arm's figure on one deal: arms share a deal effect
// (the cards), as variants played on the same deals do.
type armSet struct {
	name   string
	means  []float64
	best   []int // the best arms (more than one if they tie)
	margin float64
	goal   Goal
	// target of Nearest
	target float64
	// bernoulli draws win indicators from one uniform per deal (arms on the
	// same deal win together as far as their rates allow); otherwise the
	// figures are normal, sd 1, correlation ½.
	bernoulli bool
}

func (s armSet) draw(rng *rand.Rand, f []float64) {
	if s.bernoulli {
		u := rng.Float64()
		for j, p := range s.means {
			v := u
			if rng.Float64() < 0.3 { // some deals go their own way
				v = rng.Float64()
			}
			f[j] = 0
			if v < p {
				f[j] = 1
			}
		}
		return
	}
	common := rng.NormFloat64()
	for j, m := range s.means {
		f[j] = m + math.Sqrt(0.5)*(common+rng.NormFloat64())
	}
}

// raceSets are the arms of the race simulations, with close contenders.
var raceSets = []armSet{
	{name: "normal, runner-up 0.02 behind", means: []float64{0, -0.02, -0.02, -0.05, -0.1, -0.3}, best: []int{0}, margin: 0.01, goal: Highest},
	{name: "normal, lowest wanted", means: []float64{0.1, 0.03, 0, 0.02, 0.5}, best: []int{2}, margin: 0.01, goal: Lowest},
	{name: "normal, two alike", means: []float64{0, 0, -0.03, -0.5}, best: []int{0, 1}, margin: 0.1, goal: Highest},
	{name: "win rates nearest 50%", means: []float64{0.53, 0.48, 0.455, 0.6, 0.515, 0.3}, best: []int{1}, margin: 0.01, goal: Nearest, target: 0.5, bernoulli: true},
	{name: "win rates, highest, 1 pp apart", means: []float64{0.40, 0.41, 0.39, 0.35}, best: []int{1}, margin: 0.01, goal: Highest, bernoulli: true},
}

// TestRaceKeepsBest: on arms with close contenders, the race keeps the
// best arm (or arms, when two are alike) to the end in at least 1 − α of
// races, up to Monte Carlo error, and plays fewer games than every arm to
// the budget. The quick suite runs 25 races a set, which can only catch a
// race that drops the best arm often; the long one 2,000.
func TestRaceKeepsBest(t *testing.T) {
	races := 25
	if !testing.Short() {
		races = 2000
	}
	const alpha = 0.1
	for _, set := range raceSets {
		kept, ties := 0, 0
		var plays int64
		for i := range races {
			rng := rand.New(rand.NewPCG(15, uint64(i)))
			r, err := NewRace(RaceOptions{Arms: len(set.means), Looks: DoublingLooks(200, 6400), Alpha: alpha,
				Margin: set.margin, Goal: set.goal, Target: set.target})
			if err != nil {
				t.Fatal(err)
			}
			f := make([]float64, len(set.means))
			res, err := r.Run(func(from, to int64, _ []bool, add func([]float64)) error {
				for range to - from {
					set.draw(rng, f)
					add(f)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			all := true
			for _, b := range set.best {
				if res.Arms[b].Status == Dropped {
					all = false
				}
			}
			if all {
				kept++
			}
			if res.Outcome == Equivalent {
				ties++
			}
			plays += res.Plays
		}
		rate := float64(kept) / float64(races)
		exhaustive := float64(len(set.means)) * 6400
		t.Logf("%-32s best kept %.4f, tie declared %.3f, games %.0f of %.0f exhaustive", set.name, rate, float64(ties)/float64(races), float64(plays)/float64(races), exhaustive)
		if slack := 3 * math.Sqrt(alpha*(1-alpha)/float64(races)); rate < 1-alpha-slack {
			t.Errorf("%s: best arm kept in %.4f of races, want at least %.2f − %.4f", set.name, rate, 1-alpha, slack)
		}
		if float64(plays)/float64(races) >= exhaustive {
			t.Errorf("%s: played %.0f games a race, no fewer than every arm to the budget", set.name, float64(plays)/float64(races))
		}
	}
}
