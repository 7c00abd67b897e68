package cli

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/sim"
)

// withReplay returns err's message, followed by the cardsim trace command
// that replays the failed game when err holds one.
func withReplay(err error) string {
	msg := err.Error()
	var ge *sim.GameError
	if errors.As(err, &ge) {
		msg += " (replay: " + replayCommand(ge) + ")"
	}
	return msg
}

// replayCommand returns the cardsim trace command that plays the game of ge
// again: the same rules, deal and strategies in the same seats.
func replayCommand(ge *sim.GameError) string {
	args := []string{"cardsim", "trace", ge.Game}
	same := true
	for _, p := range ge.Seats[1:] {
		same = same && strategySpec(p) == strategySpec(ge.Seats[0])
	}
	if same {
		p := ge.Seats[0]
		args = append(args, "--strategy", p.Strategy.Name)
		for _, kv := range changedParams(p) {
			args = append(args, "--param", kv)
		}
	} else {
		specs := make([]string, len(ge.Seats))
		for i, p := range ge.Seats {
			specs[i] = strategySpec(p)
		}
		args = append(args, "--strategies", strings.Join(specs, ","))
	}
	for _, r := range ge.Rules {
		if r.Value != r.Default {
			args = append(args, "--rule", r.Name+"="+r.Value)
		}
	}
	args = append(args, "--seed", strconv.FormatUint(ge.Seed, 10), "--index", strconv.FormatInt(ge.Index, 10))
	for i, a := range args {
		args[i] = shellQuote(a)
	}
	return strings.Join(args, " ")
}

// strategySpec writes a player as --strategies takes it: name:key=value:…,
// with the parameters that differ from their defaults.
func strategySpec(p sim.Player) string {
	return strings.Join(append([]string{p.Strategy.Name}, changedParams(p)...), ":")
}

// changedParams returns p's parameters that differ from their defaults, as
// key=value, sorted by key.
func changedParams(p sim.Player) []string {
	defaults := map[string]string{}
	for _, s := range p.Strategy.Params() {
		defaults[s.Name] = s.Default
	}
	values := sim.ParamValues(p)
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
