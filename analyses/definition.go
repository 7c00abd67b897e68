package analyses

import (
	"context"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
)

// Definition is an analysis as a registry lists it.
type Definition struct {
	Game    string // the game studied, by its CLI name
	Summary string // what it answers, in one line
	// Options returns the analysis's options at their defaults.
	Options func() []games.Setting
	// Check reports the first of the "key=value" options that is unknown
	// or has a bad value, so that a command can refuse them before it
	// prepares anything.
	Check func(options []string) error
	// Run applies the options over the defaults and runs the analysis,
	// returning the document of what it found: the command writes it in
	// its own Layout, and the designers' report embeds its studies.
	Run func(ctx context.Context, env *Env, options []string) (*reports.Report, error)
}

// Checker is implemented by options whose values must agree with each
// other: Define's Check and Run call it once the options are parsed.
type Checker interface {
	Check() error
}

// Define returns the Definition of an analysis whose options are the fields
// of a T bound by bind, as a game binds its rules: run receives them parsed,
// and checked when *T is a Checker.
func Define[T any](game, summary string, bind func(*T) *games.Options, run func(ctx context.Context, env *Env, options T) (*reports.Report, error)) Definition {
	parse := func(options []string) (T, error) {
		o, err := games.Parse(bind, options)
		if err != nil {
			return o, err
		}
		if c, ok := any(&o).(Checker); ok {
			err = c.Check()
		}
		return o, err
	}
	return Definition{
		Game: game, Summary: summary,
		Options: func() []games.Setting { return games.SettingsOf(bind, games.Defaults(bind)) },
		Check: func(options []string) error {
			_, err := parse(options)
			return err
		},
		Run: func(ctx context.Context, env *Env, options []string) (*reports.Report, error) {
			o, err := parse(options)
			if err != nil {
				return nil, err
			}
			return run(ctx, env, o)
		},
	}
}
