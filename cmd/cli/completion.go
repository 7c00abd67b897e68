package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/internal/complete"
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
	walk(root, func(cmd *cobra.Command) {
		if strings.Contains(cmd.Use, "<game>") && cmd.ValidArgsFunction == nil {
			cmd.ValidArgsFunction = f.completeGameArg(cmd)
		}
		register := func(name string, fn cobra.CompletionFunc) {
			if cmd.Flags().Lookup(name) != nil {
				if _, taken := cmd.GetFlagCompletionFunc(name); !taken {
					cmd.RegisterFlagCompletionFunc(name, fn)
				}
			}
		}
		register("strategy", f.completeStrategy)
		register("strategies", f.completeStrategies)
		register("param", f.completeParam)
		register("rule", f.completeRule)
		register("opt", f.completeOpt)
		register("game", f.completeGameList)
		register("records-format", fixed(reports.RecordFormats))
		register("target", fixed([]string{string(sim.TargetScore), string(sim.TargetWin)}))
		register("out", complete.Dirs)
		register("records", complete.FileExt(reports.RecordFormats...))
		register("plan", complete.FileExt("yaml", "yml", "json"))
		register("checkpoint", cobra.NoFileCompletions) // a file to write: any name
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

// completeGameArg completes the game argument of cmd: every game, or for
// analyze and solve those the command's registry has an analysis for.
func (f *Factory) completeGameArg(cmd *cobra.Command) cobra.CompletionFunc {
	var only *analyses.Registry
	switch cmd.Name() {
	case "analyze":
		only = f.Analyses
	case "solve":
		only = f.Solvers
	}
	return func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var cs []cobra.Completion
		for _, d := range f.Games.All() {
			if only != nil {
				if _, ok := only.Lookup(d.Name); !ok {
					continue
				}
			}
			cs = append(cs, cobra.CompletionWithDesc(d.Name, d.Title))
		}
		return complete.Prefixed(cs, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeGameList completes a comma-separated list of games (report's
// --game).
func (f *Factory) completeGameList(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var cs []cobra.Completion
	for _, d := range f.Games.All() {
		cs = append(cs, cobra.CompletionWithDesc(d.Name, d.Title))
	}
	return complete.LastOfList(cs, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// gameOf returns the game named by a command's first argument, under its
// default rules, or nil when none is given or it is unknown.
func (f *Factory) gameOf(args []string) games.Game {
	if len(args) == 0 {
		return nil
	}
	g, err := f.runner(nil).Game(args[0], nil)
	if err != nil {
		return nil
	}
	return g
}

// strategyCompletions lists the strategies that play the game of args.
func (f *Factory) strategyCompletions(args []string) []cobra.Completion {
	if len(args) == 0 {
		return nil
	}
	if _, err := f.Games.Lookup(args[0]); err != nil {
		return nil
	}
	var cs []cobra.Completion
	for _, d := range f.Strategies.For(args[0]) {
		cs = append(cs, cobra.CompletionWithDesc(d.Name, d.Summary))
	}
	return cs
}

// completeStrategy completes --strategy: the strategies of the game given.
func (f *Factory) completeStrategy(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return complete.Prefixed(f.strategyCompletions(args), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeStrategies completes the last name of --strategies a,b,…; an
// entry with parameters (name:key=value) is left as typed.
func (f *Factory) completeStrategies(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return complete.StrategyList(f.strategyCompletions(args), toComplete)
}

// completeParam completes --param key=value for the strategy of --strategy
// (the game's first when none is given).
func (f *Factory) completeParam(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	name, _ := cmd.Flags().GetString("strategy")
	if name == "" && cmd.Name() == "skill" {
		name = cmd.Flags().Lookup("strategy").DefValue
	}
	def, err := f.runner(nil).Strategy(args[0], name)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return complete.Settings(def.Params(), toComplete, false)
}

// completeRule completes --rule key=value for the game given; sweep's
// --rule takes a list of values, key=v1,v2,…, and completes the last.
func (f *Factory) completeRule(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	g := f.gameOf(args)
	if g == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return complete.Settings(g.Rules(), toComplete, cmd.Name() == "sweep")
}

// completeOpt completes --opt key=value for the analysis of the game given.
func (f *Factory) completeOpt(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	r := f.Analyses
	if cmd.Name() == "solve" {
		r = f.Solvers
	}
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	def, ok := r.Lookup(args[0])
	if !ok {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return complete.Settings(def.Options(), toComplete, false)
}
