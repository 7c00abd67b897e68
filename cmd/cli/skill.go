package cli

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// SkillOptions are the options of the skill command.
type SkillOptions struct {
	Flags
	Game     string
	Strategy string
	Budgets  []int
	Params   []string
	Rules    []string
	Games    int64
}

// NewCmdSkill returns the command that measures how a search strategy's
// play improves with its budget.
func NewCmdSkill(f *Factory) *cobra.Command {
	opts := &SkillOptions{}
	cmd := &cobra.Command{
		Use:   "skill <game> --strategy S --budgets b1,b2,…",
		Short: "Measure how a search strategy's play improves with its budget (skill depth)",
		Long: `Play a search strategy (flatmc, pimc, ismcts, or any strategy with a budget
parameter) at several budgets on the same deals, to see how much skill the game
rewards: a game whose scores keep rising with the budget has depth; one whose
curve is flat by the smallest budget is mostly luck.

In a solitaire every budget plays every deal: the figures are the mean score and
the win rate per budget, and the paired score gain over the previous budget.
In a game of several players each budget plays the previous one (the first plays
random) with the seats rotated over every deal: the figure is its win rate per
seat and game, which is 1/seats for even play, and the share of those games
drawn.

Prints a table, or CSV with --format csv (budget, figure, value, ci_low, ci_high),
or JSON with --format json (the study's settings and the same rows);
with --out DIR writes skill.csv and line charts against the budget (log scale)
with interval bands, as SVG, PNG and PDF.`,
		Example: `  cardsim skill nora --strategy ismcts --budgets 10,40,160 --games 500
  cardsim skill flip --strategy pimc --budgets 5,10,20,40 --param rollout=greedy --out out/skill`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runSkill(cmd.Context(), f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Strategy, "strategy", "s", "ismcts", "strategy to measure; it must take a budget parameter")
	fl.IntSliceVar(&opts.Budgets, "budgets", []int{10, 20, 40, 80}, "budgets to play, ascending: `b1,b2,...`")
	fl.StringArrayVarP(&opts.Params, "param", "p", nil, "other strategy parameter `key=value` (repeatable)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.Int64VarP(&opts.Games, "games", "n", 200, "deals per budget (per pair of budgets in games of several players)")
	opts.add(cmd, playFlags, "skill.csv and charts", "table", "csv", "json")
	fl.SortFlags = false
	return cmd
}

func (opts *SkillOptions) check() error {
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if len(opts.Budgets) == 0 {
		return fmt.Errorf("--budgets: give at least one budget")
	}
	for i, b := range opts.Budgets {
		if b < 1 {
			return fmt.Errorf("--budgets: %d is not a positive budget", b)
		}
		if i > 0 && b <= opts.Budgets[i-1] {
			return fmt.Errorf("--budgets: want strictly ascending budgets, got %d after %d", b, opts.Budgets[i-1])
		}
	}
	if err := checkGames("games", opts.Games); err != nil {
		return err
	}
	for _, p := range opts.Params {
		if k, _, _ := strings.Cut(p, "="); strings.TrimSpace(k) == "budget" {
			return fmt.Errorf("--param %s: the budgets come from --budgets", p)
		}
	}
	return nil
}

func runSkill(ctx context.Context, f *Factory, opts *SkillOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	g, err := f.game(opts.Game, opts.Rules)
	if err != nil {
		return err
	}
	def, err := f.strategy(g.Name(), opts.Strategy)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(def.Params(), func(s games.Setting) bool { return s.Name == "budget" }) {
		return fmt.Errorf("strategy %s has no budget parameter (try flatmc, pimc or ismcts)", def.Name)
	}
	player := func(budget int) (sim.Player, error) {
		p := append(slices.Clone(opts.Params), "budget="+strconv.Itoa(budget))
		if _, err := def.New(g, p); err != nil {
			return sim.Player{}, fmt.Errorf("strategy %s: %w", def.Name, err)
		}
		return sim.Player{Strategy: def, Params: p}, nil
	}
	lineup := make([]sim.Player, len(opts.Budgets))
	for i, b := range opts.Budgets {
		if lineup[i], err = player(b); err != nil {
			return err
		}
	}
	if opts.Out != "" {
		if err := reports.CheckDir(opts.Out); err != nil {
			return err
		}
	}
	sk := &reports.Skill{Game: g.Name(), Seats: g.Seats(), Strategy: def.Name, Params: opts.Params, Seed: opts.Seed, Games: opts.Games, Confidence: opts.Confidence}
	bar := f.newMeter(opts.Quiet)
	defer bar.finish()
	if g.Seats() == 1 {
		bar.plan(opts.Games)
	} else {
		bar.plan(int64(len(opts.Budgets)) * opts.Games)
	}
	run := func(lineup []sim.Player, label string) (sim.Summary, error) {
		cfg := sim.Config{Game: g, Lineup: lineup, Seed: opts.Seed, Workers: opts.Workers, Chunk: skillChunk(opts.Games, opts.Workers)}
		r, err := bar.play(ctx, &sim.Session{Config: cfg, Deals: opts.Games, Confidence: opts.Confidence}, label)
		if err != nil {
			return sim.Summary{}, err
		}
		return r.Summary(), nil
	}
	if g.Seats() == 1 {
		// Every budget plays every deal (Seatings gives one seating per entry).
		s, err := run(lineup, fmt.Sprintf("budgets %v", opts.Budgets))
		if err != nil {
			return err
		}
		for i, b := range opts.Budgets {
			score, win := s.Score, s.Win
			if len(s.Entries) > 0 {
				score, win = s.Entries[i].Score, s.Entries[i].Win
			}
			sk.Rows = append(sk.Rows,
				reports.SkillRow{Budget: b, Figure: reports.SkillScore, Value: score.Mean, CILow: score.CILow, CIHigh: score.CIHigh},
				reports.SkillRow{Budget: b, Figure: reports.SkillWin, Value: win.Rate, CILow: win.CILow, CIHigh: win.CIHigh})
			if i == 0 {
				continue
			}
			for _, c := range s.Comparisons {
				if c.A == i-1 && c.B == i {
					// The comparison is previous − this: negate it.
					sk.Rows = append(sk.Rows, reports.SkillRow{Budget: b, Figure: reports.SkillScoreGain, Value: -c.ScoreDiff, CILow: -c.CIHigh, CIHigh: -c.CILow})
				}
			}
		}
	} else {
		// Each budget against the previous one (the first against random),
		// the seats rotated over every deal.
		random, err := f.Strategies.Lookup(g.Name(), "random")
		if err != nil {
			return err
		}
		prev, prevName := sim.Player{Strategy: random}, "random"
		for i, b := range opts.Budgets {
			s, err := run([]sim.Player{lineup[i], prev}, fmt.Sprintf("budget %d against %s", b, prevName))
			if err != nil {
				return err
			}
			fig := reports.SkillWinVsPrevious
			if i == 0 {
				fig = reports.SkillWinVsRandom
			}
			w, d := s.Entries[0].Win, s.Entries[0].Draw
			sk.Rows = append(sk.Rows,
				reports.SkillRow{Budget: b, Figure: fig, Value: w.Rate, CILow: w.CILow, CIHigh: w.CIHigh},
				reports.SkillRow{Budget: b, Figure: reports.SkillDraw, Value: d.Rate, CILow: d.CILow, CIHigh: d.CIHigh})
			prev, prevName = lineup[i], fmt.Sprintf("budget %d", b)
		}
	}
	bar.finish()
	if opts.Out != "" {
		if _, err := reports.WriteSkillDir(opts.Out, sk); err != nil {
			return err
		}
	}
	switch opts.Format {
	case "csv":
		return reports.WriteSkillCSV(f.Out, sk)
	case "json":
		return writeJSON(f.Out, sk)
	}
	return reports.WriteSkillTable(f.Out, sk)
}

// skillChunk returns a chunk size that spreads a study's few, slow deals
// over the workers. A deal of a budgeted search takes up to seconds, and an
// interrupt stops a run after the chunks under way, so chunks are kept to
// skillMaxChunk deals.
func skillChunk(games int64, workers int) int {
	return int(max(1, min(skillMaxChunk, games/int64(4*workers))))
}

// skillMaxChunk is the most deals of a chunk of a skill study.
const skillMaxChunk = 4
