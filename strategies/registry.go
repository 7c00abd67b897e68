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
	// Params returns the parameters with their defaults for g: a parameter
	// that names a strategy (a search's rollout) offers the choices that
	// can play g. With g nil it returns the same parameters and defaults,
	// a choice offering those of any game.
	Params func(g games.Game) []games.Setting
	// Plays, if set, says why the strategy cannot play g (nil when it
	// can), for a g of the game it is for, in an error that names both: a
	// generic search strategy cannot play a game whose views do not
	// sample. Unset, the strategy plays every game of its Game.
	Plays func(g games.Game) error
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

// All returns every strategy registered, for every game, in the order
// registered.
func (r *Registry) All() []Definition { return slices.Clone(r.defs) }

// CanPlay reports whether d can play g: d is for g's game or for any
// game, and its Plays, if set, finds nothing against g.
func (d *Definition) CanPlay(g games.Game) bool {
	return (d.Game == "" || d.Game == g.Name()) && (d.Plays == nil || d.Plays(g) == nil)
}

// For returns the strategies that can play g: its own first, then the
// generic ones that can (Definition.CanPlay).
func (r *Registry) For(g games.Game) []Definition {
	var own, generic []Definition
	for _, d := range r.defs {
		switch {
		case !d.CanPlay(g):
		case d.Game == "":
			generic = append(generic, d)
		default:
			own = append(own, d)
		}
	}
	return append(own, generic...)
}

// Named returns the strategy name plays for g, as --strategy names it: an
// empty name is the game's first own strategy.
func (r *Registry) Named(g games.Game, name string) (Definition, error) {
	if name != "" {
		return r.Lookup(g, name)
	}
	all := r.For(g)
	if len(all) == 0 {
		return Definition{}, fmt.Errorf("no strategy plays %s", g.Name())
	}
	return all[0], nil
}

// Lookup returns the named strategy for g, or an error: why it cannot play
// g (its Plays), for a strategy that cannot, or else the strategies there
// are.
func (r *Registry) Lookup(g games.Game, name string) (Definition, error) {
	all := r.For(g)
	if i := slices.IndexFunc(all, func(d Definition) bool { return d.Name == name }); i >= 0 {
		return all[i], nil
	}
	for _, d := range r.defs {
		if d.Name == name && (d.Game == "" || d.Game == g.Name()) && d.Plays != nil {
			if err := d.Plays(g); err != nil {
				return Definition{}, err
			}
		}
	}
	names := make([]string, len(all))
	for i, d := range all {
		names[i] = d.Name
	}
	return Definition{}, fmt.Errorf("unknown strategy %q for %s (known: %s)", name, g.Name(), strings.Join(names, ", "))
}
