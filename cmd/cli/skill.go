package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// SkillOptions are the options of the skill command.
type SkillOptions struct {
	Flags
	experiment.Spec
}

// NewCmdSkill returns the command that measures how a search strategy's
// play improves with its budget. runF, if not nil, takes the options in
// place of playing them (see NewCmdRun).
func NewCmdSkill(f *Factory, runF func(*SkillOptions) error) *cobra.Command {
	opts := &SkillOptions{Spec: experiment.Spec{Kind: experiment.Skill}}
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
			if err := opts.Flags.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	fl := cmd.Flags()
	strategyFlag(cmd, &opts.Strategy, experiment.DefaultSkillStrategy, "strategy to measure; it must take a budget parameter")
	fl.IntSliceVar(&opts.Budgets, "budgets", experiment.DefaultBudgets(), "budgets to play, ascending: `b1,b2,...`")
	paramFlag(cmd, &opts.Params, "other strategy parameter `key=value` (repeatable)")
	ruleFlag(cmd, &opts.Rules, ruleUsage)
	gamesFlag(cmd, &opts.Games, experiment.DefaultGames(experiment.Skill), "deals per budget (per pair of budgets in games of several players)")
	opts.add(cmd, &opts.Spec, playFlags, "skill.csv and charts", f.Formats.Skill)
	fl.SortFlags = false
	return cmd
}
