package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// TuneOptions are the options of the tune command.
type TuneOptions struct {
	Flags
	experiment.Spec
	// Pilot plays a short pilot of the race's candidates and says how many
	// deals and how long the race would take, instead of racing.
	Pilot bool

	factory *Factory
}

// NewCmdTune returns the command that races rule variants toward a target.
// runF, if not nil, is called with the options in place of the race (a
// test's seam).
func NewCmdTune(f *Factory, runF func(*TuneOptions) error) *cobra.Command {
	opts := &TuneOptions{Spec: experiment.Spec{Kind: experiment.Tune}, factory: f}
	cmd := &cobra.Command{
		Use:   "tune <game> --rule key=v1,v2,… --figure F --goal highest|lowest|VALUE",
		Short: "Find the rule variant whose figure is highest, lowest or nearest a target, by a race",
		Long: `Race rule variants (the candidates) toward a target on common deals, and report
the best few with paired intervals, a chart and a sentence.

The candidates are the points of a grid of --rule values (key=v1,v2,… or a range
key=lo..hi, key=lo..hi:step; rules given one value are fixed) or a list of joint
points (--point key=value,key=value, repeated). --figure names what is aimed at:
score (mean), win (rate) or a metric of the game (cardsim rules <game> lists the
rules; the metrics are the columns of run's figures); --goal is highest, lowest,
or a value to come nearest (a rate as a share: 0.5 for 50%).

Every candidate plays the same deals. At each look (1,000 deals, then doubling up
to --games), a candidate is dropped once the paired interval of its gap from the
leader (the best estimate so far) lies wholly on the worse side of zero: a
Hoeffding race, or F-race with paired intervals, whose bounds are repeated
confidence intervals (stat.Race), so that the best candidate is kept with
probability at least --confidence however many looks are taken; the error rate
is split over the race's intervals (Bonferroni). The race ends when one candidate
is left (decided), when those left are all within --margin of the leader (tied:
reported as ties), or at --games deals (out of budget: the leader and those not
told apart from it). Candidates that deal other cards (players, the deck) are
compared all the same, pairing deal i with deal i: valid, as deals are
independent, but with wider intervals.

A race does not shard: it drops candidates at each look from every deal before
it, in deal order, so --shard is refused; --checkpoint FILE keeps every whole
batch of deals played (the race's state with it) and --resume carries on, to
the same result. --pilot plays a short pilot of every candidate and estimates
the deals and time the race would take.

With --out DIR it writes tune.json, tune.csv (a row per candidate, best first)
and a chart of every candidate's figure with its interval and the target (SVG,
PNG and PDF).`,
		Example: `  cardsim tune nora --strategy rescuer --rule insure=0..4 --figure score --goal highest
  cardsim tune roundup --rule goal=100,150,200,250 --figure turns --goal 60 --out out/length
  cardsim tune nora --point insure=2,switch=3 --point insure=1,switch=4 --figure win --goal 0.05`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Game = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runTune(cmd, opts)
		},
	}
	strategyFlag(cmd, &opts.Strategy, "", "strategy to play (default: the game's first)")
	strategiesFlag(cmd, &opts.Strategies, "play a lineup `a,b,…` in a game of several seats; the figure is the first's")
	paramFlag(cmd, &opts.Params, "strategy parameter `key=value` (repeatable)")
	ruleFlag(cmd, &opts.Rules, "rule `key=v1,v2,…` or key=lo..hi[:step] to vary, or key=value to fix (repeatable)")
	fl := cmd.Flags()
	fl.StringArrayVar(&opts.Points, "point", nil, "a candidate `key=value,key=value` (repeatable), in place of a grid of --rule values")
	addFigureFlags(cmd, &opts.Spec, "the `figure` aimed at: score, win or a metric of the game (default score)")
	fl.StringVar(&opts.Goal, "goal", "", "what to look for: highest, lowest, or a `value` to come nearest (0.5 for a 50% rate)")
	fl.IntVar(&opts.Best, "best", experiment.DefaultBest, "how many of the best candidates the sentence names")
	gamesFlag(cmd, &opts.Games, experiment.DefaultGames(experiment.Tune), "the most deals each candidate plays (the race's budget)")
	opts.Flags.add(cmd, &opts.Spec, playFlags, "tune.json, tune.csv and a chart", f.Formats.Tune)
	checkpointFlags(cmd, &opts.Spec, "save the race's progress to this `file` every few seconds and on interruption",
		"carry on from --checkpoint", "replace an existing --checkpoint file and start afresh")
	fl.BoolVar(&opts.Pilot, "pilot", false, "play a short pilot and estimate the race's deals and time, instead of racing")
	fl.SortFlags = false
	return cmd
}

// runTune checks the options and races the candidates, or plays the pilot.
func runTune(cmd *cobra.Command, opts *TuneOptions) error {
	if opts.Game == "" {
		return errNoGame("tune")
	}
	if opts.Pilot {
		return runPilot(cmd.Context(), opts.factory, &opts.Flags, opts.Spec)
	}
	return runSpec(cmd.Context(), opts.factory, &opts.Flags, opts.Spec)
}
