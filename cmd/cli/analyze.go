package cli

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/experiment"
)

// AnalysisOptions are the options of the analyze and solve commands.
type AnalysisOptions struct {
	Flags
	experiment.Spec
}

// analysisCommand is a command that runs the analysis a registry holds for
// a game: analyze or solve.
type analysisCommand struct {
	use, short, long, example string
	registry                  *analyses.Registry
	kind                      experiment.Kind
	flags                     flagSet // the shared flags besides --out
}

// NewCmdAnalyze returns the command that answers a game's design questions
// in a report page. runF, if not nil, takes the options in place of
// running them (see NewCmdRun); without a game they list the analyses.
func NewCmdAnalyze(f *Factory, runF func(*AnalysisOptions) error) *cobra.Command {
	return newCmdAnalysis(f, runF, analysisCommand{
		use:   "analyze <game>",
		short: "Answer a game's design questions in a report page (cardsim analyze lists them)",
		long: `Play the game's strategies on the same deals, solve its policies under varied
prices and rules, and write a report page into --out: report.md and report.html
(self-contained, charts embedded), the charts as SVG, PNG and PDF, and its tables as
CSV. Each chart comes with one sentence of plain reading generated from the
measured numbers; where the analysis answers the designer's questions at a
glance (Round-up, Spite and Malice), the page opens with them and they go to
answers.json and answers.csv too. Each game's analysis takes options of its own,
given as --opt key=value.`,
		example: `  cardsim analyze
  cardsim analyze roundup --opt games=2000 --opt players=2,4 --out roundup/
  cardsim analyze spite --opt games=5000 --opt rebuild=all --out spite/
  cardsim analyze nora --opt games=100000 --opt sweep-games=5000 --out economy/`,
		registry: f.Analyses, kind: experiment.Analyze, flags: playFlags,
	})
}

// NewCmdSolve returns the command that computes a game's optimal play.
// runF, if not nil, takes the options in place of running them (see
// NewCmdRun); without a game they list the solvers.
func NewCmdSolve(f *Factory, runF func(*AnalysisOptions) error) *cobra.Command {
	return newCmdAnalysis(f, runF, analysisCommand{
		use:   "solve <game>",
		short: "Compute a game's optimal policy and its value (cardsim solve lists the solvers)",
		long: `Compute the optimal policy of a game and print its expected score; with --out,
write it as CSV with its charts and a page that reads them. Each solver takes
options of its own, given as --opt key=value.`,
		example: `  cardsim solve nora --out policy/
  cardsim solve nora --rule insure=2 --opt fresh=true
  cardsim solve nora --rule ranks=3 --rule rounds=1 --rule insure=1000 --rule switch=1000 --rule revive=1000`,
		registry: f.Solvers, kind: experiment.Solve, flags: workersFlag | quietFlag,
	})
}

func newCmdAnalysis(f *Factory, runF func(*AnalysisOptions) error, c analysisCommand) *cobra.Command {
	opts := &AnalysisOptions{Spec: experiment.Spec{Kind: c.kind}}
	cmd := &cobra.Command{
		Use:     c.use,
		Short:   c.short,
		Long:    c.long + "\n\n" + strings.TrimRight(c.registry.Listing(), "\n"),
		Example: c.example,
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Game = args[0]
			}
			if err := opts.Flags.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runAnalysis(cmd.Context(), f, c.registry, opts)
		},
	}
	fl := cmd.Flags()
	ruleFlag(cmd, &opts.Rules, ruleUsage)
	fl.StringArrayVar(&opts.Options, "opt", nil, "option of the game's "+c.what()+" `key=value` (repeatable; listed in the help)")
	opts.add(cmd, &opts.Spec, c.flags, "the page, its charts and tables")
	if c.kind == experiment.Analyze {
		fl.Lookup("out").Usage += " (required)"
	}
	fl.SortFlags = false
	return cmd
}

// runAnalysis lists the analyses (or solvers) of reg when no game is
// given, else runs the game's.
func runAnalysis(ctx context.Context, f *Factory, reg *analyses.Registry, opts *AnalysisOptions) error {
	if opts.Game == "" {
		_, err := io.WriteString(f.Out, reg.Listing())
		return err
	}
	if _, err := f.runner(nil).Analysis(&opts.Spec); err != nil {
		return err
	}
	return runSpec(ctx, f, &opts.Flags, opts.Spec)
}

// what returns what the command's registry holds: an analysis or a solver.
func (c *analysisCommand) what() string {
	if c.kind == experiment.Solve {
		return "solver"
	}
	return "analysis"
}
