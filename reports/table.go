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
	fmt.Fprintf(tw, "%s, %d games, seed %d, %s\n", m.Game, m.Games, m.Seed, strategyList(m))
	pct := m.Confidence * 100
	fmt.Fprintf(tw, "figure\tvalue\t%g%% interval\n", pct)
	fmt.Fprintf(tw, "score (mean)\t%.3f\t%.3f … %.3f\n", s.Score.Mean, s.Score.CILow, s.Score.CIHigh)
	fmt.Fprintf(tw, "score sd\t%.3f\t\n", s.Score.SD)
	fmt.Fprintf(tw, "score min / median / max\t%d / %g / %d\t\n", s.Score.Min, s.Score.Quantiles["p50"], s.Score.Max)
	fmt.Fprintf(tw, "win rate\t%.5f\t%.5f … %.5f\n", s.Win.Rate, s.Win.CILow, s.Win.CIHigh)
	if s.Win.Undecided > 0 {
		fmt.Fprintf(tw, "undecided by the solver\t%d\t\n", s.Win.Undecided)
	}
	for _, seat := range s.Seats {
		fmt.Fprintf(tw, "seat %d score\t%.3f\t%.3f … %.3f\n", seat.Seat, seat.Score.Mean, seat.Score.CILow, seat.Score.CIHigh)
		fmt.Fprintf(tw, "seat %d win rate\t%.5f\t%.5f … %.5f\n", seat.Seat, seat.Win.Rate, seat.Win.CILow, seat.Win.CIHigh)
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
