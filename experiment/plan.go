package experiment

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/cardsim/cardsim/internal/clip"
	"github.com/cardsim/cardsim/internal/inputfile"
	"github.com/cardsim/cardsim/internal/parse"
	"github.com/cardsim/cardsim/sim"
)

// MaxPlanBytes is the largest plan file ReadPlan reads.
const MaxPlanBytes = 1 << 20

// planFields are the fields of a plan file, in the order the help lists
// them.
var planFields = []string{"game", "strategy", "strategies", "params", "rules", "points", "games", "seed", "precision", "target", "max_games", "confidence"}

// Plan is a plan file (YAML or JSON) that describes a sweep, for
// repeatable studies: the fields of the flags that say what to play. A
// field left out is nil or empty, so that a value of zero is told from no
// value: "seed: 0" is seed 0. Apply sets a Spec from it.
type Plan struct {
	Game       string
	Strategy   string
	Strategies []string
	Params     []string
	// Rules are entries as --rule takes them: key=value, or key=v1,v2,…
	// for a swept rule.
	Rules []string
	// Points are joint points, each a list of key=value entries or a
	// mapping of rules to values, in place of a grid of swept rules.
	Points     []string
	Games      *int64
	Seed       *uint64
	Precision  *float64
	Target     *string
	MaxGames   *int64
	Confidence *float64
}

// ReadPlan reads and checks the plan file at path. Errors give the line
// and the field, and never quote the file beyond a clipped field name.
func ReadPlan(path string) (*Plan, error) {
	b, err := inputfile.Read(path, MaxPlanBytes)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("not YAML or JSON (%s)", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	docs := 1
	for {
		var more yaml.Node
		if err := dec.Decode(&more); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("not YAML or JSON (%s)", strings.TrimPrefix(err.Error(), "yaml: "))
		}
		docs++
	}
	if docs > 1 {
		return nil, fmt.Errorf("holds %d YAML documents (separated by ---): want one plan a file", docs)
	}
	if len(doc.Content) == 0 {
		return nil, errors.New("empty plan: want at least game: and rules:")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("line %d: want fields such as game: and rules:", root.Line)
	}
	plan := &Plan{}
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, val := root.Content[i], root.Content[i+1]
		if seen[key.Value] {
			return nil, fmt.Errorf("line %d: %s given twice", key.Line, key.Value)
		}
		seen[key.Value] = true
		if err := plan.set(key.Value, val); err != nil {
			return nil, fmt.Errorf("line %d: %w", key.Line, err)
		}
	}
	return plan, nil
}

// set reads the value of the field named key.
func (p *Plan) set(key string, val *yaml.Node) error {
	var err error
	switch key {
	case "game":
		p.Game, err = scalar(val)
	case "strategy":
		p.Strategy, err = scalar(val)
	case "strategies":
		p.Strategies, err = scalars(val)
	case "params":
		p.Params, err = scalars(val)
	case "rules":
		p.Rules, err = planRules(val)
	case "points":
		p.Points, err = planPoints(val)
	case "games":
		p.Games, err = planInt(val, 2, "at least 2 deals per point")
	case "max_games":
		p.MaxGames, err = planInt(val, 2, "at least 2")
	case "seed":
		var s string
		if s, err = scalar(val); err == nil {
			var n string
			if n, err = parse.Decimal(s); err == nil {
				var seed uint64
				if seed, err = strconv.ParseUint(n, 10, 64); err == nil {
					p.Seed = &seed
				}
			}
			if err != nil {
				err = fmt.Errorf("%q: want a whole number from 0 to %d", s, uint64(math.MaxUint64))
			}
		}
	case "precision":
		p.Precision, err = planFloat(val, func(x float64) bool { return x > 0 && !math.IsInf(x, 1) }, "a positive half-width")
	case "confidence":
		p.Confidence, err = planFloat(val, func(x float64) bool { return sim.CheckConfidence(x) == nil }, fmt.Sprintf("a level above 0 and at most %v, such as 0.95", sim.MaxConfidence))
	case "target":
		var s string
		if s, err = scalar(val); err == nil {
			if _, err = sim.ParseTarget(s); err == nil {
				p.Target = &s
			}
		}
	default:
		return fmt.Errorf("unknown field %q (known: %s)", key, strings.Join(planFields, ", "))
	}
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

// scalar returns the text of a single value.
func scalar(n *yaml.Node) (string, error) {
	switch {
	case n.Kind == yaml.AliasNode:
		return "", errors.New("aliases are not read: write the value")
	case n.Kind != yaml.ScalarNode:
		return "", errors.New("want a single value")
	case n.Tag == "!!null":
		return "", errors.New("no value")
	case strings.TrimSpace(n.Value) == "":
		return "", errors.New("an empty value: give one, or leave the field out for its default")
	}
	return n.Value, nil
}

// scalars returns the texts of a list of values, or of one value.
func scalars(n *yaml.Node) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		s, err := scalar(n)
		if err != nil {
			return nil, errors.New("want a value or a list of values")
		}
		return []string{s}, nil
	}
	if len(n.Content) == 0 {
		return nil, errors.New("an empty list: give a value, or leave the field out for the default")
	}
	out := make([]string, len(n.Content))
	for i, e := range n.Content {
		s, err := scalar(e)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", i+1, err)
		}
		out[i] = s
	}
	return out, nil
}

// planRules reads the rules of a plan as --rule entries. It takes a list
// of entries as --rule takes them, where an entry without "=" continues
// the values of the one before (YAML splits [insure=0,1,2, rounds=10] at
// every comma into "insure=0", "1", "2" and "rounds=10"), or a mapping of
// each rule to its value or list of values, such as {insure: [0,1,2],
// rounds: 10}, in the order written.
func planRules(n *yaml.Node) ([]string, error) {
	switch n.Kind {
	case yaml.MappingNode:
		var out []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, err := scalar(n.Content[i])
			if err != nil || key == "" {
				return nil, errors.New("want rule names as keys, such as insure: [0, 1, 2]")
			}
			vals, err := scalars(n.Content[i+1])
			if err != nil {
				return nil, fmt.Errorf("%s: %w", clip.Runes(key, clip.MaxQuoted), err)
			}
			out = append(out, key+"="+strings.Join(vals, ","))
		}
		return out, nil
	case yaml.SequenceNode, yaml.ScalarNode:
		entries, err := scalars(n)
		if err != nil {
			return nil, err
		}
		var out []string
		for i, e := range entries {
			if strings.Contains(e, "=") {
				out = append(out, e)
				continue
			}
			if len(out) == 0 {
				return nil, fmt.Errorf("entry %d %q has no key: want key=value or key=v1,v2,… first", i+1, e)
			}
			out[len(out)-1] += "," + strings.TrimSpace(e)
		}
		return out, nil
	}
	return nil, errors.New("want a list such as [insure=0,1,2, rounds=10] or a mapping such as {insure: [0, 1, 2], rounds: 10}")
}

// planPoints reads the joint points of a plan: a list whose entries are
// each "key=value,key=value", a list of key=value, or a mapping of rules
// to single values, such as [{insure: 2, switch: 3}, {insure: 1}].
func planPoints(n *yaml.Node) ([]string, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, errors.New("want a list of points, such as [{insure: 2, switch: 3}, {insure: 1, switch: 4}]")
	}
	var out []string
	for i, e := range n.Content {
		rules, err := variantRules(e)
		if err != nil {
			return nil, fmt.Errorf("point %d: %w", i+1, err)
		}
		var flat []string
		for _, r := range rules {
			flat = append(flat, strings.Split(r, ",")...)
		}
		out = append(out, strings.Join(flat, ","))
	}
	return out, nil
}

// planInt reads a whole number in decimal of at least least.
func planInt(n *yaml.Node, least int64, want string) (*int64, error) {
	s, err := scalar(n)
	if err != nil {
		return nil, err
	}
	d, err := parse.Decimal(s)
	if err != nil {
		return nil, fmt.Errorf("%q: %w", s, err)
	}
	v, err := strconv.ParseInt(d, 10, 64)
	if err != nil || v < least {
		return nil, fmt.Errorf("%q: want %s", s, want)
	}
	return &v, nil
}

// planFloat reads a number for which ok holds.
func planFloat(n *yaml.Node, ok func(float64) bool, want string) (*float64, error) {
	s, err := scalar(n)
	if err != nil {
		return nil, err
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !ok(v) {
		return nil, fmt.Errorf("%q: want %s", s, want)
	}
	return &v, nil
}

// Apply sets spec from the plan read from path: the fields given on the
// command line (given reports them by flag name) win for single values
// and add to the plan's lists, where they may not give a rule or a
// parameter the plan gives.
func (plan *Plan) Apply(spec *Spec, path string, given func(flag string) bool) error {
	if plan.Precision == nil && !given("precision") {
		for _, f := range []struct {
			field string
			given bool
		}{{"max_games", plan.MaxGames != nil}, {"target", plan.Target != nil}} {
			if f.given {
				return fmt.Errorf("--plan %s: %s goes with precision: without it the sweep plays games deals a point", path, f.field)
			}
		}
	}
	if spec.Game == "" {
		spec.Game = plan.Game
	}
	if !given("strategy") && plan.Strategy != "" {
		spec.Strategy = plan.Strategy
	}
	if !given("strategies") && len(plan.Strategies) > 0 {
		spec.Strategies = plan.Strategies
	}
	spec.Params = append(plan.Params, spec.Params...)
	spec.Rules = append(plan.Rules, spec.Rules...)
	spec.Points = append(plan.Points, spec.Points...)
	if err := parse.OnceEach("parameter", spec.Params); err != nil {
		return fmt.Errorf("--plan %s and the flags: %w", path, err)
	}
	if err := parse.OnceEach("rule", spec.Rules); err != nil {
		return fmt.Errorf("--plan %s and the flags: %w", path, err)
	}
	setFrom(&spec.Games, plan.Games, !given("games"))
	setFrom(&spec.Seed, plan.Seed, !given("seed"))
	setFrom(&spec.Precision, plan.Precision, !given("precision"))
	setFrom(&spec.Target, plan.Target, !given("target"))
	setFrom(&spec.MaxGames, plan.MaxGames, !given("max-games"))
	setFrom(&spec.Confidence, plan.Confidence, !given("confidence"))
	return nil
}

// setFrom sets *dst to *v when v is given and ok.
func setFrom[T any](dst *T, v *T, ok bool) {
	if v != nil && ok {
		*dst = *v
	}
}
