package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// TraceOptions are the options of the trace command.
type TraceOptions struct {
	Flags
	experiment.Spec // the game, its rules, the seats' strategies (one per seat) and the seed
	Index           int64
	Deal            string
	dealGiven       bool // --deal was given, even as ""
}

// NewCmdTrace returns the command that plays one game and prints every
// event. runF, if not nil, takes the options in place of playing (see
// NewCmdRun).
func NewCmdTrace(f *Factory, runF func(*TraceOptions) error) *cobra.Command {
	opts := &TraceOptions{}
	cmd := &cobra.Command{
		Use:   "trace <game>",
		Short: "Play one game and print it move by move",
		Long: `Play one game and print every event in order: what was dealt or shuffled, every
decision and its result. With --seed and --index it replays game i of a run with
that seed exactly (the same cards and the same bot choices); with --deal it starts
from the cards you give (for nora: round 1's first shuffle, 54 cards, top first,
such as "AS 5H 10D ... JK").`,
		Example: `  cardsim trace nora --seed 42 --index 17
  cardsim trace nora --strategy rescuer --deal "AS AH 2C ... JK" --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			opts.dealGiven = cmd.Flags().Changed("deal")
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runTrace(f, opts)
		},
	}
	fl := cmd.Flags()
	strategyFlag(cmd, &opts.Strategy, "", "strategy of every seat (default: the game's first)")
	strategiesFlag(cmd, &opts.Strategies, "the strategy of each seat, in seat order: `a,b:key=value,…`")
	paramFlag(cmd, &opts.Params, "strategy parameter `key=value` (repeatable)")
	ruleFlag(cmd, &opts.Rules, ruleUsage)
	opts.add(cmd, &opts.Spec, seedFlag, "", f.Formats.Trace)
	fl.Int64Var(&opts.Index, "index", 0, "game index within the run")
	fl.StringVar(&opts.Deal, "deal", "", "start from this deal instead of a shuffle (cards such as \"10H QS JK\")")
	fl.SortFlags = false
	return cmd
}

// check checks the shared flags, --index and --deal.
func (opts *TraceOptions) check() error {
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if opts.Index < 0 {
		return fmt.Errorf("--index %d: want 0 or more", opts.Index)
	}
	if opts.dealGiven && strings.TrimSpace(opts.Deal) == "" {
		return errors.New("--deal: empty: give the cards, such as \"AS 5H 10D …\", or leave --deal out for a shuffled deal")
	}
	return nil
}

func runTrace(f *Factory, opts *TraceOptions) error {
	g, err := f.runner(nil).Game(opts.Game, opts.Rules)
	if err != nil {
		return err
	}
	if err := games.CanDeal(g); err != nil {
		return err
	}
	seats, err := f.runner(nil).Seats(g, opts.Strategy, opts.Params, opts.Strategies)
	if err != nil {
		return err
	}
	t, err := sim.TraceGame(g, seats, opts.Seed, opts.Index, opts.Deal)
	if err != nil && t != nil {
		// Show how far the game got before it failed: that is what a trace of
		// a failing game is for.
		reports.WriteEvents(f.Out, t.Events)
		return fmt.Errorf("%s game %d of seed %d: %w", opts.Game, opts.Index, opts.Seed, err)
	}
	if err != nil {
		return err
	}
	return f.Formats.Trace.Write(f.Out, opts.Format, reports.NewTraceRecord(t, len(opts.Strategies) > 0))
}
