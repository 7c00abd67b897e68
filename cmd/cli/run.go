package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// RunOptions are the options of the run and compare commands.
type RunOptions struct {
	Flags
	Game            string
	Strategy        string
	Strategies      []string
	Params          []string
	Rules           []string
	Games           int64
	Shard           string
	Checkpoint      string
	CheckpointEvery time.Duration
	Resume          bool
	Overwrite       bool   // --overwrite-checkpoint
	Records         string // file of per-deal records
	RecordsFormat   string
	PrecisionFlags
	checkpoints bool // the command takes --checkpoint (run does, compare does not)
}

// NewCmdRun returns the command that plays many games and summarises them.
func NewCmdRun(f *Factory) *cobra.Command {
	opts := &RunOptions{checkpoints: true}
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

With --out DIR it writes summary.json, figures.csv (every figure as tidy rows),
score_histogram.csv and charts (SVG, PNG at 300 dpi and PDF) into DIR.

--records FILE writes one row per seat of every game (deal index, seating, seat,
strategy, score, result, the seat's deal features and the game's metrics) as CSV
or Parquet, for models of your own. The rows are written to a temporary file
beside FILE and renamed into place when the run ends, so FILE never holds part of
a run: --records cannot be combined with --checkpoint or --resume.`,
		Example: `  cardsim run nora --strategy stop-at --param cards=10 --games 1000000 --seed 42 --out out/
  cardsim run nora --strategies stop-at,cautious,rescuer:stop=0.2 --games 100000
  cardsim run nora --strategy rescuer --precision 0.5 --format json
  cardsim run spite --strategies planner,greedy --games 20000 --records spite.parquet
  cardsim run nora --games 100000000 --shard auto/64 --out parts/
  cardsim run nora --games 100000000 --checkpoint run.ckpt --out out/   # later: the same with --resume`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runRun(cmd.Context(), f, opts)
		},
	}
	opts.addFlags(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Shard, "shard", "", "play only shard `k/n` of the deals (k from 0, or auto/n) and write a part for cardsim merge")
	fl.StringVar(&opts.Checkpoint, "checkpoint", "", "save progress to this `file` every few seconds and on interruption")
	fl.DurationVar(&opts.CheckpointEvery, "checkpoint-every", 5*time.Second, "time between checkpoints")
	fl.BoolVar(&opts.Resume, "resume", false, "carry on from --checkpoint")
	fl.BoolVar(&opts.Overwrite, "overwrite-checkpoint", false, "replace an existing --checkpoint file and start afresh")
	return cmd
}

// addFlags defines the flags run shares with compare.
func (opts *RunOptions) addFlags(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVarP(&opts.Strategy, "strategy", "s", "", "strategy to play (default: the game's first; see cardsim strategies <game>)")
	fl.StringSliceVar(&opts.Strategies, "strategies", nil, "compare `a,b,…` on the same deals; parameters follow a name, as in rescuer:stop=0.2")
	fl.StringArrayVarP(&opts.Params, "param", "p", nil, "strategy parameter `key=value` (repeatable)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.Int64VarP(&opts.Games, "games", "n", 100000, "number of deals to play (at least 2)")
	opts.Flags.add(cmd, playFlags, "summary.json, CSV files and charts", "table", "csv", "json")
	opts.PrecisionFlags.add(cmd, false)
	fl.StringVar(&opts.Records, "records", "", "write every seat of every game as a row to this `file` (.csv or .parquet), in one go when the run ends")
	fl.StringVar(&opts.RecordsFormat, "records-format", "", "format of --records: "+orList(reports.RecordFormats)+" (default: from the file's extension)")
	fl.SortFlags = false
}

// parseShard reads "k/n" or "auto/n".
func parseShard(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	n, err1 := strconv.Atoi(ns)
	if !ok || err1 != nil || n < 1 || n > sim.MaxShards {
		return 0, 0, fmt.Errorf("--shard %q: want k/n with n from 1 to %d, such as 3/8 or auto/8", s, sim.MaxShards)
	}
	if ks == "auto" {
		for _, env := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
			if v := os.Getenv(env); v != "" { // set but empty counts as unset
				if k, err = strconv.Atoi(v); err != nil || k < 0 || k >= n {
					return 0, 0, fmt.Errorf("--shard auto/%d: %s=%q is not a shard index from 0 to %d", n, env, v, n-1)
				}
				return k, n, nil
			}
		}
		return 0, 0, fmt.Errorf("--shard auto/%d: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set", n)
	}
	k, err = strconv.Atoi(ks)
	if err != nil || k < 0 || k >= n {
		return 0, 0, fmt.Errorf("--shard %q: k must be from 0 to %d", s, n-1)
	}
	return k, n, nil
}

func (opts *RunOptions) check() error {
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if err := checkGames("games", opts.Games); err != nil {
		return err
	}
	if err := opts.PrecisionFlags.check(); err != nil {
		return err
	}
	if opts.Precision > 0 && opts.Shard != "" {
		return errors.New("--precision cannot be combined with --shard: a shard cannot know the whole run's interval")
	}
	if opts.Shard != "" && opts.Out == "" {
		return errors.New("--shard writes a part file: give --out DIR")
	}
	if opts.Resume && opts.Checkpoint == "" {
		return errors.New("--resume needs --checkpoint FILE")
	}
	if opts.Overwrite && opts.Checkpoint == "" {
		return errors.New("--overwrite-checkpoint goes with --checkpoint FILE")
	}
	if opts.Overwrite && opts.Resume {
		return errors.New("--overwrite-checkpoint cannot be combined with --resume: carry on from the checkpoint, or start afresh over it")
	}
	if opts.Records != "" && (opts.Checkpoint != "" || opts.Resume) {
		return errors.New("--records writes every deal's records in one go when the run ends: it cannot be combined with --checkpoint or --resume")
	}
	if opts.RecordsFormat != "" && opts.Records == "" {
		return errors.New("--records-format goes with --records FILE")
	}
	if opts.Checkpoint != "" && opts.CheckpointEvery <= 0 {
		return fmt.Errorf("--checkpoint-every %v: want a positive duration", opts.CheckpointEvery)
	}
	return nil
}

func runRun(ctx context.Context, f *Factory, opts *RunOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	g, err := f.game(opts.Game, opts.Rules)
	if err != nil {
		return err
	}
	lineup, err := f.lineup(g, opts.Strategy, opts.Params, opts.Strategies)
	if err != nil {
		return err
	}
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: opts.Seed, Workers: opts.Workers}
	s := opts.session(cfg, opts.Games, opts.Confidence)
	if opts.Shard != "" {
		if s.Shard, s.Shards, err = parseShard(opts.Shard); err != nil {
			return err
		}
	}
	if opts.Checkpoint != "" {
		pl := checkpointPlace{flag: "--checkpoint", resume: opts.Resume, overwrite: opts.Overwrite, out: opts.Out}
		if opts.Shard != "" {
			pl.out, pl.part = "", partPath(opts.Out, s.Shard, s.Shards)
		}
		if err := checkCheckpoint(opts.Checkpoint, pl); err != nil {
			return err
		}
	}
	if opts.Out != "" {
		check := reports.CheckDir
		if opts.Shard != "" {
			check = reports.CheckFileDir // parts of every shard share it
		}
		if err := check(opts.Out); err != nil {
			return err
		}
	}
	if opts.Checkpoint != "" {
		if err := reports.CheckFileDir(filepath.Dir(opts.Checkpoint)); err != nil {
			return fmt.Errorf("--checkpoint: %w", err)
		}
		pl := checkpointPlace{flag: "--checkpoint", resume: opts.Resume, overwrite: opts.Overwrite}
		unlock, err := lockCheckpoint(opts.Checkpoint, pl)
		if err != nil {
			return err
		}
		defer unlock()
		s.Checkpoint = func(p *sim.Part) error { return reports.WritePart(opts.Checkpoint, p) }
		s.CheckpointEvery = opts.CheckpointEvery
	}
	if opts.Resume {
		if s.Resume, err = sim.ReadPart(opts.Checkpoint); err != nil {
			return fmt.Errorf("--resume: %w", err)
		}
	}
	if opts.Records != "" {
		if opts.Out != "" && opts.Shard == "" {
			if abs, out := resolved(opts.Records), resolved(opts.Out); abs == out || strings.HasPrefix(abs, out+string(filepath.Separator)) {
				return fmt.Errorf("--records %s is inside --out %s, which is replaced whole when the run ends: put the records elsewhere", opts.Records, opts.Out)
			}
		}
		rf, err := reports.CreateRecords(opts.Records, opts.RecordsFormat, &cfg)
		if err != nil {
			return fmt.Errorf("--records: %w", err)
		}
		defer rf.Abort() // no trace of records of a run that did not end
		s.Config.Records = rf
	}
	r, err := f.play(ctx, s, opts.Game, opts.Quiet)
	var bad *sim.CheckpointError
	switch {
	case errors.Is(err, sim.ErrForeignCheckpoint):
		return fmt.Errorf("--resume: %s was %w", opts.Checkpoint, err)
	case errors.As(err, &bad):
		return fmt.Errorf("--resume: %s: %w", opts.Checkpoint, bad.Err)
	case err != nil && r != nil && errors.Is(err, context.Canceled):
		return opts.interrupted(s, r)
	case err != nil:
		return err
	}
	if rf, ok := s.Config.Records.(*reports.RecordsFile); ok {
		if err := rf.Commit(); err != nil {
			return fmt.Errorf("--records: %w", err)
		}
	}
	if opts.Shard != "" {
		p := r.Part
		path := partPath(opts.Out, p.Shard, p.Shards)
		if err := reports.WritePart(path, p); err != nil {
			return err
		}
		fmt.Fprintf(f.Err, "shard %d of %d: deals %d…%d written to %s\n", p.Shard, p.Shards, p.First, p.End-1, path)
		return nil
	}
	sum := r.Summary()
	return emit(f, &sum, opts.Out, opts.Format)
}

// interrupted ends a run that an interrupt stopped having played r: with
// --checkpoint, the checkpoint holds the deals played and a partial
// summary is written into --out; the error says what was kept and how to
// carry on.
func (opts *RunOptions) interrupted(s *sim.Session, r *sim.Result) error {
	lo, hi := sim.ShardRange(s.Deals, s.Shard, max(s.Shards, 1))
	ie := &interruptedError{done: dealsDone(r.Tally.Games, hi-lo, s.Precision > 0), kept: "nothing", resume: startAfresh}
	if opts.Checkpoint == "" {
		if opts.checkpoints {
			ie.resume = keepWithCheckpoint("FILE")
		}
		return ie
	}
	ie.kept = "the deals played, in checkpoint " + opts.Checkpoint
	ie.resume = "run the same command with --resume to carry on"
	// A shard's --out holds the parts of the whole run: the checkpoint
	// is its record, and a partial summary there would not be a part.
	// A finished result there is never replaced by a partial one.
	if opts.Out != "" && opts.Shard == "" && r.Tally.Games >= 2 {
		sum := r.Summary()
		sum.Manifest.Stopped = fmt.Sprintf("interrupted after %d deals: partial", r.Tally.Games)
		switch _, werr := reports.WritePartialDir(opts.Out, &sum); {
		case errors.Is(werr, reports.ErrFinishedOutput):
			ie.kept += fmt.Sprintf("; --out %s %v", opts.Out, reports.ErrFinishedOutput)
		case werr != nil:
			return fmt.Errorf("%w, but the partial summary could not be written: %w", ie, werr)
		default:
			ie.kept += ", and a partial summary in " + opts.Out
		}
	}
	return ie
}

// partPath returns the path of the part of shard k of n in dir.
func partPath(dir string, k, n int) string {
	return filepath.Join(dir, fmt.Sprintf("part-%d-of-%d.json", k, n))
}

// emit writes a summary's files into out (if set) and prints it.
func emit(f *Factory, s *sim.Summary, out, format string) error {
	if out != "" {
		if _, err := reports.WriteDir(out, s); err != nil {
			return err
		}
	}
	switch format {
	case "json":
		return reports.WriteJSON(f.Out, s)
	case "csv":
		return reports.WriteFiguresCSV(f.Out, s)
	}
	return reports.WriteTable(f.Out, s)
}
