package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// RunOptions are the options of the run command.
type RunOptions struct {
	Game            string
	Strategy        string
	Strategies      []string
	Params          []string
	Rules           []string
	Games           int64
	Seed            uint64
	Workers         int
	Confidence      float64
	Out             string
	Format          string
	Quiet           bool
	Shard           string
	Checkpoint      string
	CheckpointEvery time.Duration
	Resume          bool
	Precision       float64
	Target          string
	MaxGames        int64
}

// NewCmdRun returns the command that plays many games and summarises them.
func NewCmdRun(f *Factory) *cobra.Command {
	opts := &RunOptions{}
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
the same result as an uninterrupted run.

With --out DIR it writes summary.json, figures.csv (every figure as tidy rows),
score_histogram.csv and charts (SVG and PNG) into DIR.`,
		Example: `  cardsim run nora --strategy stop-at --param cards=10 --games 1000000 --seed 42 --out out/
  cardsim run nora --strategies stop-at,cautious,rescuer:stop=0.2 --games 100000
  cardsim run nora --strategy rescuer --precision 0.5 --format json
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
	return cmd
}

// addFlags defines the flags run shares with compare.
func (opts *RunOptions) addFlags(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVarP(&opts.Strategy, "strategy", "s", "", "strategy to play (default: the game's first; see cardsim strategies <game>)")
	fl.StringSliceVar(&opts.Strategies, "strategies", nil, "compare strategies on the same deals: `a,b:key=value,…`")
	fl.StringArrayVarP(&opts.Params, "param", "p", nil, "strategy parameter `key=value` (repeatable)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.Int64VarP(&opts.Games, "games", "n", 100000, "number of deals to play (at least 2)")
	fl.Uint64Var(&opts.Seed, "seed", 1, "run seed: deal i is dealt from (seed, i)")
	fl.IntVarP(&opts.Workers, "workers", "w", runtime.GOMAXPROCS(0), "parallel workers (results do not depend on it)")
	fl.Float64Var(&opts.Confidence, "confidence", 0.95, "confidence level of the intervals")
	fl.StringVarP(&opts.Out, "out", "o", "", "write summary.json, CSV files and charts into this `directory`")
	fl.StringVarP(&opts.Format, "format", "f", "table", "output on stdout: table, csv or json")
	fl.BoolVarP(&opts.Quiet, "quiet", "q", false, "no progress bar")
	fl.Float64Var(&opts.Precision, "precision", 0, "play until the interval's half-width of the target figure is at most this")
	fl.StringVar(&opts.Target, "target", "score", "figure --precision aims at: score (mean) or win (rate)")
	fl.Int64Var(&opts.MaxGames, "max-games", 10_000_000, "with --precision, the most deals to play")
	cmd.Flags().SortFlags = false
}

// parseShard reads "k/n" or "auto/n".
func parseShard(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	n, err1 := strconv.Atoi(ns)
	if !ok || err1 != nil || n < 1 {
		return 0, 0, fmt.Errorf("--shard %q: want k/n with n ≥ 1, such as 3/8 or auto/8", s)
	}
	if ks == "auto" {
		for _, env := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
			if v, ok := os.LookupEnv(env); ok {
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
	if opts.Format != "table" && opts.Format != "csv" && opts.Format != "json" {
		return fmt.Errorf("--format %q: want table, csv or json", opts.Format)
	}
	if opts.Games < 2 {
		return fmt.Errorf("--games %d: at least 2 games are needed for an interval (cardsim trace plays one game)", opts.Games)
	}
	if opts.Workers < 1 {
		return fmt.Errorf("--workers %d: want at least 1", opts.Workers)
	}
	if !(opts.Confidence > 0 && opts.Confidence < 1) {
		return fmt.Errorf("--confidence %g: want a level between 0 and 1, such as 0.95", opts.Confidence)
	}
	if opts.Precision < 0 || math.IsNaN(opts.Precision) {
		return fmt.Errorf("--precision %g: want a positive half-width", opts.Precision)
	}
	if opts.Precision > 0 {
		if opts.Target != "score" && opts.Target != "win" {
			return fmt.Errorf("--target %q: want score or win", opts.Target)
		}
		if opts.MaxGames < 2 {
			return fmt.Errorf("--max-games %d: want at least 2", opts.MaxGames)
		}
		if opts.Shard != "" {
			return errors.New("--precision cannot be combined with --shard: a shard cannot know the whole run's interval")
		}
	}
	if opts.Shard != "" && opts.Out == "" {
		return errors.New("--shard writes a part file: give --out DIR")
	}
	if opts.Resume && opts.Checkpoint == "" {
		return errors.New("--resume needs --checkpoint FILE")
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
	k, n := 0, 1
	if opts.Shard != "" {
		if k, n, err = parseShard(opts.Shard); err != nil {
			return err
		}
	}
	total, extra := opts.Games, ""
	if opts.Precision > 0 {
		total, extra = opts.MaxGames, fmt.Sprintf("precision=%g target=%s confidence=%g", opts.Precision, opts.Target, opts.Confidence)
	}
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: opts.Seed, Workers: opts.Workers}
	part, err := sim.NewPart(&cfg, total, extra, k, n)
	if err != nil {
		return err
	}
	lo, hi := part.First, part.End
	cfg.First, cfg.Games = lo, hi-lo
	var before float64     // wall seconds of earlier sessions of a resumed run
	var resumedStop string // why the resumed run had stopped, if it had finished
	if opts.Resume {
		ck, err := sim.ReadPart(opts.Checkpoint)
		if err != nil {
			return fmt.Errorf("--resume: %v", err)
		}
		if err := ck.Check(&cfg, total, extra); err != nil || ck.Shard != k || ck.Shards != n {
			return fmt.Errorf("--resume: %s was written by another command (game, rules, strategies, seed, games or shard differ)", opts.Checkpoint)
		}
		cfg.Start, cfg.First, cfg.Games, cfg.Done, cfg.Chunk = ck.Tally, ck.Next, hi-ck.Next, ck.Done, ck.Chunk
		part.Record(sim.Snapshot{Tally: ck.Tally, Next: ck.Next, Done: ck.Done})
		before = ck.Manifest.WallSeconds
		if ck.Stopped != "" {
			cfg.Games, resumedStop = 0, ck.Stopped // a finished run: report it, play nothing more
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
			return fmt.Errorf("--checkpoint: %v", err)
		}
	}
	start := time.Now()
	wall := func() float64 { return before + time.Since(start).Seconds() }
	writePart := func(path string) error {
		part.Manifest = sim.NewManifest(&cfg, part.Tally.Games, opts.Confidence)
		part.Manifest.WallSeconds = wall()
		part.Seal()
		return reports.WritePart(path, part)
	}
	stopped := resumedStop
	lastCheckpoint := time.Now()
	// Checkpoints are taken between chunks, every --checkpoint-every: the
	// part records the batch under way and its chunks already played.
	cfg.OnChunk = func(s sim.Snapshot) error {
		part.Record(s)
		if opts.Checkpoint != "" && time.Since(lastCheckpoint) >= opts.CheckpointEvery {
			lastCheckpoint = time.Now()
			return writePart(opts.Checkpoint)
		}
		return nil
	}
	cfg.After = func(t *sim.Tally, nx int64) (bool, error) {
		part.Record(sim.Snapshot{Tally: t, Next: nx})
		if opts.Precision > 0 && t.Games >= 2 {
			if half := halfWidth(&cfg, t, opts.Target, opts.Confidence); half <= opts.Precision {
				stopped = fmt.Sprintf("precision %g on %s reached after %d deals (half-width %.6g)", opts.Precision, opts.Target, t.Games, half)
				part.Stopped = stopped
				return true, nil
			}
		}
		return false, nil
	}
	var bar *progressbar.ProgressBar
	if !opts.Quiet && f.ErrIsTerminal() {
		bar = progressbar.NewOptions64(cfg.Games,
			progressbar.OptionSetWriter(f.Err),
			progressbar.OptionSetDescription(opts.Game),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("deals"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		cfg.Progress = func(n int64) { bar.Add64(n) }
	}
	cfg.Games = max(cfg.Games, 0)
	tally := cfg.Start
	if cfg.Games > 0 {
		t, err := sim.Run(ctx, cfg)
		if bar != nil {
			bar.Finish()
		}
		if t != nil {
			tally = t
		}
		if err != nil {
			var ge *sim.GameError
			if errors.As(err, &ge) || tally == nil {
				return err
			}
			if errors.Is(err, context.Canceled) && opts.Checkpoint != "" {
				// part holds the last chunk's snapshot: every deal in tally.
				if werr := writePart(opts.Checkpoint); werr != nil {
					return fmt.Errorf("interrupted, and the checkpoint could not be written: %v", werr)
				}
				if opts.Out != "" && tally.Games >= 2 {
					s := summarize(&cfg, tally, opts.Confidence, wall())
					s.Manifest.Stopped = fmt.Sprintf("interrupted after %d deals: partial", tally.Games)
					reports.WriteDir(opts.Out, &s)
				}
				return fmt.Errorf("interrupted after %d deals; checkpoint in %s: run the same command with --resume to carry on: %w", tally.Games, opts.Checkpoint, err)
			}
			return fmt.Errorf("run stopped after %d deals: %w", tally.Games, err)
		}
	}
	if opts.Checkpoint != "" {
		if err := writePart(opts.Checkpoint); err != nil {
			return err
		}
	}
	if opts.Precision > 0 && stopped == "" {
		stopped = fmt.Sprintf("--max-games %d reached before precision %g", opts.MaxGames, opts.Precision)
	}
	if opts.Shard != "" {
		name := fmt.Sprintf("part-%d-of-%d.json", k, n)
		part.Record(sim.Snapshot{Tally: tally, Next: hi})
		if err := writePart(filepath.Join(opts.Out, name)); err != nil {
			return err
		}
		fmt.Fprintf(f.Err, "shard %d of %d: deals %d…%d written to %s\n", k, n, lo, hi-1, filepath.Join(opts.Out, name))
		return nil
	}
	s := summarize(&cfg, tally, opts.Confidence, wall())
	s.Manifest.Stopped = stopped
	return emit(f, &s, opts.Out, opts.Format)
}

// summarize computes the summary of a run and fills its manifest.
func summarize(cfg *sim.Config, t *sim.Tally, confidence, wall float64) sim.Summary {
	s := sim.Summarize(cfg, t, confidence)
	s.Manifest = sim.NewManifest(cfg, t.Games, confidence)
	s.Manifest.WallSeconds = wall
	return s
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

// halfWidth returns the larger half of the interval of the target figure of
// the first entry.
func halfWidth(cfg *sim.Config, t *sim.Tally, target string, confidence float64) float64 {
	o := &t.Entries[0]
	if target == "win" {
		lo, hi := sim.Wilson(o.Wins, o.Games, confidence)
		p := float64(o.Wins) / float64(o.Games)
		return math.Max(p-lo, hi-p)
	}
	mean, sd := o.Score.MeanSD()
	lo, hi := sim.MeanInterval(mean, sd, o.Score.N(), confidence)
	return math.Max(mean-lo, hi-mean)
}
