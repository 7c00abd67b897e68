package serve

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/experiment"
)

// Kinds the workbench runs from its form: one strategy, several on the
// same deals, or a grid of rules.
var formKinds = []experiment.Kind{experiment.Run, experiment.Compare, experiment.Sweep}

// SpecFrom reads an experiment from the parameters of a form or of a
// page's address, named as the command's flags: game, rule (repeated,
// key=value, or key=v1,v2,… to sweep), strategies (name or
// name:key=value:…, comma-separated), games, seed, confidence, precision,
// target, max-games. The kind follows from them: a sweep when a rule has
// several values, a comparison with several strategies, else a run. Fields
// that name files (checkpoints, records, shards) are not read.
func SpecFrom(v url.Values) (experiment.Spec, error) {
	s := experiment.Spec{Kind: experiment.Run, Game: v.Get("game"), Seed: experiment.DefaultSeed, Confidence: experiment.DefaultConfidence, Games: experiment.DefaultGames(experiment.Run)}
	for _, r := range v["rule"] {
		if r = strings.TrimSpace(r); r != "" {
			s.Rules = append(s.Rules, r)
		}
	}
	for _, st := range strings.Split(v.Get("strategies"), ",") {
		if st = strings.TrimSpace(st); st != "" {
			s.Strategies = append(s.Strategies, st)
		}
	}
	var err error
	num := func(name string, dst any) {
		text := strings.TrimSpace(v.Get(name))
		if text == "" || err != nil {
			return
		}
		var e error
		switch d := dst.(type) {
		case *int64:
			*d, e = strconv.ParseInt(text, 10, 64)
		case *uint64:
			*d, e = strconv.ParseUint(text, 10, 64)
		case *float64:
			*d, e = strconv.ParseFloat(text, 64)
		}
		if e != nil {
			err = fmt.Errorf("--%s %q: want a number", name, text)
		}
	}
	num("games", &s.Games)
	num("seed", &s.Seed)
	num("confidence", &s.Confidence)
	num("precision", &s.Precision)
	num("max-games", &s.MaxGames)
	if err != nil {
		return s, err
	}
	if s.Precision > 0 {
		s.Target = v.Get("target")
		if s.MaxGames == 0 {
			s.MaxGames = experiment.DefaultMaxGames
		}
	}
	switch {
	case slices.ContainsFunc(s.Rules, func(r string) bool { return strings.Contains(r, ",") }):
		s.Kind = experiment.Sweep
	case len(s.Strategies) > 1:
		s.Kind = experiment.Compare
	}
	return s, nil
}

// Values writes a Spec as the parameters SpecFrom reads.
func Values(s experiment.Spec) url.Values {
	v := url.Values{"game": {s.Game}}
	v["rule"] = s.Rules
	if len(s.Strategies) > 0 {
		v.Set("strategies", strings.Join(s.Strategies, ","))
	}
	v.Set("games", strconv.FormatInt(s.Games, 10))
	v.Set("seed", strconv.FormatUint(s.Seed, 10))
	v.Set("confidence", strconv.FormatFloat(s.Confidence, 'g', -1, 64))
	if s.Precision > 0 {
		v.Set("precision", strconv.FormatFloat(s.Precision, 'g', -1, 64))
		v.Set("target", s.Target)
		v.Set("max-games", strconv.FormatInt(s.MaxGames, 10))
	}
	return v
}

// Command returns the cardsim command that runs s, quoted for a shell.
func Command(s experiment.Spec) string {
	args := []string{"cardsim", string(s.Kind), s.Game}
	if len(s.Strategies) > 0 {
		args = append(args, "--strategies", strings.Join(s.Strategies, ","))
	}
	for _, r := range s.Rules {
		args = append(args, "--rule", r)
	}
	if s.Precision > 0 {
		args = append(args, "--precision", strconv.FormatFloat(s.Precision, 'g', -1, 64), "--target", s.Target,
			"--max-games", strconv.FormatInt(s.MaxGames, 10))
	} else {
		args = append(args, "--games", strconv.FormatInt(s.Games, 10))
	}
	args = append(args, "--seed", strconv.FormatUint(s.Seed, 10))
	if s.Confidence != experiment.DefaultConfidence {
		args = append(args, "--confidence", strconv.FormatFloat(s.Confidence, 'g', -1, 64))
	}
	for i, a := range args {
		if strings.ContainsAny(a, " \t'\"$`\\*?[]{}()<>|&;!#~") {
			args[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(args, " ")
}

// field names the form field an error of Validate or Check is about, from
// the flag it names ("--games 1: …" is about games), or "" for the form.
func field(err error) string {
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "--"):
		name, _, _ := strings.Cut(strings.TrimPrefix(msg, "--"), " ")
		return strings.TrimSuffix(name, ":")
	case strings.HasPrefix(msg, "rule "), strings.Contains(msg, "sweep"):
		return "rule"
	case strings.HasPrefix(msg, "strategy "), strings.Contains(msg, "strateg"):
		return "strategies"
	}
	return ""
}
