package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/internal/complete"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// completeTree registers the shell completions of every command under root:
// game names for a <game> argument, and the values of the flags that name
// strategies, rules, analysis options, games, record formats, targets and
// files. Completions of --format come with the flag (Flags.add).
//
// The completions read the registries of f, so they offer what this build
// has: the strategies of the game already typed, its rule keys and then
// their values (the choices of a rule of a set of choices, true or false
// for a rule that is either), the options of the game's analysis.
func completeTree(root *cobra.Command, f *Factory) {
	src := &complete.Sources{Games: f.Games, Strategies: f.Strategies, Analyses: f.Analyses, Solvers: f.Solvers}
	walk(root, func(cmd *cobra.Command) {
		if strings.Contains(cmd.Use, "<game>") && cmd.ValidArgsFunction == nil {
			cmd.ValidArgsFunction = src.GameArg(cmd)
		}
		register := func(name string, fn cobra.CompletionFunc) {
			if cmd.Flags().Lookup(name) != nil {
				if _, taken := cmd.GetFlagCompletionFunc(name); !taken {
					cmd.RegisterFlagCompletionFunc(name, fn)
				}
			}
		}
		register("strategy", src.Strategy)
		register("strategies", src.StrategyEntries)
		register("param", src.Param)
		register("rule", src.Rule)
		register("opt", src.Opt)
		register("game", src.GameList)
		register("records-format", fixed(reports.RecordFormats))
		register("target", fixed([]string{string(sim.TargetScore), string(sim.TargetWin)}))
		register("out", complete.Dirs)
		register("records", complete.FileExt(reports.RecordFormats...))
		register("plan", complete.FileExt("yaml", "yml", "json"))
		register("checkpoint", cobra.NoFileCompletions) // a file to write: any name
		register("variant", src.RuleSet)
		register("point", src.RuleSet)
		register("figure", src.Figure)
		register("goal", fixed([]string{"highest", "lowest"}))
	})
}

// walk calls fn on cmd and every command below it.
func walk(cmd *cobra.Command, fn func(*cobra.Command)) {
	fn(cmd)
	for _, c := range cmd.Commands() {
		walk(c, fn)
	}
}

// fixed completes one of values (complete.Fixed, for flags.go).
func fixed(values []string) cobra.CompletionFunc { return complete.Fixed(values) }
