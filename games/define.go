package games

// Rulebook is a game's rules type R with what a game derives from it: the
// defaults, the parser of "key=value" options, the settings listing and the
// registry entry. Define makes one; a game keeps it in a package variable
// and its DefaultRules, ParseRules, Rules.Settings and Definition call it.
type Rulebook[R any] struct {
	name, title, summary string
	bind                 func(*R) *Options
	check                func(*R) error
	build                func(R) (Game, error)
}

// Define returns the rulebook of a game whose rules are a value of type R.
// bind binds an R's fields to a new Options (binding sets each field to its
// default), as strategies.Define's make does for a bot's parameters. check,
// if not nil, reports rules that parse option by option but do not make a
// playable game, and may complete r (by reading an input file the rules
// name); build makes the game from rules that passed check. name, title and
// summary are the registry's (Definition).
func Define[R any](name, title, summary string, bind func(*R) *Options, check func(*R) error, build func(R) (Game, error)) Rulebook[R] {
	return Rulebook[R]{name: name, title: title, summary: summary, bind: bind, check: check, build: build}
}

// Defaults returns the rules with every option at its default.
func (b Rulebook[R]) Defaults() R { return Defaults(b.bind) }

// Parse returns the default rules with the "key=value" options kvs applied,
// then checked; unknown keys, bad values and rules that fail the check are
// errors, with the zero R.
func (b Rulebook[R]) Parse(kvs []string) (R, error) {
	r, err := Parse(b.bind, kvs)
	if err == nil && b.check != nil {
		err = b.check(&r)
	}
	if err != nil {
		var zero R
		return zero, err
	}
	return r, nil
}

// Settings returns every rule option with its value in r, in the order bind
// defines them.
func (b Rulebook[R]) Settings(r R) []Setting { return SettingsOf(b.bind, r) }

// Definition returns the game's registry entry: its New parses the rule
// options given (Parse) and builds the game from them.
func (b Rulebook[R]) Definition() Definition {
	return Definition{
		Name: b.name, Title: b.title, Summary: b.summary,
		New: func(kvs []string) (Game, error) {
			r, err := b.Parse(kvs)
			if err != nil {
				return nil, err
			}
			return b.build(r)
		},
	}
}
