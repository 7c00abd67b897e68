package experiment

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/cardsim/cardsim/internal/parse"
	"github.com/cardsim/cardsim/sim"
)

// Variant is a rule variant: a named set of rule changes, any number of
// rules at once, made over the rules the experiment is given. Its name,
// if not given, is the changes themselves ("insure=2 switch=3").
//
// On the command line a variant is written "[name:]key=value,key=value"
// (ParseVariant); in a spec file as that text, or as a mapping with name
// and rules, such as {name: cheap, rules: [insure=2, switch=3]} or
// {name: cheap, rules: {insure: 2, switch: 3}}.
type Variant struct {
	Name  string   `json:"name,omitempty" yaml:"name,omitempty"`
	Rules []string `json:"rules" yaml:"rules"`
}

// AsWritten is the name of the baseline of a comparison of variants when
// none is named: the experiment's rules as written, without a variant's
// changes.
const AsWritten = sim.AsWritten

// ParseVariant reads a variant written "[name:]key=value,key=value": the
// name, if any, before the first colon, then the rules it changes,
// separated by commas. A rule given twice within it is an error; a key may
// appear in several variants.
func ParseVariant(s string) (Variant, error) {
	var v Variant
	body := s
	if name, rest, ok := strings.Cut(s, ":"); ok && !strings.Contains(name, "=") {
		v.Name, body = strings.TrimSpace(name), rest
		if v.Name == "" {
			return Variant{}, fmt.Errorf("--variant %q: an empty name before the colon: write name:key=value or key=value", s)
		}
	}
	for _, kv := range strings.Split(body, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		v.Rules = append(v.Rules, kv)
	}
	if err := v.check(); err != nil {
		return Variant{}, fmt.Errorf("--variant %q: %w", s, err)
	}
	return v, nil
}

// check reports a variant that changes nothing, a rule not written
// key=value, or a rule given twice within it.
func (v *Variant) check() error {
	if len(v.Rules) == 0 {
		return errors.New("no rule changed: write key=value, such as insure=2, or several as insure=2,switch=3")
	}
	for _, kv := range v.Rules {
		k, val, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" || strings.TrimSpace(val) == "" {
			return fmt.Errorf("rule %q: want key=value", kv)
		}
	}
	return parse.OnceEach("rule", v.Rules)
}

// Label returns the variant's name, or its changes joined by spaces when
// it has none.
func (v *Variant) Label() string {
	if v.Name != "" {
		return v.Name
	}
	return strings.Join(v.Rules, " ")
}

// String writes the variant as ParseVariant reads it.
func (v Variant) String() string {
	s := strings.Join(v.Rules, ",")
	if v.Name != "" {
		s = v.Name + ":" + s
	}
	return s
}

// UnmarshalYAML reads a variant written as ParseVariant reads it, or as a
// mapping of its name and rules (a list of key=value, or a mapping of
// each rule to its value).
func (v *Variant) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		p, err := ParseVariant(n.Value)
		if err != nil {
			return errors.New(strings.TrimPrefix(err.Error(), "--variant "))
		}
		*v = p
		return nil
	case yaml.MappingNode:
		var out Variant
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, val := n.Content[i].Value, n.Content[i+1]
			switch key {
			case "name":
				if val.Kind != yaml.ScalarNode || strings.TrimSpace(val.Value) == "" {
					return errors.New("variant name: want a word, such as cheap")
				}
				out.Name = strings.TrimSpace(val.Value)
			case "rules":
				rules, err := variantRules(val)
				if err != nil {
					return err
				}
				out.Rules = rules
			default:
				return fmt.Errorf("variant field %q: want name and rules", key)
			}
		}
		if err := out.check(); err != nil {
			return fmt.Errorf("variant %s: %w", out.Label(), err)
		}
		*v = out
		return nil
	}
	return errors.New("want a variant such as cheap:insure=2,switch=3, or {name: cheap, rules: [insure=2, switch=3]}")
}

// variantRules reads a variant's rules: a list of key=value, or a mapping
// of each rule to one value.
func variantRules(n *yaml.Node) ([]string, error) {
	switch n.Kind {
	case yaml.SequenceNode:
		var out []string
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nil, errors.New("variant rules: want key=value entries")
			}
			out = append(out, strings.TrimSpace(e.Value))
		}
		return out, nil
	case yaml.MappingNode:
		var out []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if val.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("variant rule %s: want one value (a variant sets each rule once)", k.Value)
			}
			out = append(out, k.Value+"="+val.Value)
		}
		return out, nil
	case yaml.ScalarNode:
		return []string{strings.TrimSpace(n.Value)}, nil
	}
	return nil, errors.New("variant rules: want a list such as [insure=2, switch=3] or a mapping such as {insure: 2, switch: 3}")
}

// UnmarshalJSON reads a variant written as text or as an object with name
// and rules, as UnmarshalYAML does.
func (v *Variant) UnmarshalJSON(b []byte) error {
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return err
	}
	if len(n.Content) != 1 {
		return errors.New("want a variant")
	}
	return v.UnmarshalYAML(n.Content[0])
}

// MarshalJSON writes the variant as an object of its name and rules.
func (v Variant) MarshalJSON() ([]byte, error) {
	type plain Variant
	return json.Marshal(plain(v))
}

// over returns rules with the variant's changes made: each rule the
// variant sets replaces the one of rules with its key, and is added if
// rules has none.
func (v *Variant) over(rules []string) []string {
	keys := map[string]bool{}
	for _, kv := range v.Rules {
		k, _, _ := strings.Cut(kv, "=")
		keys[strings.TrimSpace(k)] = true
	}
	var out []string
	for _, kv := range rules {
		k, _, _ := strings.Cut(kv, "=")
		if !keys[strings.TrimSpace(k)] {
			out = append(out, kv)
		}
	}
	return append(out, v.Rules...)
}

// checkVariants reports variants that cannot be compared, before any is
// looked up: two of one name (or of the baseline's), a baseline naming no
// variant, more arms (variants, the rules as written among them when they
// are the baseline, times strategies) than a comparison pairs, or each
// variant's own faults (check).
func (s *Spec) checkVariants() error {
	if len(s.Variants) == 0 {
		if s.Baseline != "" {
			return fmt.Errorf("--baseline %s goes with --variant: name one of the variants compared", s.Baseline)
		}
		return nil
	}
	arms := len(s.Variants)
	if s.Baseline == "" {
		arms++ // the rules as written
	}
	strategies := max(len(s.Strategies), 1)
	if arms > MaxArms || arms*strategies > MaxArms {
		return fmt.Errorf("--variant: %d variants × %d strategies make %d arms, want at most %d (every arm is paired with the baseline on the same deals)", arms, strategies, arms*strategies, MaxArms)
	}
	seen := map[string]bool{AsWritten: s.Baseline == ""}
	for i := range s.Variants {
		v := &s.Variants[i]
		if err := v.check(); err != nil {
			return fmt.Errorf("--variant %s: %w", v, err)
		}
		if seen[v.Label()] {
			return fmt.Errorf("--variant %s: two variants named %q: give each its own name (name:key=value)", v, v.Label())
		}
		seen[v.Label()] = true
	}
	if s.Baseline != "" && !slices.ContainsFunc(s.Variants, func(v Variant) bool { return v.Label() == s.Baseline }) {
		return fmt.Errorf("--baseline %s: no variant of that name (the variants are %s)", s.Baseline, OrListOf(s.Variants))
	}
	return nil
}

// OrListOf names variants as "a, b or c".
func OrListOf(vs []Variant) string {
	names := make([]string, len(vs))
	for i := range vs {
		names[i] = vs[i].Label()
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
