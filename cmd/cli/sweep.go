package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// SweepOptions are the options of the sweep command.
type SweepOptions struct {
	Flags
	experiment.Spec
	Plan           string
	checkPrecision func() error
}

// NewCmdSweep returns the command that runs a game over a grid of rule
// values. runF, if not nil, takes the options in place of playing them
// (see NewCmdRun): the Spec then holds what --plan adds to the flags.
func NewCmdSweep(f *Factory, runF func(*SweepOptions) error) *cobra.Command {
	opts := &SweepOptions{Spec: experiment.Spec{Kind: experiment.Sweep}}
	cmd := &cobra.Command{
		Use:   "sweep <game> --rule key=v1,v2,… [--rule key2=…] | --point key=v,key2=w …",
		Short: "Run a game over a grid of rule values, on the same deals",
		Long: `Run a strategy (or several, compared) at every point of a grid of rule values. A
--rule with several comma-separated values is swept; one with a single value is
fixed. Every point plays the same deal indices with the same seed, so where the
rules leave the cards alone the points play the same cards (the deal fingerprint
per point shows it) and differences between points are not luck.

A range key=lo..hi sweeps every whole number from lo to hi, key=lo..hi:step every
step. --point key=value,key=value (repeated) sweeps a list of joint points in place
of a grid: rules changed together, such as --point insure=2,switch=3 --point
insure=1,switch=4.

Every point is set against the reference point, the one where every swept rule
has its default (or the first point where none has): the difference of each
strategy's mean score and win rate, paired deal by deal where the two points deal
the same cards, with its interval. With several strategies, their paired
differences at each point follow. A point whose rules deal other cards (cardsim
rules <game> marks them) is compared unpaired: the two intervals combined as if
independent, and the table says so. A sweep resumed from its checkpoints plays
again the deals of the points it needs deal by deal (the reference, the point
under way), so that it pairs them as a sweep never interrupted does.

Writes (with --out DIR) sweep.csv with one row per point and strategy, sweep.json
with every point's full summary and differences, differences.csv with every
difference as a row, and for each swept rule line charts of the mean score and
the win rate against it with interval bands (SVG, PNG and PDF).

A sweep can be kept in a YAML or JSON file and run with --plan FILE; flags given
on the command line are added to the plan's. Fields: game, strategy, strategies,
params, rules, points, games, seed, precision, target, max_games, confidence.
Points are a list of mappings, such as points: [{insure: 2, switch: 3}, {insure:
1, switch: 4}]. Rules are
a list of --rule entries, where an entry without "=" continues the values of the
one before (rules: [insure=0,1,2,4,8, rounds=10]), or a mapping of each rule to
its value or values (rules: {insure: [0,1,2,4,8], rounds: 10}). A field given is
used as written: seed: 0 is seed 0, and games: 0 is an error.

After Ctrl-C or SIGTERM the points already finished are printed and written to
--out, marked partial ("stopped" in sweep.json). With --checkpoint DIR each
point's progress is saved in DIR (point-K-of-N.json), and the same command with
--resume carries on from the point under way, giving the same result as a sweep
never interrupted.`,
		Example: `  cardsim sweep nora --strategy rescuer --rule insure=0,1,2,4,8 --games 20000 --out out/insure
  cardsim sweep nora --strategies cautious,rescuer --rule revive=2,4,8 --rule rounds=5
  cardsim sweep --plan studies/insurance.yaml --out out/insurance
  cardsim sweep nora --strategy rescuer --point insure=2,switch=3 --point insure=1,switch=2 --games 20000
  cardsim sweep nora --rule insure=0,1,2,4,8 --checkpoint sweep.ckpt/ --out out/insure   # later: the same with --resume`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Game = args[0]
			}
			if err := opts.check(cmd.Flags().Changed); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	strategyFlag(cmd, &opts.Strategy, "", "strategy to play (default: the game's first)")
	strategiesFlag(cmd, &opts.Strategies, "compare strategies at every point: `a,b:key=value,…`")
	paramFlag(cmd, &opts.Params, "strategy parameter `key=value` (repeatable)")
	ruleFlag(cmd, &opts.Rules, "rule `key=v1,v2,…` (or key=lo..hi[:step]) to sweep, or key=value to fix (repeatable)")
	cmd.Flags().StringArrayVar(&opts.Points, "point", nil, "a joint point `key=value,key=value` (repeatable): sweep a list of points in place of a grid")
	gamesFlag(cmd, &opts.Games, experiment.DefaultGames(experiment.Sweep), "deals per point")
	opts.Flags.add(cmd, &opts.Spec, playFlags, "sweep.csv, sweep.json and charts", f.Formats.Sweep)
	opts.checkPrecision = precisionFlags(cmd, &opts.Spec, true)
	fl := cmd.Flags()
	fl.StringVar(&opts.Plan, "plan", "", "read the sweep from this YAML or JSON `file`")
	checkpointFlags(cmd, &opts.Spec, "save each point's progress in this `directory` every few seconds and on interruption",
		"carry on from the points saved in --checkpoint", "replace the checkpoints in --checkpoint and start afresh")
	fl.SortFlags = false
	return cmd
}

// check adds the plan's fields to the flags' (those not changed on the
// command line), then checks the game, the precision flags and the shared
// ones.
func (opts *SweepOptions) check(changed func(string) bool) error {
	if opts.Plan != "" {
		plan, err := experiment.ReadPlan(opts.Plan)
		if err != nil {
			return fmt.Errorf("--plan %s: %w", opts.Plan, err)
		}
		if err := plan.Apply(&opts.Spec, opts.Plan, changed); err != nil {
			return err
		}
	}
	if opts.Game == "" {
		return errors.New("which game? cardsim sweep <game> … (or a plan with game:)")
	}
	if err := opts.checkPrecision(); err != nil {
		return err
	}
	return opts.Flags.check()
}
