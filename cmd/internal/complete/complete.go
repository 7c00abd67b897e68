package complete

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/games"
)

// Fixed returns a completion of one of values.
func Fixed(values []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return Prefixed(values, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// Dirs completes directory names.
func Dirs(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// FileExt returns a completion of names of files with one of the
// extensions exts.
func FileExt(exts ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return exts, cobra.ShellCompDirectiveFilterFileExt
	}
}

// Prefixed returns the completions of cs whose value starts with prefix.
func Prefixed(cs []cobra.Completion, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, c := range cs {
		if value, _, _ := strings.Cut(c, "\t"); strings.HasPrefix(value, prefix) {
			out = append(out, c)
		}
	}
	return out
}

// LastOfList completes the last item of a comma-separated list from cs,
// leaving out the items already given, each completion carrying the items
// before it.
func LastOfList(cs []cobra.Completion, toComplete string) []cobra.Completion {
	head, last := "", toComplete
	if i := strings.LastIndex(toComplete, ","); i >= 0 {
		head, last = toComplete[:i+1], toComplete[i+1:]
	}
	given := strings.Split(strings.TrimSuffix(head, ","), ",")
	var out []cobra.Completion
	for _, c := range Prefixed(cs, last) {
		value, _, _ := strings.Cut(c, "\t")
		if !slices.Contains(given, value) {
			out = append(out, head+c)
		}
	}
	return out
}

// StrategyList completes the last name of a list of strategies a,b,… from
// cs; a strategy may play twice, with other parameters, and an entry with
// parameters (name:key=value) is left as typed.
func StrategyList(cs []cobra.Completion, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	last := toComplete[strings.LastIndex(toComplete, ",")+1:]
	if strings.Contains(last, ":") {
		return nil, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	head := toComplete[:len(toComplete)-len(last)]
	var out []cobra.Completion
	for _, c := range Prefixed(cs, last) {
		out = append(out, head+c)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// Settings completes key=value over settings: the keys (each followed by
// "=", with no space after it) until one is typed, then its values: the
// choices of a set, true and false for a boolean, the default for any
// other. With lists set, the value is a comma-separated list and its last
// item is completed.
func Settings(settings []games.Setting, toComplete string, lists bool) ([]cobra.Completion, cobra.ShellCompDirective) {
	key, value, typed := strings.Cut(toComplete, "=")
	if !typed {
		var cs []cobra.Completion
		for _, s := range settings {
			cs = append(cs, cobra.CompletionWithDesc(s.Name+"=", s.Usage))
		}
		return Prefixed(cs, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
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
	for _, c := range Prefixed(values, last) {
		out = append(out, head+c)
	}
	return out, directive
}
