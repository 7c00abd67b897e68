package stat

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// fixed returns an Estimator that is always effect (lo … hi), and records
// the confidence it was asked for.
func fixed(effect, lo, hi float64, asked *float64) Estimator {
	return func(c float64) (float64, float64, float64) {
		if asked != nil {
			*asked = c
		}
		return effect, lo, hi
	}
}

// TestJudge: the outcome read from hand-set intervals, at a look before
// the budget and at the last.
func TestJudge(t *testing.T) {
	p, err := NewPlan([]int64{1000, 2000, 4000}, 0.05, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		look           int
		lo, hi, margin float64
		want           Outcome
		dir            int
		within         bool
		reason         string
	}{
		{0, 0.001, 0.03, 0.01, Decided, 1, false, "decided after 1,000 deals"},
		{1, -0.03, -0.02, 0.01, Decided, -1, false, "decided after 2,000 deals"},
		{1, 0.001, 0.009, 0.01, Decided, 1, true, "decided after 2,000 deals, but smaller than 1 pp"},
		{1, -0.009, 0.008, 0.01, Equivalent, 0, false, "no effect larger than 1 pp, after 2,000 deals"},
		{1, -0.01, 0.008, 0.01, Undecided, 0, false, "undecided after 2,000 deals"}, // on the margin is not inside
		{0, -0.02, 0.03, 0.01, Undecided, 0, false, "undecided after 1,000 deals"},
		{2, -0.02, 0.03, 0.01, OutOfBudget, 0, false, "out of budget at 4,000 deals"},
		{2, -0.001, 0.001, 0, OutOfBudget, 0, false, "out of budget at 4,000 deals"}, // no margin, no equivalence
		{2, 0, 0.03, 0.01, OutOfBudget, 0, false, "out of budget at 4,000 deals"},    // touching zero decides nothing
	} {
		var asked float64
		v := p.Judge(tt.look, tt.margin, fixed((tt.lo+tt.hi)/2, tt.lo, tt.hi, &asked))
		if v.Outcome != tt.want || v.Direction != tt.dir || v.WithinMargin != tt.within {
			t.Errorf("%+v: %v direction %d within %v", tt, v.Outcome, v.Direction, v.WithinMargin)
		}
		if got := v.Reason(PercentagePoints); got != tt.reason {
			t.Errorf("%+v: reason %q, want %q", tt, got, tt.reason)
		}
		if asked != p.Confidence(tt.look) || v.Nominal != asked {
			t.Errorf("look %d: asked for confidence %g, nominal %g, plan's %g", tt.look, asked, v.Nominal, p.Confidence(tt.look))
		}
		if v.Confidence != 0.95 || v.Deals != p.Deals(tt.look) || v.Looks != tt.look+1 || v.Budget != 4000 || v.Margin != tt.margin {
			t.Errorf("look %d: verdict carries %+v", tt.look, v)
		}
		if v.Final() != (tt.want != Undecided) {
			t.Errorf("%+v: Final() = %v", tt, v.Final())
		}
	}
	if v := p.Judge(0, 0.01, fixed(0, -1, 1, nil)).Stop(); v.Outcome != OutOfBudget || v.Reason(nil) != "out of budget at 1,000 deals" {
		t.Errorf("stopped before the budget: %v, %q", v.Outcome, v.Reason(nil))
	}
	if v := p.Judge(0, 0.01, fixed(0.02, 0.01, 0.03, nil)).Stop(); v.Outcome != Decided {
		t.Errorf("a decided verdict stopped became %v", v.Outcome)
	}
}

// TestRun: Run plays look by look, in whole looks, and stops at the first
// final verdict; an error from play keeps the last verdict, stopped.
func TestRun(t *testing.T) {
	p, err := NewPlan([]int64{100, 200, 400, 800}, 0.05, nil)
	if err != nil {
		t.Fatal(err)
	}
	var m Moments
	var calls [][2]int64
	// A difference of 1 on every other deal and 0 on the rest: mean ½, sd ½.
	v, err := p.Run(0.01, func(from, to int64) (Estimator, error) {
		calls = append(calls, [2]int64{from, to})
		for i := from; i < to; i++ {
			m.Add(float64(i % 2))
		}
		return MeanEffect(m, 0), nil
	})
	if err != nil || v.Outcome != Decided || v.Deals != 100 || len(calls) != 1 || calls[0] != [2]int64{0, 100} {
		t.Errorf("a clear effect: %v at %d deals after calls %v, err %v", v.Outcome, v.Deals, calls, err)
	}
	boom := errors.New("out of time")
	calls = nil
	v, err = p.Run(0.01, func(from, to int64) (Estimator, error) {
		calls = append(calls, [2]int64{from, to})
		if from == 200 {
			return nil, boom
		}
		return fixed(0, -1, 1, nil), nil
	})
	if !errors.Is(err, boom) || v.Outcome != OutOfBudget || v.Deals != 200 || len(calls) != 3 {
		t.Errorf("stopped by an error at the third look: %v at %d deals, calls %v, err %v", v.Outcome, v.Deals, calls, err)
	}
}

// TestEffects: the intervals MeanEffect, RateEffect and PairedRateEffect
// make are the fixed-sample ones, shifted by the reference.
func TestEffects(t *testing.T) {
	m := Moments{N: 10, Sum: 50, SumSq: 10*25 + 9*4} // mean 5, sd 2
	e, lo, hi := MeanEffect(m, 1)(0.95)
	wlo, whi := MeanInterval(5, 2, 10, 0.95)
	if e != 4 || math.Abs(lo-(wlo-1)) > 1e-12 || math.Abs(hi-(whi-1)) > 1e-12 {
		t.Errorf("MeanEffect: %g (%g … %g), want 4 (%g … %g)", e, lo, hi, wlo-1, whi-1)
	}
	e, lo, hi = RateEffect(5, 10, 0.5)(0.95)
	if e != 0 || math.Abs(lo-(0.2366-0.5)) > 5e-4 || math.Abs(hi-(0.7634-0.5)) > 5e-4 {
		t.Errorf("RateEffect(5 of 10 against ½): %g (%g … %g)", e, lo, hi)
	}
	e, lo, hi = PairedRateEffect(PairedCounts{Both: 10, Only1: 7, Only2: 3, N: 50})(0.95)
	if e != 0.08 || math.Abs(lo+0.0481) > 5e-5 || math.Abs(hi-0.2054) > 5e-5 {
		t.Errorf("PairedRateEffect: %g (%g … %g), want 0.08 (−0.0481 … 0.2054)", e, lo, hi)
	}
	if _, lo, hi := MeanEffect(Moments{N: 1, Sum: 3, SumSq: 9}, 0)(0.95); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("MeanEffect of one value: %g … %g, want the whole line", lo, hi)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 20000: "20,000", 1234567: "1,234,567", -4000: "-4,000"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// stream plays one synthetic study: it adds deals up to a number of deals
// and returns the Estimator of the effect over them.
type stream func(to int64) Estimator

// source makes the streams of a case, from a random source, with the true
// effect.
type source struct {
	name   string
	effect float64
	make   func(rng *rand.Rand) stream
}

// meanSource is a stream of per-deal differences drawn by draw, judged by
// their mean (MeanEffect).
func meanSource(name string, effect float64, draw func(*rand.Rand) float64) source {
	return source{name, effect, func(rng *rand.Rand) stream {
		var m Moments
		return func(to int64) Estimator {
			for m.N < to {
				m.Add(draw(rng))
			}
			return MeanEffect(m, 0)
		}
	}}
}

// pairedRateSource is a stream of two arms' wins on the same deals, both
// winning with chance both, the first alone only1, the second alone only2,
// judged by Newcombe's interval (PairedRateEffect).
func pairedRateSource(name string, both, only1, only2 float64) source {
	return source{name, only1 - only2, func(rng *rand.Rand) stream {
		var b, o1, o2, n int64
		return func(to int64) Estimator {
			for ; n < to; n++ {
				switch u := rng.Float64(); {
				case u < both:
					b++
				case u < both+only1:
					o1++
				case u < both+only1+only2:
					o2++
				}
			}
			return PairedRateEffect(PairedCounts{Both: b, Only1: o1, Only2: o2, N: n})
		}
	}}
}

// rateSource is a stream of one arm's wins with chance p, against a
// reference (RateEffect).
func rateSource(name string, p, reference float64) source {
	return source{name, p - reference, func(rng *rand.Rand) stream {
		var k, n int64
		return func(to int64) Estimator {
			for ; n < to; n++ {
				if rng.Float64() < p {
					k++
				}
			}
			return RateEffect(k, n, reference)
		}
	}}
}

// tally counts what a sequence of studies concluded.
type tally struct {
	studies, wrong, uncovered, decided, equivalent int
	deals                                          int64
}

// wrongVerdict reports whether v claims something false of the effect:
// decided in the wrong direction (or at all, for no effect), or equivalent
// when the effect is at or beyond the margin.
func wrongVerdict(v Verdict, effect float64) bool {
	switch v.Outcome {
	case Decided:
		return effect*float64(v.Direction) <= 0
	case Equivalent:
		return math.Abs(effect) >= v.Margin
	}
	return false
}

// simulate runs studies of src under plan p, peeking at every look and
// stopping at the first final verdict, and counts what they concluded.
func simulate(p *Plan, margin float64, src source, studies int, seed uint64) tally {
	var t tally
	for s := range studies {
		rng := rand.New(rand.NewPCG(seed, uint64(s)))
		play := src.make(rng)
		var v Verdict
		for k := range p.Looks() {
			v = p.Judge(k, margin, play(p.Deals(k)))
			if v.Final() {
				break
			}
		}
		t.studies++
		t.deals += v.Deals
		if wrongVerdict(v, src.effect) {
			t.wrong++
		}
		if !(v.Low <= src.effect && src.effect <= v.High) {
			t.uncovered++
		}
		switch v.Outcome {
		case Decided:
			t.decided++
		case Equivalent:
			t.equivalent++
		}
	}
	return t
}

// naivePlan is p with the fixed-sample critical value at every look: the
// repeated 95% intervals that issue 32 calls invalid.
func naivePlan(p *Plan) *Plan {
	q := *p
	q.crit = make([]float64, len(p.crit))
	for k := range q.crit {
		q.crit[k] = normalQuantileUpper(p.alpha / 2)
	}
	return &q
}

// The sources of the coverage tests: normal, skewed and bounded discrete
// differences with no effect and with one at the margin, paired and single
// rates.
func coverageSources(margin float64) []source {
	return []source{
		meanSource("normal, no effect", 0, func(r *rand.Rand) float64 { return r.NormFloat64() }),
		meanSource("normal, effect at the margin", margin, func(r *rand.Rand) float64 { return margin + r.NormFloat64() }),
		meanSource("exponential (skewness 2), no effect", 0, func(r *rand.Rand) float64 { return r.ExpFloat64() - 1 }),
		meanSource("exponential, effect below the margin", -margin, func(r *rand.Rand) float64 { return 1 - margin - r.ExpFloat64() }),
		meanSource("−1, 0, +1 (12% each way), no effect", 0, func(r *rand.Rand) float64 {
			switch u := r.Float64(); {
			case u < 0.12:
				return 1
			case u < 0.24:
				return -1
			}
			return 0
		}),
		pairedRateSource("paired wins 30%/12%/12%, no effect", 0.30, 0.12, 0.12),
		pairedRateSource("paired wins, 1 pp apart at 5% discordant", 0.40, 0.03, 0.02),
		rateSource("rate 50% against a 50% target", 0.5, 0.5),
		rateSource("rate 5% against a fair 5%", 0.05, 0.05),
	}
}

// TestSequentialErrorQuick: peeking at every look of seven doubling looks
// and stopping at the first decision, the chance of a wrong verdict (or of
// a final interval that misses the effect) stays within alpha, up to
// Monte Carlo error, for every source; the same peeking at fixed-sample
// 95% intervals goes wrong far more often, so the test can tell.
func TestSequentialErrorQuick(t *testing.T) {
	checkSequentialError(t, 400, 8000, 1)
}

// TestSequentialErrorLong is TestSequentialErrorQuick with 10,000 studies
// a source and a budget of 16,000 deals.
func TestSequentialErrorLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	checkSequentialError(t, 10000, 16000, 2)
}

func checkSequentialError(t *testing.T, studies int, budget int64, seed uint64) {
	const alpha, margin = 0.05, 0.02
	p, err := NewPlan(DoublingLooks(250, budget), alpha, nil)
	if err != nil {
		t.Fatal(err)
	}
	slack := 3 * math.Sqrt(alpha*(1-alpha)/float64(studies))
	for i, src := range coverageSources(margin) {
		got := simulate(p, margin, src, studies, seed*100+uint64(i))
		wrong := float64(got.wrong) / float64(studies)
		miss := float64(got.uncovered) / float64(studies)
		t.Logf("%-45s wrong %.4f, interval missed %.4f, decided %.3f, equivalent %.3f, mean deals %.0f",
			src.name, wrong, miss, float64(got.decided)/float64(studies), float64(got.equivalent)/float64(studies), float64(got.deals)/float64(studies))
		if wrong > alpha+slack || miss > alpha+slack {
			t.Errorf("%s: wrong verdicts %.4f, missed intervals %.4f, more than %.2f + %.4f", src.name, wrong, miss, alpha, slack)
		}
	}
	// The harness detects invalid peeking: fixed 95% intervals at every
	// look miss a zero effect well beyond alpha.
	naive := simulate(naivePlan(p), margin, coverageSources(margin)[0], studies, seed*100)
	if rate := float64(naive.wrong) / float64(studies); rate < alpha+2*slack {
		t.Errorf("naive peeking went wrong %.4f of the time; the test cannot tell it from a valid plan", rate)
	} else {
		t.Logf("naive peeking at fixed 95%% intervals: wrong %.4f", rate)
	}
}

// TestPowerAndEquivalence: with a budget whose last interval is about half
// the margin wide on each side, an effect of 3δ is decided, in its
// direction, in nearly every study, and well before the budget; no effect
// is declared equivalent in nearly every study.
func TestPowerAndEquivalence(t *testing.T) {
	const alpha, margin = 0.05, 0.05
	// sd 1: the last half-width 2.02/√n ≈ δ/2 at n = 6,400.
	p, err := NewPlan(DoublingLooks(100, 6400), alpha, nil)
	if err != nil {
		t.Fatal(err)
	}
	const studies = 400
	big := simulate(p, margin, meanSource("effect 3δ", -3*margin, func(r *rand.Rand) float64 { return -3*margin + r.NormFloat64() }), studies, 7)
	if big.decided < studies*99/100 || big.wrong > 0 {
		t.Errorf("an effect of 3δ: decided in %d of %d studies, %d wrongly", big.decided, studies, big.wrong)
	}
	if mean := float64(big.deals) / studies; mean > float64(p.Budget())/2 {
		t.Errorf("an effect of 3δ took %.0f deals on average, more than half the budget", mean)
	}
	none := simulate(p, margin, meanSource("no effect", 0, func(r *rand.Rand) float64 { return r.NormFloat64() }), studies, 8)
	if none.equivalent < studies*90/100 {
		t.Errorf("no effect: equivalent in %d of %d studies, want at least 90%%", none.equivalent, studies)
	}
	t.Logf("effect 3δ: decided %d/%d, mean deals %.0f; no effect: equivalent %d/%d, mean deals %.0f",
		big.decided, studies, float64(big.deals)/studies, none.equivalent, studies, float64(none.deals)/studies)
}

// TestFamilyError: ten verdicts, five with no effect and five with an
// effect exactly at the margin (the hardest case for equivalence), each
// at its Bonferroni share of alpha: the chance that any of the ten is
// wrong stays within alpha; the same family at alpha each goes wrong far
// more often.
func TestFamilyError(t *testing.T) {
	const alpha, margin, members = 0.05, 0.05, 10
	looks := DoublingLooks(100, 6400)
	share, err := NewPlan(looks, Bonferroni(alpha, members), nil)
	if err != nil {
		t.Fatal(err)
	}
	each, err := NewPlan(looks, alpha, nil)
	if err != nil {
		t.Fatal(err)
	}
	sources := []source{
		meanSource("none", 0, func(r *rand.Rand) float64 { return r.NormFloat64() }),
		meanSource("at the margin", margin, func(r *rand.Rand) float64 { return margin + r.NormFloat64() }),
	}
	families := 200
	if !testing.Short() {
		families = 2000
	}
	familyWrong := func(p *Plan) float64 {
		wrong := 0
		for f := range families {
			for m := range members {
				if simulate(p, margin, sources[m%2], 1, uint64(f*members+m)).wrong > 0 {
					wrong++
					break
				}
			}
		}
		return float64(wrong) / float64(families)
	}
	slack := 3 * math.Sqrt(alpha*(1-alpha)/float64(families))
	if got := familyWrong(share); got > alpha+slack {
		t.Errorf("family of %d at α/%d each: wrong %.4f, more than %.2f + %.4f", members, members, got, alpha, slack)
	} else {
		t.Logf("family of %d at α/%d each: wrong %.4f", members, members, got)
	}
	if got := familyWrong(each); got < alpha+2*slack {
		t.Errorf("family of %d at α each: wrong only %.4f; the test cannot tell", members, got)
	}
}
