package sim

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// GameTrace is one game played with every event recorded, as cardsim trace
// shows it.
type GameTrace struct {
	Game     games.Game
	Seats    []Player // the strategy in each seat
	Seed     uint64
	Index    int64
	Deal     string          // the deal the game started from; "" for the shuffle of game Index
	Events   []games.Event   // every event, in order
	Outcomes []games.Outcome // each seat's, in seat order; nil for a game that failed
	Metrics  []int64         // the values of Game.Metrics(); nil for a game that failed
}

// TraceGame plays game index of a run with seed, with the strategy of each
// seat in seats, and records every event. The game is dealt from deal when
// it is not empty, and otherwise shuffled as the run shuffles it; the bots
// draw as they do in the run, so the game replays the run's own.
//
// A game that fails once begun (a bot or the game panics, or a bot chooses
// an illegal action) returns its trace so far, which holds the events up
// to the failure, with the error. Any other error (a strategy or a deal
// refused) comes with a nil trace.
func TraceGame(g games.Game, seats []Player, seed uint64, index int64, deal string) (*GameTrace, error) {
	bots := make([]strategies.Strategy, g.Seats())
	for i := range bots {
		var err error
		if bots[i], err = seats[i].Strategy.New(g, seats[i].Params); err != nil {
			return nil, fmt.Errorf("strategy %s: %w", seats[i].Strategy.Name, err)
		}
		bots[i].Begin(BotSeed(seed, index, i))
	}
	s := g.NewState()
	s.Record(true)
	if deal != "" {
		if err := s.Deal(deal, GameSeed(seed, index)); err != nil {
			return nil, err
		}
	} else {
		s.Reset(GameSeed(seed, index))
	}
	t := &GameTrace{Game: g, Seats: seats, Seed: seed, Index: index, Deal: deal}
	err := playSafely(s, bots)
	t.Events = s.Events()
	if err != nil {
		return t, err
	}
	for seat := range g.Seats() {
		t.Outcomes = append(t.Outcomes, s.Outcome(seat))
	}
	t.Metrics = s.Metrics(nil)
	return t, nil
}

// playSafely plays the game to the end, turning a panic of a bot or of the
// game into an error.
func playSafely(s games.State, bots []strategies.Strategy) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	_, err = Play(s, bots, nil)
	return err
}
