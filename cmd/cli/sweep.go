package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"

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
	Plan string
}

// sweepPlan is a plan file (YAML or JSON) that describes a sweep, for
// repeatable studies: the fields of the flags that say what to play.
type sweepPlan struct {
	Game       string   `json:"game"`
	Strategy   string   `json:"strategy,omitempty"`
	Strategies []string `json:"strategies,omitempty"`
	Params     []string `json:"params,omitempty"`
	Rules      []string `json:"rules,omitempty"`
	Games      int64    `json:"games,omitempty"`
	Seed       uint64   `json:"seed,omitempty"`
	Precision  float64  `json:"precision,omitempty"`
	Target     string   `json:"target,omitempty"`
	MaxGames   int64    `json:"max_games,omitempty"`
	Confidence float64  `json:"confidence,omitempty"`
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
score and the win rate against it with interval bands (SVG and PNG).

A sweep can be kept in a YAML or JSON file and run with --plan FILE; flags given
on the command line are added to the plan's. Fields: game, strategy, strategies,
params, rules, games, seed, precision, target, max_games, confidence.`,
		Example: `  cardsim sweep nora --strategy rescuer --rule insure=0,1,2,4,8 --games 20000 --out out/insure
  cardsim sweep nora --strategies cautious,rescuer --rule revive=2,4,8 --rule rounds=5
  cardsim sweep --plan studies/insurance.yaml --out out/insurance`,
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
	fl.SortFlags = false
	return cmd
}

// loadPlan reads a plan file into opts; flags set on the command line win
// for single values and add to lists.
func loadPlan(opts *SweepOptions, changed func(string) bool) error {
	b, err := os.ReadFile(opts.Plan)
	if err != nil {
		return fmt.Errorf("--plan: %w", err)
	}
	var plan sweepPlan
	if err := yaml.UnmarshalStrict(b, &plan); err != nil {
		// The YAML library's errors say nothing a reader of the plan
		// needs beyond their text.
		return fmt.Errorf("--plan %s: %s", opts.Plan, strings.ReplaceAll(err.Error(), "error unmarshaling JSON: ", ""))
	}
	if opts.Game == "" {
		opts.Game = plan.Game
	}
	if !changed("strategy") && plan.Strategy != "" {
		opts.Strategy = plan.Strategy
	}
	if !changed("strategies") && len(plan.Strategies) > 0 {
		opts.Strategies = plan.Strategies
	}
	opts.Params = append(plan.Params, opts.Params...)
	opts.Rules = append(plan.Rules, opts.Rules...)
	set := func(name string, apply func()) {
		if !changed(name) {
			apply()
		}
	}
	set("games", func() {
		if plan.Games != 0 {
			opts.Games = plan.Games
		}
	})
	set("seed", func() {
		if plan.Seed != 0 {
			opts.Seed = plan.Seed
		}
	})
	set("precision", func() { opts.Precision = max(opts.Precision, plan.Precision) })
	set("target", func() {
		if plan.Target != "" {
			opts.Target = plan.Target
		}
	})
	set("max-games", func() {
		if plan.MaxGames != 0 {
			opts.MaxGames = plan.MaxGames
		}
	})
	set("confidence", func() {
		if plan.Confidence != 0 {
			opts.Confidence = plan.Confidence
		}
	})
	return nil
}

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
		keys = append(keys, k)
		lists = append(lists, vals)
	}
	if len(keys) == 0 {
		return nil, nil, nil, errors.New("nothing to sweep: give a rule with several values, such as --rule insure=0,1,2")
	}
	idx := make([]int, len(keys))
	for {
		pt := append([]string{}, fixed...)
		vm := map[string]string{}
		for i, k := range keys {
			v := strings.TrimSpace(lists[i][idx[i]])
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
	if opts.Out != "" {
		if err := reports.CheckDir(opts.Out); err != nil {
			return err
		}
	}
	sw := &reports.Sweep{Keys: keys, Defaults: ruleDefaults(cfgs[0].Game, keys, values)}
	bar := f.newMeter(opts.Quiet)
	defer bar.finish()
	for _, cfg := range cfgs {
		bar.plan(opts.session(cfg, opts.Games, opts.Confidence).ToPlay())
	}
	for i, cfg := range cfgs {
		s := opts.session(cfg, opts.Games, opts.Confidence)
		r, err := bar.play(ctx, s, pointProgress(i, len(cfgs), keys, values[i]))
		if err != nil {
			return fmt.Errorf("point %s: %w", pointLabel(keys, values[i]), err)
		}
		sw.Points = append(sw.Points, reports.SweepPoint{Values: values[i], Summary: r.Summary()})
	}
	bar.finish()
	if opts.Out != "" {
		if _, err := reports.WriteSweepDir(opts.Out, sw, opts.Game); err != nil {
			return err
		}
	}
	switch opts.Format {
	case "json":
		return reports.WriteSweepJSON(f.Out, sw)
	case "csv":
		return reports.WriteSweepCSV(f.Out, sw)
	}
	return reports.WriteSweepTable(f.Out, sw)
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
