package complete

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// Sources are the registries completions read, so that they offer what
// the build has.
type Sources struct {
	Games      *games.Registry
	Strategies *strategies.Registry
	Analyses   *analyses.Registry
	Solvers    *analyses.Registry
}

// GameArg completes the game argument of cmd: every game, or for
// analyze and solve those the command's registry has an analysis for.
func (s *Sources) GameArg(cmd *cobra.Command) cobra.CompletionFunc {
	var only *analyses.Registry
	switch cmd.Name() {
	case "analyze":
		only = s.Analyses
	case "solve":
		only = s.Solvers
	}
	return func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var cs []cobra.Completion
		for _, d := range s.Games.All() {
			if only != nil {
				if _, ok := only.Lookup(d.Name); !ok {
					continue
				}
			}
			cs = append(cs, cobra.CompletionWithDesc(d.Name, d.Title))
		}
		return Prefixed(cs, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// GameList completes a comma-separated list of games (report's
// --game).
func (s *Sources) GameList(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var cs []cobra.Completion
	for _, d := range s.Games.All() {
		cs = append(cs, cobra.CompletionWithDesc(d.Name, d.Title))
	}
	return LastOfList(cs, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// gameOf returns the game named by a command's first argument, under its
// default rules, or nil when none is given or it is unknown.
func (s *Sources) gameOf(args []string) games.Game {
	if len(args) == 0 {
		return nil
	}
	def, err := s.Games.Lookup(args[0])
	if err != nil {
		return nil
	}
	g, err := def.New(nil)
	if err != nil {
		return nil
	}
	return g
}

// strategyCompletions lists the strategies that can play the game of args.
func (s *Sources) strategyCompletions(args []string) []cobra.Completion {
	g := s.gameOf(args)
	if g == nil {
		return nil
	}
	var cs []cobra.Completion
	for _, d := range s.Strategies.For(g) {
		cs = append(cs, cobra.CompletionWithDesc(d.Name, d.Summary))
	}
	return cs
}

// Strategy completes --strategy: the strategies of the game given.
func (s *Sources) Strategy(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return Prefixed(s.strategyCompletions(args), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// StrategyEntries completes the last name of --strategies a,b,…; an
// entry with parameters (name:key=value) is left as typed.
func (s *Sources) StrategyEntries(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return StrategyList(s.strategyCompletions(args), toComplete)
}

// Param completes --param key=value for the strategy of --strategy
// (the game's first when none is given), with the choices of a parameter
// that names a strategy (a search's rollout) those that can play the game.
func (s *Sources) Param(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	g := s.gameOf(args)
	if g == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	name, _ := cmd.Flags().GetString("strategy")
	if name == "" && cmd.Name() == "skill" {
		name = cmd.Flags().Lookup("strategy").DefValue
	}
	def, err := s.Strategies.Named(g, name)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return Settings(def.Params(g), toComplete, false)
}

// Rule completes --rule key=value for the game given; sweep's
// --rule takes a list of values, key=v1,v2,…, and completes the last.
func (s *Sources) Rule(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	g := s.gameOf(args)
	if g == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return Settings(g.Rules(), toComplete, cmd.Name() == "sweep" || cmd.Name() == "tune")
}

// Opt completes --opt key=value for the analysis of the game given.
func (s *Sources) Opt(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	r := s.Analyses
	if cmd.Name() == "solve" {
		r = s.Solvers
	}
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	def, ok := r.Lookup(args[0])
	if !ok {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return Settings(def.Options(), toComplete, false)
}

// RuleSet completes a set of rule changes "[name:]key=value,key=value"
// (--variant, --point) for the game given: the rule keys and then their
// values of the last change, after those already typed.
func (s *Sources) RuleSet(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	g := s.gameOf(args)
	if g == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	head, last := "", toComplete
	if i := strings.LastIndex(toComplete, ","); i >= 0 {
		head, last = toComplete[:i+1], toComplete[i+1:]
	} else if name, rest, ok := strings.Cut(toComplete, ":"); ok && !strings.Contains(name, "=") {
		head, last = name+":", rest
	}
	cs, _ := Settings(g.Rules(), last, false)
	out := make([]cobra.Completion, len(cs))
	for i, c := range cs {
		out[i] = head + c
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// Figure completes a figure of the game given: score, win or one of its
// metrics.
func (s *Sources) Figure(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	cs := []cobra.Completion{cobra.CompletionWithDesc("score", "the mean score"), cobra.CompletionWithDesc("win", "the win rate")}
	if g := s.gameOf(args); g != nil {
		for _, m := range g.Metrics() {
			cs = append(cs, cobra.CompletionWithDesc(m.Name, m.Usage))
		}
	}
	return Prefixed(cs, toComplete), cobra.ShellCompDirectiveNoFileComp
}
