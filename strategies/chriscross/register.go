package chriscross

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// DefaultBudget is the clairvoyant solver's default node budget per deal.
const DefaultBudget = 200000

// Register adds greedy, search and clairvoyant for Chris-Cross to r.
func Register(r *strategies.Registry) {
	r.Register(greedyDefinition())
	r.Register(searchDefinition())
	r.Register(clairvoyantDefinition())
}

func greedyOptions(g *Greedy) *games.Options {
	o := games.NewOptions("parameter")
	o.Bool(&g.Column1, "column1", true, "cast pairs with cards in column 1 first")
	o.Bool(&g.Moves, "moves", true, "use vertical moves (false: never move)")
	return o
}

func greedyDefinition() strategies.Definition {
	return strategies.Define("greedy", "chriscross", "casts every pair it can, column 1 first; moves a card when that leaves more to cast or splits a row pair",
		func() (*Greedy, *games.Options) { g := new(Greedy); return g, greedyOptions(g) }, nil)
}

func searchOptions(s *Search) *games.Options {
	d := NewSearch()
	o := games.NewOptions("parameter")
	o.Int(&s.Nodes, "nodes", d.Nodes, 1, 1e9, "most positions visited per decision")
	o.Int(&s.RowPair, "row-pair", d.RowPair, 0, 1e6, "penalty (thousandths of a card) per equal-rank pair sharing a row at the round's end")
	o.Int(&s.Column1, "column1", d.Column1, 0, 1e6, "penalty (thousandths of a card) per card in column 1 at the round's end")
	return o
}

func searchDefinition() strategies.Definition {
	return strategies.Define("search", "chriscross", "looks ahead through the rest of the visible round and plays the line ending it best",
		func() (*Search, *games.Options) { s := NewSearch(); return s, searchOptions(s) }, nil)
}

func clairvoyantOptions(budget *int) *games.Options {
	o := games.NewOptions("parameter")
	o.Int(budget, "budget", DefaultBudget, 0, 1e9, "most positions the solver visits per deal (0: no limit); a deal it cannot decide is unknown")
	return o
}

func clairvoyantDefinition() strategies.Definition {
	return strategies.Define("clairvoyant", "chriscross", "sees the stock order and solves the deal by depth-first search: an upper bound on the win rate (undecided deals reported)",
		func() (*int, *games.Options) { b := new(int); return b, clairvoyantOptions(b) },
		func(budget *int, _ games.Game) (strategies.Strategy, error) { return NewClairvoyant(*budget), nil })
}
