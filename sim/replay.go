package sim

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// TraceCommand returns the cardsim trace command that plays the game of e
// again: the same rules, deal and strategies in the same seats. It names
// only the rules and parameters that differ from their defaults, and each
// seat's strategy when the seats differ; an argument that a POSIX shell
// would not leave alone is quoted.
func (e *GameError) TraceCommand() string {
	args := []string{"cardsim", "trace", e.Game}
	same := true
	for _, p := range e.Seats[1:] {
		same = same && strategySpec(p) == strategySpec(e.Seats[0])
	}
	if same {
		p := e.Seats[0]
		args = append(args, "--strategy", p.Strategy.Name)
		for _, kv := range changedParams(p) {
			args = append(args, "--param", kv)
		}
	} else {
		specs := make([]string, len(e.Seats))
		for i, p := range e.Seats {
			specs[i] = strategySpec(p)
		}
		args = append(args, "--strategies", strings.Join(specs, ","))
	}
	for _, r := range e.Rules {
		if r.Value != r.Default {
			args = append(args, "--rule", r.Name+"="+r.Value)
		}
	}
	args = append(args, "--seed", strconv.FormatUint(e.Seed, 10), "--index", strconv.FormatInt(e.Index, 10))
	for i, a := range args {
		args[i] = shellQuote(a)
	}
	return strings.Join(args, " ")
}

// strategySpec writes a player as --strategies takes it: name:key=value:…,
// with the parameters that differ from their defaults.
func strategySpec(p Player) string {
	return strings.Join(append([]string{p.Strategy.Name}, changedParams(p)...), ":")
}

// changedParams returns p's parameters that differ from their defaults, as
// key=value, sorted by key.
func changedParams(p Player) []string {
	defaults := map[string]string{}
	for _, s := range p.Strategy.Params(nil) {
		defaults[s.Name] = s.Default
	}
	values := ParamValues(p)
	var out []string
	for _, k := range slices.Sorted(maps.Keys(values)) {
		if d, ok := defaults[k]; !ok || d != values[k] {
			out = append(out, k+"="+values[k])
		}
	}
	return out
}

// shellQuote quotes s for a POSIX shell when it holds anything but letters,
// digits and punctuation a shell leaves alone.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=:,./@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
