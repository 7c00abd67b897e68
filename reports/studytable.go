package reports

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/sim"
)

// studyRows returns a study's table for a page: a header, then one row per
// figure, its number readable (report.csv has them in full).
func studyRows(st *Study) [][]string {
	rows := [][]string{{"figure", "statistic", "value"}}
	add := func(fig, stat string, v float64) { rows = append(rows, []string{fig, stat, Readable(v)}) }
	count := func(fig, stat string, v int64) { rows = append(rows, []string{fig, stat, itoa(v)}) }
	rate := func(fig, what string, r sim.RateSummary) {
		add(fig, what+" rate", r.Rate)
		add(fig, what+" ci_low", r.CILow)
		add(fig, what+" ci_high", r.CIHigh)
		count(fig, what+"s", r.Count)
		if r.Undecided > 0 {
			count(fig, "undecided", r.Undecided)
		}
	}
	score := func(fig string, sc sim.ScoreSummary) {
		add(fig, "mean score", sc.Mean)
		add(fig, "score ci_low", sc.CILow)
		add(fig, "score ci_high", sc.CIHigh)
	}
	if st.Sweep != nil {
		for _, p := range st.Sweep.Points {
			var vals []string
			for _, k := range st.Sweep.Keys {
				vals = append(vals, k+"="+p.Values[k])
			}
			for _, e := range entries(&p.Summary) {
				f := e.name + " at " + strings.Join(vals, " ")
				count(f, "games", e.win.Games)
				score(f, e.score)
				rate(f, "win", e.win)
			}
		}
		return rows
	}
	s := st.Summary
	for _, e := range entries(s) {
		count(e.name, "games", e.win.Games)
		score(e.name, e.score)
		rate(e.name, "win", e.win)
		if e.draw.Count > 0 {
			rate(e.name, "draw", e.draw)
		}
	}
	for _, c := range s.Comparisons {
		add(c.Label, "score difference", c.ScoreDiff)
		add(c.Label, "score difference ci_low", c.CILow)
		add(c.Label, "score difference ci_high", c.CIHigh)
		add(c.Label, "win rate difference", c.WinDiff)
		add(c.Label, "win rate difference ci_low", c.WinDiffCILow)
		add(c.Label, "win rate difference ci_high", c.WinDiffCIHigh)
	}
	if fp := s.FirstPlayer; fp != nil {
		rate("first player", "win", fp.WinRate)
		add("first player", "edge", fp.Edge)
		add("first player", "edge ci_low", fp.CILow)
		add("first player", "edge ci_high", fp.CIHigh)
	}
	if b := s.Balance; b != nil {
		add("balance", "1 − largest seat gap", b.Balance)
		add("balance", "draw rate", b.DrawRate)
		add("balance", "completion", b.Completion)
		if d := b.Duration; d != nil {
			add("duration (turns)", "mean", d.Mean)
			add("duration (turns)", "ci_low", d.CILow)
			add("duration (turns)", "ci_high", d.CIHigh)
		}
	}
	features := func(prefix string, fs []sim.FeatureSummary) {
		for _, f := range fs {
			if tr := f.WinTrend; tr != nil {
				fig := fmt.Sprintf("%s %s trend", prefix, f.Name)
				add(fig, "win rate per unit", tr.Slope)
				add(fig, "ci_low", tr.CILow)
				add(fig, "ci_high", tr.CIHigh)
			}
			for _, v := range f.Values {
				fig := fmt.Sprintf("%s %s = %d", prefix, f.Name, v.Value)
				count(fig, "seats", v.Games)
				rate(fig, "win", v.Win)
				score(fig, v.Score)
			}
		}
	}
	features("dealt", s.Features)
	features("dealt in a round", s.RoundFeatures)
	for _, name := range st.Quote {
		if m, ok := s.Lead().Metrics[name]; ok {
			add(name, "mean per game", m.Mean)
			add(name, "ci_low", m.CILow)
			add(name, "ci_high", m.CIHigh)
		}
	}
	return rows
}
