package reports

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/cardsim/cardsim/sim"
)

// WriteTable writes s as an aligned table for a terminal.
func WriteTable(w io.Writer, s *sim.Summary) error {
	m := &s.Manifest
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s, %d deals, seed %d, %s\n", m.Game, m.Games, m.Seed, strategyList(m))
	pct := m.Confidence * 100
	fmt.Fprintf(tw, "figure\tvalue\t%g%% interval\n", pct)
	for _, e := range entries(s) {
		name := ""
		if len(s.Entries) > 1 {
			name = e.name + ": " // several strategies: each line names its own
		}
		fmt.Fprintf(tw, "%sscore (mean)\t%.3f\t%.3f … %.3f\n", name, e.score.Mean, e.score.CILow, e.score.CIHigh)
		fmt.Fprintf(tw, "%sscore sd\t%.3f\t\n", name, e.score.SD)
		fmt.Fprintf(tw, "%sscore min / median / max\t%d / %g / %d\t\n", name, e.score.Min, e.score.Quantiles["p50"], e.score.Max)
		fmt.Fprintf(tw, "%swin rate\t%.5f\t%.5f … %.5f\n", name, e.win.Rate, e.win.CILow, e.win.CIHigh)
		if sv := e.solver; sv != nil {
			fmt.Fprintf(tw, "%sundecided by the solver (win interval counts them both ways)\t%d of %d (%.2f%%)\t\n", name, sv.Undecided, sv.Games, 100*sv.UndecidedShare)
			if b := sv.Best; b != nil {
				fmt.Fprintf(tw, "%sbest score the deals allow (mean)\t%s\t%s\n", name, BestText(b, "%.3f"), bestInterval(b))
			}
		} else if e.win.Undecided > 0 {
			fmt.Fprintf(tw, "%sundecided by the solver (win interval counts them both ways)\t%d\t\n", name, e.win.Undecided)
		}
		if e.draw.Count > 0 {
			fmt.Fprintf(tw, "%sdraw rate\t%.5f\t%.5f … %.5f\n", name, e.draw.Rate, e.draw.CILow, e.draw.CIHigh)
		}
	}
	for _, c := range s.Comparisons {
		fmt.Fprintf(tw, "%s: score difference (paired)\t%+.3f\t%+.3f … %+.3f\n", c.Label, c.ScoreDiff, c.CILow, c.CIHigh)
		fmt.Fprintf(tw, "%s: same, if unpaired\t\t%+.3f … %+.3f\n", c.Label, c.UnpairedLow, c.UnpairedHigh)
		fmt.Fprintf(tw, "%s: win rate difference\t%+.5f\t%+.5f … %+.5f\n", c.Label, c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh)
		if c.UndecidedA+c.UndecidedB > 0 {
			fmt.Fprintf(tw, "%s: undecided games (counted both ways)\t%d, %d\t\n", c.Label, c.UndecidedA, c.UndecidedB)
		}
	}
	for _, seat := range s.Seats {
		fmt.Fprintf(tw, "seat %d score\t%.3f\t%.3f … %.3f\n", seat.Seat, seat.Score.Mean, seat.Score.CILow, seat.Score.CIHigh)
		fmt.Fprintf(tw, "seat %d win rate\t%.5f\t%.5f … %.5f\n", seat.Seat, seat.Win.Rate, seat.Win.CILow, seat.Win.CIHigh)
	}
	if fp := s.FirstPlayer; fp != nil {
		fmt.Fprintf(tw, "first player's win rate\t%.5f\t%.5f … %.5f\n", fp.WinRate.Rate, fp.WinRate.CILow, fp.WinRate.CIHigh)
		fmt.Fprintf(tw, "fair share (games not drawn / seats)\t%.5f\t\n", fp.FairShare)
		fmt.Fprintf(tw, "first player's edge over the fair share\t%+.5f\t%+.5f … %+.5f\n", fp.Edge, fp.CILow, fp.CIHigh)
	}
	if b := s.Balance; b != nil {
		fmt.Fprintf(tw, "balance (1 − largest seat gap)\t%.5f\t\n", b.Balance)
		fmt.Fprintf(tw, "draw rate\t%.5f\t\n", b.DrawRate)
		fmt.Fprintf(tw, "completion (ended by the rules)\t%.5f\t\n", b.Completion)
		if d := b.Duration; d != nil {
			fmt.Fprintf(tw, "duration (turns)\t%.2f\t%.2f … %.2f (sd %.2f)\n", d.Mean, d.CILow, d.CIHigh, d.SD)
		}
	}
	for _, f := range s.Features {
		for _, v := range f.Values {
			fmt.Fprintf(tw, "dealt %s = %d: win rate (%d seats)\t%.5f\t%.5f … %.5f\n", f.Name, v.Value, v.Games, v.Win.Rate, v.Win.CILow, v.Win.CIHigh)
		}
	}
	for _, f := range s.RoundFeatures {
		for _, v := range f.Values {
			fmt.Fprintf(tw, "dealt %s = %d in a round: round won alone (%d seat-rounds)\t%.5f\t%.5f … %.5f\n", f.Name, v.Value, v.Games, v.Win.Rate, v.Win.CILow, v.Win.CIHigh)
		}
	}
	ents := entries(s)
	if len(ents) > 1 {
		// Every strategy's metrics side by side, a column each.
		fmt.Fprint(tw, "metric (per game)")
		for _, e := range ents {
			fmt.Fprintf(tw, "\t%s\t%g%% interval", e.name, pct)
		}
		fmt.Fprintln(tw)
		for _, name := range s.MetricOrder {
			fmt.Fprint(tw, name)
			for _, e := range ents {
				ms := e.metrics[name]
				fmt.Fprintf(tw, "\t%.4f\t%.4f … %.4f", ms.Mean, ms.CILow, ms.CIHigh)
			}
			fmt.Fprintln(tw)
		}
		return tw.Flush()
	}
	for _, name := range s.MetricOrder {
		ms := s.Lead().Metrics[name]
		fmt.Fprintf(tw, "%s (per game)\t%.4f\t%.4f … %.4f\n", name, ms.Mean, ms.CILow, ms.CIHigh)
	}
	return tw.Flush()
}

func strategyList(m *sim.Manifest) string {
	s := ""
	for i, st := range m.Strategies {
		if i > 0 {
			s += " vs "
		}
		s += st.Name
		for _, k := range sortedKeys(st.Params) {
			s += fmt.Sprintf(" %s=%s", k, st.Params[k])
		}
	}
	return s
}

// BestText says what a solver proved of the mean best score, each figure
// formatted with format: the mean itself when every score is proven best,
// and otherwise "at least X, at most Y (k of n exact)".
func BestText(b *sim.BestBounds, format string) string {
	if b.Exact == b.Games {
		return fmt.Sprintf(format+" (every score proven best)", b.AtLeast)
	}
	return fmt.Sprintf("at least "+format+", at most "+format+" (%d of %d exact)", b.AtLeast, b.AtMost, b.Exact, b.Games)
}

// bestInterval is the interval of the mean best score: from the lower end
// of the scores played to the upper end of the bounds.
func bestInterval(b *sim.BestBounds) string {
	return fmt.Sprintf("%.3f … %.3f", b.CILow, b.CIHigh)
}

// ruleList writes rules as "key=value" separated by sep, sorted by key.
func ruleList(rules map[string]sim.RuleValue, sep string) string {
	var parts []string
	for _, k := range sortedKeys(rules) {
		parts = append(parts, k+"="+rules[k].Text)
	}
	return strings.Join(parts, sep)
}
