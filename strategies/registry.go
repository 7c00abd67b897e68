package strategies

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// Definition is a strategy as the registry lists it.
type Definition struct {
	Name    string // as typed after --strategy
	Game    string // the game it plays, or "" for any game
	Summary string // one line
	// Params returns the parameters with their defaults.
	Params func() []games.Setting
	// New returns a strategy for g with the given "key=value" parameters
	// applied over the defaults; unknown keys and bad values are errors.
	New func(g games.Game, params []string) (Strategy, error)
	// Search is set for strategies that search at their decisions, whose
	// games take milliseconds to seconds: sim plays them in small chunks,
	// so progress and checkpoints come often.
	Search bool
}

// Registry holds the strategies a program knows, generic and per game.
type Registry struct {
	defs []Definition
}

// Register adds d. It panics if d's name is taken for its game.
func (r *Registry) Register(d Definition) {
	for _, e := range r.defs {
		if e.Name == d.Name && (e.Game == d.Game || e.Game == "" || d.Game == "") {
			panic("strategies: " + d.Name + " registered twice")
		}
	}
	r.defs = append(r.defs, d)
}

// For returns the strategies that can play game: its own first, then the
// generic ones.
func (r *Registry) For(game string) []Definition {
	var own, generic []Definition
	for _, d := range r.defs {
		switch d.Game {
		case game:
			own = append(own, d)
		case "":
			generic = append(generic, d)
		}
	}
	return append(own, generic...)
}

// Named returns the strategy name plays for game, as --strategy names it:
// an empty name is the game's first own strategy.
func (r *Registry) Named(game, name string) (Definition, error) {
	if name != "" {
		return r.Lookup(game, name)
	}
	all := r.For(game)
	if len(all) == 0 {
		return Definition{}, fmt.Errorf("no strategy plays %s", game)
	}
	return all[0], nil
}

// Lookup returns the named strategy for game, or an error listing those
// there are.
func (r *Registry) Lookup(game, name string) (Definition, error) {
	all := r.For(game)
	if i := slices.IndexFunc(all, func(d Definition) bool { return d.Name == name }); i >= 0 {
		return all[i], nil
	}
	names := make([]string, len(all))
	for i, d := range all {
		names[i] = d.Name
	}
	return Definition{}, fmt.Errorf("unknown strategy %q for %s (known: %s)", name, game, strings.Join(names, ", "))
}
