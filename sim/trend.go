package sim

import "github.com/cardsim/cardsim/stat"

// momentIndex returns the index in FeatureTally.Moments of the product of
// terms i and j of a deal's vector.
func momentIndex(i, j int) int {
	if i > j {
		i, j = j, i
	}
	return i*momentTerms - i*(i-1)/2 + j - i
}

// featureTrends fits the trends of winning and of the score against the
// value of a feature from its cells; where a deal counts several plays,
// their standard errors are clustered by deal.
func featureTrends(ft *FeatureTally, confidence float64) (win, score *stat.Trend) {
	var x, pw, vw, ms, vs []float64
	var n []int64
	for j := range ft.Cells {
		c := &ft.Cells[j]
		if c.Games == 0 {
			continue
		}
		g := float64(c.Games)
		p := float64(c.Wins) / g
		m, sd := c.Score.MeanSD()
		x = append(x, float64(ft.Min+int64(j)))
		n = append(n, c.Games)
		pw = append(pw, p)
		vw = append(vw, p*(1-p))
		ms = append(ms, m)
		vs = append(vs, sd*sd*(g-1)/g)
	}
	for _, o := range []struct {
		mean, popVar []float64
		y, xy        int // the outcome's terms in the deal vector: its sum, and its sum times the feature
		dst          **stat.Trend
	}{{pw, vw, 3, 4, &win}, {ms, vs, 5, 6, &score}} {
		var t stat.Trend
		var ok bool
		if ft.Deals > 1 {
			terms := [5]int{0, 1, 2, o.y, o.xy}
			moment := func(i, j int) float64 { return float64(ft.Moments[momentIndex(terms[i], terms[j])]) }
			t, ok = stat.ClusteredGroupedTrend(x, n, o.mean, ft.Deals, moment, confidence)
		} else {
			t, ok = stat.GroupedTrend(x, n, o.mean, o.popVar, confidence)
		}
		if ok {
			*o.dst = &t
		}
	}
	return win, score
}
