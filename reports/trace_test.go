package reports_test

import (
	"os"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// move is an event of a made-up game.
type move string

func (m move) String() string { return string(m) }

func ExampleTraceRecord_WriteText() {
	r := &reports.TraceRecord{Game: "duel", Seed: 42, Index: 17,
		Strategy: sim.StrategyRecord{Name: "greedy"},
		Seats:    []sim.StrategyRecord{{Name: "greedy"}, {Name: "planner"}},
		Events:   []games.Event{move("deal: 5H to seat 0, KS to seat 1"), move("seat 0 plays 5H"), move("seat 1 plays KS")},
		Outcome:  []reports.TraceOutcome{{Seat: 0, Score: 0, Result: "loss"}, {Seat: 1, Score: 1, Result: "win"}},
	}
	r.WriteText(os.Stdout)
	// Output:
	// duel, strategy greedy vs planner, seed 42, game 17
	// deal: 5H to seat 0, KS to seat 1
	// seat 0 plays 5H
	// seat 1 plays KS
	// seat 0: score 0, loss
	// seat 1: score 1, win
}
