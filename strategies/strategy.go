package strategies

import (
	"context"

	"github.com/cardsim/cardsim/games"
)

// Strategy chooses actions for one seat. sim makes one per worker and seat
// and calls Begin before every game, so a strategy may keep buffers between
// games but must not let one game's state leak into the next.
type Strategy interface {
	// Begin starts a new game; seed keys the strategy's own random stream.
	Begin(seed uint64)
	// Choose returns one of legal (never empty, ascending) given the view.
	Choose(v games.View, legal []games.Action) games.Action
}

// Prover is implemented by solvers that may fail to decide a game within
// their budget. After a game, Undecided reports whether the solver gave up
// on proving the best result; sim then counts the game as a loss for the
// lower bound of the win rate and as a win for the upper bound.
type Prover interface {
	Undecided() bool
}

// Bounder is implemented by solvers whose score may fall short of the best
// the deal allows, because their budget ran out before the best was
// proven. After a game, ScoreBound returns an upper bound on the best score
// the deal allows and whether the score played is proven to be that best;
// sim then reports the mean best score as at least the mean played and at
// most the mean of the bounds.
type Bounder interface {
	ScoreBound() (best int, exact bool)
}

// Preparer is implemented by strategies with slow work to do before their
// first game, such as building a computed policy. sim.Run calls Prepare
// with its context before any game, so that an interrupt stops the work;
// Prepare returns ctx's error when ctx is done first.
type Preparer interface {
	Prepare(ctx context.Context) error
}
