package reports

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/cardsim/cardsim/sim"
)

// TableOptions choose what a table of a summary shows beyond its main
// figures; the zero value shows those alone.
type TableOptions struct {
	// Features adds, for every deal feature, the win rate of the seats
	// dealt each of its values: many rows (about 90 in Round-up), which
	// figures.csv and summary.json always hold.
	Features bool
}

// WriteTable writes s as an aligned table for a terminal, with its main
// figures (WriteTableWith with no options).
func WriteTable(w io.Writer, s *sim.Summary) error { return WriteTableWith(w, s, TableOptions{}) }

// WriteTableWith writes s as an aligned table for a terminal. The header
// names the game, the deals, the seed, the rules changed from their
// defaults and the strategies. In a game of several players the seat
// section comes first (writeSeatRows); then each strategy's figures, their
// paired differences, the first player's edge, the balance figures, the
// game's metrics, and with opts.Features the deal features' rows. A row
// with nothing to say is left out: in self-play (one strategy in every
// seat) its win rate is the seats' fair share by construction and its mean
// score in a game whose scores sum to the same each deal is that sum's
// share, both printed nowhere; and a figure is printed once.
func WriteTableWith(w io.Writer, s *sim.Summary, opts TableOptions) error {
	m := &s.Manifest
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	rules := ""
	if r := changedRules(m); r != "" {
		rules = "rules " + r + ", "
	}
	fmt.Fprintf(tw, "%s, %d deals, seed %d, %s%s\n", m.Game, m.Games, m.Seed, rules, strategyList(m))
	pct := m.Confidence * 100
	fmt.Fprintf(tw, "figure\tvalue\t%g%% interval\n", pct)
	writeSeatRows(tw, s)
	self := selfPlay(s)
	for _, e := range entries(s) {
		name := ""
		if len(s.Entries) > 1 {
			name = e.name + ": " // several strategies: each line names its own
		}
		if !self || e.score.CILow != e.score.CIHigh {
			fmt.Fprintf(tw, "%sscore (mean)\t%.3f\t%.3f … %.3f\n", name, e.score.Mean, e.score.CILow, e.score.CIHigh)
		}
		fmt.Fprintf(tw, "%sscore sd\t%.3f\t\n", name, e.score.SD)
		fmt.Fprintf(tw, "%sscore min / median / max\t%d / %g / %d\t\n", name, e.score.Min, e.score.Quantiles["p50"], e.score.Max)
		if !self {
			fmt.Fprintf(tw, "%swin rate\t%.5f\t%.5f … %.5f\n", name, e.win.Rate, e.win.CILow, e.win.CIHigh)
		}
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
	if fp := s.FirstPlayer; fp != nil {
		fmt.Fprintf(tw, "first player's win rate\t%.5f\t%.5f … %.5f\n", fp.WinRate.Rate, fp.WinRate.CILow, fp.WinRate.CIHigh)
		if st := s.SeatTest; st == nil || math.Abs(st.FairShare-fp.FairShare) > 1e-12 { // else named by the seat test
			fmt.Fprintf(tw, "fair share (games not drawn / seats)\t%.5f\t\n", fp.FairShare)
		}
		fmt.Fprintf(tw, "first player's edge over the fair share\t%+.5f\t%+.5f … %+.5f\n", fp.Edge, fp.CILow, fp.CIHigh)
	}
	if b := s.Balance; b != nil {
		fmt.Fprintf(tw, "balance (1 − largest seat gap)\t%.5f\t\n", b.Balance)
		if !self || s.Lead().Draw.Count == 0 { // self-play's draws are the strategy's, printed above
			fmt.Fprintf(tw, "draw rate\t%.5f\t\n", b.DrawRate)
		}
		fmt.Fprintf(tw, "completion (ended by the rules)\t%.5f\t\n", b.Completion)
		// The duration is one of the game's metrics, printed with them.
	}
	if opts.Features {
		writeFeatureRows(tw, s)
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
	} else {
		for _, name := range s.MetricOrder {
			ms := s.Lead().Metrics[name]
			fmt.Fprintf(tw, "%s (per game)\t%.4f\t%.4f … %.4f\n", name, ms.Mean, ms.CILow, ms.CIHigh)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if n := featureRows(s); n > 0 && !opts.Features {
		_, err := fmt.Fprintf(w, "(%d rows by deal feature are left out: --features prints them; figures.csv and summary.json hold them)\n", n)
		return err
	}
	return nil
}

// featureRows counts the rows of the deal features of s.
func featureRows(s *sim.Summary) int {
	n := 0
	for _, fs := range [][]sim.FeatureSummary{s.Features, s.RoundFeatures} {
		for _, f := range fs {
			n += len(f.Values)
		}
	}
	return n
}

// writeFeatureRows writes the win rate of the seats dealt each value of
// every deal feature, and of every round feature.
func writeFeatureRows(tw io.Writer, s *sim.Summary) {
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
}

// changedRules writes the rules of m whose value is not their default as
// "key=value" separated by spaces, sorted by key: "" where none is.
func changedRules(m *sim.Manifest) string {
	var parts []string
	for _, k := range m.RulesChanged {
		if v, ok := m.Rules[k]; ok {
			parts = append(parts, k+"="+v.Text)
		}
	}
	return strings.Join(parts, " ")
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
