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
	r.Register(strategies.Definition{
		Name:    "greedy",
		Game:    "flip",
		Summary: "takes the play worth most points now; deals only when there is none",
		Params:  func() []games.Setting { o, _ := greedyParams(); return o.Settings() },
		New: func(g games.Game, params []string) (strategies.Strategy, error) {
			o, p := greedyParams()
			if err := o.Apply(params); err != nil {
				return nil, err
			}
			return NewGreedy(*p == "top"), nil
		},
	})
	r.Register(strategies.Definition{
		Name:    "lookahead",
		Game:    "flip",
		Summary: "searches a few plies over sampled guesses of the undealt order, then plays greedily",
		Search:  true,
		Params:  func() []games.Setting { o, _, _ := lookaheadParams(); return o.Settings() },
		New: func(g games.Game, params []string) (strategies.Strategy, error) {
			o, samples, depth := lookaheadParams()
			if err := o.Apply(params); err != nil {
				return nil, err
			}
			fg, err := flipGame(g)
			if err != nil {
				return nil, err
			}
			return NewLookahead(fg, *samples, *depth), nil
		},
	})
	r.Register(strategies.Definition{
		Name:    "clairvoyant",
		Game:    "flip",
		Summary: "sees the whole deck order and searches for the best score (a solver; undecided games are reported)",
		Search:  true,
		Params:  func() []games.Setting { o, _, _ := clairvoyantParams(); return o.Settings() },
		New: func(g games.Game, params []string) (strategies.Strategy, error) {
			o, budget, win := clairvoyantParams()
			if err := o.Apply(params); err != nil {
				return nil, err
			}
			if _, err := flipGame(g); err != nil {
				return nil, err
			}
			return NewClairvoyant(*budget, *win), nil
		},
	})
}

func flipGame(g games.Game) (*flip.Game, error) {
	fg, ok := g.(*flip.Game)
	if !ok {
		return nil, fmt.Errorf("strategy for flip given the game %q", g.Name())
	}
	return fg, nil
}

func greedyParams() (*games.Options, *string) {
	o := games.NewOptions("parameter")
	p := new(string)
	o.Enum(p, "prefer", "bottom", []string{"bottom", "top"},
		"tie order among plays of equal gain: the lowest play (the set nearest the bottom of the pile; within a set flip-suit, flip-rank, remove-suit, remove-rank), or the reverse")
	return o, p
}

func lookaheadParams() (*games.Options, *int, *int) {
	o := games.NewOptions("parameter")
	samples, depth := new(int), new(int)
	o.Int(samples, "samples", 8, 1, 1000, "guesses of the undealt order per decision")
	o.Int(depth, "depth", 2, 1, 4, "plies searched (the action chosen counts as one) before greedy play to the end")
	return o, samples, depth
}

func clairvoyantParams() (*games.Options, *int, *int) {
	o := games.NewOptions("parameter")
	budget, win := new(int), new(int)
	o.Int(budget, "budget", DefaultBudget, 0, 1<<30, "positions the solver may visit per game in its search for the best score, after settling the win (0: no limit); beyond it the score is the best found, a lower bound")
	o.Int(win, "win-budget", DefaultWinBudget, 0, 1<<30, "positions the solver may visit per game to settle whether the deal can be won (0: no limit); beyond it the game is reported undecided")
	return o, budget, win
}
