package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/reports"
)

// AnalysisOptions are the options of the analyze and solve commands.
type AnalysisOptions struct {
	Flags
	Game    string
	Rules   []string
	Options []string // the analysis's own, key=value
}

// analysisCommand is a command that runs the analysis a registry holds for
// a game: analyze or solve.
type analysisCommand struct {
	use, short, long, example string
	registry                  *analyses.Registry
	what                      string  // what the registry holds, for errors
	flags                     flagSet // the shared flags besides --out
	needOut                   bool    // whether the page must be written
}

// NewCmdAnalyze returns the command that answers a game's design questions
// in a report page.
func NewCmdAnalyze(f *Factory) *cobra.Command {
	return newCmdAnalysis(f, analysisCommand{
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
		registry: f.Analyses, what: "analysis", flags: playFlags, needOut: true,
	})
}

// NewCmdSolve returns the command that computes a game's optimal play.
func NewCmdSolve(f *Factory) *cobra.Command {
	return newCmdAnalysis(f, analysisCommand{
		use:   "solve <game>",
		short: "Compute a game's optimal policy and its value (cardsim solve lists the solvers)",
		long: `Compute the optimal policy of a game and print its expected score; with --out,
write it as CSV with its charts and a page that reads them. Each solver takes
options of its own, given as --opt key=value.`,
		example: `  cardsim solve nora --out policy/
  cardsim solve nora --rule insure=2 --opt fresh=true
  cardsim solve nora --rule ranks=3 --rule rounds=1 --rule insure=1000 --rule switch=1000 --rule revive=1000`,
		registry: f.Solvers, what: "solver", flags: workersFlag | quietFlag,
	})
}

func newCmdAnalysis(f *Factory, c analysisCommand) *cobra.Command {
	opts := &AnalysisOptions{}
	cmd := &cobra.Command{
		Use:     c.use,
		Short:   c.short,
		Long:    c.long + "\n\n" + strings.TrimRight(listAnalyses(c.registry), "\n"),
		Example: c.example,
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				_, err := io.WriteString(f.Out, listAnalyses(c.registry))
				return err
			}
			opts.Game = args[0]
			return runAnalysis(cmd.Context(), f, c, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.StringArrayVar(&opts.Options, "opt", nil, "option of the game's "+c.what+" `key=value` (repeatable; listed in the help)")
	opts.add(cmd, c.flags, "the page, its charts and tables")
	if c.needOut {
		fl.Lookup("out").Usage += " (required)"
	}
	fl.SortFlags = false
	return cmd
}

// listAnalyses lists a registry's analyses, each with what it answers and
// its options.
func listAnalyses(r *analyses.Registry) string {
	var b strings.Builder
	for _, d := range r.All() {
		fmt.Fprintf(&b, "%s: %s\n", d.Game, d.Summary)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, o := range d.Options() {
			fmt.Fprintf(tw, "    --opt %s=%s\t%s\n", o.Name, o.Default, o.Usage)
		}
		tw.Flush()
	}
	return b.String()
}

func runAnalysis(ctx context.Context, f *Factory, c analysisCommand, opts *AnalysisOptions) error {
	def, ok := c.registry.Lookup(opts.Game)
	if !ok {
		if _, err := f.Games.Lookup(opts.Game); err != nil {
			return err
		}
		var games []string
		for _, d := range c.registry.All() {
			games = append(games, d.Game)
		}
		return fmt.Errorf("no %s for %s (there is one for: %s)", c.what, opts.Game, strings.Join(games, ", "))
	}
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if err := def.Check(opts.Options); err != nil {
		return err
	}
	if c.needOut && opts.Out == "" {
		return fmt.Errorf("give --out DIR for the report")
	}
	if opts.Out != "" {
		if err := reports.CheckDir(opts.Out); err != nil {
			return err
		}
	}
	bar := f.newMeter(opts.Quiet)
	defer bar.finish()
	env := analysisEnv(f, opts.Rules, &opts.Flags, bar)
	env.Out = f.Out
	begin := time.Now()
	page, err := def.Run(ctx, env, opts.Options)
	bar.finish()
	if err != nil {
		return err
	}
	if opts.Out == "" {
		return nil
	}
	if err := page.WriteDir(opts.Out); err != nil {
		return err
	}
	_, err = fmt.Fprintf(f.Out, "%s %s written to %s in %.0f s\n", opts.Game, c.what, opts.Out, time.Since(begin).Seconds())
	return err
}

// analysisEnv returns the env analyses run in: the registries, rules, the
// shared flags, and the command's progress bar, which counts every run of
// the analysis and prints its notes above the bar (on a terminal only).
func analysisEnv(f *Factory, rules []string, fl *Flags, bar *meter) *analyses.Env {
	return &analyses.Env{
		Games: f.Games, Strategies: f.Strategies, Rules: rules,
		Seed: fl.Seed, Workers: fl.Workers, Confidence: fl.Confidence,
		Play: bar.play, Log: bar.logf,
	}
}
