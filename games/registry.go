package games

import (
	"fmt"
	"slices"
	"strings"
)

// Definition is a game as the registry lists it: its names and a constructor
// that fixes the rules.
type Definition struct {
	Name    string // CLI name, such as "nora"
	Title   string // name in prose
	Summary string // one line
	// New returns the game with the given "key=value" rule options applied
	// over the defaults; unknown keys and bad values are errors.
	New func(rules []string) (Game, error)
	// ExampleDeal is a deal of the game under its default rules, as
	// State.Deal (and trace --deal) takes it: the game's own fixture for
	// tests that need a deal of every game.
	ExampleDeal string
}

// Registry holds the games a program knows. The zero value is empty and
// ready to use; commands build one and pass it down, so there is no global.
type Registry struct {
	defs []Definition
}

// Register adds d. It panics if the name is taken: that is a wiring mistake.
func (r *Registry) Register(d Definition) {
	if _, ok := r.find(d.Name); ok {
		panic("games: " + d.Name + " registered twice")
	}
	r.defs = append(r.defs, d)
}

func (r *Registry) find(name string) (Definition, bool) {
	i := slices.IndexFunc(r.defs, func(d Definition) bool { return d.Name == name })
	if i < 0 {
		return Definition{}, false
	}
	return r.defs[i], true
}

// Lookup returns the named game's definition, or an error listing the games
// there are.
func (r *Registry) Lookup(name string) (Definition, error) {
	if d, ok := r.find(name); ok {
		return d, nil
	}
	return Definition{}, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(r.Names(), ", "))
}

// Names returns the registered names in registration order.
func (r *Registry) Names() []string {
	n := make([]string, len(r.defs))
	for i, d := range r.defs {
		n[i] = d.Name
	}
	return n
}

// All returns every definition in registration order.
func (r *Registry) All() []Definition { return slices.Clone(r.defs) }
