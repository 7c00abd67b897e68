package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/stat"
)

// PilotDeals is the deals a pilot plays (every arm each).
const PilotDeals = 2000

// Pilot plays a short pilot of a comparison of variants or a tune, the
// arms side by side on PilotDeals deals (at most the experiment's), and
// estimates from the spread of the paired differences it saw how many
// deals, and how long, the experiment needs: for a comparison, for every
// variant's difference on the main figure to be measured to ± the
// precision (or half the margin, enough to show a null effect
// equivalent), and to decide the difference seen; for a tune, for every
// candidate to be told from the leader, and the games the race would play.
// It writes nothing and keeps no checkpoint.
func (r *Runner) Pilot(ctx context.Context, spec Spec) (*reports.Pilot, error) {
	spec.Checkpoint, spec.Resume, spec.OverwriteCheckpoint = "", false, false
	if err := spec.Check(); err != nil {
		return nil, err
	}
	var (
		variants []Variant
		base     int
		figNames = spec.Figures
		budget   = r.scaled(spec.Games)
		g        = spec.Game
		err      error
	)
	switch {
	case spec.Kind == Tune:
		if _, _, variants, err = spec.tuneVariants(); err != nil {
			return nil, err
		}
		if len(figNames) == 0 {
			figNames = []string{DefaultTarget}
		}
	case len(spec.Variants) > 0:
		variants, base = spec.groupsOf()
		if spec.Precision > 0 {
			budget = r.scaled(spec.MaxGames)
			if !slices.Contains(figNames, spec.target()) {
				figNames = append([]string{spec.target()}, figNames...)
			}
		}
	default:
		return nil, errors.New("--pilot goes with rule variants (compare --variant) and with tune")
	}
	game, err := r.Game(g, variants[base].over(spec.Rules))
	if err != nil {
		return nil, err
	}
	figs, err := figures(game, figNames, spec.Margins, spec.References)
	if err != nil {
		return nil, err
	}
	aim := 0
	if spec.Kind != Tune && spec.Precision > 0 {
		aim = slices.IndexFunc(figs, func(f armFigure) bool { return f.Name == spec.target() })
	}
	a, err := r.newArmSet(&spec, variants, figs, base)
	if err != nil {
		return nil, err
	}
	n := min(r.scaled(PilotDeals), budget)
	per := make([][]float64, len(a.groups)*a.entries)
	collect := func(x []float64) {
		for gi := range a.groups {
			for e := range a.entries {
				per[gi*a.entries+e] = append(per[gi*a.entries+e], x[a.idx(gi, e, aim)])
			}
		}
	}
	m := r.meter()
	defer m.Finish()
	m.Plan(int64(len(a.groups)) * n)
	end := a.startCount(spec.Game+", pilot", int64(len(a.groups))*n)
	start := time.Now()
	err = a.advance(ctx, n, nil, collect)
	end()
	m.Finish()
	if err != nil {
		return nil, err
	}
	wall := time.Since(start).Seconds()
	f := &figs[aim]
	p := &reports.Pilot{Game: spec.Game, Kind: string(spec.Kind), Figure: f.VariantFigure, Deals: n, Arms: len(a.groups) * a.entries,
		WallSeconds: wall, Workers: r.workers(), Budget: budget, Confidence: spec.Confidence}
	if def, err := r.Games.Lookup(spec.Game); err == nil {
		p.GameTitle = def.Title
	}
	perDeal := wall / float64(n) // seconds a deal of every arm
	z := normalQuantile(1 - (1-spec.Confidence)/2)
	if spec.Kind == Tune {
		goal, target, _ := parseGoal(spec.Goal)
		stmts := len(a.groups) - 1
		if goal == stat.Nearest {
			stmts = 2*len(a.groups) - 1
		}
		z = normalQuantile(1 - (1-spec.Confidence)/float64(2*max(stmts, 1)))
		score := func(x float64) float64 {
			switch goal {
			case stat.Lowest:
				return -x
			case stat.Nearest:
				return -math.Abs(x - target)
			}
			return x
		}
		lead := 0
		for i := range a.groups {
			if score(mean(per[i*a.entries])) > score(mean(per[lead*a.entries])) {
				lead = i
			}
		}
		var plays float64
		for i, grp := range a.groups {
			line := reports.PilotLine{What: grp.label, Effect: mean(per[i*a.entries])}
			if i == lead {
				line.Note = "the pilot's leader"
				p.Lines = append(p.Lines, line)
				continue
			}
			gap := score(mean(per[lead*a.entries])) - score(line.Effect)
			sd := diffSD(per[i*a.entries], per[lead*a.entries])
			line.SD = sd
			if gap > 0 && sd > 0 {
				line.DealsToDecide = int64(math.Ceil(math.Pow(z*sd/gap, 2)))
			} else if gap > 0 {
				line.DealsToDecide = n
			}
			if line.DealsToDecide == 0 || line.DealsToDecide > budget {
				line.Note = "not told apart from the leader within the budget, at the gap the pilot saw"
				plays += float64(budget)
			} else {
				plays += float64(max(line.DealsToDecide, min(FirstLook, budget)))
			}
			p.Lines = append(p.Lines, line)
		}
		lastDrop := int64(0)
		for _, l := range p.Lines {
			lastDrop = max(lastDrop, min(max(l.DealsToDecide, min(FirstLook, budget)), budget))
			if l.DealsToDecide == 0 && l.Note != "the pilot's leader" {
				lastDrop = budget
			}
		}
		plays += float64(lastDrop)
		p.Plays = int64(plays)
		p.Seconds = plays * perDeal / float64(len(a.groups))
		p.Sentence = fmt.Sprintf("The race would play about %s games (%d candidates, up to %s deals each), about %s at the pilot's %s games a second, if the gaps are what the pilot saw; a sweep of every candidate at %s deals would play %s.",
			grouped(p.Plays), len(a.groups), grouped(budget), duration(p.Seconds), grouped(int64(float64(len(a.groups))/perDeal)), grouped(budget), grouped(budget*int64(len(a.groups))))
		return p, nil
	}
	h := spec.Precision
	why := fmt.Sprintf("to ±%s (--precision)", reportsSize(f, h))
	if h == 0 {
		h = f.Margin / 2
		why = fmt.Sprintf("to ±%s, half the margin of %s", reportsSize(f, h), reportsSize(f, f.Margin))
	}
	p.HalfWidth = h
	var most int64
	for gi, grp := range a.groups {
		if gi == base {
			continue
		}
		for e := range a.entries {
			x, b := per[gi*a.entries+e], per[base*a.entries+e]
			sd := diffSD(x, b)
			if !a.pairable(gi) {
				sd = math.Hypot(sdOf(x), sdOf(b))
			}
			line := reports.PilotLine{What: grp.label + ", " + a.label(e), Effect: mean(x) - mean(b), SD: sd, Paired: a.pairable(gi)}
			if h > 0 {
				line.DealsForPrecision = int64(math.Ceil(math.Pow(z*sd/h, 2)))
			}
			if d := math.Abs(line.Effect); d > 0 && sd > 0 {
				line.DealsToDecide = int64(math.Ceil(math.Pow(z*sd/d, 2)))
			}
			most = max(most, line.DealsForPrecision)
			p.Lines = append(p.Lines, line)
		}
	}
	p.Plays = most * int64(len(a.groups))
	p.Seconds = float64(most) * perDeal
	p.Sentence = fmt.Sprintf("To measure every variant's difference in %s %s at %s needs about %s deals (every arm each), about %s at the pilot's speed; the pilot's differences would be decided after the deals in the last column, if they are what the pilot saw.",
		f.Name, why, levelText(spec.Confidence), grouped(most), duration(p.Seconds))
	return p, nil
}

// mean returns the mean of xs.
func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// sdOf returns the sample standard deviation of xs.
func sdOf(xs []float64) float64 {
	var m stat.Moments
	for _, x := range xs {
		m.Add(x)
	}
	return m.SD()
}

// diffSD returns the standard deviation of the differences x − y, deal by
// deal.
func diffSD(x, y []float64) float64 {
	var m stat.Moments
	for i := range x {
		m.Add(x[i] - y[i])
	}
	return m.SD()
}

// normalQuantile returns the standard normal quantile of p.
func normalQuantile(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// duration writes seconds for a person: "40 s", "12 min", "3.5 h".
func duration(s float64) string {
	switch {
	case s < 90:
		return fmt.Sprintf("%.0f s", math.Max(s, 1))
	case s < 90*60:
		return fmt.Sprintf("%.0f min", s/60)
	}
	return fmt.Sprintf("%.1f h", s/3600)
}

// reportsSize writes a size of a figure's difference.
func reportsSize(f *armFigure, d float64) string {
	if f.Rate {
		return fmt.Sprintf("%.2g pp", 100*d)
	}
	return fmt.Sprintf("%.3g", d)
}

// levelText writes a confidence level as a percentage.
func levelText(c float64) string { return fmt.Sprintf("%g%%", 100*c) }
