package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/stat"
)

// DefaultBest is how many of the best candidates a tune names unless told.
const DefaultBest = 3

// checkTune checks a tune's fields: a goal, one figure, a budget of deals,
// and nothing a race cannot do (a precision of its own, shards, records).
func (s *Spec) checkTune() error {
	if _, _, err := parseGoal(s.Goal); err != nil {
		return err
	}
	if len(s.Figures) > 1 {
		return fmt.Errorf("--figure: a tune aims at one figure, not %d", len(s.Figures))
	}
	if err := CheckGames("games", s.Games); err != nil {
		return err
	}
	switch {
	case s.Precision != 0:
		return errors.New("--precision does not go with tune: the race plays until one candidate is left, the rest are tied, or --games deals")
	case s.Shard != "":
		return errors.New("--shard does not go with tune: the race drops candidates at each look from every deal before it, in deal order, so it is played whole (--checkpoint keeps its progress)")
	case s.Records != "":
		return errors.New("--records does not go with tune: write a candidate's records with cardsim run --rule … --records FILE")
	case s.Best < 0:
		return fmt.Errorf("--best %d: want how many of the best to name, at least 1", s.Best)
	}
	if err := s.checkResume("FILE", "the checkpoint, or start afresh over it"); err != nil {
		return err
	}
	return s.checkEvery()
}

// parseGoal reads a tune's goal: "highest", "lowest", or a number to come
// nearest.
func parseGoal(s string) (stat.Goal, float64, error) {
	switch strings.TrimSpace(s) {
	case "highest":
		return stat.Highest, 0, nil
	case "lowest":
		return stat.Lowest, 0, nil
	case "":
		return 0, 0, errors.New("--goal: say what to look for: highest, lowest, or a value to come nearest, such as 0.5 for a 50% win rate")
	}
	t, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(t) || math.IsInf(t, 0) {
		return 0, 0, fmt.Errorf("--goal %q: want highest, lowest, or a number to come nearest, such as 0.5 for a 50%% win rate", s)
	}
	return stat.Nearest, t, nil
}

// goalName names a goal as a tune's outputs do.
func goalName(g stat.Goal) string {
	switch g {
	case stat.Lowest:
		return "lowest"
	case stat.Nearest:
		return "nearest"
	}
	return "highest"
}

// runTune races the candidate variants of spec (the points of its grid of
// rules, or its joint points) on common deals toward its goal with
// stat.Race: at each look, doubling from FirstLook deals to the budget,
// every candidate decided worse than the leader is dropped, and the race
// ends when one is left, those left are all within the margin of the
// leader (ties), or the budget runs out.
func (r *Runner) runTune(ctx context.Context, spec *Spec, out string) (*Result, error) {
	goal, target, _ := parseGoal(spec.Goal) // Check has read it
	a, keys, values, err := r.tuneArms(spec, -1)
	if err != nil {
		return nil, err
	}
	fig := a.figs[0]
	budget := r.scaled(spec.Games)
	looks := stat.DoublingLooks(min(FirstLook, budget), budget)
	o := stat.RaceOptions{Arms: len(a.groups), Looks: looks, Alpha: 1 - spec.Confidence, Margin: fig.Margin, Goal: goal, Target: target}
	race, err := stat.NewRace(o)
	if err != nil {
		return nil, err
	}
	p := &armRun{spec: spec, fingerprint: armsFingerprint(spec, budget), total: budget, started: time.Now(), race: race}
	p.saved = p.started
	unlock, st, err := r.prepareArms(a, p, out)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if st != nil {
		if race, err = stat.ResumeRace(o, *st); err != nil {
			return nil, fmt.Errorf("--resume: %s: %w", spec.Checkpoint, err)
		}
		p.race = race
		if race.State().Deals != a.next {
			return nil, fmt.Errorf("--resume: %s: its race holds %d deals, its parts %d", spec.Checkpoint, race.State().Deals, a.next)
		}
	}
	m := r.meter()
	defer m.Finish()
	toPlay := int64(len(a.groups)) * (budget - a.next)
	m.Plan(toPlay)
	end := a.startCount(fmt.Sprintf("%s, race of %d candidates", spec.Game, len(a.groups)), toPlay)
	figures := make([]float64, len(a.groups))
	add := func(x []float64) {
		for gi := range a.groups {
			figures[gi] = x[a.idx(gi, 0, 0)]
		}
		race.Add(figures)
	}
	res := race.State().Last
	done := st != nil && res.Outcome != stat.Undecided && st.Next > 0
	for !done {
		k := race.State().Next
		if err := a.advance(ctx, looks[k], race.Racing(), add); err != nil {
			end()
			return nil, p.interrupted(a, err)
		}
		res, done = race.Look()
	}
	end()
	m.Finish()
	if err := p.save(a); err != nil {
		return nil, err
	}
	t := &reports.Tune{Game: spec.Game, GameTitle: spec.Game, Strategy: a.label(0), Figure: fig.VariantFigure,
		Goal: goalName(goal), Keys: keys, Leader: res.Leader, Outcome: res.Outcome.String(),
		Budget: budget, Deals: res.Deals, Plays: res.Plays, Sweep: budget * int64(len(a.groups)), Confidence: spec.Confidence,
		Statements: res.Statements, Nominal: res.Nominal, Seed: spec.Seed, Best: spec.Best, WallSeconds: p.wall()}
	if def, err := r.Games.Lookup(spec.Game); err == nil && def.Title != "" {
		t.GameTitle = def.Title
	}
	if t.Best == 0 {
		t.Best = DefaultBest
	}
	if goal == stat.Nearest {
		t.Target = target
	}
	for _, rule := range spec.Rules {
		if k, _, _ := strings.Cut(rule, "="); !containsKey(keys, k) {
			t.Rules = append(t.Rules, rule)
		}
	}
	for k := 0; k < len(looks) && looks[k] <= res.Deals; k++ {
		t.Looks = append(t.Looks, looks[k])
	}
	for i, arm := range res.Arms {
		t.Candidates = append(t.Candidates, reports.TuneCandidate{Label: a.groups[i].label, Values: values[i],
			Status: arm.Status.String(), Deals: arm.Deals, Mean: finite(arm.Mean), CILow: finite(arm.Low), CIHigh: finite(arm.High),
			Gap: finite(arm.Gap), GapLow: finite(arm.GapLow), GapHigh: finite(arm.GapHigh)})
	}
	t.Sentence = reports.TuneSentence(t)
	result := &Result{Spec: *spec, Tune: t, kept: kept{checkpoint: spec.Checkpoint}}
	if out != "" {
		if _, err := reports.WriteTuneDir(out, t); err != nil {
			return nil, fmt.Errorf("--out %q: %w", out, err)
		}
		result.kept.out = out
	}
	return result, nil
}

// tuneVariants returns the candidates of a tune as variants: the points
// of its grid of rules or its joint points, each named by its values.
func (s *Spec) tuneVariants() (keys []string, values []map[string]string, variants []Variant, err error) {
	keys, _, values, err = s.points()
	if err != nil {
		return nil, nil, nil, err
	}
	if len(values) < 2 {
		return nil, nil, nil, errors.New("a tune needs at least two candidates: --rule key=v1,v2 or --point key=v,key=v, repeated")
	}
	for _, vm := range values {
		var rules []string
		for _, k := range keys {
			if v, ok := vm[k]; ok {
				rules = append(rules, k+"="+v)
			}
		}
		variants = append(variants, Variant{Name: strings.Join(rules, " "), Rules: rules})
	}
	return keys, values, variants, nil
}

// tuneArms returns the arms of a tune, its candidates with its one
// figure, every candidate's rules and the lineup checked, and none the
// same rules as another; base is the group differences are taken from
// (−1 for none, as in the race).
func (r *Runner) tuneArms(spec *Spec, base int) (a *armSet, keys []string, values []map[string]string, err error) {
	goal, target, err := parseGoal(spec.Goal)
	if err != nil {
		return nil, nil, nil, err
	}
	keys, values, variants, err := spec.tuneVariants()
	if err != nil {
		return nil, nil, nil, err
	}
	if n := len(variants) * max(len(spec.Strategies), 1); n > MaxArms {
		return nil, nil, nil, fmt.Errorf("%d candidates × %d strategies: a tune races at most %d arms (each deal costs the square of their number): narrow the values, or sweep them", len(variants), max(len(spec.Strategies), 1), MaxArms)
	}
	g, err := r.Game(spec.Game, variants[0].over(spec.Rules))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("candidate %s: %w", variants[0].Label(), err)
	}
	names := spec.Figures
	if len(names) == 0 {
		names = []string{DefaultTarget}
	}
	figs, err := figures(g, names, spec.Margins, spec.References)
	if err != nil {
		return nil, nil, nil, err
	}
	if goal == stat.Nearest && figs[0].Rate && (target < 0 || target > 1) {
		return nil, nil, nil, fmt.Errorf("--goal %g: the %s is a share from 0 to 1 (0.5 is 50%%)", target, figs[0].Name)
	}
	if a, err = r.newArmSet(spec, variants, figs, base); err != nil {
		return nil, nil, nil, err
	}
	for i, grp := range a.groups {
		for j := range i {
			if sameRules(a.groups[j], grp) {
				return nil, nil, nil, fmt.Errorf("candidates %s and %s are the same rules: give each value once", a.groups[j].label, grp.label)
			}
		}
	}
	return a, keys, values, nil
}

// sameRules reports whether two groups play under the same rules.
func sameRules(a, b *armGroup) bool {
	ra, rb := a.cfg.Game.Rules(), b.cfg.Game.Rules()
	if len(ra) != len(rb) {
		return false
	}
	for i := range ra {
		if ra[i].Name != rb[i].Name || ra[i].Value != rb[i].Value {
			return false
		}
	}
	return true
}

// containsKey reports whether keys holds k, spaces around it aside.
func containsKey(keys []string, k string) bool {
	k = strings.TrimSpace(k)
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// finite returns x, or the largest float64 of its sign where x is
// infinite (an interval a look could not bound), for JSON.
func finite(x float64) float64 {
	switch {
	case math.IsInf(x, 1):
		return math.MaxFloat64
	case math.IsInf(x, -1):
		return -math.MaxFloat64
	case math.IsNaN(x):
		return 0
	}
	return x
}
