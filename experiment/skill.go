package experiment

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// runSkill plays a search strategy at each of spec's budgets on the same
// deals: in a solitaire every budget plays every deal; in a game of several
// players each budget plays the previous one (the first plays random),
// seats rotated. The ladder goes into out.
func (r *Runner) runSkill(ctx context.Context, spec *Spec, out string) (*Result, error) {
	g, err := r.Game(spec.Game, spec.Rules)
	if err != nil {
		return nil, err
	}
	def, err := r.Strategies.Named(g, spec.Strategy)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(def.Params(g), func(s games.Setting) bool { return s.Name == "budget" }) {
		return nil, fmt.Errorf("strategy %s has no budget parameter (try flatmc, pimc or ismcts)", def.Name)
	}
	player := func(budget int) (sim.Player, error) {
		p := append(slices.Clone(spec.Params), "budget="+strconv.Itoa(budget))
		if _, err := def.New(g, p); err != nil {
			return sim.Player{}, fmt.Errorf("strategy %s: %w", def.Name, err)
		}
		return sim.Player{Strategy: def, Params: p}, nil
	}
	lineup := make([]sim.Player, len(spec.Budgets))
	for i, b := range spec.Budgets {
		if lineup[i], err = player(b); err != nil {
			return nil, err
		}
	}
	if out != "" {
		if err := reports.CheckDir(out); err != nil {
			return nil, err
		}
	}
	sk := &reports.Skill{Game: g.Name(), Title: r.title(spec.Game), Rules: rulesChanged(g), Seats: g.Seats(), Strategy: def.Name, Params: spec.Params, Seed: spec.Seed, Games: spec.Games, Confidence: spec.Confidence}
	m := r.meter()
	defer m.Finish()
	if g.Seats() == 1 {
		m.Plan(spec.Games)
	} else {
		m.Plan(int64(len(spec.Budgets)) * spec.Games)
	}
	run := func(lineup []sim.Player, label string) (sim.Summary, error) {
		cfg := sim.Config{Game: g, Lineup: lineup, Seed: spec.Seed, Chunk: skillChunk(spec.Games, r.workers())}
		res, err := r.play(ctx, r.newSession(cfg, spec, spec.Games), label)
		if err != nil {
			return sim.Summary{}, err
		}
		return res.Summary(), nil
	}
	if g.Seats() == 1 {
		// Every budget plays every deal (Seatings gives one seating per entry).
		s, err := run(lineup, fmt.Sprintf("budgets %v", spec.Budgets))
		if err != nil {
			return nil, err
		}
		for i, b := range spec.Budgets {
			score, win := s.Entries[i].Score, s.Entries[i].Win
			sk.Rows = append(sk.Rows,
				reports.SkillRow{Budget: b, Figure: reports.SkillScore, Value: score.Mean, CILow: score.CILow, CIHigh: score.CIHigh},
				reports.SkillRow{Budget: b, Figure: reports.SkillWin, Value: win.Rate, CILow: win.CILow, CIHigh: win.CIHigh})
			if i == 0 {
				continue
			}
			for _, c := range s.Comparisons {
				if c.A == i-1 && c.B == i {
					// The comparison is previous − this: negate it.
					sk.Rows = append(sk.Rows, reports.SkillRow{Budget: b, Figure: reports.SkillScoreGain, Value: -c.ScoreDiff, CILow: -c.CIHigh, CIHigh: -c.CILow})
				}
			}
		}
	} else {
		// Each budget against the previous one (the first against random),
		// the seats rotated over every deal.
		random, err := r.Strategies.Lookup(g, "random")
		if err != nil {
			return nil, err
		}
		prev, prevName := sim.Player{Strategy: random}, "random"
		for i, b := range spec.Budgets {
			s, err := run([]sim.Player{lineup[i], prev}, fmt.Sprintf("budget %d against %s", b, prevName))
			if err != nil {
				return nil, err
			}
			fig := reports.SkillWinVsPrevious
			if i == 0 {
				fig = reports.SkillWinVsRandom
			}
			w, d := s.Entries[0].Win, s.Entries[0].Draw
			sk.Rows = append(sk.Rows,
				reports.SkillRow{Budget: b, Figure: fig, Value: w.Rate, CILow: w.CILow, CIHigh: w.CIHigh},
				reports.SkillRow{Budget: b, Figure: reports.SkillDraw, Value: d.Rate, CILow: d.CILow, CIHigh: d.CIHigh})
			prev, prevName = lineup[i], fmt.Sprintf("budget %d", b)
		}
	}
	m.Finish()
	if out != "" {
		if _, err := reports.WriteSkillDir(out, sk); err != nil {
			return nil, keepFigures(sk, out, err)
		}
	}
	return &Result{Spec: *spec, Skill: sk, kept: kept{out: out}}, nil
}

// skillChunk returns a chunk size that spreads a study's few, slow deals
// over the workers. A deal of a budgeted search takes up to seconds, and an
// interrupt stops a run after the chunks under way, so chunks are kept to
// skillMaxChunk deals.
func skillChunk(games int64, workers int) int {
	return int(max(1, min(skillMaxChunk, games/int64(4*workers))))
}

// skillMaxChunk is the most deals of a chunk of a skill study.
const skillMaxChunk = 4
