package cli

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// RunOptions are the options of the run command.
type RunOptions struct {
	Game       string
	Strategy   string
	Strategies []string
	Params     []string
	Rules      []string
	Games      int64
	Seed       uint64
	Workers    int
	Confidence float64
	Out        string
	Format     string
	Quiet      bool
}

// NewCmdRun returns the command that plays many games and summarises them.
func NewCmdRun(f *Factory) *cobra.Command {
	opts := &RunOptions{}
	cmd := &cobra.Command{
		Use:   "run <game>",
		Short: "Play many games with a strategy and report the odds and scores",
		Long: `Play many games of a game with one strategy and report the mean score, the win
rate and every metric of the game, each with a confidence interval.

Game i of a run is dealt from (seed, i) alone, so the same command gives the same
figures for any number of workers, and any game can be replayed with
"cardsim trace <game> --seed S --index i".

With --out DIR it writes summary.json, figures.csv (every figure as tidy rows),
score_histogram.csv and charts (SVG and PNG) into DIR.`,
		Example: `  cardsim run nora --strategy stop-at --param cards=10 --games 1000000 --seed 42 --out out/
  cardsim run nora --strategy rescuer --rule insure=2 --rule rounds=5 --format json
  cardsim run nora --rule removal=left-to-right --format csv > figures.csv`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runRun(cmd, f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Strategy, "strategy", "s", "", "strategy to play (default: the game's first; see cardsim strategies <game>)")
	fl.StringSliceVar(&opts.Strategies, "strategies", nil, "compare strategies on the same deals: `a,b:key=value,…` (seats rotate in games of several players)")
	fl.StringArrayVarP(&opts.Params, "param", "p", nil, "strategy parameter `key=value` (repeatable)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.Int64VarP(&opts.Games, "games", "n", 100000, "number of games to play (at least 2)")
	fl.Uint64Var(&opts.Seed, "seed", 1, "run seed: game i is dealt from (seed, i)")
	fl.IntVarP(&opts.Workers, "workers", "w", runtime.GOMAXPROCS(0), "parallel workers (results do not depend on it)")
	fl.Float64Var(&opts.Confidence, "confidence", 0.95, "confidence level of the intervals")
	fl.StringVarP(&opts.Out, "out", "o", "", "write summary.json, CSV files and charts into this `directory`")
	fl.StringVarP(&opts.Format, "format", "f", "table", "output on stdout: table, csv or json")
	fl.BoolVarP(&opts.Quiet, "quiet", "q", false, "no progress bar")
	return cmd
}

func runRun(cmd *cobra.Command, f *Factory, opts *RunOptions) error {
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
	g, err := f.game(opts.Game, opts.Rules)
	if err != nil {
		return err
	}
	lineup, err := f.lineup(g, opts.Strategy, opts.Params, opts.Strategies)
	if err != nil {
		return err
	}
	if opts.Out != "" {
		if err := reports.CheckDir(opts.Out); err != nil {
			return err
		}
	}
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: opts.Seed, Games: opts.Games, Workers: opts.Workers}
	var bar *progressbar.ProgressBar
	if !opts.Quiet && f.ErrIsTerminal() {
		bar = progressbar.NewOptions64(opts.Games,
			progressbar.OptionSetWriter(f.Err),
			progressbar.OptionSetDescription(opts.Game),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		cfg.Progress = func(n int64) { bar.Add64(n) }
	}
	start := time.Now()
	tally, err := sim.Run(cmd.Context(), cfg)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		var ge *sim.GameError
		if errors.As(err, &ge) {
			return err
		}
		return fmt.Errorf("run stopped after %d games: %w", tally.Games, err)
	}
	s := sim.Summarize(&cfg, tally, opts.Confidence)
	s.Manifest = sim.NewManifest(&cfg, tally.Games, opts.Confidence)
	s.Manifest.WallSeconds = time.Since(start).Seconds()
	if opts.Out != "" {
		if _, err := reports.WriteDir(opts.Out, &s); err != nil {
			return err
		}
	}
	switch opts.Format {
	case "json":
		return reports.WriteJSON(f.Out, &s)
	case "csv":
		return reports.WriteFiguresCSV(f.Out, &s)
	}
	return reports.WriteTable(f.Out, &s)
}
