package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
)

// RunOptions are the options of the run and compare commands.
type RunOptions struct {
	Flags
	experiment.Spec
	checkPrecision func() error
}

// NewCmdRun returns the command that plays many games and summarises them.
// Once its flags are checked it calls runF with its options, if runF is
// not nil, in place of playing them: the seam tests use to check flags
// without playing a deal (as every command's constructor takes one).
func NewCmdRun(f *Factory, runF func(*RunOptions) error) *cobra.Command {
	opts := &RunOptions{Spec: experiment.Spec{Kind: experiment.Run}}
	cmd := &cobra.Command{
		Use:   "run <game>",
		Short: "Play many games and report the odds and scores, with intervals",
		Long: `Play many games of a game and report the mean score, the win rate and every
metric of the game, each with a confidence interval.

Deal i of a run is dealt from (seed, i) alone, so the same command gives the same
figures for any number of workers, and any game can be replayed with
"cardsim trace <game> --seed S --index i".

--strategies a,b,c compares strategies on the same deals: in a solitaire each
plays every deal; in a game of several players the seats rotate over every deal.
Differences come with the interval of the paired differences per deal.

--precision P plays whole batches of deals until the interval of the main figure
(--target: score or win) is at most P wide on each side, or --max-games is reached;
the manifest says why the run stopped. The same command stops at the same deal.

Cluster runs: --shard k/n plays the k-th of n disjoint slices of the deals (k from
0; "auto/n" reads k from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID) and writes
DIR/part-k-of-n.json; "cardsim merge" combines the parts into exactly the summary
one run would have written.

Long runs: --checkpoint FILE saves the tally every few seconds; after Ctrl-C or
SIGTERM the run writes it, and the same command with --resume carries on and gives
the same result as an uninterrupted run. An existing checkpoint is never replaced
by a run that does not resume it unless --overwrite-checkpoint is given, and a
checkpoint inside --out DIR (replaced whole when the run ends) or at the path of
the shard's part is refused before any deal is played.

In a game of several players the table starts with the seats, counted from 1
(with the names the rules give them, such as "first dealer"): a test that every
seat wins its fair share, each seat's win rate, and every two seats' difference
with intervals that hold for all the pairs at once, paired and clustered by deal.
With one strategy in every seat this asks whether table position matters; with
--strategies the seats rotate, and it asks the same averaged over the strategies.
The rows of each deal feature's values are left to the files, or --features.

With --out DIR it writes summary.json, figures.csv (every figure as tidy rows),
score_histogram.csv and charts (SVG, PNG at 300 dpi and PDF; in a game of
several players chart_seats, the seats' win rates with the fair share) into DIR.

--records FILE writes one row per seat of every game (deal index, seating, seat,
strategy, score, result, the seat's deal features and the game's metrics) as CSV
or Parquet, for models of your own. The rows are written to a temporary file
beside FILE and renamed into place when the run ends, so FILE never holds part of
a run: --records cannot be combined with --checkpoint or --resume.`,
		Example: `  cardsim run nora --strategy stop-at --param cards=10 --games 1000000 --seed 42 --out out/
  cardsim run nora --strategies stop-at,cautious,rescuer:stop=0.2 --games 100000
  cardsim run nora --strategy rescuer --precision 0.5 --format json
  cardsim run roundup --rule players=5 --games 20000 --out out/seats
  cardsim run spite --strategies planner,greedy --games 20000 --records spite.parquet
  cardsim run nora --games 100000000 --shard auto/64 --out parts/
  cardsim run nora --games 100000000 --checkpoint run.ckpt --out out/   # later: the same with --resume`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	opts.addFlags(f, cmd)
	cmd.Flags().StringVar(&opts.Shard, "shard", "", "play only shard `k/n` of the deals (k from 0, or auto/n) and write a part for cardsim merge")
	checkpointFlags(cmd, &opts.Spec, "save progress to this `file` every few seconds and on interruption",
		"carry on from --checkpoint", "replace an existing --checkpoint file and start afresh")
	return cmd
}

// addFlags defines the flags run shares with compare.
func (opts *RunOptions) addFlags(f *Factory, cmd *cobra.Command) {
	strategyFlag(cmd, &opts.Strategy, "", "strategy to play (default: the game's first; see cardsim strategies <game>)")
	strategiesFlag(cmd, &opts.Strategies, "compare `a,b,…` on the same deals; parameters follow a name, as in rescuer:stop=0.2")
	paramFlag(cmd, &opts.Params, "strategy parameter `key=value` (repeatable)")
	ruleFlag(cmd, &opts.Rules, ruleUsage)
	gamesFlag(cmd, &opts.Games, experiment.DefaultGames(experiment.Run), "number of deals to play (at least 2)")
	opts.Flags.add(cmd, &opts.Spec, playFlags, "summary.json, CSV files and charts", f.Formats.Summary)
	opts.checkPrecision = precisionFlags(cmd, &opts.Spec, false)
	fl := cmd.Flags()
	fl.StringVar(&opts.Records, "records", "", "write every seat of every game as a row to this `file` (.csv or .parquet), in one go when the run ends")
	fl.StringVar(&opts.RecordsFormat, "records-format", "", "format of --records: "+reports.OrList(reports.RecordFormats)+" (default: from the file's extension)")
	featuresFlag(cmd, &opts.Flags)
	fl.SortFlags = false
}

// check checks the flags of run and compare: the precision flags, then
// the shared ones.
func (opts *RunOptions) check() error {
	if err := opts.checkPrecision(); err != nil {
		return err
	}
	return opts.Flags.check()
}
