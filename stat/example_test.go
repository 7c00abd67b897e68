package stat_test

import (
	"fmt"
	"log"

	"github.com/cardsim/cardsim/stat"
)

// Five wins in ten games: Newcombe (1998) tabulates the 95% Wilson interval
// as 0.2366 to 0.7634. No win in ten: 0 to 0.2775, never below zero.
func ExampleWilson() {
	lo, hi := stat.Wilson(5, 10, 0.95)
	fmt.Printf("5 of 10: %.4f … %.4f\n", lo, hi)
	lo, hi = stat.Wilson(0, 10, 0.95)
	fmt.Printf("0 of 10: %g … %.4f\n", lo, hi)
	// Output:
	// 5 of 10: 0.2366 … 0.7634
	// 0 of 10: 0 … 0.2775
}

// A rate of 0.6 over 6.857 effective trials (the 10 plays of the
// ClusteredRate example, worth 6.857 independent ones): with z = 1.96,
// centre (0.6 + z²/13.71)/(1 + z²/6.857) = 0.5641 and half-width 0.2957.
func ExampleWilsonAt() {
	lo, hi := stat.WilsonAt(0.6, 6.857142857142857, 0.95)
	fmt.Printf("%.4f … %.4f\n", lo, hi)
	// Output:
	// 0.2684 … 0.8598
}

// Ten games, mean 5 and standard deviation 2: t(0.975, 9) = 2.2622 gives
// 5 ± 2.2622·2/√10 = 5 ± 1.4307.
func ExampleMeanInterval() {
	lo, hi := stat.MeanInterval(5, 2, 10, 0.95)
	fmt.Printf("%.4f … %.4f\n", lo, hi)
	// Output:
	// 3.5693 … 6.4307
}

// Means 10 (sd 2) and 9 (sd 3) over 50 games each: the standard error of
// the difference is √(4/50 + 9/50) = 0.5099 and t(0.975, 99) = 1.9842, so
// 1 ± 1.0118.
func ExampleUnpairedMeanDifference() {
	lo, hi := stat.UnpairedMeanDifference(stat.SampleMean{Mean: 10, SD: 2, N: 50}, stat.SampleMean{Mean: 9, SD: 3, N: 50}, 0.95)
	fmt.Printf("%.3f … %.3f\n", lo, hi)
	// Output:
	// -0.012 … 2.012
}

// Two strategies on the same 50 deals: both won 10, only the first 7,
// only the second 3, so 0.34 − 0.26 = 0.08. The Wilson intervals of 17/50
// and 13/50, and the corrected phi coefficient 0.489 of the paired table,
// give −0.0481 to 0.2054: narrower than the unpaired square-and-add
// interval, as the two rates move together.
func ExamplePairedRateDifference() {
	lo, hi := stat.PairedRateDifference(stat.PairedCounts{Both: 10, Only1: 7, Only2: 3, N: 50}, 0.95)
	fmt.Printf("%.4f … %.4f\n", lo, hi)
	// Output:
	// -0.0481 … 0.2054
}

// Five deals of two plays each, won 2, 1, 0, 2 and 1 times: the rate is
// 6/10, Σ n² = 20, Σ n·w = 12, Σ w² = 10, and the clustered variance
// (10 − 2·0.6·12 + 0.36·20)/10² · 5/4 = 0.035.
func ExampleRatioVariance() {
	fmt.Printf("%.4f\n", stat.RatioVariance(0.6, stat.ClusterSums{Clusters: 5, N: 10, N2: 20, NY: 12, Y2: 10}))
	// Output:
	// 0.0350
}

// The plays of ExampleRatioVariance: variance 0.035 where ten independent
// plays would have 0.6·0.4/10 = 0.024, so they are worth
// 0.24/0.035 = 6.857 independent plays, and the interval is Wilson's at
// that size.
func ExampleClusteredRate() {
	lo, hi := stat.ClusteredRate(6, stat.ClusterSums{Clusters: 5, N: 10, N2: 20, NY: 12, Y2: 10}, 0.95)
	fmt.Printf("%.4f … %.4f\n", lo, hi)
	// Output:
	// 0.2684 … 0.8598
}

// Five deals of two plays each, the plays of a deal scoring 30, 25, 10, 40
// and 20 in all: mean 125/10 = 12.5, Σ y² = 3625, Σ n·y = 250, Σ n² = 20,
// variance (3625 − 2·12.5·250 + 12.5²·20)/10² · 5/4 = 6.25, and t(0.975, 4)
// = 2.7764 gives 12.5 ± 2.7764·2.5.
func ExampleClusteredMean() {
	lo, hi := stat.ClusteredMean(12.5, stat.ClusterSums{Clusters: 5, N: 10, N2: 20, NY: 250, Y2: 3625}, 0.95)
	fmt.Printf("%.4f … %.4f\n", lo, hi)
	// Output:
	// 5.5589 … 19.4411
}

// The player who moves first in a game of two seats, over five deals each
// played twice (n, wins, draws per deal: 2 2 0, 2 1 0, 2 0 1, 2 1 1, 2 2 0):
// 6 wins and 2 draws in 10 plays against a fair share of (10 − 2)/10/2 =
// 0.4, an edge of 0.2. Each deal contributes 2w − (n − d) = 2, 0, −1, 1, 2;
// their clustered variance about 0.4 is 0.085, so the edge is 0.2 ±
// 1.96·√0.085/2.
func ExampleClusteredEdge() {
	s := stat.OutcomeSums{Clusters: 5, N: 10, W: 6, D: 2, N2: 20, NW: 12, W2: 10, ND: 4, D2: 2, WD: 1}
	e, lo, hi := stat.ClusteredEdge(s, 2, 0.95)
	fmt.Printf("%.1f (%.4f … %.4f)\n", e, lo, hi)
	// Output:
	// 0.2 (-0.0857 … 0.4857)
}

// Deals of two seatings whose two games always agree (both won or both
// lost) count as one game each: the variance of the rate is twice the
// binomial's, times 100/99 for the 100 deals.
func ExampleDesignEffect() {
	// 100 deals: 50 won twice, 50 lost twice.
	fmt.Printf("%.4f\n", stat.DesignEffect(100, stat.ClusterSums{Clusters: 100, N: 200, N2: 400, NY: 200, Y2: 200}))
	// Output:
	// 2.0202
}

// The plays of ExampleClusteredEdge: the wins' design effect is
// 0.035/(0.6·0.4/10) = 1.4583, the draws' (a rate of 0.2, Σ n·d = 4,
// Σ d² = 2) 0.015/(0.2·0.8/10) = 0.9375; the points take the larger.
func ExamplePointsDesignEffect() {
	s := stat.OutcomeSums{Clusters: 5, N: 10, W: 6, D: 2, N2: 20, NW: 12, W2: 10, ND: 4, D2: 2, WD: 1}
	fmt.Printf("%.4f\n", stat.PointsDesignEffect(s))
	// Output:
	// 1.4583
}

// Ten seats each at feature values 0, 1 and 2, winning 20%, 50% and 80% of
// the time: the line rises 0.3 a unit through every mean, so the residuals
// are the seats' own spread, p(1−p): Σ (x−x̄)²·p(1−p) = 10·0.16 + 10·0.16 =
// 3.2 over Σ (x−x̄)² = 20 gives the standard error √3.2/20 = 0.0894.
func ExampleGroupedTrend() {
	t, ok := stat.GroupedTrend([]float64{0, 1, 2}, []int64{10, 10, 10}, []float64{0.2, 0.5, 0.8}, []float64{0.16, 0.25, 0.16}, 0.95)
	fmt.Printf("%v: %.1f ± %.4f (%.4f … %.4f)\n", ok, t.Slope, t.SE, t.CILow, t.CIHigh)
	// Output:
	// true: 0.3 ± 0.0894 (0.1247 … 0.4753)
}

// clusters are three deals of two observations (x, y) each, worked by hand
// in the examples below: (0, 1) (1, 2); (1, 2) (2, 5); (0, 0) (2, 4). The
// line is y = 1/3 + 2x; each deal's Σ (x−1)·residual is −2/3, 2/3 and 0, so
// the clustered standard error is √((4/9 + 4/9)·3/2)/4 = 0.2887, and
// t(0.975, 2) = 4.3027.
var clusters = [][][2]float64{{{0, 1}, {1, 2}}, {{1, 2}, {2, 5}}, {{0, 0}, {2, 4}}}

// The deals of clusters, grouped by x (two observations at each of 0, 1,
// 2, with means 0.5, 2 and 4.5), and each deal's vector (n, Σx, Σx², Σy,
// Σxy) for the moments.
func ExampleClusteredGroupedTrend() {
	var vecs [][5]float64
	for _, c := range clusters {
		var v [5]float64
		for _, o := range c {
			v[0]++
			v[1] += o[0]
			v[2] += o[0] * o[0]
			v[3] += o[1]
			v[4] += o[0] * o[1]
		}
		vecs = append(vecs, v)
	}
	moment := func(i, j int) float64 {
		var s float64
		for _, v := range vecs {
			s += v[i] * v[j]
		}
		return s
	}
	t, ok := stat.ClusteredGroupedTrend([]float64{0, 1, 2}, []int64{2, 2, 2}, []float64{0.5, 2, 4.5}, 3, moment, 0.95)
	fmt.Printf("%v: %.1f ± %.4f (%.4f … %.4f)\n", ok, t.Slope, t.SE, t.CILow, t.CIHigh)
	// Output:
	// true: 2.0 ± 0.2887 (0.7579 … 3.2421)
}

// The moments of the deals of clusters: the vectors (n, Σx, Σx², Σy, Σxy)
// are (2, 1, 1, 3, 2), (2, 3, 5, 7, 12) and (2, 2, 4, 4, 8); the line
// y = 1/3 + 2x has x̄ = 1 and Σ (x−x̄)² = 4.
func ExampleClusterSlopeSE() {
	vecs := [][5]float64{{2, 1, 1, 3, 2}, {2, 3, 5, 7, 12}, {2, 2, 4, 4, 8}}
	moment := func(i, j int) float64 {
		var s float64
		for _, v := range vecs {
			s += v[i] * v[j]
		}
		return s
	}
	fmt.Printf("%.4f\n", stat.ClusterSlopeSE(moment, 3, 1.0/3, 2, 1, 4))
	// Output:
	// 0.2887
}

// The deals of clusters, pair by pair. The mean of y is 14/6; the deals'
// totals 3, 7 and 4 spread about 2·14/6 by Σ = 8.667, so the mean is
// 2.333 ± 4.3027·√(8.667·3/2)/6.
func ExampleTrendSums() {
	var ts stat.TrendSums
	for _, c := range clusters {
		for _, o := range c {
			ts.Add(o[0], o[1])
		}
		ts.EndCluster()
	}
	t, ok := ts.Fit(0.95)
	fmt.Printf("%d pairs; slope %v: %.1f ± %.4f (%.4f … %.4f)\n", ts.Pairs(), ok, t.Slope, t.SE, t.CILow, t.CIHigh)
	mean, lo, hi := ts.Mean(0.95)
	fmt.Printf("mean %.4f (%.4f … %.4f)\n", mean, lo, hi)
	// Output:
	// 6 pairs; slope true: 2.0 ± 0.2887 (0.7579 … 3.2421)
	// mean 2.3333 (-0.2522 … 4.9189)
}

// The deals of clusters fitted as a line with one predictor: the same
// slope and clustered standard error as the trend's.
func ExampleClustered() {
	c := stat.NewClustered("x")
	for _, cl := range clusters {
		for _, o := range cl {
			c.Add(o[1], o[0])
		}
		c.EndCluster()
	}
	l, err := c.Fit(0.95)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s %.4f, %s %.4f ± %.4f (%.4f … %.4f)\n", l.Terms[0], l.Coef[0], l.Terms[1], l.Coef[1], l.SE[1], l.CILow[1], l.CIHigh[1])
	// Output:
	// intercept 0.3333, x 2.0000 ± 0.2887 (0.7579 … 3.2421)
}

// Seats without the card win 20 of 100 games, seats with it 50 of 100: the
// model is saturated, so β₀ is the log-odds 20:80 = ln ¼ and β₁ the log
// odds ratio ln 4 = 1.3863, with the standard error
// √(1/(100·0.2·0.8) + 1/(100·0.5·0.5)) = 0.3202.
func ExampleLogistic() {
	l, err := stat.Logistic([]string{"card"}, []stat.BinomialGroup{
		{X: []float64{0}, Trials: 100, Successes: 20},
		{X: []float64{1}, Trials: 100, Successes: 50},
	}, 0.95)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("intercept %.4f, card %.4f ± %.4f (%.4f … %.4f)\n", l.Coef[0], l.Coef[1], l.SE[1], l.CILow[1], l.CIHigh[1])
	// Output:
	// intercept -1.3863, card 1.3863 ± 0.3202 (0.7588 … 2.0138)
}

// Two players, the first scoring 300 points in 400 games: strengths in the
// ratio 3, so √3 and 1/√3 at a geometric mean of 1, and Elo ratings
// ±400·log10(√3) = ±95.42. The log strengths' difference has the standard
// error of a log-odds, √(1/(400·0.75·0.25)), shared evenly by the two.
func ExampleBradleyTerry() {
	r, err := stat.BradleyTerry(2, []stat.Pair{{A: 0, B: 1, Games: 400, Points: 300}}, 0.95)
	if err != nil {
		log.Fatal(err)
	}
	for i := range 2 {
		fmt.Printf("player %d: strength %.4f, Elo %+.2f (%+.2f … %+.2f), log SE %.4f\n", i, r.Strength[i], r.Elo[i], r.EloLow[i], r.EloHigh[i], r.LogSE[i])
	}
	// Output:
	// player 0: strength 1.7321, Elo +95.42 (+75.77 … +115.08), log SE 0.0577
	// player 1: strength 0.5774, Elo -95.42 (-115.08 … -75.77), log SE 0.0577
}

// An estimate 2 over three clusters whose influence sums square to 0.5:
// 2 ± t(0.975, 2)·√(0.5·3/2) = 2 ± 4.3027·0.8660.
func ExampleInfluenceInterval() {
	lo, hi := stat.InfluenceInterval(2, 0.5, 3, 0.95)
	fmt.Printf("%.4f … %.4f\n", lo, hi)
	// Output:
	// -1.7262 … 5.7262
}

// Allied bidders scored 6 points in 4 bids, 2 in 2 and 4 in 2 over three
// deals (1.5 a bid), lone bidders 2 in 2, 3 in 2 and 1 in 2 (1 a bid). The
// deals' influences on the two ratios are 0, −1/8, 1/8 and 0, 1/6, −1/6, so
// on the difference 0, −7/24, 7/24: 0.5 ± 4.3027·√(2·(7/24)²·3/2).
func ExampleRatioDifference() {
	diff, allied, lone, ok := stat.RatioDifference(
		[]float64{6, 2, 4}, []float64{4, 2, 2},
		[]float64{2, 3, 1}, []float64{2, 2, 2}, 0.95)
	fmt.Println(ok)
	for _, e := range []stat.Estimate{diff, allied, lone} {
		fmt.Printf("%.2f (%.4f … %.4f)\n", e.Value, e.CILow, e.CIHigh)
	}
	// Output:
	// true
	// 0.50 (-1.6736 … 2.6736)
	// 1.50 (0.5684 … 2.4316)
	// 1.00 (-0.2421 … 2.2421)
}
