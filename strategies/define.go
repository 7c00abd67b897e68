package strategies

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// Define returns the registry entry of a strategy for game ("" for any
// game) whose parameters are bound to a value of type P. make returns a
// fresh value and its parameters bound to it; Params lists those of one
// such value, and New applies the parameters given over the defaults, then
// calls build, which makes the strategy for the game from the value and
// checks what depends on the game. With build nil the value is itself the
// strategy: P must then implement Strategy, or Define panics.
func Define[P any](name, game, summary string, make func() (P, *games.Options), build func(P, games.Game) (Strategy, error)) Definition {
	if build == nil {
		var zero P
		if _, ok := any(zero).(Strategy); !ok {
			panic(fmt.Sprintf("strategies: Define(%q) without build: %T is no Strategy", name, zero))
		}
	}
	return Definition{
		Name: name, Game: game, Summary: summary,
		Params: func(games.Game) []games.Setting { _, o := make(); return o.Settings() },
		New: func(g games.Game, params []string) (Strategy, error) {
			p, o := make()
			if err := o.Apply(params); err != nil {
				return nil, err
			}
			if build != nil {
				return build(p, g)
			}
			return any(p).(Strategy), nil
		},
	}
}
