package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// variantFlags are the flags that compare rule variants (compare) and
// say what they are compared on (compare, tune).
type variantFlags struct {
	variants []string // --variant, as given
}

// addVariantFlags declares --variant and --baseline into spec.
func (vf *variantFlags) addVariantFlags(cmd *cobra.Command, spec *experiment.Spec) {
	fl := cmd.Flags()
	fl.StringArrayVar(&vf.variants, "variant", nil, "compare the rule variant `[name:]key=value,key=value` (repeatable): every variant with every strategy, on the same deals")
	fl.StringVar(&spec.Baseline, "baseline", "", "the variant every other is set against, by `name` (default: the rules as written, given by --rule)")
}

// addFigureFlags declares --figure, --margin and --reference into spec;
// what names the figure list's use.
func addFigureFlags(cmd *cobra.Command, spec *experiment.Spec, figure string) {
	fl := cmd.Flags()
	fl.StringSliceVar(&spec.Figures, "figure", nil, figure)
	fl.StringArrayVar(&spec.Margins, "margin", nil, "margin of practical equivalence `[figure=]delta`: differences within ±delta are no change that matters (repeatable; default 0.01 for a rate, 1% of the score range for the score, none for another metric)")
	fl.StringArrayVar(&spec.References, "reference", nil, "draw a reference line at `[figure=]value` on the figure's chart, such as 0.5 for a 50% win rate (repeatable)")
}

// apply parses the variants given into spec.
func (vf *variantFlags) apply(spec *experiment.Spec) error {
	for _, s := range vf.variants {
		v, err := experiment.ParseVariant(s)
		if err != nil {
			return err
		}
		spec.Variants = append(spec.Variants, v)
	}
	return nil
}

// variantsHelp is compare's help on rule variants.
const variantsHelp = `
Rule variants: --variant [name:]key=value,key=value names a set of rule changes
made together over the rules of --rule (repeatable; a rule may appear in several
variants, once in each). Every variant is played with every strategy on the same
deals, and set against the baseline (--baseline NAME, or the rules as written)
strategy by strategy: each arm's figures, and its difference from the baseline
with its interval and a verdict in one sentence: decided (the interval excludes
zero), equivalent within the margin δ (--margin [figure=]δ; 1 pp for a rate, 1%
of the score range for the score), or undecided. A variant that changes the deal
(a rule marked so in cardsim rules <game>, such as players or the deck) cannot
be paired with the baseline: it is compared unpaired, and its sentence says so.
--figure names the figures compared: score, win or a metric of the game.

With --precision P the variants play by a sequential plan, looks doubling from
1,000 deals to --max-games, until every difference on the --target figure is
decided or equivalent, or its interval is at most P wide on either side; the
intervals are repeated confidence intervals, valid wherever play stops.
--checkpoint FILE keeps every whole batch played, and --resume carries on. A
comparison of variants does not shard: its differences are paired deal by deal
as they are played.

With --out DIR it writes summary.json (the baseline's figures, and each
variant's under "variants"), variants.csv (a row per variant, strategy and
figure), figures.csv, and a chart per figure with a bar per variant (SVG, PNG and
PDF).`
