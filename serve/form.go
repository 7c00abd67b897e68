package serve

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// formPage is what the form of a game shows.
type formPage struct {
	Game       games.Definition
	Rules      []ruleField
	Strategies []strategyChoice
	// Numbers holds the text of the deals' fields (games, seed,
	// confidence, precision, target, max-games) as the form shows them,
	// and NumberChanged those not at their defaults.
	Numbers       map[string]string
	NumberChanged map[string]bool
	// Order lists the rules the Spec gives, in its order, so that the
	// form gives them back in that order (a sweep's points follow it).
	Order string
	// Variants are the rows of the rule variants' fieldset: those of the
	// Spec, then empty ones to fill in; Baseline, Figure, Margin and
	// Reference the fields that go with them, as the form writes them.
	Variants                            []variantRow
	Baseline, Figure, Margin, Reference string
	// Errors holds what is wrong, by field (FieldError's names).
	Errors map[string]string
	// Changed reports whether any field is not at its default.
	Changed bool
	// MaxDeals is the most deals a run plays here; MaxGames the most a
	// run to a precision plays unless told (a sweep's points share them).
	MaxDeals, MaxGames int64
	Seed               string // the largest seed
}

// ruleField is a rule of the form: its listing, its value in the form and
// the values swept, if any.
type ruleField struct {
	games.Setting
	Value   string
	Sweep   string // comma-separated
	Changed bool
}

// IsBool reports whether the rule is a yes-or-no.
func (f ruleField) IsBool() bool { return f.Kind == games.Boolean }

// IsInteger reports whether the rule is a whole number.
func (f ruleField) IsInteger() bool { return f.Kind == games.Integer }

// variantRow is a rule variant of the form: its name (may be empty) and
// its rule changes, key=value separated by commas or spaces.
type variantRow struct {
	Index       int
	Name, Rules string
}

// emptyVariants is how many empty variant rows the form offers past those
// of its Spec: each row a variant, so that several are compared without a
// script.
const emptyVariants = 2

// strategyChoice is a strategy of the form, with its parameters.
type strategyChoice struct {
	Name, Summary string
	Params        []games.Setting
	Chosen        bool
	Default       bool   // the game's default strategy, ticked when the form opens
	Given         string // its parameters as given, key=value separated by spaces
}

// numberDefaults are the deals' fields at their defaults, as the form
// writes them ("" for an empty field).
var numberDefaults = map[string]string{
	"games": strconv.FormatInt(experiment.DefaultGames(experiment.Run), 10), "seed": strconv.Itoa(experiment.DefaultSeed),
	"confidence": strconv.FormatFloat(experiment.DefaultConfidence, 'g', -1, 64), "precision": "", "target": experiment.DefaultTarget, "max-games": "",
}

// form returns the form of game name filled in from spec (with raw, the
// numbers as typed, in place of spec's where given). With ticked, a form
// that names no strategy ticks the game's default one.
func (s *Server) form(name string, spec experiment.Spec, raw url.Values, ticked bool) (*formPage, error) {
	runner := s.opts.Runner()
	def, err := runner.Games.Lookup(name)
	if err != nil {
		return nil, err
	}
	g, err := def.New(nil)
	if err != nil {
		return nil, err
	}
	p := &formPage{Game: def, Errors: map[string]string{}, Numbers: map[string]string{}, NumberChanged: map[string]bool{},
		MaxDeals: s.opts.MaxDeals, MaxGames: min(experiment.DefaultMaxGames, s.opts.MaxDeals), Seed: strconv.FormatUint(^uint64(0), 10)}
	given := map[string]string{}
	var order []string
	for _, r := range spec.Rules {
		k, v, _ := strings.Cut(r, "=")
		k = strings.TrimSpace(k)
		if _, dup := given[k]; !dup {
			order = append(order, k)
		}
		given[k] = strings.TrimSpace(v)
	}
	p.Order = strings.Join(order, ",")
	for _, st := range g.Rules() {
		f := ruleField{Setting: st, Value: st.Default}
		if v, ok := given[st.Name]; ok {
			if swept(v) {
				f.Sweep = v
			} else {
				f.Value = v
			}
			delete(given, st.Name)
		}
		f.Changed = f.Sweep != "" || f.Value != st.Default
		p.Changed = p.Changed || f.Changed
		p.Rules = append(p.Rules, f)
	}
	for _, k := range order {
		if _, unknown := given[k]; unknown {
			p.Errors["rules"] = fmt.Sprintf("rule %s: %s has no such rule (its rules are listed below)", clipText(k), def.Name)
		}
	}
	// The strategies named first, in the Spec's order (a comparison's
	// rows follow it), then the others the game can play.
	offered := runner.Strategies.For(g)
	var dflt string
	if d, err := runner.Strategies.Named(g, ""); err == nil {
		dflt = d.Name
	}
	chosen := map[string]bool{}
	add := func(o strategies.Definition, ticked bool, params string) {
		p.Strategies = append(p.Strategies, strategyChoice{Name: o.Name, Summary: o.Summary, Params: o.Params(g), Chosen: ticked,
			Default: o.Name == dflt, Given: strings.ReplaceAll(params, ":", " ")})
		chosen[o.Name] = true
	}
	for _, e := range spec.Strategies {
		n, params, _ := strings.Cut(e, ":")
		n = strings.TrimSpace(n)
		i := slices.IndexFunc(offered, func(d strategies.Definition) bool { return d.Name == n })
		switch {
		case i < 0:
			msg := fmt.Sprintf("strategy %s does not play %s here", clipText(n), def.Name)
			if _, err := runner.Strategies.Lookup(g, n); err != nil {
				msg = inFormWords(err.Error())
			}
			p.Errors["strategies"] = msg
		case chosen[n]:
			p.Errors["strategies"] = fmt.Sprintf("strategy %s is entered twice: the form holds each strategy once (compare its two settings from the command line)", clipText(n))
		default:
			add(offered[i], true, params)
		}
	}
	ticks := len(spec.Strategies) == 0 && ticked
	for _, o := range offered {
		if !chosen[o.Name] {
			add(o, ticks && o.Name == dflt, "")
		}
	}
	for i, vr := range spec.Variants {
		p.Variants = append(p.Variants, variantRow{Index: i, Name: vr.Name, Rules: strings.Join(vr.Rules, ", ")})
	}
	for i := len(p.Variants); i < len(spec.Variants)+emptyVariants; i++ {
		p.Variants = append(p.Variants, variantRow{Index: i})
	}
	p.Baseline, p.Figure = spec.Baseline, strings.Join(spec.Figures, ",")
	p.Margin, p.Reference = strings.Join(spec.Margins, " "), strings.Join(spec.References, " ")
	if raw != nil && raw.Has("variant") && len(spec.Variants) == 0 {
		// A variant refused: the rows as given, to be put right.
		p.Variants = p.Variants[:0]
		for i, text := range append(raw["variant"], make([]string, emptyVariants)...) {
			name, rules, ok := strings.Cut(text, ":")
			if !ok || strings.Contains(name, "=") {
				name, rules = "", text
			}
			p.Variants = append(p.Variants, variantRow{Index: i, Name: name, Rules: rules})
		}
	}
	p.Changed = p.Changed || len(spec.Variants) > 0
	nums := Values(spec)
	for name, dv := range numberDefaults {
		v := nums.Get(name)
		if t := raw.Get(name); raw.Has(name) {
			v = strings.TrimSpace(t)
		}
		p.Numbers[name] = v
		p.NumberChanged[name] = v != dv && !(name == "target" && v == "") && !(name == "max-games" && nums.Get("precision") == "")
		p.Changed = p.Changed || p.NumberChanged[name]
	}
	if p.Numbers["precision"] == "" {
		p.Numbers["max-games"] = "" // shown as its placeholder
	}
	return p, nil
}

// addError puts err beside its field, in the form's words.
func (p *formPage) addError(err error) {
	field, msg := formError(err, p)
	if _, taken := p.Errors[field]; !taken {
		p.Errors[field] = msg
	}
}

// formError returns the field an error of SpecFrom, Check or Validate is
// about, and its message in the form's words: "deals" where the command
// says --games.
func formError(err error, p *formPage) (field, msg string) {
	var fe *FieldError
	if errors.As(err, &fe) {
		return fe.Field, fe.Message
	}
	msg = err.Error()
	hasRule := func(n string) bool {
		return slices.ContainsFunc(p.Rules, func(f ruleField) bool { return f.Name == n })
	}
	hasStrategy := func(n string) bool {
		return slices.ContainsFunc(p.Strategies, func(c strategyChoice) bool { return c.Name == n })
	}
	switch {
	case strings.HasPrefix(msg, "--variant"), strings.HasPrefix(msg, "variant "), strings.HasPrefix(msg, "--figure, --margin"),
		strings.HasPrefix(msg, "compare needs"):
		field = "variants"
	case strings.HasPrefix(msg, "--baseline"):
		field = "baseline"
	case strings.HasPrefix(msg, "--figure"):
		field = "figure"
	case strings.HasPrefix(msg, "--margin"):
		field = "margin"
	case strings.HasPrefix(msg, "--reference"):
		field = "reference"
	case strings.HasPrefix(msg, "rule "):
		name := strings.TrimPrefix(msg, "rule ")
		name = name[:strings.IndexAny(name+"=", "=: ")]
		field = "rules"
		if hasRule(name) {
			field = "r." + name
		}
	case strings.HasPrefix(msg, "unknown rule"), strings.Contains(msg, "sweep"), strings.HasPrefix(msg, "a grid"):
		field = "rules"
	case strings.HasPrefix(msg, "strategy "):
		name := strings.TrimPrefix(msg, "strategy ")
		name = name[:strings.IndexAny(name+" ", ": ")]
		field = "strategies"
		if hasStrategy(name) {
			field = "s." + name
		}
	case strings.HasPrefix(msg, "--strategies"), strings.Contains(msg, "strateg"):
		field = "strategies"
	case strings.HasPrefix(msg, "--"):
		name, _, _ := strings.Cut(strings.TrimPrefix(msg, "--"), " ")
		field = strings.TrimSuffix(name, ":")
		if _, ok := numberDefaults[field]; !ok {
			field = ""
		}
	}
	return field, inFormWords(msg)
}

// flagWords puts the form's words in the place of the command's flags.
var flagWords = strings.NewReplacer("--max-games", "the most deals", "--games", "deals", "--strategies", "strategies",
	"--strategy", "strategy", "--rule", "rule", "--confidence", "confidence", "--precision", "precision ±",
	"--target", "the figure aimed at", "--seed", "seed", "--param", "parameter", "--variant", "variant", "--baseline", "baseline",
	"--figure", "figure", "--margin", "margin", "--reference", "reference")

// inFormWords rewrites a message of the command's checks in the form's
// words.
func inFormWords(msg string) string { return flagWords.Replace(msg) }

// specOfForm reads the form of a game into the parameters SpecFrom reads:
// each rule whose value is not its default (in the order the form was
// given them, then the game's), each rule swept over its values, the
// strategies ticked with their parameters, and the numbers. It returns the
// parameters too, for the form to show them again.
func (s *Server) specOfForm(r *http.Request) (experiment.Spec, url.Values, error) {
	if err := r.ParseForm(); err != nil {
		return experiment.Spec{}, nil, err
	}
	f := r.PostForm
	v := url.Values{"game": {f.Get("game")}}
	for _, name := range []string{"games", "seed", "confidence", "precision", "target", "max-games"} {
		v.Set(name, f.Get(name))
	}
	runner := s.opts.Runner()
	if def, err := runner.Games.Lookup(f.Get("game")); err == nil {
		if g, err := def.New(nil); err == nil {
			byName := map[string]games.Setting{}
			var names []string
			for _, st := range g.Rules() {
				byName[st.Name] = st
				names = append(names, st.Name)
			}
			var order []string
			for _, n := range strings.Split(f.Get("order"), ",") {
				if _, ok := byName[n]; ok && !slices.Contains(order, n) {
					order = append(order, n)
				}
			}
			for _, n := range names {
				if !slices.Contains(order, n) {
					order = append(order, n)
				}
			}
			for _, n := range order {
				st := byName[n]
				sweep := strings.Join(strings.Fields(strings.ReplaceAll(f.Get("sw."+n), ",", " ")), ",")
				switch val := strings.TrimSpace(f.Get("r." + n)); {
				case sweep != "" && swept(sweep):
					v.Add("rule", n+"="+sweep)
				case sweep != "" && sweep != st.Default:
					v.Add("rule", n+"="+sweep)
				case sweep == "" && val != "" && val != st.Default:
					v.Add("rule", n+"="+val)
				}
			}
		}
	}
	// Each variant row with rule changes, as compare's --variant
	// writes it; the fields that go with the variants.
	var rowErr error // the first row refused; the rows are all kept to be shown again
	for i := 0; i < maxVariantRows; i++ {
		rules := strings.Join(strings.Fields(strings.ReplaceAll(f.Get("vr."+strconv.Itoa(i)), ",", " ")), ",")
		name := strings.TrimSpace(f.Get("vn." + strconv.Itoa(i)))
		switch {
		case strings.ContainsAny(name, "=:,") && rowErr == nil:
			rowErr = &FieldError{"variants", fmt.Sprintf("variant name %s: a name is a word, such as cheap, without =, : or a comma (the rule changes go in the field beside it)", strconv.Quote(clipText(name)))}
		case rules == "" && name != "" && rowErr == nil:
			rowErr = &FieldError{"variants", fmt.Sprintf("variant %s: no rule changed: write key=value, such as insure=2, or several as insure=2, switch=3", clipText(name))}
		}
		switch {
		case rules == "":
			continue
		case name != "":
			rules = name + ":" + rules
		}
		v.Add("variant", rules)
	}
	v.Set("baseline", f.Get("baseline"))
	v.Set("figure", f.Get("figure"))
	v["margin"] = strings.Fields(f.Get("margin"))
	v["reference"] = strings.Fields(f.Get("reference"))
	var chosen []string
	for _, name := range f["s"] {
		entry := strings.TrimSpace(name)
		if params := strings.Join(strings.Fields(strings.ReplaceAll(f.Get("p."+name), ",", " ")), ":"); params != "" {
			entry += ":" + params
		}
		chosen = append(chosen, entry)
	}
	v.Set("strategies", strings.Join(chosen, ","))
	spec, err := s.specOf(v)
	if rowErr != nil {
		err = rowErr // the rest of the form is shown again as given
	}
	return spec, v, err
}

// maxVariantRows bounds the variant rows a form is read for: more than a
// comparison takes (experiment.MaxArms), so that too many is refused by
// its check and said so.
const maxVariantRows = experiment.MaxArms + 1

// specOf reads a Spec from parameters as SpecFrom does, a run to a
// precision given no most deals playing at most what the workbench plays
// a run (shared among a sweep's points).
func (s *Server) specOf(v url.Values) (experiment.Spec, error) {
	spec, err := SpecFrom(v)
	if err == nil && spec.Precision > 0 && strings.TrimSpace(v.Get("max-games")) == "" {
		spec.MaxGames = max(2, min(experiment.DefaultMaxGames, s.opts.MaxDeals/arms(spec)))
	}
	return spec, err
}

// check reports what is wrong with spec before a deal is played: what the
// Runner refuses, and more deals than the workbench plays.
func (s *Server) check(spec experiment.Spec) error {
	if len(spec.Strategies) == 0 {
		return &FieldError{"strategies", "strategies: tick at least one strategy"}
	}
	if err := s.opts.Runner().Validate(spec); err != nil {
		return err
	}
	if total := plannedDeals(spec); total > s.opts.MaxDeals || total < 0 {
		field, what := "games", "deals "+itoa(spec.Games)
		if spec.Precision > 0 {
			field, what = "max-games", "at most "+itoa(spec.MaxGames)+" deals"
		}
		switch {
		case spec.Kind == experiment.Sweep:
			what += " at each point of the sweep"
		case len(spec.Variants) > 0:
			what += " for each variant"
		}
		return &FieldError{field, fmt.Sprintf("%s: this workbench plays at most %d deals a run (every point of a sweep, every variant, together); run it from the command line: %s",
			what, s.opts.MaxDeals, Command(spec))}
	}
	return nil
}

// changedRules lists the rules of spec that are not at their defaults,
// key=value, a swept rule with its values.
func changedRules(runner *experiment.Runner, spec experiment.Spec) []string {
	var fixed, sweeps []string
	withVariants := func(out []string) []string {
		for _, vr := range spec.Variants {
			out = append(out, "variant "+vr.String())
		}
		return out
	}
	for _, r := range spec.Rules {
		if _, v, _ := strings.Cut(r, "="); swept(v) {
			sweeps = append(sweeps, r+" (swept)")
		} else {
			fixed = append(fixed, r)
		}
	}
	g, err := runner.Game(spec.Game, fixed)
	if err != nil {
		return withVariants(slices.Clone(spec.Rules))
	}
	var out []string
	for _, st := range g.Rules() {
		if st.Value != st.Default {
			out = append(out, st.Name+"="+st.Value)
		}
	}
	return withVariants(append(out, sweeps...))
}
