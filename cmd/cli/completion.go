package cli

import (
	"bytes"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
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
		register("out", dirs)
		register("records", fileExt(reports.RecordFormats...))
		register("plan", fileExt("yaml", "yml", "json"))
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

// fixed completes one of values.
func fixed(values []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(values, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// dirs completes directory names.
func dirs(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// fileExt completes names of files with one of the extensions exts.
func fileExt(exts ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return exts, cobra.ShellCompDirectiveFilterFileExt
	}
}

// withPrefix returns the completions whose value starts with prefix.
func withPrefix(cs []cobra.Completion, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, c := range cs {
		if value, _, _ := strings.Cut(c, "\t"); strings.HasPrefix(value, prefix) {
			out = append(out, c)
		}
	}
	return out
}

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
		return withPrefix(cs, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeGameList completes a comma-separated list of games (report's
// --game).
func (f *Factory) completeGameList(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var cs []cobra.Completion
	for _, d := range f.Games.All() {
		cs = append(cs, cobra.CompletionWithDesc(d.Name, d.Title))
	}
	return lastOfList(cs, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// lastOfList completes the last item of a comma-separated list from cs,
// leaving out the items already given, each completion carrying the items
// before it.
func lastOfList(cs []cobra.Completion, toComplete string) []cobra.Completion {
	head, last := "", toComplete
	if i := strings.LastIndex(toComplete, ","); i >= 0 {
		head, last = toComplete[:i+1], toComplete[i+1:]
	}
	given := strings.Split(strings.TrimSuffix(head, ","), ",")
	var out []cobra.Completion
	for _, c := range withPrefix(cs, last) {
		value, _, _ := strings.Cut(c, "\t")
		if !slices.Contains(given, value) {
			out = append(out, head+c)
		}
	}
	return out
}

// gameOf returns the game named by a command's first argument, under its
// default rules, or nil when none is given or it is unknown.
func (f *Factory) gameOf(args []string) games.Game {
	if len(args) == 0 {
		return nil
	}
	g, err := f.game(args[0], nil)
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
	return withPrefix(f.strategyCompletions(args), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeStrategies completes the last name of --strategies a,b,…; an
// entry with parameters (name:key=value) is left as typed.
func (f *Factory) completeStrategies(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	last := toComplete[strings.LastIndex(toComplete, ",")+1:]
	if strings.Contains(last, ":") {
		return nil, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	head := toComplete[:len(toComplete)-len(last)]
	var out []cobra.Completion
	for _, c := range withPrefix(f.strategyCompletions(args), last) {
		out = append(out, head+c) // a strategy may play twice, with other parameters
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
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
	def, err := f.strategy(args[0], name)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return settingCompletions(def.Params(), toComplete, false)
}

// completeRule completes --rule key=value for the game given; sweep's
// --rule takes a list of values, key=v1,v2,…, and completes the last.
func (f *Factory) completeRule(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	g := f.gameOf(args)
	if g == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return settingCompletions(g.Rules(), toComplete, cmd.Name() == "sweep")
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
	return settingCompletions(def.Options(), toComplete, false)
}

// settingCompletions completes key=value over settings: the keys (each
// followed by "=", with no space after it) until one is typed, then its
// values: the choices of a set, true and false for a boolean, the default
// for any other. With lists set, the value is a comma-separated list and
// its last item is completed.
func settingCompletions(settings []games.Setting, toComplete string, lists bool) ([]cobra.Completion, cobra.ShellCompDirective) {
	key, value, typed := strings.Cut(toComplete, "=")
	if !typed {
		var cs []cobra.Completion
		for _, s := range settings {
			cs = append(cs, cobra.CompletionWithDesc(s.Name+"=", s.Usage))
		}
		return withPrefix(cs, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	i := slices.IndexFunc(settings, func(s games.Setting) bool { return s.Name == key })
	if i < 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	s := settings[i]
	var values []cobra.Completion
	switch {
	case len(s.Choices) > 0:
		values = s.Choices
	case s.Kind == games.Boolean:
		values = []string{"true", "false"}
	default:
		values = []string{cobra.CompletionWithDesc(s.Default, "the default")}
	}
	head, last := key+"=", value
	directive := cobra.ShellCompDirectiveNoFileComp
	if lists {
		if j := strings.LastIndex(value, ","); j >= 0 {
			head, last = key+"="+value[:j+1], value[j+1:]
		}
		directive |= cobra.ShellCompDirectiveNoSpace // more values may follow
	}
	var out []cobra.Completion
	for _, c := range withPrefix(values, last) {
		out = append(out, head+c)
	}
	return out, directive
}

// completeListsInBash makes the bash completion script complete the items
// of comma-separated lists (--strategies planner,g<TAB>). Cobra's script
// escapes each completion with printf %q before matching it against the
// word typed, and bash's %q escapes a comma: "planner\,greedy" does not
// start with "planner,g", so nothing was offered. A comma needs no escape
// outside braces, so the script takes it back out after each escape.
func completeListsInBash(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		for _, sh := range c.Commands() {
			if sh.Name() != "bash" {
				continue
			}
			sh.RunE = func(cmd *cobra.Command, _ []string) error {
				noDesc, _ := cmd.Flags().GetBool("no-descriptions")
				var b bytes.Buffer
				if err := cmd.Root().GenBashCompletionV2(&b, !noDesc); err != nil {
					return err
				}
				_, err := io.WriteString(cmd.OutOrStdout(), commasUnescaped(b.String()))
				return err
			}
		}
	}
}

// escaped matches the lines of cobra's bash script that escape completions
// with printf %q, by the variable they set: an array read from printf's
// lines, or one value.
var escaped = []struct {
	re  *regexp.Regexp
	fix string // the line that takes the commas' escapes back out; $1 is the variable
}{
	{regexp.MustCompile(`read -ra (\w+) -d '' < <\(printf "%q\\n"`), `$1=("${$1[@]//\\,/,}")`},
	{regexp.MustCompile(`^\s*([\w\[\]0-9]+)=\$\(printf "%q"`), `$1=${$1//\\,/,}`},
	{regexp.MustCompile(`printf -v (\w+) "%q"`), `$1=${$1//\\,/,}`},
}

// commasUnescaped returns cobra's bash completion script with a line after
// each escape of completions that unescapes their commas.
func commasUnescaped(script string) string {
	var out strings.Builder
	for _, line := range strings.SplitAfter(script, "\n") {
		out.WriteString(line)
		for _, e := range escaped {
			if m := e.re.FindStringSubmatchIndex(line); m != nil {
				indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
				out.WriteString(indent + string(e.re.ExpandString(nil, e.fix, line, m)) + "\n")
				break
			}
		}
	}
	return out.String()
}
