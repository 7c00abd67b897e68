package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// ReportOptions are the options of the report command.
type ReportOptions struct {
	Flags
	experiment.Spec
}

// NewCmdReport returns the command that answers the designers' questions of
// every game in one page. runF, if not nil, takes the options in place of
// playing them (see NewCmdRun).
func NewCmdReport(f *Factory, runF func(*ReportOptions) error) *cobra.Command {
	opts := &ReportOptions{Spec: experiment.Spec{Kind: experiment.Report}}
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Answer the designers' questions for every game in one HTML page",
		Long: `Run every study of every game — the designers' questions: odds and scores under
each strategy, rule price curves, the first player's edge, outcomes against the
cards dealt — and write one self-contained HTML page (charts embedded, tables,
manifests), the same as Markdown with PNG charts, and every figure as CSV.
The page opens with the summary: one row per designer question, with one
verdict (matters, does not matter, undecided, or a figure measured) from the
best realistic player the study plays, what it rests on (bot, players, rules,
deals), its interval and the rule change it points to; a legend explains the
units, and each question's answers follow, folded, with the command that
reproduces them. A difference matters where its interval is clear of zero and
does not where the interval lies inside the margin the study sets. Each study
prints the CPU it took beside its budget. The questions and their answers go
to answers.json (its JSON Schema is reports/answers.schema.json in the
source), every answer to answers.csv.

--scale multiplies every study's number of deals (1 takes about 8 minutes of
CPU, under 5 minutes on 2 idle cores, as in make run; 10 narrows the intervals about
three times), up to
a million times; a study plays at least 2 deals however small the scale.`,
		Example: "  cardsim report --out out/report\n  cardsim report --scale 10 --game nora --out out/nora",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Flags.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	fl := cmd.Flags()
	opts.add(cmd, &opts.Spec, playFlags, "report.html, report.md, report.csv, studies.csv, answers.json, answers.csv and charts")
	fl.Lookup("out").DefValue, opts.Out = "out/report", "out/report"
	fl.Float64Var(&opts.Scale, "scale", experiment.DefaultScale, "multiply every study's number of deals by this")
	fl.StringSliceVar(&opts.Only, "game", nil, "only these `games`, such as nora,spite (default: all)")
	return cmd
}
