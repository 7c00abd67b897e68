package reports

import (
	"fmt"

	"github.com/cardsim/cardsim/sim"
)

// entryFigures is one strategy's figures in a summary.
type entryFigures struct {
	name    string // as comparisons name it: the strategy, with #k when two entries share it
	score   sim.ScoreSummary
	win     sim.RateSummary
	draw    sim.RateSummary
	metrics map[string]sim.MetricSummary
	solver  *sim.SolverSummary // nil unless the strategy is a solver
}

// entries lists a summary's strategies with their figures, in lineup order.
func entries(s *sim.Summary) []entryFigures {
	if len(s.Entries) == 0 {
		name := ""
		if len(s.Manifest.Strategies) > 0 {
			name = s.Manifest.Strategies[0].Name
		}
		return []entryFigures{{name: name, score: s.Score, win: s.Win, draw: s.Draw, metrics: s.Metrics, solver: s.Solver}}
	}
	var out []entryFigures
	for i, e := range s.Entries {
		name := e.Strategy.Name
		for j, f := range s.Entries {
			if j != i && f.Strategy.Name == name {
				name = fmt.Sprintf("%s#%d", name, i+1)
				break
			}
		}
		out = append(out, entryFigures{name: name, score: e.Score, win: e.Win, draw: e.Draw, metrics: e.Metrics, solver: e.Solver})
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
