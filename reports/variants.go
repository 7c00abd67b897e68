package reports

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/cardsim/cardsim/sim"
)

// figureWhat names a figure for a sentence: "mean score", "win rate", or
// the metric's usage per game.
func figureWhat(f *sim.VariantFigure) string {
	switch f.Name {
	case "score":
		return "mean score"
	case "win":
		return "win rate"
	}
	if f.Rate {
		return f.Description
	}
	return strings.TrimSuffix(f.Description, " (per game)") + ", per game"
}

// figureValue writes a value of a figure: a rate in %, a score to two
// decimals, a metric to three.
func figureValue(f *sim.VariantFigure, v float64) string {
	switch {
	case math.IsInf(v, 0) || math.IsNaN(v):
		return "—"
	case f.Rate:
		return pct(v)
	case f.Name == "score":
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.3f", v)
}

// figureDiff writes a difference of a figure, signed: in percentage points
// for a rate, in points for the score (figureBound with its unit).
func figureDiff(f *sim.VariantFigure, d float64) string {
	b := figureBound(f, d)
	switch {
	case math.IsInf(d, 0):
		return b
	case f.Rate:
		return b + " pp"
	case f.Name == "score":
		return b + " points"
	}
	return b
}

// figureBound writes an end of an interval of a difference, signed,
// without its unit.
func figureBound(f *sim.VariantFigure, d float64) string {
	switch {
	case math.IsInf(d, 1):
		return "+∞"
	case math.IsInf(d, -1):
		return "−∞"
	case f.Rate:
		return PP(d)
	case f.Name == "score":
		return fmt.Sprintf("%+.2f", d)
	}
	return fmt.Sprintf("%+.3f", d)
}

// figureSize writes a size of a difference (a margin): "1 pp", "5.4
// points".
func figureSize(f *sim.VariantFigure, d float64) string {
	switch {
	case f.Rate:
		return strings.TrimPrefix(PP(d), "+") + " pp"
	case f.Name == "score":
		return fmt.Sprintf("%.2f points", d)
	}
	return fmt.Sprintf("%.3f", d)
}

// baselineWords names a comparison's baseline in a sentence.
func baselineWords(baseline string) string {
	if baseline == sim.AsWritten {
		return "the rules as written"
	}
	return baseline
}

// VariantVerdict says in one sentence, in the report's words, what a
// variant does to a strategy's figure against the baseline: the two
// figures, the difference with its interval, how it was measured (paired
// on the same deals, or unpaired where the variant deals other cards:
// dealRules names the rules that do), and the verdict: decided,
// equivalent within the margin δ, undecided, or out of budget.
func VariantVerdict(d *sim.VariantDifference, f *sim.VariantFigure, variant, baseline, dealRules string, confidence float64) string {
	what := figureWhat(f)
	whose := d.Strategy + "'s " + what
	if d.Outcome == "unavailable" {
		return fmt.Sprintf("%s: %s cannot be compared deal by deal, as a solver left games undecided.", variant, whose)
	}
	how := fmt.Sprintf("paired on the same %s deals", grouped(d.Deals))
	if !d.Paired {
		why := dealRules + " deals other cards"
		if dealRules == "" {
			why = "the variant deals other cards (the deals' fingerprints differ)"
		}
		how = fmt.Sprintf("unpaired, as %s: two independent samples of %s deals", why, grouped(d.Deals))
	}
	if d.Nominal > 0 && math.Abs(d.Nominal-confidence) > 1e-9 {
		how += fmt.Sprintf(", a %s interval at look %d of a sequential plan (%s over all its looks)", levelText(d.Nominal), d.Looks, levelText(confidence))
	}
	figs := fmt.Sprintf("from %s under %s to %s", figureValue(f, d.Baseline), baselineWords(baseline), figureValue(f, d.Value))
	iv := fmt.Sprintf("%s (%s to %s)", figureDiff(f, d.Diff), figureBound(f, d.CILow), figureBound(f, d.CIHigh))
	margin := ""
	if d.Margin > 0 {
		margin = figureSize(f, d.Margin)
	}
	switch d.Outcome {
	case "decided":
		verb := "raises"
		if d.Direction < 0 {
			verb = "lowers"
		}
		if d.WithinMargin {
			return fmt.Sprintf("%s %s %s %s: %s, %s; decided, but smaller than the margin of %s.", variant, verb, whose, figs, iv, how, margin)
		}
		return fmt.Sprintf("%s %s %s %s: %s, %s; decided.", variant, verb, whose, figs, iv, how)
	case "equivalent":
		return fmt.Sprintf("%s changes %s by less than %s (%s): %s, %s; equivalent within ±%s.", variant, whose, margin, figs, iv, how, margin)
	}
	rest := "the interval holds zero"
	if margin != "" {
		rest += " and reaches beyond ±" + margin
	}
	state := "undecided: " + rest + "; more deals would tell"
	if d.Outcome == "out of budget" {
		state = "out of budget at " + grouped(d.Deals) + " deals: " + rest
	}
	return fmt.Sprintf("%s moves %s %s: %s, %s; %s.", variant, whose, figs, iv, how, state)
}

// levelText writes a confidence level as a percentage, with the digits
// that tell it from 100%: "95%", "99.2%", "99.9988%".
func levelText(c float64) string {
	digits := 2
	for digits < 8 && math.Round(100*c*math.Pow(10, float64(digits))) >= 100*math.Pow(10, float64(digits)) {
		digits++
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.*f", digits, 100*c), "0"), ".") + "%"
}

// grouped writes n with commas between groups of three digits.
func grouped(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// variantFigure returns the figure named name of an entry of a summary,
// with its interval.
func variantFigure(s *sim.Summary, e int, f *sim.VariantFigure) (v, lo, hi float64) {
	if e >= len(s.Entries) {
		return math.NaN(), math.NaN(), math.NaN()
	}
	en := &s.Entries[e]
	switch f.Name {
	case "score":
		return en.Score.Mean, en.Score.CILow, en.Score.CIHigh
	case "win":
		return en.Win.Rate, en.Win.CILow, en.Win.CIHigh
	}
	m := en.Metrics[f.Name]
	return m.Mean, m.CILow, m.CIHigh
}

// variantArms returns the arms of a comparison of variants in order: the
// baseline first, then the others, each with its summary.
func variantArms(s *sim.Summary) (names []string, sums []*sim.Summary) {
	vs := s.Variants
	names, sums = []string{vs.Baseline}, []*sim.Summary{s}
	for i := range vs.Arms {
		names = append(names, vs.Arms[i].Name)
		sums = append(sums, &vs.Arms[i].Summary)
	}
	return names, sums
}

// WriteVariantsTable writes a comparison of rule variants for a terminal:
// every arm's figures with their intervals, then every variant's
// difference from the baseline with its interval and verdict, then the
// verdicts in words.
func WriteVariantsTable(w io.Writer, s *sim.Summary) error {
	vs := s.Variants
	m := &s.Manifest
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s, %s deals, seed %d, %s; baseline: %s\n", vs.GameTitle, grouped(m.Games), m.Seed, strategyList(m), baselineWords(vs.Baseline))
	if m.Stopped != "" {
		fmt.Fprintf(tw, "stopped: %s\n", m.Stopped)
	}
	pct := m.Confidence * 100
	names, sums := variantArms(s)
	ents := entries(s)
	fmt.Fprint(tw, "variant\tstrategy")
	for _, f := range vs.Figures {
		fmt.Fprintf(tw, "\t%s\t%g%% interval", figureWhat(&f), pct)
	}
	fmt.Fprintln(tw)
	for i, name := range names {
		for e, en := range ents {
			fmt.Fprintf(tw, "%s\t%s", name, en.name)
			for _, f := range vs.Figures {
				v, lo, hi := variantFigure(sums[i], e, &f)
				fmt.Fprintf(tw, "\t%s\t%s … %s", figureValue(&f, v), figureValue(&f, lo), figureValue(&f, hi))
			}
			fmt.Fprintln(tw)
		}
	}
	fmt.Fprintf(tw, "\ndifference from %s\tstrategy\tfigure\tdifference\tinterval\tpaired\tverdict\n", baselineWords(vs.Baseline))
	for _, a := range vs.Arms {
		for _, d := range a.Differences {
			f := figureNamed(vs, d.Figure)
			paired := "yes"
			if !d.Paired {
				paired = "no (deals differ)"
			}
			verdict := d.Outcome
			switch {
			case d.Outcome == "decided" && d.Direction > 0:
				verdict = "decided: higher"
			case d.Outcome == "decided":
				verdict = "decided: lower"
			case d.Outcome == "equivalent":
				verdict = "equivalent within ±" + figureSize(f, d.Margin)
			}
			if d.WithinMargin {
				verdict += ", within ±" + figureSize(f, d.Margin)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s … %s\t%s\t%s\n", a.Name, d.Strategy, figureWhat(f),
				figureDiff(f, d.Diff), figureBound(f, d.CILow), figureBound(f, d.CIHigh), paired, verdict)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, a := range vs.Arms {
		for _, d := range a.Differences {
			if _, err := fmt.Fprintln(w, "- "+d.Verdict); err != nil {
				return err
			}
		}
	}
	return nil
}

// figureNamed returns the figure of a comparison named name.
func figureNamed(vs *sim.Variants, name string) *sim.VariantFigure {
	for i := range vs.Figures {
		if vs.Figures[i].Name == name {
			return &vs.Figures[i]
		}
	}
	return &sim.VariantFigure{Name: name, Description: name}
}

// VariantColumns are the columns of variants.csv, before the schema
// version: a row per variant (the baseline's first), strategy and figure,
// with the figure and its interval, and for every variant but the
// baseline its difference from the baseline with its interval, whether
// it is paired, the verdict and its margin.
var VariantColumns = []string{"variant", "baseline", "changes", "strategy", "figure", "games", "value", "ci_low", "ci_high",
	"diff", "diff_ci_low", "diff_ci_high", "paired", "outcome", "margin", "nominal_confidence", "verdict"}

// WriteVariantsCSV writes a comparison of rule variants as tidy rows
// under VariantColumns.
func WriteVariantsCSV(w io.Writer, s *sim.Summary) error {
	vs := s.Variants
	c := newCSVWriter(w)
	c.Write(VariantColumns)
	names, sums := variantArms(s)
	ents := entries(s)
	changes := []string{ruleList(vs.BaselineChanges, ";")}
	for _, a := range vs.Arms {
		changes = append(changes, ruleList(a.Changes, ";"))
	}
	for i, name := range names {
		for e, en := range ents {
			for _, f := range vs.Figures {
				v, lo, hi := variantFigure(sums[i], e, &f)
				row := []string{name, fmt.Sprint(i == 0), changes[i], en.name, f.Name, itoa(sums[i].Manifest.Games), ftoa(v), ftoa(lo), ftoa(hi)}
				if i == 0 {
					row = append(row, "", "", "", "", "", ftoa(f.Margin), "", "")
				} else {
					d := difference(&vs.Arms[i-1], e, f.Name)
					row = append(row, ftoa(d.Diff), ftoa(d.CILow), ftoa(d.CIHigh), fmt.Sprint(d.Paired), d.Outcome, ftoa(d.Margin), ftoa(d.Nominal), d.Verdict)
				}
				c.Write(row)
			}
		}
	}
	c.Flush()
	return c.Error()
}

// difference returns an arm's difference for entry e on the named figure.
func difference(a *sim.VariantArm, e int, fig string) *sim.VariantDifference {
	for i := range a.Differences {
		if d := &a.Differences[i]; d.Entry == e && d.Figure == fig {
			return d
		}
	}
	return &sim.VariantDifference{Diff: math.NaN(), CILow: math.NaN(), CIHigh: math.NaN(), Nominal: math.NaN()}
}

// VariantCharts draws, for each figure compared (and each strategy, when
// several were), one bar per variant with its interval, the baseline's
// first, rates in %, and the figure's reference as a line where one was
// given: titled with the game's name, its axis labelled with the figure.
func VariantCharts(s *sim.Summary) ([]Chart, error) {
	vs := s.Variants
	names, sums := variantArms(s)
	ents := entries(s)
	var out []Chart
	for _, f := range vs.Figures {
		for e, en := range ents {
			scale := 1.0
			if f.Rate {
				scale = 100
			}
			p := plot.New()
			who := en.name
			p.Title.Text = fmt.Sprintf("%s: %s under each variant\n%s · %s deals · seed %d", vs.GameTitle, figureWhat(&f), who, grouped(s.Manifest.Games), s.Manifest.Seed)
			label := f.Description
			if f.Rate {
				label += " (%)"
			}
			p.Y.Label.Text = label
			vals := make(plotter.Values, len(names))
			labels := make([]string, len(names))
			eb := errorBars{XYs: make(plotter.XYs, len(names)), YErrors: make(plotter.YErrors, len(names))}
			for i, name := range names {
				v, lo, hi := variantFigure(sums[i], e, &f)
				v, lo, hi = v*scale, lo*scale, hi*scale
				vals[i], labels[i] = v, name
				changes := vs.BaselineChanges
				if i > 0 {
					changes = vs.Arms[i-1].Changes
				}
				if rl := ruleList(changes, " "); rl != "" && rl != name {
					labels[i] += "\n" + rl
				}
				if i == 0 {
					labels[i] += "\n(baseline)"
				}
				eb.XYs[i] = plotter.XY{X: float64(i), Y: v}
				eb.YErrors[i] = struct{ Low, High float64 }{v - lo, hi - v}
			}
			addIntervalKey(p, s.Manifest.Confidence)
			name := "variants_" + snake(f.Name)
			if len(ents) > 1 {
				name += "_" + snake(en.name)
			}
			c, err := barChart(p, vals, labels, eb, name, "variant")
			if err != nil {
				return nil, err
			}
			if f.Reference != nil {
				addRefLine(p, *f.Reference*scale, false, "reference "+figureValue(&f, *f.Reference))
			}
			out = append(out, c)
		}
	}
	return out, nil
}
