package cli

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
)

// MaxWorkers is the most workers --workers takes. Results do not depend on
// the number of workers, and beyond the machine's cores more only cost
// memory (each holds its own game state, bots and tally).
const MaxWorkers = 1024

// Flags are the flags commands share that are not part of the experiment:
// --workers, --quiet, --out and --format; add declares them with --seed and
// --confidence, which set the experiment's Spec. Every flag of several
// commands is declared here once (the others below: --rule, --strategy,
// --strategies, --param, --games, the precision and checkpoint flags). A
// command's options embed Flags and the Spec; the command adds the flags
// it takes and checks them with the rest of its options.
type Flags struct {
	Workers int
	Quiet   bool
	Out     string
	Format  string
	// Features prints every deal feature's rows in a summary's table
	// (--features, where a command declares it).
	Features bool

	has     flagSet
	formats []string // the values --format takes, the default first
}

// flagSet selects shared flags.
type flagSet uint8

// The shared flags a command may take.
const (
	seedFlag flagSet = 1 << iota
	workersFlag
	confidenceFlag
	quietFlag
	outFlag
	formatFlag

	// playFlags are the flags of every command that plays deals.
	playFlags = seedFlag | workersFlag | confidenceFlag | quietFlag
)

// add declares the flags of which on cmd, --seed and --confidence into
// spec. writes says what --out writes into its directory; prints are the
// kinds of result the command prints on stdout, whose formats (from the
// factory's registry, reports.Writers) --format takes, the default of the
// first first. --out is added when writes is set, --format when the
// command prints a result.
func (fl *Flags) add(cmd *cobra.Command, spec *experiment.Spec, which flagSet, writes string, prints ...reports.FormatList) {
	set := cmd.Flags()
	if which&seedFlag != 0 {
		set.Uint64Var(&spec.Seed, "seed", experiment.DefaultSeed, "run seed: deal i is dealt from (seed, i) alone")
	}
	if which&workersFlag != 0 {
		set.IntVarP(&fl.Workers, "workers", "w", runtime.GOMAXPROCS(0), "parallel workers (results do not depend on it)")
	}
	if which&confidenceFlag != 0 {
		set.Float64Var(&spec.Confidence, "confidence", experiment.DefaultConfidence, "confidence level of the intervals")
	}
	if which&quietFlag != 0 {
		set.BoolVarP(&fl.Quiet, "quiet", "q", false, "no progress on stderr")
	}
	if writes != "" {
		which |= outFlag
		set.StringVarP(&fl.Out, "out", "o", "", "write "+writes+" into this `directory`")
	}
	if len(prints) > 0 {
		which |= formatFlag
		for _, p := range prints {
			for _, name := range p.Names() {
				if !slices.Contains(fl.formats, name) {
					fl.formats = append(fl.formats, name)
				}
			}
		}
		set.StringVarP(&fl.Format, "format", "f", fl.formats[0], "output on stdout: "+reports.OrList(fl.formats))
		cmd.RegisterFlagCompletionFunc("format", fixed(fl.formats)) // completion.go
	}
	fl.has |= which
}

// check reports the first shared flag whose value is out of range.
func (fl *Flags) check() error {
	if fl.has&workersFlag != 0 && (fl.Workers < 1 || fl.Workers > MaxWorkers) {
		return fmt.Errorf("--workers %d: want 1 to %d (this machine runs %d at once; results do not depend on it)", fl.Workers, MaxWorkers, runtime.GOMAXPROCS(0))
	}
	if fl.has&formatFlag != 0 && !slices.Contains(fl.formats, fl.Format) {
		return fmt.Errorf("--format %q: want %s", fl.Format, reports.OrList(fl.formats))
	}
	return nil
}

// precisionFlags declares --precision, --target and --max-games into spec,
// each per point of a sweep when perPoint is set, and returns their check:
// --target and --max-games go with --precision (without it they would
// change nothing), and without it they are cleared from the spec.
func precisionFlags(cmd *cobra.Command, spec *experiment.Spec, perPoint bool) (check func() error) {
	each := ""
	if perPoint {
		each = " per point"
	}
	fl := cmd.Flags()
	fl.Float64Var(&spec.Precision, "precision", 0, "play until the interval's half-width of the target figure is at most this"+each)
	fl.StringVar(&spec.Target, "target", experiment.DefaultTarget, "figure --precision aims at: score (mean) or win (rate)")
	fl.Int64Var(&spec.MaxGames, "max-games", experiment.DefaultMaxGames, "with --precision, the most deals to play"+each)
	return func() error {
		if fl.Changed("precision") && spec.Precision == 0 {
			return fmt.Errorf("--precision %g: want a positive half-width", spec.Precision)
		}
		for _, name := range []string{"max-games", "target"} {
			if fl.Changed(name) && spec.Precision == 0 {
				return fmt.Errorf("--%s goes with --precision: without it the run plays --games deals", name)
			}
		}
		if spec.Precision == 0 {
			spec.Target, spec.MaxGames = "", 0
		}
		return nil
	}
}

// checkpointFlags declares --checkpoint, --checkpoint-every, --resume and
// --overwrite-checkpoint into spec, with the help texts of --checkpoint,
// --resume and --overwrite-checkpoint.
func checkpointFlags(cmd *cobra.Command, spec *experiment.Spec, what, resume, overwrite string) {
	fl := cmd.Flags()
	fl.StringVar(&spec.Checkpoint, "checkpoint", "", what)
	fl.DurationVar((*time.Duration)(&spec.CheckpointEvery), "checkpoint-every", experiment.DefaultCheckpointEvery, "time between checkpoints")
	fl.BoolVar(&spec.Resume, "resume", false, resume)
	fl.BoolVar(&spec.OverwriteCheckpoint, "overwrite-checkpoint", false, overwrite)
}

// ruleFlag declares --rule (-r) into rules, doing what usage says.
func ruleFlag(cmd *cobra.Command, rules *[]string, usage string) {
	cmd.Flags().StringArrayVarP(rules, "rule", "r", nil, usage)
}

// ruleUsage is what --rule does in most commands.
const ruleUsage = "rule option `key=value` (repeatable; see cardsim rules <game>)"

// strategyFlag declares --strategy (-s) into name, with its default.
func strategyFlag(cmd *cobra.Command, name *string, def, usage string) {
	cmd.Flags().StringVarP(name, "strategy", "s", def, usage)
}

// strategiesFlag declares --strategies into specs.
func strategiesFlag(cmd *cobra.Command, specs *[]string, usage string) {
	cmd.Flags().StringSliceVar(specs, "strategies", nil, usage)
}

// paramFlag declares --param (-p) into params.
func paramFlag(cmd *cobra.Command, params *[]string, usage string) {
	cmd.Flags().StringArrayVarP(params, "param", "p", nil, usage)
}

// gamesFlag declares --games (-n) into games, with its default.
func gamesFlag(cmd *cobra.Command, games *int64, def int64, usage string) {
	cmd.Flags().Int64VarP(games, "games", "n", def, usage)
}

// featuresFlag declares --features into fl: the deal features' rows in a
// summary's table.
func featuresFlag(cmd *cobra.Command, fl *Flags) {
	cmd.Flags().BoolVar(&fl.Features, "features", false, "also print, in the table, the win rate of the seats dealt each value of every deal feature (figures.csv and summary.json always hold them)")
}
