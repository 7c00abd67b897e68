package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// SweepOptions are the options of the sweep command.
type SweepOptions struct {
	Flags
	Game       string
	Strategy   string
	Strategies []string
	Params     []string
	Rules      []string // key=value fixed, key=v1,v2,… swept
	Games      int64
	PrecisionFlags
	Plan            string
	Checkpoint      string // directory of the points' checkpoints
	CheckpointEvery time.Duration
	Resume          bool
	Overwrite       bool // --overwrite-checkpoint
}

// NewCmdSweep returns the command that runs a game over a grid of rule values.
func NewCmdSweep(f *Factory) *cobra.Command {
	opts := &SweepOptions{}
	cmd := &cobra.Command{
		Use:   "sweep <game> --rule key=v1,v2,… [--rule key2=…]",
		Short: "Run a game over a grid of rule values, on the same deals",
		Long: `Run a strategy (or several, compared) at every point of a grid of rule values. A
--rule with several comma-separated values is swept; one with a single value is
fixed. Every point plays the same deal indices with the same seed, so where the
rules leave the cards alone the points play the same cards (the deal fingerprint
per point shows it) and differences between points are not luck.

Writes (with --out DIR) sweep.csv with one row per point and strategy, sweep.json
with every point's full summary, and for each swept rule line charts of the mean
score and the win rate against it with interval bands (SVG, PNG and PDF).

A sweep can be kept in a YAML or JSON file and run with --plan FILE; flags given
on the command line are added to the plan's. Fields: game, strategy, strategies,
params, rules, games, seed, precision, target, max_games, confidence. Rules are
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
  cardsim sweep nora --rule insure=0,1,2,4,8 --checkpoint sweep.ckpt/ --out out/insure   # later: the same with --resume`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Game = args[0]
			}
			return runSweep(cmd.Context(), f, opts, cmd.Flags().Changed)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Strategy, "strategy", "s", "", "strategy to play (default: the game's first)")
	fl.StringSliceVar(&opts.Strategies, "strategies", nil, "compare strategies at every point: `a,b:key=value,…`")
	fl.StringArrayVarP(&opts.Params, "param", "p", nil, "strategy parameter `key=value` (repeatable)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule `key=v1,v2,…` to sweep, or key=value to fix (repeatable)")
	fl.Int64VarP(&opts.Games, "games", "n", 20000, "deals per point")
	opts.Flags.add(cmd, playFlags, "sweep.csv, sweep.json and charts", "table", "csv", "json")
	opts.PrecisionFlags.add(cmd, true)
	fl.StringVar(&opts.Plan, "plan", "", "read the sweep from this YAML or JSON `file`")
	fl.StringVar(&opts.Checkpoint, "checkpoint", "", "save each point's progress in this `directory` every few seconds and on interruption")
	fl.DurationVar(&opts.CheckpointEvery, "checkpoint-every", 5*time.Second, "time between checkpoints")
	fl.BoolVar(&opts.Resume, "resume", false, "carry on from the points saved in --checkpoint")
	fl.BoolVar(&opts.Overwrite, "overwrite-checkpoint", false, "replace the checkpoints in --checkpoint and start afresh")
	fl.SortFlags = false
	return cmd
}

// MaxSweepPoints is the most points a sweep's grid may hold: every point is
// a run of its own, held in memory until the sweep is written.
const MaxSweepPoints = 1000

// grid splits rules into the fixed ones and the swept keys with their values,
// and returns every point of the grid as the full list of rule options.
func grid(rules []string) (keys []string, points [][]string, values []map[string]string, err error) {
	var fixed []string
	var lists [][]string
	for _, r := range rules {
		k, v, ok := strings.Cut(r, "=")
		if !ok || k == "" {
			return nil, nil, nil, fmt.Errorf("rule %q: want key=value or key=v1,v2,…", r)
		}
		vals := strings.Split(v, ",")
		if len(vals) == 1 {
			fixed = append(fixed, r)
			continue
		}
		if slices.Contains(keys, k) {
			return nil, nil, nil, fmt.Errorf("rule %s swept twice", k)
		}
		for i, v := range vals {
			vals[i] = strings.TrimSpace(v)
			if slices.Contains(vals[:i], vals[i]) {
				return nil, nil, nil, fmt.Errorf("rule %s=%s twice in the sweep: give each value once", k, vals[i])
			}
		}
		keys = append(keys, k)
		lists = append(lists, vals)
	}
	if len(keys) == 0 {
		return nil, nil, nil, errors.New("nothing to sweep: give a rule with several values, such as --rule insure=0,1,2")
	}
	size, sizes := 1, make([]string, len(lists))
	for i, l := range lists {
		sizes[i] = strconv.Itoa(len(l))
		if size > MaxSweepPoints/len(l) {
			size = MaxSweepPoints + 1 // and no overflow
			continue
		}
		size *= len(l)
	}
	if size > MaxSweepPoints {
		return nil, nil, nil, fmt.Errorf("a grid of %s points is more than the %d a sweep plays: sweep fewer values, or split the sweep", strings.Join(sizes, "×"), MaxSweepPoints)
	}
	idx := make([]int, len(keys))
	for {
		pt := append([]string{}, fixed...)
		vm := map[string]string{}
		for i, k := range keys {
			v := lists[i][idx[i]]
			pt = append(pt, k+"="+v)
			vm[k] = v
		}
		points = append(points, pt)
		values = append(values, vm)
		i := len(idx) - 1
		for i >= 0 {
			idx[i]++
			if idx[i] < len(lists[i]) {
				break
			}
			idx[i] = 0
			i--
		}
		if i < 0 {
			return keys, points, values, nil
		}
	}
}

func runSweep(ctx context.Context, f *Factory, opts *SweepOptions, changed func(string) bool) error {
	if opts.Plan != "" {
		if err := loadPlan(opts, changed); err != nil {
			return err
		}
	}
	if opts.Game == "" {
		return errors.New("which game? cardsim sweep <game> … (or a plan with game:)")
	}
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if err := checkGames("games", opts.Games); err != nil {
		return err
	}
	if err := opts.PrecisionFlags.check(); err != nil {
		return err
	}
	if err := opts.checkResume(); err != nil {
		return err
	}
	keys, points, values, err := grid(opts.Rules)
	if err != nil {
		return err
	}
	// Check every point's rules and the strategies before playing any.
	var cfgs []sim.Config
	for _, rules := range points {
		g, err := f.game(opts.Game, rules)
		if err != nil {
			return err
		}
		lineup, err := f.lineup(g, opts.Strategy, opts.Params, opts.Strategies)
		if err != nil {
			return err
		}
		cfgs = append(cfgs, sim.Config{Game: g, Lineup: lineup, Seed: opts.Seed, Workers: opts.Workers})
	}
	if err := distinctPoints(keys, values, cfgs); err != nil {
		return err
	}
	if opts.Checkpoint != "" {
		pl := checkpointPlace{flag: "--checkpoint", resume: opts.Resume, overwrite: opts.Overwrite, out: opts.Out, dir: true}
		if err := checkCheckpoint(opts.Checkpoint, pl); err != nil {
			return err
		}
	}
	if opts.Out != "" {
		if err := reports.CheckDir(opts.Out); err != nil {
			return err
		}
	}
	if opts.Checkpoint != "" {
		unlock, err := opts.prepareCheckpointDir()
		if err != nil {
			return err
		}
		defer unlock()
	}
	sw := &reports.Sweep{Keys: keys, Defaults: ruleDefaults(cfgs[0].Game, keys, values)}
	sessions := make([]*sim.Session, len(cfgs))
	for i, cfg := range cfgs {
		s, err := opts.pointSession(cfg, i, len(cfgs))
		if err != nil {
			return err
		}
		sessions[i] = s
	}
	bar := f.newMeter(opts.Quiet)
	defer bar.finish()
	for _, s := range sessions {
		bar.plan(s.ToPlay())
	}
	for i, s := range sessions {
		label := pointLabel(keys, values[i])
		r, err := bar.play(ctx, s, pointProgress(i, len(cfgs), keys, values[i]))
		var bad *sim.CheckpointError
		switch {
		case errors.Is(err, sim.ErrForeignCheckpoint):
			return fmt.Errorf("--resume: %s was %w", opts.pointCheckpoint(i, len(cfgs)), err)
		case errors.As(err, &bad):
			return fmt.Errorf("--resume: %s: %w", opts.pointCheckpoint(i, len(cfgs)), bad.Err)
		}
		if err != nil {
			if !errors.Is(err, context.Canceled) || r == nil {
				return fmt.Errorf("point %s: %w", label, err)
			}
			bar.finish()
			done := fmt.Sprintf("during point %s (%d of %d), %s", label, i+1, len(cfgs), dealsDone(r.Tally.Games, s.Deals, s.Precision > 0))
			return opts.interrupted(f, sw, done, len(cfgs))
		}
		sw.Points = append(sw.Points, reports.SweepPoint{Values: values[i], Summary: r.Summary()})
	}
	bar.finish()
	return opts.emit(f, sw)
}

// emit writes the sweep into --out, if given, and prints it.
func (opts *SweepOptions) emit(f *Factory, sw *reports.Sweep) error {
	if opts.Out != "" {
		if _, err := reports.WriteSweepDir(opts.Out, sw, opts.Game); err != nil {
			return err
		}
	}
	return opts.print(f, sw)
}

// print prints the sweep on stdout in --format.
func (opts *SweepOptions) print(f *Factory, sw *reports.Sweep) error {
	switch opts.Format {
	case "json":
		return reports.WriteSweepJSON(f.Out, sw)
	case "csv":
		return reports.WriteSweepCSV(f.Out, sw)
	}
	return reports.WriteSweepTable(f.Out, sw)
}

// checkResume checks the flags of checkpoints.
func (opts *SweepOptions) checkResume() error {
	switch {
	case opts.Resume && opts.Checkpoint == "":
		return errors.New("--resume needs --checkpoint DIR")
	case opts.Overwrite && opts.Checkpoint == "":
		return errors.New("--overwrite-checkpoint goes with --checkpoint DIR")
	case opts.Overwrite && opts.Resume:
		return errors.New("--overwrite-checkpoint cannot be combined with --resume: carry on from the checkpoints, or start afresh over them")
	case opts.Checkpoint != "" && opts.CheckpointEvery <= 0:
		return fmt.Errorf("--checkpoint-every %v: want a positive duration", opts.CheckpointEvery)
	}
	return nil
}

// pointCheckpoint returns the path of the checkpoint of point i of n.
func (opts *SweepOptions) pointCheckpoint(i, n int) string {
	return filepath.Join(opts.Checkpoint, fmt.Sprintf("point-%d-of-%d.json", i+1, n))
}

// pointSession returns the session of point i of n, saving its progress in
// --checkpoint and, with --resume, carrying on from what it saved there: a
// point finished plays nothing more, a point never begun starts afresh.
func (opts *SweepOptions) pointSession(cfg sim.Config, i, n int) (*sim.Session, error) {
	s := opts.session(cfg, opts.Games, opts.Confidence)
	if opts.Checkpoint == "" {
		return s, nil
	}
	path := opts.pointCheckpoint(i, n)
	if opts.Resume {
		p, err := sim.ReadPart(path)
		switch {
		case err == nil:
			s.Resume = p
		case !errors.Is(err, os.ErrNotExist):
			return nil, fmt.Errorf("--resume: %w", err)
		}
	}
	s.Checkpoint = func(p *sim.Part) error { return reports.WritePart(path, p) }
	s.CheckpointEvery = opts.CheckpointEvery
	return s, nil
}

// prepareCheckpointDir creates the directory of the sweep's checkpoints,
// locks it for the life of the sweep and, when starting afresh over old
// checkpoints, removes them, so that a later --resume never picks up a
// point of another sweep. It returns the unlock.
func (opts *SweepOptions) prepareCheckpointDir() (unlock func(), err error) {
	dir := opts.Checkpoint
	if err := reports.CheckFileDir(dir); err != nil {
		return nil, fmt.Errorf("--checkpoint: %w", err)
	}
	pl := checkpointPlace{flag: "--checkpoint", resume: opts.Resume, overwrite: opts.Overwrite, dir: true}
	if unlock, err = lockCheckpoint(dir, pl); err != nil {
		return nil, err
	}
	if opts.Overwrite {
		old, _ := filepath.Glob(filepath.Join(dir, "point-*-of-*.json"))
		for _, path := range old {
			if err := os.Remove(path); err != nil {
				unlock()
				return nil, fmt.Errorf("--overwrite-checkpoint: %w", err)
			}
		}
	}
	return unlock, nil
}

// interrupted ends a sweep interrupted where done says, n points in all:
// the points finished are printed and written to --out marked partial, and
// the error says what was kept and how to carry on.
func (opts *SweepOptions) interrupted(f *Factory, sw *reports.Sweep, done string, n int) error {
	ie := &interruptedError{done: done, kept: "nothing", resume: keepWithCheckpoint("DIR")}
	if opts.Checkpoint != "" {
		ie.kept = "the deals played at each point, in checkpoint directory " + opts.Checkpoint
		ie.resume = "run the same command with --resume to carry on"
	}
	if len(sw.Points) == 0 {
		return ie
	}
	sw.Stopped = fmt.Sprintf("interrupted during point %d of %d: partial, %d points finished", len(sw.Points)+1, n, len(sw.Points))
	finished := fmt.Sprintf("the %d of %d points finished before it, printed", len(sw.Points), n)
	left := ""
	if opts.Out != "" {
		// A finished sweep there is never replaced by a partial one.
		switch _, werr := reports.WriteSweepDir(opts.Out, sw, opts.Game); {
		case errors.Is(werr, reports.ErrFinishedOutput):
			left = fmt.Sprintf(" (--out %s %v)", opts.Out, reports.ErrFinishedOutput)
		case werr != nil:
			return fmt.Errorf("%w; the %d points finished could not be written: %w", ie, len(sw.Points), werr)
		default:
			finished += " and written to " + opts.Out
		}
	}
	if werr := opts.print(f, sw); werr != nil {
		return fmt.Errorf("%w; the %d points finished could not be printed: %w", ie, len(sw.Points), werr)
	}
	finished += " marked partial" + left
	if opts.Checkpoint == "" {
		ie.kept = finished
	} else {
		ie.kept = finished + ", and " + ie.kept
	}
	return ie
}

// pointLabel names a point of a sweep by its swept rules, such as
// "insure=2 revive=4".
func pointLabel(keys []string, values map[string]string) string {
	kv := make([]string, len(keys))
	for i, k := range keys {
		kv[i] = k + "=" + values[k]
	}
	return strings.Join(kv, " ")
}
