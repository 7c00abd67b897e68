package experiment

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// DefaultRateMargin is the margin of practical equivalence of a rate
// (the win rate, a share of games) unless one is given: 1 percentage
// point.
const DefaultRateMargin = 0.01

// DefaultScoreMargin is the margin of practical equivalence of the mean
// score unless one is given, as a share of the game's score range (the
// greatest score a seat can end with less the least): 1%, such as 5.4
// points of Nora's 540.
const DefaultScoreMargin = 0.01

// armFigure is a figure arms are compared on, per deal and lineup entry:
// the mean score over the seats the entry held, the share of them it won,
// or the mean of a metric of the game over its games.
type armFigure struct {
	sim.VariantFigure
	metric int // the metric's index in the game's, or −1
	win    bool
	// bound is the metric's most in a game, or 0 for none.
}

// value returns the figure of an entry on a deal from its sums there
// (dealSums' fields).
func (f *armFigure) value(seats, score, wins float64, metrics []float64, at int) float64 {
	switch {
	case f.win:
		return wins / seats
	case f.metric >= 0:
		return metrics[at] / seats
	}
	return score / seats
}

// figures returns the figures named (score, win or a metric of g; none
// names score and win, the win left out where nobody can win), the
// first the main one, with their margins and references: δ given as
// "figure=δ" or, for the main figure, δ alone; otherwise
// DefaultRateMargin for a rate, DefaultScoreMargin of the score range
// for the score, and none (0) for a metric that is not a rate, which then
// gets no verdict of equivalence.
func figures(g games.Game, names, margins, references []string) ([]armFigure, error) {
	if len(names) == 0 {
		names = []string{"score", "win"}
	}
	var out []armFigure
	metrics := g.Metrics()
	for _, name := range names {
		name = strings.TrimSpace(name)
		if slices.ContainsFunc(out, func(f armFigure) bool { return f.Name == name }) {
			return nil, fmt.Errorf("--figure %s given twice", name)
		}
		f := armFigure{metric: -1}
		f.Name = name
		switch name {
		case "score":
			lo, hi := g.ScoreBounds()
			f.Description = "mean score (points)"
			f.Margin = DefaultScoreMargin * float64(hi-lo)
		case "win":
			f.win, f.Rate = true, true
			f.Description = "win rate"
			f.Margin = DefaultRateMargin
		default:
			i := slices.IndexFunc(metrics, func(m games.Metric) bool { return m.Name == name })
			if i < 0 {
				known := []string{"score", "win"}
				for _, m := range metrics {
					known = append(known, m.Name)
				}
				return nil, fmt.Errorf("--figure %s: not a figure of %s: want %s", name, g.Name(), strings.Join(known, ", "))
			}
			m := metrics[i]
			f.metric = i
			f.Description = m.Usage + " (per game)"
			if m.Role.Binary() {
				f.Rate = true
				f.Description = "share of games: " + m.Usage
				if rest, ok := strings.CutPrefix(m.Usage, "1 if "); ok {
					f.Description = "share of games in which " + rest
				}
				f.Margin = DefaultRateMargin
			}
		}
		out = append(out, f)
	}
	set := func(flag string, entries []string, apply func(f *armFigure, v float64) error) error {
		done := map[string]bool{}
		for _, e := range entries {
			name, val, ok := strings.Cut(e, "=")
			if !ok {
				name, val = out[0].Name, e
			}
			name, val = strings.TrimSpace(name), strings.TrimSpace(val)
			i := slices.IndexFunc(out, func(f armFigure) bool { return f.Name == name })
			if i < 0 {
				return fmt.Errorf("--%s %s: %s is not among the figures compared (%s)", flag, e, name, figureNames(out))
			}
			if done[name] {
				return fmt.Errorf("--%s: %s given twice", flag, name)
			}
			done[name] = true
			v, err := strconv.ParseFloat(val, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("--%s %s: %q is not a number", flag, e, val)
			}
			if err := apply(&out[i], v); err != nil {
				return fmt.Errorf("--%s %s: %w", flag, e, err)
			}
		}
		return nil
	}
	if err := set("margin", margins, func(f *armFigure, v float64) error {
		if v < 0 {
			return fmt.Errorf("a margin is a size, not negative")
		}
		if f.Rate && v >= 1 {
			return fmt.Errorf("the margin of a rate is a share, below 1 (0.01 is 1 percentage point)")
		}
		f.Margin = v
		return nil
	}); err != nil {
		return nil, err
	}
	if err := set("reference", references, func(f *armFigure, v float64) error {
		if f.Rate && (v < 0 || v > 1) {
			return fmt.Errorf("a rate's reference is a share from 0 to 1 (0.5 is 50%%)")
		}
		f.Reference = &v
		return nil
	}); err != nil {
		return nil, err
	}
	return out, nil
}

// figureNames lists the figures' names, comma-separated.
func figureNames(fs []armFigure) string {
	names := make([]string, len(fs))
	for i := range fs {
		names[i] = fs[i].Name
	}
	return strings.Join(names, ", ")
}

// selfPlayFigures returns the figures a comparison of variants takes by
// default when one strategy holds every seat of a game of several players:
// the mean score and the game's length (its Duration metric), not the win
// rate, which in self-play is each seat's fair share of the games not
// drawn and so measures only the draws. A score that is the same on every
// deal (Spite's, whose seats' points sum to zero) is left out as any
// constant figure is.
func selfPlayFigures(g games.Game) []string {
	names := []string{"score"}
	for _, m := range g.Metrics() {
		if m.Role == games.Duration {
			names = append(names, m.Name)
		}
	}
	return names
}
