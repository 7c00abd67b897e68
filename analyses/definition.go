package analyses

import (
	"context"

	"github.com/cardsim/cardsim/games"
)

// Definition is an analysis as a registry lists it.
type Definition struct {
	Game    string // the game studied, by its CLI name
	Summary string // what it answers, in one line
	// Options returns the analysis's options at their defaults.
	Options func() []games.Setting
	// Run applies the "key=value" options over the defaults and runs the
	// analysis; unknown keys and bad values are errors.
	Run func(ctx context.Context, env *Env, options []string) (Page, error)
}

// Page is what an analysis found, ready to be written.
type Page interface {
	// WriteDir writes the page's files into dir, each atomically.
	WriteDir(dir string) error
}

// Define returns the Definition of an analysis whose options are the fields
// of a T bound by bind, as a game binds its rules: run receives them parsed.
func Define[T any](game, summary string, bind func(*T) *games.Options, run func(ctx context.Context, env *Env, options T) (Page, error)) Definition {
	return Definition{
		Game: game, Summary: summary,
		Options: func() []games.Setting { return games.SettingsOf(bind, games.Defaults(bind)) },
		Run: func(ctx context.Context, env *Env, options []string) (Page, error) {
			o, err := games.Parse(bind, options)
			if err != nil {
				return nil, err
			}
			return run(ctx, env, o)
		},
	}
}
