package reports

import (
	"encoding/csv"
	"io"
	"maps"
	"slices"
	"strconv"

	"github.com/cardsim/cardsim/sim"
)

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', 10, 64) }
func itoa(i int64) string   { return strconv.FormatInt(i, 10) }

// WriteFiguresCSV writes every figure of s as tidy rows: figure, statistic,
// value. A spreadsheet pivots it; a plotting tool filters it.
func WriteFiguresCSV(w io.Writer, s *sim.Summary) error {
	c := csv.NewWriter(w)
	c.Write([]string{"figure", "statistic", "value"})
	score := func(prefix string, sc *sim.ScoreSummary) {
		c.Write([]string{prefix, "mean", ftoa(sc.Mean)})
		c.Write([]string{prefix, "ci_low", ftoa(sc.CILow)})
		c.Write([]string{prefix, "ci_high", ftoa(sc.CIHigh)})
		c.Write([]string{prefix, "sd", ftoa(sc.SD)})
		c.Write([]string{prefix, "min", itoa(sc.Min)})
		c.Write([]string{prefix, "max", itoa(sc.Max)})
		for _, p := range sim.Quantiles {
			q := sim.QuantileName(p)
			c.Write([]string{prefix, q, ftoa(sc.Quantiles[q])})
		}
	}
	rate := func(prefix string, r *sim.RateSummary) {
		c.Write([]string{prefix, "rate", ftoa(r.Rate)})
		c.Write([]string{prefix, "ci_low", ftoa(r.CILow)})
		c.Write([]string{prefix, "ci_high", ftoa(r.CIHigh)})
		c.Write([]string{prefix, "count", itoa(r.Count)})
		c.Write([]string{prefix, "undecided", itoa(r.Undecided)})
	}
	c.Write([]string{"games", "count", itoa(s.Manifest.Games)})
	score("score", &s.Score)
	rate("win", &s.Win)
	for _, e := range s.Entries {
		p := "entry" + strconv.Itoa(e.Entry) + "." + e.Strategy.Name
		score(p+".score", &e.Score)
		rate(p+".win", &e.Win)
		rate(p+".draw", &e.Draw)
		for _, name := range s.MetricOrder {
			m := e.Metrics[name]
			c.Write([]string{p + ".metric." + name, "mean", ftoa(m.Mean)})
			c.Write([]string{p + ".metric." + name, "ci_low", ftoa(m.CILow)})
			c.Write([]string{p + ".metric." + name, "ci_high", ftoa(m.CIHigh)})
		}
	}
	for _, cp := range s.Comparisons {
		p := "diff." + cp.Label
		c.Write([]string{p, "score_diff", ftoa(cp.ScoreDiff)})
		c.Write([]string{p, "ci_low", ftoa(cp.CILow)})
		c.Write([]string{p, "ci_high", ftoa(cp.CIHigh)})
		c.Write([]string{p, "unpaired_ci_low", ftoa(cp.UnpairedLow)})
		c.Write([]string{p, "unpaired_ci_high", ftoa(cp.UnpairedHigh)})
		c.Write([]string{p, "win_diff", ftoa(cp.WinDiff)})
		c.Write([]string{p, "win_diff_ci_low", ftoa(cp.WinDiffCILow)})
		c.Write([]string{p, "win_diff_ci_high", ftoa(cp.WinDiffCIHigh)})
		c.Write([]string{p, "undecided_a", itoa(cp.UndecidedA)})
		c.Write([]string{p, "undecided_b", itoa(cp.UndecidedB)})
	}
	for _, seat := range s.Seats {
		p := "seat" + strconv.Itoa(seat.Seat)
		score(p+".score", &seat.Score)
		rate(p+".win", &seat.Win)
	}
	if fp := s.FirstPlayer; fp != nil {
		rate("first_player.win", &fp.WinRate)
		c.Write([]string{"first_player", "edge", ftoa(fp.Edge)})
		c.Write([]string{"first_player", "edge_ci_low", ftoa(fp.CILow)})
		c.Write([]string{"first_player", "edge_ci_high", ftoa(fp.CIHigh)})
	}
	if b := s.Balance; b != nil {
		c.Write([]string{"balance", "balance", ftoa(b.Balance)})
		c.Write([]string{"balance", "draw_rate", ftoa(b.DrawRate)})
		c.Write([]string{"balance", "completion", ftoa(b.Completion)})
		if d := b.Duration; d != nil {
			c.Write([]string{"balance.duration_turns", "mean", ftoa(d.Mean)})
			c.Write([]string{"balance.duration_turns", "sd", ftoa(d.SD)})
		}
	}
	for _, f := range s.Features {
		for _, v := range f.Values {
			p := "feature." + f.Name + "=" + itoa(v.Value)
			c.Write([]string{p, "seats", itoa(v.Games)})
			rate(p+".win", &v.Win)
			c.Write([]string{p + ".score", "mean", ftoa(v.Score.Mean)})
			c.Write([]string{p + ".score", "ci_low", ftoa(v.Score.CILow)})
			c.Write([]string{p + ".score", "ci_high", ftoa(v.Score.CIHigh)})
		}
	}
	for _, f := range s.RoundFeatures {
		for _, v := range f.Values {
			p := "round_feature." + f.Name + "=" + itoa(v.Value)
			c.Write([]string{p, "seat_rounds", itoa(v.Games)})
			rate(p+".win", &v.Win)
			rate(p+".draw", &v.Draw)
			c.Write([]string{p + ".points", "mean", ftoa(v.Score.Mean)})
			c.Write([]string{p + ".points", "ci_low", ftoa(v.Score.CILow)})
			c.Write([]string{p + ".points", "ci_high", ftoa(v.Score.CIHigh)})
		}
	}
	for _, name := range s.MetricOrder {
		m := s.Metrics[name]
		f := "metric." + name
		c.Write([]string{f, "total", itoa(m.Total)})
		c.Write([]string{f, "mean", ftoa(m.Mean)})
		c.Write([]string{f, "ci_low", ftoa(m.CILow)})
		c.Write([]string{f, "ci_high", ftoa(m.CIHigh)})
		c.Write([]string{f, "sd", ftoa(m.SD)})
		c.Write([]string{f, "min", itoa(m.Min)})
		c.Write([]string{f, "max", itoa(m.Max)})
	}
	c.Flush()
	return c.Error()
}

// WriteHistogramCSV writes each strategy's exact score histogram: strategy,
// score, how many games ended with it and their share. In a game of several
// players the count column is seat_games (each seat's score in each game
// once) rather than games. A strategy's shares sum to 1.
func WriteHistogramCSV(w io.Writer, s *sim.Summary) error {
	c := csv.NewWriter(w)
	c.Write([]string{"strategy", "score", scoreUnit(s), "share"})
	for _, e := range entries(s) {
		for _, b := range e.score.Histogram {
			c.Write([]string{e.name, itoa(b.Value), itoa(b.Count), ftoa(float64(b.Count) / float64(e.score.N))})
		}
	}
	c.Flush()
	return c.Error()
}
