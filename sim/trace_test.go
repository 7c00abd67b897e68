package sim

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// TestTraceGame: a traced game is deal index of the run's seed, worked by
// hand from dieOf; a failing game comes back with its trace and its error,
// a game that cannot start with no trace.
func TestTraceGame(t *testing.T) {
	die := []Player{{Strategy: fixedDef("die", 0)}}
	for i := range int64(20) {
		tr, err := TraceGame(dice{1}, die, 3, i, "")
		if err != nil {
			t.Fatal(err)
		}
		d := dieOf(GameSeed(3, i), 0)
		capped := int64(0)
		if d == 0 {
			capped = 1
		}
		if len(tr.Outcomes) != 1 || int64(tr.Outcomes[0].Score) != d || !slices.Equal(tr.Metrics, []int64{d, capped, d + 1}) {
			t.Errorf("game %d: outcomes %+v, metrics %v; want a score of its die %d", i, tr.Outcomes, tr.Metrics, d)
		}
	}
	two := []Player{{Strategy: fixedDef("two", 1)}}
	if tr, err := TraceGame(dice{1}, two, 3, 0, ""); err != nil || tr.Outcomes[0].Score != 2 || tr.Seed != 3 || tr.Index != 0 {
		t.Errorf("take 2: %+v, %v", tr, err)
	}

	fails := func(def strategies.Definition) []Player { return []Player{{Strategy: def}} }
	panics := strategies.Definition{Name: "panicky", Params: func(games.Game) []games.Setting { return nil },
		New: func(games.Game, []string) (strategies.Strategy, error) { return panicky{}, nil }}
	refused := strategies.Definition{Name: "refused", Params: func(games.Game) []games.Setting { return nil },
		New: func(games.Game, []string) (strategies.Strategy, error) { return nil, errors.New("no such parameter") }}
	tests := []struct {
		name    string
		seats   []Player
		deal    string
		want    string // in the error
		tracked bool   // a trace comes with the error
	}{
		{"a bot panics", fails(panics), "", "panic: boom", true},
		{"an illegal action", fails(fixedDef("seven", 7)), "", "illegal", true},
		{"a strategy refused", fails(refused), "", "strategy refused: no such parameter", false},
		{"a deal refused", die, "1 2 3", "no deals", false},
	}
	for _, tt := range tests {
		tr, err := TraceGame(dice{1}, tt.seats, 3, 0, tt.deal)
		if err == nil || !strings.Contains(err.Error(), tt.want) || (tr != nil) != tt.tracked {
			t.Errorf("%s: trace %+v, error %v; want %q, a trace %t", tt.name, tr, err, tt.want, tt.tracked)
		}
		if tr != nil && (tr.Outcomes != nil || tr.Metrics != nil) {
			t.Errorf("%s: a failed game with outcomes %v and metrics %v", tt.name, tr.Outcomes, tr.Metrics)
		}
	}
}
