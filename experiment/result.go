package experiment

import (
	"context"
	"fmt"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// Result is what an experiment found: one of its fields is set, by the
// Spec's kind. The reports package renders each.
type Result struct {
	// Spec is the experiment that gave the result.
	Spec Spec
	// Summary is a run's or a comparison's figures.
	Summary *sim.Summary
	// Part is a shard's part of a run, for cardsim merge.
	Part *sim.Part
	// Sweep is every point of a sweep (those finished, if interrupted).
	Sweep *reports.Sweep
	// Tournament is a tournament's matches and ranking.
	Tournament *reports.Tournament
	// Skill is a skill ladder.
	Skill *reports.Skill
	// Tune is a race of rule variants toward a target.
	Tune *reports.Tune
	// Page is an analysis's or a solver's page.
	Page *reports.Report
	// Report is the designers' report.
	Report *reports.Report

	kept kept // what Keep keeps should printing the result fail
}

// Run checks spec, plays it and writes its outputs into the directory out
// (none if empty; a report and an analysis need one), replacing it whole
// when the experiment ends. Every setting, game, strategy and path is
// checked before any deal is played.
//
// An interrupted experiment returns an *InterruptedError that says what
// was kept and how to carry on; a sweep returns beside it the points it
// finished, to be shown.
func (r *Runner) Run(ctx context.Context, spec Spec, out string) (*Result, error) {
	if err := spec.Check(); err != nil {
		return nil, err
	}
	if out != "" && spec.Shard == "" { // a shard locks its part (runSession)
		unlock, err := lockOut(out)
		if err != nil {
			return nil, err
		}
		defer unlock()
	}
	switch spec.Kind {
	case Run, Compare:
		if len(spec.Variants) > 0 {
			return r.runVariants(ctx, &spec, out)
		}
		return r.runSession(ctx, &spec, out, false)
	case Tune:
		return r.runTune(ctx, &spec, out)
	case Sweep:
		return r.runSweep(ctx, &spec, out, "")
	case Tournament:
		return r.runTournament(ctx, &spec, out)
	case Skill:
		return r.runSkill(ctx, &spec, out)
	case Analyze, Solve:
		return r.runAnalysis(ctx, &spec, out)
	case Report:
		return r.runReport(ctx, &spec, out)
	}
	panic(fmt.Sprintf("experiment: kind %q passed Check", spec.Kind))
}
