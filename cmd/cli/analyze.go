package cli

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/reports"
)

// Analyzer writes the economy report of one game.
type Analyzer func(ctx context.Context, f *Factory, opts *AnalyzeOptions) error

// AnalyzeOptions are the options of the analyze command.
type AnalyzeOptions struct {
	Game         string
	Rules        []string
	Games        int64 // deals of the main comparison of strategies
	SweepGames   int64 // deals per point of a price curve checked by simulation (0: solver only)
	Samples      int   // pass samples per composition for the policy at the rules given
	SweepSamples int   // pass samples per composition when an earning rule changes the passes
	Seed         uint64
	Workers      int
	Confidence   float64
	Out          string
	Players      []int    // Round-up: the player counts
	Mixes        []string // Round-up: the strategies round the table, "a" or "a+b"
	Quiet        bool
	// Analyzers maps a game's name to its analysis; analyze_<game>.go
	// files add theirs in NewCmdAnalyze.
	Analyzers map[string]Analyzer
}

// NewCmdAnalyze returns the command that writes a game's economy report.
func NewCmdAnalyze(f *Factory) *cobra.Command {
	opts := &AnalyzeOptions{Analyzers: map[string]Analyzer{
		"nora":    analyzeNora,
		"roundup": analyzeRoundupCmd,
	}}
	cmd := &cobra.Command{
		Use:   "analyze <game>",
		Short: "Answer a game's design questions in a report (nora: the ip economy; roundup: face cards, seats, rounds)",
		Long: `Play the game's strategies on the same deals, solve its policies under varied
prices and rules, and write a report page: report.md and report.html (self-contained,
charts embedded as SVG), the charts as SVG and PNG, and every table as CSV. Each
chart comes with one sentence of plain reading generated from the measured numbers.`,
		Example: `  cardsim analyze roundup --games 2000 --out roundup/
  cardsim analyze nora --out economy/
  cardsim analyze nora --games 100000 --sweep-games 5000 --out economy/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runAnalyze(cmd.Context(), f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.Int64VarP(&opts.Games, "games", "n", 20000, "deals on which the strategies are compared")
	fl.Int64Var(&opts.SweepGames, "sweep-games", 2000, "deals per point of a price curve checked by simulation (0: solver only)")
	fl.IntVar(&opts.Samples, "samples", 6000, "pass samples per deck composition for the policy")
	fl.IntVar(&opts.SweepSamples, "sweep-samples", 1500, "pass samples per deck composition when an earning rule changes the passes")
	fl.Uint64Var(&opts.Seed, "seed", 1, "run seed: deal i is dealt from (seed, i)")
	fl.IntVarP(&opts.Workers, "workers", "w", runtime.GOMAXPROCS(0), "parallel workers (results do not depend on it)")
	fl.Float64Var(&opts.Confidence, "confidence", 0.95, "confidence level of the intervals")
	fl.StringVarP(&opts.Out, "out", "o", "", "write the report into this `directory` (required)")
	fl.IntSliceVar(&opts.Players, "players", []int{2, 3, 4, 5, 6}, "roundup: player counts to study")
	fl.StringSliceVar(&opts.Mixes, "mixes", []string{"greedy", "defender", "greedy+defender"}, "roundup: bot mixes round the table (`a` or `a+b`, seats rotated)")
	fl.BoolVarP(&opts.Quiet, "quiet", "q", false, "no progress lines")
	return cmd
}

func runAnalyze(ctx context.Context, f *Factory, opts *AnalyzeOptions) error {
	a, ok := opts.Analyzers[opts.Game]
	if !ok {
		if _, err := f.Games.Lookup(opts.Game); err != nil {
			return err
		}
		names := make([]string, 0, len(opts.Analyzers))
		for n := range opts.Analyzers {
			names = append(names, n)
		}
		slices.Sort(names)
		return fmt.Errorf("no analysis for %s (there is one for: %s)", opts.Game, strings.Join(names, ", "))
	}
	switch {
	case opts.Out == "":
		return fmt.Errorf("give --out DIR for the report")
	case opts.Games < 2 || opts.SweepGames < 0 || opts.SweepGames == 1:
		return fmt.Errorf("--games %d, --sweep-games %d: want at least 2 games (sweep: 0 for none)", opts.Games, opts.SweepGames)
	case opts.Samples < 1 || opts.SweepSamples < 1:
		return fmt.Errorf("--samples %d, --sweep-samples %d: want at least 1", opts.Samples, opts.SweepSamples)
	case opts.Workers < 1:
		return fmt.Errorf("--workers %d: want at least 1", opts.Workers)
	case !(opts.Confidence > 0 && opts.Confidence < 1):
		return fmt.Errorf("--confidence %g: want a level between 0 and 1, such as 0.95", opts.Confidence)
	}
	if err := reports.CheckDir(opts.Out); err != nil {
		return err
	}
	return a(ctx, f, opts)
}
