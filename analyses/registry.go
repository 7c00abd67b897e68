package analyses

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
)

// Registry holds analyses, one per game. The zero value is empty and ready
// to use.
type Registry struct {
	defs []Definition
}

// Register adds d. It panics if d's game has an analysis already: that is a
// wiring mistake.
func (r *Registry) Register(d Definition) {
	if _, ok := r.Lookup(d.Game); ok {
		panic("analyses: a second analysis of " + d.Game)
	}
	r.defs = append(r.defs, d)
}

// Lookup returns the analysis of game.
func (r *Registry) Lookup(game string) (Definition, bool) {
	i := slices.IndexFunc(r.defs, func(d Definition) bool { return d.Game == game })
	if i < 0 {
		return Definition{}, false
	}
	return r.defs[i], true
}

// All returns every analysis, sorted by game.
func (r *Registry) All() []Definition {
	all := slices.Clone(r.defs)
	slices.SortFunc(all, func(a, b Definition) int { return strings.Compare(a.Game, b.Game) })
	return all
}

// Listing lists the registry's analyses, each with what it answers and its
// options as the commands take them (--opt key=default), for help texts.
func (r *Registry) Listing() string {
	var b strings.Builder
	for _, d := range r.All() {
		fmt.Fprintf(&b, "%s: %s\n", d.Game, d.Summary)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, o := range d.Options() {
			fmt.Fprintf(tw, "    --opt %s=%s\t%s\n", o.Name, o.Default, o.Usage)
		}
		tw.Flush()
	}
	return b.String()
}
