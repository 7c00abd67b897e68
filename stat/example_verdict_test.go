package stat_test

import (
	"fmt"
	"log"

	"github.com/cardsim/cardsim/stat"
)

// Five equally spaced looks at 95% with O'Brien–Fleming spending: the
// boundaries ldbounds and gsDesign tabulate, strict early and near the
// fixed-sample 1.96 at the end.
func ExampleNewPlan() {
	p, err := stat.NewPlan([]int64{1000, 2000, 3000, 4000, 5000}, 0.05, stat.OBrienFlemingSpending)
	if err != nil {
		log.Fatal(err)
	}
	for k := range p.Looks() {
		fmt.Printf("%d deals: ±%.3f standard errors (nominal %.5f)\n", p.Deals(k), p.Critical(k), p.Confidence(k))
	}
	// Output:
	// 1000 deals: ±4.877 standard errors (nominal 1.00000)
	// 2000 deals: ±3.357 standard errors (nominal 0.99921)
	// 3000 deals: ±2.680 standard errors (nominal 0.99264)
	// 4000 deals: ±2.290 standard errors (nominal 0.97797)
	// 5000 deals: ±2.031 standard errors (nominal 0.95775)
}

// A question played to a verdict: the Queen's worth over the Jack's, as
// the per-deal difference of a player's points, in looks of 1,000, 2,000,
// 4,000 and 8,000 deals at 95% with the default spending. The first look
// spends α/64 and so is the normal ±3.36 (Student's t of 999 degrees of
// freedom, ±3.38): a mean of 0.1 with standard deviation 1 gives 0.1 ±
// 3.38/√1000 = −0.007 … 0.207, undecided; at 2,000 deals the same mean is
// decided.
func ExamplePlan_Run() {
	p, err := stat.NewPlan(stat.DoublingLooks(1000, 8000), 0.05, nil)
	if err != nil {
		log.Fatal(err)
	}
	var m stat.Moments
	v, err := p.Run(0.05, func(from, to int64) (stat.Estimator, error) {
		for i := from; i < to; i++ {
			m.Add(0.1 + float64(2*(i%2)-1)) // 1.1 and −0.9 in turn: mean 0.1, sd 1
		}
		lo, hi := lowHigh(stat.MeanEffect(m, 0), p, to)
		fmt.Printf("%d deals: %.3f … %.3f\n", to, lo, hi)
		return stat.MeanEffect(m, 0), nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%v: %.2f (%.3f … %.3f), %s\n", v.Outcome, v.Effect, v.Low, v.High, v.Reason(nil))
	// Output:
	// 1000 deals: -0.007 … 0.207
	// 2000 deals: 0.032 … 0.168
	// decided: 0.10 (0.032 … 0.168), decided after 2,000 deals
}

// lowHigh returns the interval of iv at the nominal confidence of the look
// at deals.
func lowHigh(iv stat.Estimator, p *stat.Plan, deals int64) (lo, hi float64) {
	k, _ := p.Look(deals)
	_, lo, hi = iv(p.Confidence(k))
	return lo, hi
}

// A seat's win rate against its fair share of a five-player table, 20%,
// with no seat edge larger than 1 pp wanted: 4,030 wins in 20,000 deals,
// one look at 95%, Wilson's interval 19.6% … 20.7% lies inside 19% … 21%.
func ExamplePlan_Judge() {
	p, err := stat.NewPlan([]int64{20000}, 0.05, nil)
	if err != nil {
		log.Fatal(err)
	}
	v := p.Judge(0, 0.01, stat.RateEffect(4030, 20000, 0.2))
	fmt.Printf("%v: %+.2f pp (%+.2f … %+.2f), %s\n", v.Outcome, 100*v.Effect, 100*v.Low, 100*v.High, v.Reason(stat.PercentagePoints))
	// Output:
	// equivalent: +0.15 pp (-0.40 … +0.71), no effect larger than 1 pp, after 20,000 deals
}

// A report of 12 verdicts at 95% together: each plays at 95.83%, whose
// one-look critical value is 2.87 rather than 1.96.
func ExampleBonferroni() {
	alpha := stat.Bonferroni(0.05, 12)
	p, err := stat.NewPlan([]int64{10000}, alpha, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("each at %.5f: ±%.2f\n", alpha, p.Critical(0))
	// Output:
	// each at 0.00417: ±2.87
}

// Two seats, five deals: won by seat 1, seat 2, seat 1, seat 1 and nobody.
// The per-deal differences 1, −1, 1, 1, 0 have mean 0.4 and variance 0.8,
// so T² = 5·0.4²/0.8 = 1, and p = P(|t₄| > 1) = 0.374.
func ExampleSeatsEqual() {
	s := stat.NewSeatSums(2, 1)
	for _, d := range [][]int64{{1, 0}, {0, 1}, {1, 0}, {1, 0}, {0, 0}} {
		s.Add(d)
	}
	r, err := stat.SeatsEqual(s)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("T² %.2f on %d df, p %.3f\n", r.Statistic, r.DF, r.P)
	// Output:
	// T² 1.00 on 1 df, p 0.374
}

// Three seats, 3,000 deals of one winner each: 1,100, 1,000 and 900 wins.
// Seats 1 and 2 differ by 3.33 pp with standard error
// √((p₁ + p₂ − (p₁ − p₂)²)/(n − 1)) = 1.527 pp; each pair's interval is
// ±2.36 standard errors, near Tukey's 3.314/√2 = 2.34 for even seats, where
// three separate 95% intervals would be ±1.96 and Bonferroni's ±2.39.
func ExampleSeatPairs() {
	s := stat.NewSeatSums(3, 1)
	s.Deals = 3000
	s.Wins = []int64{1100, 1000, 900}
	s.Cross = []int64{1100, 0, 0, 0, 1000, 0, 0, 0, 900} // one winner a deal
	pairs, err := stat.SeatPairs(s, 0.95)
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range pairs {
		fmt.Printf("seat %d − seat %d: %+.2f pp (%+.2f … %+.2f), adjusted p %.4f\n",
			p.First+1, p.Second+1, 100*p.Diff, 100*p.Low, 100*p.High, p.P)
	}
	// Output:
	// seat 1 − seat 2: +3.33 pp (-0.27 … +6.94), adjusted p 0.0756
	// seat 1 − seat 3: +6.67 pp (+3.16 … +10.17), adjusted p 0.0000
	// seat 2 − seat 3: +3.33 pp (-0.09 … +6.76), adjusted p 0.0580
}

// Three variants raced for the highest score: the second scores one less
// than the first on every deal and is dropped at the first look; the third
// scores 0.01 less on average, ±0.3 from deal to deal, and is tied with
// the first within ±0.1 at the second look: 0.01 ± 2.83·0.3/√200.
func ExampleRace() {
	r, err := stat.NewRace(stat.RaceOptions{Arms: 3, Looks: []int64{100, 200, 400}, Alpha: 0.05, Margin: 0.1})
	if err != nil {
		log.Fatal(err)
	}
	res, err := r.Run(func(from, to int64, racing []bool, add func([]float64)) error {
		for i := from; i < to; i++ {
			card := float64(i%7) / 10 // what the deal gives every variant
			noise := 0.3*float64(2*(i%2)-1) - 0.01
			add([]float64{5 + card, 4 + card, 5 + card + noise})
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%v after %d deals, %d games\n", res.Outcome, res.Deals, res.Plays)
	for _, a := range res.Arms {
		fmt.Printf("arm %d: %v after %d deals, %.2f behind (%.3f … %.3f)\n", a.Arm, a.Status, a.Deals, a.Gap, a.GapLow, a.GapHigh)
	}
	// Output:
	// equivalent after 200 deals, 500 games
	// arm 0: leading after 200 deals, 0.00 behind (0.000 … 0.000)
	// arm 1: dropped after 100 deals, 1.00 behind (1.000 … 1.000)
	// arm 2: tied after 200 deals, 0.01 behind (-0.050 … 0.070)
}
