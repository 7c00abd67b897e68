package reports

import (
	"strings"

	"github.com/cardsim/cardsim/sim"
)

// entryFigures is one strategy's figures in a summary.
type entryFigures struct {
	index   int    // the lineup entry
	name    string // as comparisons name it (sim.StrategyLabels)
	params  string // its parameters, key=value;… sorted by key
	score   sim.ScoreSummary
	win     sim.RateSummary
	draw    sim.RateSummary
	metrics map[string]sim.MetricSummary
	solver  *sim.SolverSummary // nil unless the strategy is a solver
}

// entries lists a summary's strategies with their figures, in lineup order.
func entries(s *sim.Summary) []entryFigures {
	var out []entryFigures
	var rs []sim.StrategyRecord
	for _, e := range s.Entries {
		rs = append(rs, e.Strategy)
	}
	names := sim.StrategyLabels(rs)
	for i, e := range s.Entries {
		out = append(out, entryFigures{index: i, name: names[i], params: paramList(e.Strategy.Params), score: e.Score, win: e.Win, draw: e.Draw, metrics: e.Metrics, solver: e.Solver})
	}
	return out
}

// scoreUnit names what one count of a score histogram is: a game, or in a
// game of several players a seat-game (one seat's score in one game).
func scoreUnit(s *sim.Summary) string {
	if len(s.Seats) > 1 {
		return "seat_games"
	}
	return "games"
}

// paramList writes a strategy's parameters as key=value separated by ";",
// sorted by key, as the rules column writes rules.
func paramList(params map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(params) {
		parts = append(parts, k+"="+params[k])
	}
	return strings.Join(parts, ";")
}
