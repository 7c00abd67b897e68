package serve

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/internal/clip"
)

// FieldError is a value of a form or an address the workbench refuses,
// in the form's words, with the field it is about: "games" (the deals),
// "seed", "confidence", "precision", "target", "max-games", "rules" or
// "r.<rule>", "strategies" or "s.<strategy>", or "" for the whole form.
type FieldError struct {
	Field, Message string
}

func (e *FieldError) Error() string { return e.Message }

// SpecFrom reads an experiment from the parameters of a form or of a
// page's address, named as the command's flags: game, rule (repeated,
// key=value, or key=v1,v2,… or key=lo..hi[:step] to sweep), strategies (name or
// name:key=value:…, comma-separated), games, seed, confidence, precision,
// target, max-games; and rule variants as compare's flags name them:
// variant (repeated, [name:]key=value,key=value), baseline, figure
// (comma-separated), margin and reference (repeated). The kind follows
// from them: a comparison given a variant, a sweep when a rule has several
// values, a comparison with several strategies, else a run.
//
// Nothing it reads names a file: the fields that do (checkpoints,
// records, shards) are not read, and a rule or a strategy's parameter
// whose value is a file (file:<path>) is refused, whatever the path, with
// the same words for every path. A refused value is a *FieldError.
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
	if err := noFiles(s.Rules, s.Strategies); err != nil {
		return s, err
	}
	if err := readVariants(&s, v); err != nil {
		return s, err
	}
	var err error
	num := func(name, want string, dst any) {
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
			if e == nil && (math.IsNaN(*d) || math.IsInf(*d, 0)) {
				e = strconv.ErrSyntax
			}
		}
		if e != nil {
			err = &FieldError{name, fmt.Sprintf("%s %s: %s", formWord[name], strconv.Quote(clipText(text)), want)}
		}
	}
	num("games", "want a whole number of deals, at least 2", &s.Games)
	num("seed", "want a whole number from 0 to "+strconv.FormatUint(math.MaxUint64, 10), &s.Seed)
	num("confidence", "want a level above 0 and below 1, such as 0.95", &s.Confidence)
	num("precision", "want a half-width, such as 0.5", &s.Precision)
	num("max-games", "want a whole number of deals, at least 2", &s.MaxGames)
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
	case len(s.Variants) > 0:
		s.Kind = experiment.Compare
	case slices.ContainsFunc(s.Rules, func(r string) bool { _, v, _ := strings.Cut(r, "="); return swept(v) }):
		s.Kind = experiment.Sweep
	case len(s.Strategies) > 1:
		s.Kind = experiment.Compare
	}
	return s, nil
}

// readVariants reads a comparison of rule variants into s: each variant
// as ParseVariant reads compare's --variant, the baseline, the figures
// compared (comma-separated, as --figure), their margins and reference
// lines. A variant's rule that names a file is refused as a rule is.
func readVariants(s *experiment.Spec, v url.Values) error {
	for _, text := range v["variant"] {
		if strings.TrimSpace(text) == "" {
			continue
		}
		if namesFile(text) {
			return &FieldError{"variants", "variant " + strconv.Quote(clipText(text)) + ": a table in a file (file:…) is read from the command line only; the workbench never opens a file named from the browser"}
		}
		vr, err := experiment.ParseVariant(strings.TrimSpace(text))
		if err != nil {
			return &FieldError{"variants", inFormWords(err.Error())}
		}
		s.Variants = append(s.Variants, vr)
	}
	if len(s.Variants) > 0 {
		for _, r := range s.Rules {
			if k, val, _ := strings.Cut(r, "="); swept(val) {
				return &FieldError{"variants", fmt.Sprintf("rule %s is swept, and a comparison of variants sweeps nothing: give each value its own variant (such as %s=… in one row and %s=… in the next), or leave the variants empty to sweep",
					clipText(strings.TrimSpace(k)), clipText(strings.TrimSpace(k)), clipText(strings.TrimSpace(k)))}
			}
		}
	}
	s.Baseline = strings.TrimSpace(v.Get("baseline"))
	for _, f := range strings.Split(v.Get("figure"), ",") {
		if f = strings.TrimSpace(f); f != "" {
			s.Figures = append(s.Figures, f)
		}
	}
	list := func(name string) []string {
		var out []string
		for _, m := range v[name] {
			if m = strings.TrimSpace(m); m != "" {
				out = append(out, m)
			}
		}
		return out
	}
	s.Margins, s.References = list("margin"), list("reference")
	return nil
}

// swept reports whether a rule's value sweeps it: several values
// (v1,v2,…) or a range (lo..hi, lo..hi:step), as sweep's --rule takes them.
func swept(value string) bool {
	return strings.Contains(value, ",") || strings.Contains(value, "..")
}

// formWord is what the form calls the value of a parameter.
var formWord = map[string]string{
	"games": "deals", "seed": "seed", "confidence": "confidence", "precision": "precision ±",
	"max-games": "at most", "target": "on", "scale": "scale",
}

// clipText shortens a value a message quotes.
func clipText(s string) string { return clip.Runes(s, clip.MaxQuoted) }

// noFiles refuses a rule or a strategy whose text names a file (holds
// file:, in any case, anywhere: no value the form offers does): the
// workbench never opens a file the browser names. The message is the same
// for every path, so that it tells nothing of what is there.
func noFiles(rules, strategies []string) error {
	for _, r := range rules {
		if namesFile(r) {
			k, _, _ := strings.Cut(r, "=")
			k = strings.TrimSpace(k)
			return &FieldError{"r." + k, "rule " + clipText(k) + ": a table in a file (file:…) is read from the command line only; the workbench never opens a file named from the browser"}
		}
	}
	for _, st := range strategies {
		if namesFile(st) {
			name, _, _ := strings.Cut(st, ":")
			name = strings.TrimSpace(name)
			return &FieldError{"s." + name, "strategy " + clipText(name) + ": a parameter in a file (file:…) is given from the command line only; the workbench never opens a file named from the browser"}
		}
	}
	return nil
}

// namesFile reports whether text holds file:, in any case.
func namesFile(text string) bool {
	return strings.Contains(strings.ToLower(text), "file:")
}

// Values writes a Spec as the parameters SpecFrom reads.
func Values(s experiment.Spec) url.Values {
	v := url.Values{"game": {s.Game}}
	if len(s.Rules) > 0 {
		v["rule"] = s.Rules
	}
	if len(s.Strategies) > 0 {
		v.Set("strategies", strings.Join(s.Strategies, ","))
	}
	for _, vr := range s.Variants {
		v.Add("variant", vr.String())
	}
	if s.Baseline != "" {
		v.Set("baseline", s.Baseline)
	}
	if len(s.Figures) > 0 {
		v.Set("figure", strings.Join(s.Figures, ","))
	}
	if len(s.Margins) > 0 {
		v["margin"] = s.Margins
	}
	if len(s.References) > 0 {
		v["reference"] = s.References
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

// Command returns the cardsim command that runs s, quoted for a shell:
// a run, comparison or sweep with its game, strategies, rules and deals,
// or a report with its games and scale.
func Command(s experiment.Spec) string {
	var args []string
	if s.Kind == experiment.Report {
		args = []string{"cardsim", "report"}
		if len(s.Only) > 0 {
			args = append(args, "--game", strings.Join(s.Only, ","))
		}
		args = append(args, "--scale", strconv.FormatFloat(s.Scale, 'g', -1, 64))
	} else {
		args = []string{"cardsim", string(s.Kind), s.Game}
		if len(s.Strategies) > 0 {
			args = append(args, "--strategies", strings.Join(s.Strategies, ","))
		}
		for _, r := range s.Rules {
			args = append(args, "--rule", r)
		}
		for _, vr := range s.Variants {
			args = append(args, "--variant", vr.String())
		}
		if s.Baseline != "" {
			args = append(args, "--baseline", s.Baseline)
		}
		if len(s.Figures) > 0 {
			args = append(args, "--figure", strings.Join(s.Figures, ","))
		}
		for _, m := range s.Margins {
			args = append(args, "--margin", m)
		}
		for _, r := range s.References {
			args = append(args, "--reference", r)
		}
		if s.Precision > 0 {
			args = append(args, "--precision", strconv.FormatFloat(s.Precision, 'g', -1, 64), "--target", s.Target,
				"--max-games", strconv.FormatInt(s.MaxGames, 10))
		} else {
			args = append(args, "--games", strconv.FormatInt(s.Games, 10))
		}
	}
	args = append(args, "--seed", strconv.FormatUint(s.Seed, 10))
	if s.Confidence != experiment.DefaultConfidence {
		args = append(args, "--confidence", strconv.FormatFloat(s.Confidence, 'g', -1, 64))
	}
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"$`\\*?[]{}()<>|&;!#~") {
			args[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(args, " ")
}

// ReportValues writes a report's Spec as the parameters of the report's
// form: game, scale, seed, confidence.
func ReportValues(s experiment.Spec) url.Values {
	v := url.Values{}
	if len(s.Only) > 0 {
		v.Set("game", strings.Join(s.Only, ","))
	}
	v.Set("scale", strconv.FormatFloat(s.Scale, 'g', -1, 64))
	v.Set("seed", strconv.FormatUint(s.Seed, 10))
	if s.Confidence != experiment.DefaultConfidence {
		v.Set("confidence", strconv.FormatFloat(s.Confidence, 'g', -1, 64))
	}
	return v
}

// ReportFrom reads a report's Spec from the parameters ReportValues
// writes: scale is required, above 0 and at most MaxScale.
func ReportFrom(v url.Values) (experiment.Spec, error) {
	s := experiment.Spec{Kind: experiment.Report, Seed: experiment.DefaultSeed, Confidence: experiment.DefaultConfidence}
	scale, err := strconv.ParseFloat(strings.TrimSpace(v.Get("scale")), 64)
	if err != nil || !(scale > 0 && scale <= MaxScale) {
		return s, &FieldError{"scale", fmt.Sprintf("scale %s: want a number above 0 and at most %d", strconv.Quote(clipText(v.Get("scale"))), MaxScale)}
	}
	s.Scale = scale
	if g := strings.TrimSpace(v.Get("game")); g != "" {
		s.Only = strings.Split(g, ",")
	}
	if t := strings.TrimSpace(v.Get("seed")); t != "" {
		if s.Seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return s, &FieldError{"seed", fmt.Sprintf("seed %s: want a whole number from 0 to %d", strconv.Quote(clipText(t)), uint64(math.MaxUint64))}
		}
	}
	if t := strings.TrimSpace(v.Get("confidence")); t != "" {
		if s.Confidence, err = strconv.ParseFloat(t, 64); err != nil {
			return s, &FieldError{"confidence", fmt.Sprintf("confidence %s: want a level above 0 and below 1, such as 0.95", strconv.Quote(clipText(t)))}
		}
	}
	return s, nil
}

// MaxScale is the largest scale of a report started from the workbench.
const MaxScale = 1
