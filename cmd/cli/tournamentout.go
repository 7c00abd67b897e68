package cli

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// pointsDesignEffect returns the design effect of an entry's points (a
// win 1, a draw ½) in a match played over deals in several seatings: the
// larger of its wins' and its draws' (their cross term per deal is not
// tallied), or the wins' alone where nothing was drawn.
func pointsDesignEffect(o *sim.Outcomes) float64 {
	c := &o.Cluster
	d := stat.DesignEffect(o.Wins, o.Games, c.Deals, c.N2, c.NW, c.W2)
	if o.Draws > 0 {
		d = math.Max(d, stat.DesignEffect(o.Draws, o.Games, c.Deals, c.N2, c.ND, c.D2))
	}
	return d
}

// num writes a figure in full.
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// matchesCSV returns one row per pair of the tournament: the deals, each
// side's win rate and the draw rate with their intervals, and the paired
// score difference with its interval.
func matchesCSV(matches []Match) []byte {
	rows := [][]string{{"a", "b", "deals", "games",
		"a_win", "a_win_ci_low", "a_win_ci_high", "b_win", "b_win_ci_low", "b_win_ci_high",
		"draw", "draw_ci_low", "draw_ci_high", "draws",
		"score_diff", "score_diff_ci_low", "score_diff_ci_high", "design_effect"}}
	for _, m := range matches {
		rows = append(rows, []string{m.A, m.B, strconv.FormatInt(m.Deals, 10), strconv.FormatInt(m.AWin.Games, 10),
			num(m.AWin.Rate), num(m.AWin.CILow), num(m.AWin.CIHigh), num(m.BWin.Rate), num(m.BWin.CILow), num(m.BWin.CIHigh),
			num(m.Draw.Rate), num(m.Draw.CILow), num(m.Draw.CIHigh), strconv.FormatInt(m.Draw.Count, 10),
			num(m.ScoreDiff.ScoreDiff), num(m.ScoreDiff.CILow), num(m.ScoreDiff.CIHigh), num(m.DesignEffect)})
	}
	return reports.RowsCSV(rows)
}

// rankingCSV returns one row per strategy, strongest first: its games,
// wins, draws and points, and its strength and Elo rating with their
// intervals.
func rankingCSV(ranking []Standing) []byte {
	rows := [][]string{{"rank", "strategy", "games", "wins", "draws", "points",
		"strength", "strength_ci_low", "strength_ci_high", "elo", "elo_ci_low", "elo_ci_high", "log_strength_se"}}
	for i, r := range ranking {
		rows = append(rows, []string{strconv.Itoa(i + 1), r.Strategy, strconv.FormatInt(r.Games, 10), strconv.FormatInt(r.Wins, 10),
			strconv.FormatInt(r.Draws, 10), num(r.Points), num(r.Strength), num(r.StrengthCILow), num(r.StrengthCIHigh),
			num(r.Elo), num(r.EloCILow), num(r.EloCIHigh), num(r.LogStrengthSE)})
	}
	return reports.RowsCSV(rows)
}

// writeTournamentTable writes the tournament for a terminal: the
// head-to-head win rates, the draw rates where any game was drawn, and the
// ranking with its intervals.
func writeTournamentTable(w io.Writer, opts *TournamentOptions, names []string, matches []Match, ranking []Standing) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s tournament, %d deals per pair, seats rotated, seed %d, %g%% intervals\n", opts.Game, opts.Games, opts.Seed, 100*opts.Confidence)
	cell := func(a, b string, rate func(m *Match, aFirst bool) sim.RateSummary) string {
		for i := range matches {
			m := &matches[i]
			if m.A == a && m.B == b || m.A == b && m.B == a {
				r := rate(m, m.A == a)
				return fmt.Sprintf("%.3f (%.3f…%.3f)", r.Rate, r.CILow, r.CIHigh)
			}
		}
		return "—"
	}
	matrix := func(title string, rate func(m *Match, aFirst bool) sim.RateSummary) {
		fmt.Fprintln(tw, title+"\t"+joinTabs(names))
		for _, a := range names {
			line := a
			for _, b := range names {
				line += "\t" + cell(a, b, rate)
			}
			fmt.Fprintln(tw, line)
		}
	}
	matrix("row beats column", func(m *Match, aFirst bool) sim.RateSummary {
		if aFirst {
			return m.AWin
		}
		return m.BWin
	})
	drawn := false
	for _, m := range matches {
		drawn = drawn || m.Draw.Count > 0
	}
	if drawn {
		fmt.Fprintln(tw)
		matrix("drawn", func(m *Match, _ bool) sim.RateSummary { return m.Draw })
	}
	fmt.Fprintln(tw, "\nranking\tBradley–Terry strength\tElo\tpoints / games\twins\tdraws")
	for _, r := range ranking {
		fmt.Fprintf(tw, "%s\t%.3f (%.3f…%.3f)\t%+.0f (%+.0f…%+.0f)\t%g / %d\t%d\t%d\n", r.Strategy, r.Strength, r.StrengthCILow, r.StrengthCIHigh,
			r.Elo, r.EloCILow, r.EloCIHigh, r.Points, r.Games, r.Wins, r.Draws)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "a draw counts half a win; intervals from the fit's Fisher information, widened by each pair's design effect (deals, not seatings, are independent)")
	return err
}
