package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// FirstLook is the deals of the first look of a sequential plan (a
// comparison of variants to a precision, a tune), the looks doubling from
// there to the budget.
const FirstLook = 1000

// groupsOf returns the variants a comparison plays, the baseline among
// them: the rules as written first unless a variant is named the
// baseline, then every variant in the order given.
func (s *Spec) groupsOf() (variants []Variant, base int) {
	if s.Baseline == "" || s.Baseline == AsWritten {
		return append([]Variant{{}}, s.Variants...), 0
	}
	for i, v := range s.Variants {
		if v.Label() == s.Baseline {
			base = i
		}
	}
	return slices.Clone(s.Variants), base
}

// armRun is the progress of arms played to a budget, kept in a
// checkpoint: where it is written, how often, and the wall time so far.
type armRun struct {
	spec        *Spec
	fingerprint string
	total       int64 // the budget, which the parts' fingerprints cover
	started     time.Time
	before      float64 // wall seconds of the runs resumed
	saved       time.Time
	race        *stat.Race
}

// wall returns the wall seconds of the experiment so far.
func (p *armRun) wall() float64 { return p.before + time.Since(p.started).Seconds() }

// prepare checks where the arms' checkpoint and outputs go, before any
// deal is played, locks the checkpoint, and carries the arms on from it
// when resuming; it returns the unlock and the race state the checkpoint
// holds, if any.
func (r *Runner) prepareArms(a *armSet, p *armRun, out string) (unlock func(), race *stat.RaceState, err error) {
	spec := p.spec
	unlock = func() {}
	if spec.Checkpoint != "" {
		pl := checkpointPlace{flag: "--checkpoint", resume: spec.Resume, overwrite: spec.OverwriteCheckpoint, out: out}
		if err := checkCheckpoint(spec.Checkpoint, pl); err != nil {
			return nil, nil, err
		}
	}
	if out != "" {
		if err := reports.CheckDir(out); err != nil {
			return nil, nil, err
		}
	}
	if spec.Checkpoint == "" {
		return unlock, nil, nil
	}
	if err := reports.CheckFileDir(filepath.Dir(spec.Checkpoint)); err != nil {
		return nil, nil, fmt.Errorf("--checkpoint: %w", err)
	}
	pl := checkpointPlace{flag: "--checkpoint", resume: spec.Resume, overwrite: spec.OverwriteCheckpoint}
	if unlock, err = lockCheckpoint(spec.Checkpoint, pl); err != nil {
		return nil, nil, err
	}
	if spec.Resume {
		before, st, err := a.load(spec.Checkpoint, p.fingerprint, p.total)
		if err != nil {
			unlock()
			if errors.Is(err, errForeignArms) {
				return nil, nil, fmt.Errorf("--resume: %s was %w", spec.Checkpoint, err)
			}
			return nil, nil, fmt.Errorf("--resume: %s: %w", spec.Checkpoint, err)
		}
		p.before, race = before, st
	}
	a.after = func() error {
		if time.Since(p.saved) < time.Duration(spec.CheckpointEvery) {
			return nil
		}
		return p.save(a)
	}
	return unlock, race, nil
}

// save writes the arms' checkpoint, if the run keeps one.
func (p *armRun) save(a *armSet) error {
	if p.spec.Checkpoint == "" {
		return nil
	}
	p.saved = time.Now()
	if err := a.save(p.spec.Checkpoint, p.fingerprint, p.total, p.wall(), p.spec.Confidence, p.race); err != nil {
		return fmt.Errorf("--checkpoint: %w", err)
	}
	return nil
}

// interrupted ends arms played until err, an interruption or a failure:
// an interruption keeps every whole batch played in the checkpoint, if
// there is one, and says how to carry on.
func (p *armRun) interrupted(a *armSet, err error) error {
	if !errors.Is(err, context.Canceled) {
		return err
	}
	ie := &InterruptedError{Done: DealsDone(a.next, p.total, p.spec.Precision > 0 || p.spec.Kind == Tune), Kept: "nothing", Resume: KeepWithCheckpoint("FILE")}
	if p.spec.Checkpoint == "" {
		return ie
	}
	if serr := p.save(a); serr != nil {
		return fmt.Errorf("%w, and the checkpoint could not be written: %w", ie, serr)
	}
	ie.Kept = fmt.Sprintf("the %s deals of the whole batches played, in checkpoint %s", grouped(a.next), p.spec.Checkpoint)
	ie.Resume = "run the same command with --resume to carry on"
	return ie
}

// variantArms returns the arms of a comparison of variants and its
// figures, every variant's rules and the lineup checked.
func (r *Runner) variantArms(spec *Spec) (*armSet, error) {
	variants, base := spec.groupsOf()
	bg, err := r.Game(spec.Game, variants[base].over(spec.Rules))
	if err != nil {
		if base > 0 || spec.Baseline != "" {
			return nil, fmt.Errorf("variant %s: %w", variants[base].Label(), err)
		}
		return nil, err
	}
	names := spec.Figures
	if len(names) == 0 && len(spec.Strategies) == 1 && bg.Seats() > 1 {
		names = selfPlayFigures(bg)
	}
	if spec.Precision > 0 && len(names) > 0 && !slices.Contains(names, spec.target()) {
		names = append(slices.Clone(names), spec.target())
	}
	figs, err := figures(bg, names, spec.Margins, spec.References)
	if err != nil {
		return nil, err
	}
	return r.newArmSet(spec, variants, figs, base)
}

// checkVariantArms reports the first thing wrong with a comparison of
// variants without playing a deal.
func (r *Runner) checkVariantArms(spec *Spec) error {
	_, err := r.variantArms(spec)
	return err
}

// runVariants plays a comparison of rule variants: every variant (the
// rules as written among them unless a variant is the baseline) with
// every strategy, on the same deals, to a fixed number of deals or by a
// sequential plan to a precision; and sets each against the baseline,
// strategy by strategy, with a verdict on each figure. The summary is the
// baseline's, holding the variants (sim.Variants).
func (r *Runner) runVariants(ctx context.Context, spec *Spec, out string) (*Result, error) {
	a, err := r.variantArms(spec)
	if err != nil {
		return nil, err
	}
	figs := a.figs
	budget := r.scaled(spec.Games)
	looks := []int64{budget}
	aim := -1 // the figure a precision aims at
	if spec.Precision > 0 {
		budget = r.scaled(spec.MaxGames)
		looks = stat.DoublingLooks(min(FirstLook, budget), budget)
		aim = slices.IndexFunc(figs, func(f armFigure) bool { return f.Name == spec.target() })
	}
	plan, err := stat.NewPlan(looks, 1-spec.Confidence, nil)
	if err != nil {
		return nil, err
	}
	p := &armRun{spec: spec, fingerprint: armsFingerprint(spec, budget), total: budget, started: time.Now()}
	p.saved = p.started
	unlock, _, err := r.prepareArms(a, p, out)
	if err != nil {
		return nil, err
	}
	defer unlock()

	m := r.meter()
	defer m.Finish()
	m.Plan(int64(len(a.groups)) * (budget - a.next))
	end := a.startCount(a.progressLabel(spec.Game), int64(len(a.groups))*(budget-a.next))
	var k int
	var stopped string
	for k = 0; k < plan.Looks(); k++ {
		if plan.Deals(k) < a.next {
			continue // a look taken before the checkpoint, whose verdicts did not stop the run
		}
		if err := a.advance(ctx, plan.Deals(k), nil, nil); err != nil {
			end()
			return nil, p.interrupted(a, err)
		}
		if aim < 0 {
			continue
		}
		if done, why := a.aimed(plan, k, aim, spec.Precision); done {
			stopped = why
			break
		}
	}
	end()
	m.Finish()
	if k == plan.Looks() {
		k--
		if aim >= 0 {
			stopped = fmt.Sprintf("--max-games %s reached before every verdict on %s was final", grouped(budget), figs[aim].Name)
		}
	}
	if err := p.save(a); err != nil {
		return nil, err
	}
	sum := r.variantsSummary(spec, a, plan, k, p.wall(), stopped)
	result := &Result{Spec: *spec, Summary: &sum, kept: kept{checkpoint: spec.Checkpoint}}
	if out != "" {
		if _, err := reports.WriteDir(out, &sum); err != nil {
			return nil, fmt.Errorf("--out %q: %w", out, err)
		}
		result.kept.out = out
	}
	return result, nil
}

// aimed reports whether every variant's difference on figure aim is final
// at look k (decided, or equivalent within its margin) or its interval at
// most precision wide on either side, and says so.
func (a *armSet) aimed(plan *stat.Plan, k, aim int, precision float64) (bool, string) {
	f := &a.figs[aim]
	widest := 0.0
	final := true
	for g := range a.groups {
		if g == a.base {
			continue
		}
		for e := range a.entries {
			est, _ := a.effect(g, e, aim)
			v := plan.Judge(k, f.Margin, est)
			widest = math.Max(widest, math.Max(v.Effect-v.Low, v.High-v.Effect))
			final = final && v.Final() && v.Outcome != stat.OutOfBudget
		}
	}
	switch {
	case final:
		return true, fmt.Sprintf("every verdict on %s final after %s deals", f.Name, grouped(plan.Deals(k)))
	case widest <= precision:
		return true, fmt.Sprintf("precision %g on %s reached after %s deals (widest half-width %.6g)", precision, f.Name, grouped(plan.Deals(k)), widest)
	}
	return false, ""
}

// variantsSummary returns the baseline's summary holding every other
// variant's figures and differences, judged at look k of plan.
func (r *Runner) variantsSummary(spec *Spec, a *armSet, plan *stat.Plan, k int, wall float64, stopped string) sim.Summary {
	dealScale := 0.0
	if r.DealScale > 0 && r.DealScale < 1 {
		dealScale = r.DealScale
	}
	top := a.summary(a.base, spec.Confidence, wall, dealScale, stopped)
	bgrp := a.groups[a.base]
	vs := &sim.Variants{Baseline: bgrp.label, BaselineChanges: changesOf(bgrp), GameTitle: spec.Game}
	if def, err := r.Games.Lookup(spec.Game); err == nil && def.Title != "" {
		vs.GameTitle = def.Title
	}
	// Of the figures compared by default (score and win), one that is the
	// same on every deal of each arm says nothing of the rules (Nora's win
	// rate of 0, the win rate of self-play, the fair share by
	// construction): it is left out.
	keep := make([]bool, len(a.figs))
	for f := range a.figs {
		keep[f] = len(spec.Figures) > 0 || !a.constant(f)
	}
	if !slices.Contains(keep, true) {
		keep[0] = true
	}
	for f := range a.figs {
		if keep[f] {
			vs.Figures = append(vs.Figures, a.figs[f].VariantFigure)
		}
	}
	for i := 0; i <= k; i++ {
		vs.Looks = append(vs.Looks, plan.Deals(i))
	}
	for g, grp := range a.groups {
		if g == a.base {
			continue
		}
		arm := sim.VariantArm{Name: grp.label, Changes: changesOf(grp), ChangesDeal: !a.pairable(g),
			Summary: a.summary(g, spec.Confidence, wall, dealScale, stopped)}
		arm.Summary.Variants = nil
		why := ""
		if arm.ChangesDeal {
			why = ruleWords(a.changesDeal(g))
		}
		for e := range a.entries {
			for f := range a.figs {
				if !keep[f] {
					continue
				}
				fig := &a.figs[f]
				est, paired := a.effect(g, e, f)
				v := plan.Judge(k, fig.Margin, est)
				j := a.idx(g, e, f)
				d := sim.VariantDifference{Entry: e, Strategy: a.label(e), Figure: fig.Name,
					Baseline: a.acc.Own[a.idx(a.base, e, f)].Mean(), Value: a.acc.Own[j].Mean(),
					Diff: v.Effect, CILow: v.Low, CIHigh: v.High, Paired: paired, Deals: v.Deals,
					Outcome: v.Outcome.String(), Direction: v.Direction, WithinMargin: v.WithinMargin,
					Margin: fig.Margin, Nominal: v.Nominal, Looks: v.Looks}
				if v.Outcome == stat.OutOfBudget && plan.Looks() == 1 {
					d.Outcome = "undecided" // a fixed number of deals: no budget to run out of
				}
				if fig.Name == "win" && a.acc.Undecided {
					d.Outcome, d.Diff, d.CILow, d.CIHigh, d.Direction, d.WithinMargin = "unavailable", 0, 0, 0, 0, false
				}
				d.Verdict = reports.VariantVerdict(&d, &fig.VariantFigure, grp.label, bgrp.label, why, spec.Confidence)
				arm.Differences = append(arm.Differences, d)
			}
		}
		vs.Arms = append(vs.Arms, arm)
	}
	top.Variants = vs
	return top
}

// constant reports whether figure f took one value on every deal of every
// arm: a figure the rules fix and no variant changes, such as a win rate of 0, or the win rate of
// one strategy in every seat, the fair share by construction.
func (a *armSet) constant(f int) bool {
	first := math.NaN()
	for g := range a.groups {
		for e := range a.entries {
			own := &a.acc.Own[a.idx(g, e, f)]
			if own.SD() != 0 || (!math.IsNaN(first) && own.Mean() != first) {
				return false
			}
			first = own.Mean()
		}
	}
	return true
}

// changesOf returns a group's rule changes with each value as its game
// spells it, typed; nil for the rules as written.
func changesOf(grp *armGroup) map[string]sim.RuleValue {
	if len(grp.variant.Rules) == 0 {
		return nil
	}
	out := map[string]sim.RuleValue{}
	for _, kv := range grp.variant.Rules {
		k, v, _ := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		rv := sim.RuleValue{Text: strings.TrimSpace(v), Kind: "string"}
		for _, s := range grp.cfg.Game.Rules() {
			if s.Name == k {
				rv = sim.RuleValue{Text: s.Value, Kind: s.Kind}
			}
		}
		out[k] = rv
	}
	return out
}
