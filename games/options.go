package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Setting describes one named option: a rule of a game or a parameter of a
// strategy, with its value in force, its default, its meaning and the kind
// of value it takes.
type Setting struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Default string `json:"default"`
	Usage   string `json:"usage"`
	Kind    Kind   `json:"kind"`
	// Choices lists the values an option of a set of choices takes, in
	// order; nil for any other option.
	Choices []string `json:"choices,omitempty"`
	// Samples lists values that together exercise the option, for checks
	// that play every rule's readings (the soak): both ends of a range
	// (every value of a short one), every choice, both truth values, and
	// what a game names for an option of its own kind (Options.Sample).
	Samples []string `json:"-"`
	// Min and Max bound a number option's values, written as the option
	// reads them; "" for other options. A form's input takes them.
	Min, Max string `json:"-"`
	// ChangesDeal says that a value other than the default deals other
	// cards from the same seed (another deck, other piles) or deals them to
	// another number of seats, so that games under two values of the option
	// are not played on the same deals and cannot be compared deal by deal:
	// their difference is measured unpaired. False for an option that
	// changes only how the cards dealt are laid out, played or scored, whose
	// variants sim plays on the same deals (their deal fingerprints agree).
	// Options.ChangesDeal sets it; gamestest.CheckDealMarks checks it.
	ChangesDeal bool `json:"changes_deal,omitempty"`
}

// Kind is the kind of value an option takes, named as JSON Schema names
// types, so that outputs can keep each value's type.
type Kind string

// The kinds of option values.
const (
	Integer Kind = "integer"
	Number  Kind = "number"
	Boolean Kind = "boolean"
	Text    Kind = "string" // any text, or one of a set of choices
)

// Options binds option names to variables, as flag.FlagSet binds flags. Games
// use it for their rules and strategies for their parameters; it parses
// "key=value" text and rejects unknown keys and bad values with errors that
// name the option and what it accepts.
type Options struct {
	what string // "rule" or "parameter", for errors
	list []option
}

type option struct {
	name, def, usage, accepts string
	min, max                  string // bounds of a number option
	kind                      Kind
	choices                   []string
	samples                   []string
	changesDeal               bool
	set                       func(string) error
	get                       func() string
}

// NewOptions returns an empty set whose errors call each option a what
// ("rule", "parameter").
func NewOptions(what string) *Options { return &Options{what: what} }

func (o *Options) add(op option) {
	if slices.ContainsFunc(o.list, func(x option) bool { return x.name == op.name }) {
		panic("games: option " + op.name + " defined twice")
	}
	if err := op.set(op.def); err != nil {
		panic("games: default of " + op.name + ": " + err.Error())
	}
	o.list = append(o.list, op)
}

// Int defines an integer option within [lo, hi], stored in *p.
func (o *Options) Int(p *int, name string, def, lo, hi int, usage string) {
	o.add(option{
		name: name, def: strconv.Itoa(def), usage: usage, kind: Integer, min: strconv.Itoa(lo), max: strconv.Itoa(hi),
		accepts: fmt.Sprintf("an integer from %d to %d", lo, hi), samples: intSamples(lo, hi),
		set: func(s string) error {
			v, err := strconv.Atoi(s)
			if err != nil || v < lo || v > hi {
				return fmt.Errorf("want an integer from %d to %d", lo, hi)
			}
			*p = v
			return nil
		},
		get: func() string { return strconv.Itoa(*p) },
	})
}

// Float defines a real option within [lo, hi], stored in *p.
func (o *Options) Float(p *float64, name string, def, lo, hi float64, usage string) {
	o.add(option{
		name: name, def: strconv.FormatFloat(def, 'g', -1, 64), usage: usage, kind: Number,
		min: strconv.FormatFloat(lo, 'g', -1, 64), max: strconv.FormatFloat(hi, 'g', -1, 64),
		accepts: fmt.Sprintf("a number from %g to %g", lo, hi),
		samples: []string{strconv.FormatFloat(lo, 'g', -1, 64), strconv.FormatFloat(hi, 'g', -1, 64)},
		set: func(s string) error {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || !(v >= lo && v <= hi) {
				return fmt.Errorf("want a number from %g to %g", lo, hi)
			}
			*p = v
			return nil
		},
		get: func() string { return strconv.FormatFloat(*p, 'g', -1, 64) },
	})
}

// Bool defines a true/false option stored in *p.
func (o *Options) Bool(p *bool, name string, def bool, usage string) {
	o.add(option{
		name: name, def: strconv.FormatBool(def), usage: usage, accepts: "true or false", kind: Boolean,
		samples: []string{"false", "true"},
		set: func(s string) error {
			v, err := strconv.ParseBool(s)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			*p = v
			return nil
		},
		get: func() string { return strconv.FormatBool(*p) },
	})
}

// Enum defines an option that takes one of choices, stored in *p.
func (o *Options) Enum(p *string, name, def string, choices []string, usage string) {
	accepts := "one of " + strings.Join(choices, ", ")
	o.add(option{
		name: name, def: def, usage: usage, accepts: accepts, kind: Text, choices: slices.Clone(choices), samples: slices.Clone(choices),
		set: func(s string) error {
			if !slices.Contains(choices, s) {
				return fmt.Errorf("want %s", accepts)
			}
			*p = s
			return nil
		},
		get: func() string { return *p },
	})
}

// Set sets the named option from text.
func (o *Options) Set(name, value string) error {
	for _, op := range o.list {
		if op.name == name {
			if err := op.set(value); err != nil {
				return fmt.Errorf("%s %s=%s: %w", o.what, name, shown(value), err)
			}
			return nil
		}
	}
	names := make([]string, len(o.list))
	for i, op := range o.list {
		names[i] = op.name
	}
	if len(names) == 0 {
		return fmt.Errorf("unknown %s %q: there are none", o.what, name)
	}
	return fmt.Errorf("unknown %s %q (known: %s)", o.what, name, strings.Join(names, ", "))
}

// Apply sets options from "key=value" strings, in order.
func (o *Options) Apply(kvs []string) error {
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return fmt.Errorf("%s %q: want key=value", o.what, kv)
		}
		if err := o.Set(strings.TrimSpace(k), strings.TrimSpace(v)); err != nil {
			return err
		}
	}
	return nil
}

// Settings returns every option with its current value, in definition order.
func (o *Options) Settings() []Setting {
	s := make([]Setting, len(o.list))
	for i, op := range o.list {
		s[i] = Setting{Name: op.name, Value: op.get(), Default: op.def, Usage: op.usage + " (" + op.accepts + ")", Kind: op.kind,
			Choices: slices.Clone(op.choices), Samples: slices.Clone(op.samples), Min: op.min, Max: op.max, ChangesDeal: op.changesDeal}
	}
	return s
}

// Defaults returns a T with every option bound by bind at its default. bind
// binds a T's fields to a new Options, as a game's rules or a bot's
// parameters do (binding sets each field to its default).
func Defaults[T any](bind func(*T) *Options) T {
	var v T
	bind(&v)
	return v
}

// Parse returns the defaults of T with the "key=value" options kvs applied;
// unknown keys and bad values are errors.
func Parse[T any](bind func(*T) *Options, kvs []string) (T, error) {
	var v T
	if err := bind(&v).Apply(kvs); err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// SettingsOf returns every option bound by bind with its value in v.
func SettingsOf[T any](bind func(*T) *Options, v T) []Setting {
	c := v
	o := bind(&c) // binding resets c to the defaults …
	c = v         // … so put v's values back before reading them
	return o.Settings()
}

// Var defines an option of a kind of its own, as flag.Var does: set parses a
// value given as text and stores it, get formats the value in force. def is
// set at once; accepts says what set takes, for help and errors.
func (o *Options) Var(name, def, accepts, usage string, set func(string) error, get func() string) {
	o.add(option{name: name, def: def, usage: usage, accepts: accepts, kind: Text, set: set, get: get})
}

// Sample adds values to the samples of the named option (Setting.Samples),
// for an option defined with Var, whose values only the game can name. It
// panics if no option has that name.
func (o *Options) Sample(name string, values ...string) {
	for i := range o.list {
		if o.list[i].name == name {
			o.list[i].samples = append(o.list[i].samples, values...)
			return
		}
	}
	panic("games: no option " + name + " to sample")
}

// ChangesDeal marks the named options as changing the deal
// (Setting.ChangesDeal): under another value than the default the same
// seed deals other cards. It panics if an option has no such name.
func (o *Options) ChangesDeal(names ...string) {
	for _, name := range names {
		i := slices.IndexFunc(o.list, func(x option) bool { return x.name == name })
		if i < 0 {
			panic("games: no option " + name + " to mark as changing the deal")
		}
		o.list[i].changesDeal = true
	}
}

// intSamples returns every integer from lo to hi when they are few, and
// otherwise both ends, the one above the least and the middle.
func intSamples(lo, hi int) []string {
	var v []int
	if hi-lo < 6 {
		for n := lo; n <= hi; n++ {
			v = append(v, n)
		}
	} else {
		v = []int{lo, lo + 1, lo + (hi-lo)/2, hi}
	}
	out := make([]string, len(v))
	for i, n := range v {
		out[i] = strconv.Itoa(n)
	}
	return out
}

// shown returns a value given as text as an error repeats it: as it is
// when it is plain (letters, digits and punctuation, no space), and quoted
// as %q quotes it otherwise, so that an error never carries a control
// character of the input (such as the escape of a colour sequence) to a
// terminal.
func shown(value string) string {
	for _, r := range value {
		if r == ' ' || r == '"' || r == '\\' || !unicode.IsPrint(r) {
			return strconv.Quote(value)
		}
	}
	return value
}
