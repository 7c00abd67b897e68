package flip

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
	"github.com/cardsim/cardsim/strategies"
)

// DefaultBudget is the default number of positions the clairvoyant solver
// may visit per game in its search for the best score.
const DefaultBudget = 200_000

// DefaultWinBudget is the default number of positions the clairvoyant
// solver may visit per game to settle whether the deal can be won.
const DefaultWinBudget = WinBudgetFactor * DefaultBudget

// Register adds greedy, lookahead and clairvoyant for the game "flip".
func Register(r *strategies.Registry) {
	r.Register(strategies.Define("greedy", "flip", "takes the play worth most points now; deals only when there is none",
		greedyParams, func(p *string, _ games.Game) (strategies.Strategy, error) { return NewGreedy(*p == "top"), nil }))
	lookahead := strategies.Define("lookahead", "flip", "searches a few plies over sampled guesses of the undealt order, then plays greedily",
		lookaheadParams, func(p *lookaheadOptions, g games.Game) (strategies.Strategy, error) {
			fg, err := flipGame(g)
			if err != nil {
				return nil, err
			}
			return NewLookahead(fg, p.samples, p.depth), nil
		})
	lookahead.Search = true
	r.Register(lookahead)
	clairvoyant := strategies.Define("clairvoyant", "flip", "sees the whole deck order and searches for the best score (a solver; undecided games are reported)",
		clairvoyantParams, func(p *clairvoyantOptions, g games.Game) (strategies.Strategy, error) {
			if _, err := flipGame(g); err != nil {
				return nil, err
			}
			return NewClairvoyant(p.budget, p.win), nil
		})
	clairvoyant.Search = true
	r.Register(clairvoyant)
}

func flipGame(g games.Game) (*flip.Game, error) {
	fg, ok := g.(*flip.Game)
	if !ok {
		return nil, fmt.Errorf("strategy for flip given the game %q", g.Name())
	}
	return fg, nil
}

func greedyParams() (*string, *games.Options) {
	o := games.NewOptions("parameter")
	p := new(string)
	o.Enum(p, "prefer", "bottom", []string{"bottom", "top"},
		"tie order among plays of equal gain: the lowest play (the set nearest the bottom of the pile; within a set flip-suit, flip-rank, remove-suit, remove-rank), or the reverse")
	return p, o
}

// lookaheadOptions are lookahead's parameters.
type lookaheadOptions struct{ samples, depth int }

func lookaheadParams() (*lookaheadOptions, *games.Options) {
	o := games.NewOptions("parameter")
	p := new(lookaheadOptions)
	o.Int(&p.samples, "samples", 8, 1, 1000, "guesses of the undealt order per decision")
	o.Int(&p.depth, "depth", 2, 1, 4, "plies searched (the action chosen counts as one) before greedy play to the end")
	return p, o
}

// clairvoyantOptions are the clairvoyant solver's budgets.
type clairvoyantOptions struct{ budget, win int }

func clairvoyantParams() (*clairvoyantOptions, *games.Options) {
	o := games.NewOptions("parameter")
	p := new(clairvoyantOptions)
	o.Int(&p.budget, "budget", DefaultBudget, 0, 1<<30, "positions the solver may visit per game in its search for the best score, after settling the win (0: no limit); beyond it the score is the best found, a lower bound")
	o.Int(&p.win, "win-budget", DefaultWinBudget, 0, 1<<30, "positions the solver may visit per game to settle whether the deal can be won (0: no limit); beyond it the game is reported undecided")
	return p, o
}
