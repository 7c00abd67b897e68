package reports

import (
	"fmt"
	"io"
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
	fmt.Fprintf(tw, "score (mean)\t%.3f\t%.3f … %.3f\n", s.Score.Mean, s.Score.CILow, s.Score.CIHigh)
	fmt.Fprintf(tw, "score sd\t%.3f\t\n", s.Score.SD)
	fmt.Fprintf(tw, "score min / median / max\t%d / %g / %d\t\n", s.Score.Min, s.Score.Quantiles["p50"], s.Score.Max)
	fmt.Fprintf(tw, "win rate\t%.5f\t%.5f … %.5f\n", s.Win.Rate, s.Win.CILow, s.Win.CIHigh)
	if s.Win.Undecided > 0 {
		fmt.Fprintf(tw, "undecided by the solver\t%d\t\n", s.Win.Undecided)
	}
	for _, e := range s.Entries {
		name := e.Strategy.Name
		fmt.Fprintf(tw, "%s: score\t%.3f\t%.3f … %.3f\n", name, e.Score.Mean, e.Score.CILow, e.Score.CIHigh)
		fmt.Fprintf(tw, "%s: win rate\t%.5f\t%.5f … %.5f\n", name, e.Win.Rate, e.Win.CILow, e.Win.CIHigh)
		if e.Draw.Count > 0 {
			fmt.Fprintf(tw, "%s: draw rate\t%.5f\t%.5f … %.5f\n", name, e.Draw.Rate, e.Draw.CILow, e.Draw.CIHigh)
		}
	}
	for _, c := range s.Comparisons {
		fmt.Fprintf(tw, "%s: score difference (paired)\t%+.3f\t%+.3f … %+.3f\n", c.Label, c.ScoreDiff, c.CILow, c.CIHigh)
		fmt.Fprintf(tw, "%s: same, if unpaired\t\t%+.3f … %+.3f\n", c.Label, c.UnpairedLow, c.UnpairedHigh)
		fmt.Fprintf(tw, "%s: win rate difference\t%+.5f\t%+.5f … %+.5f\n", c.Label, c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh)
	}
	for _, seat := range s.Seats {
		fmt.Fprintf(tw, "seat %d score\t%.3f\t%.3f … %.3f\n", seat.Seat, seat.Score.Mean, seat.Score.CILow, seat.Score.CIHigh)
		fmt.Fprintf(tw, "seat %d win rate\t%.5f\t%.5f … %.5f\n", seat.Seat, seat.Win.Rate, seat.Win.CILow, seat.Win.CIHigh)
	}
	if fp := s.FirstPlayer; fp != nil {
		fmt.Fprintf(tw, "first player's win rate\t%.5f\t%.5f … %.5f\n", fp.WinRate.Rate, fp.WinRate.CILow, fp.WinRate.CIHigh)
		fmt.Fprintf(tw, "first player's edge\t%+.5f\t%+.5f … %+.5f\n", fp.Edge, fp.CILow, fp.CIHigh)
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
	if len(s.Entries) > 1 {
		fmt.Fprintf(tw, "metrics below: %s\t\t\n", s.Entries[0].Strategy.Name)
	}
	for _, name := range s.MetricOrder {
		ms := s.Metrics[name]
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
