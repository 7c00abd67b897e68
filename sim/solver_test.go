package sim

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// boundingSolver takes the die and reports, as a budgeted solver would,
// that it proved a die of 3 or more the best score and bounds the others by
// 5, and that it could not decide the win of a die of 4.
type boundingSolver struct{ die int64 }

func (b *boundingSolver) Begin(uint64) {}
func (b *boundingSolver) Choose(v games.View, _ []games.Action) games.Action {
	b.die = v.(*diceState).die[0]
	return 0
}
func (b *boundingSolver) Undecided() bool { return b.die == 4 }
func (b *boundingSolver) ScoreBound() (int, bool) {
	return 5, b.die >= 3
}

// TestSolverBoundsByHand: the undecided share and the bounds on the mean
// best score of a solver are worked here from the dice directly, and hold
// when the run is split and merged.
func TestSolverBoundsByHand(t *testing.T) {
	const n = 400
	def := strategies.Definition{Name: "solver", Params: func(games.Game) []games.Setting { return nil },
		New: func(games.Game, []string) (strategies.Strategy, error) { return &boundingSolver{}, nil }}
	cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: def}}, Seed: 8, Games: n, Workers: 2, Chunk: 16}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var undecided, exact int64
	var played, best float64
	for i := range int64(n) {
		d := dieOf(GameSeed(8, i), 0)
		played += float64(d)
		if d == 4 {
			undecided++
		}
		if d >= 3 {
			exact++
			best += float64(d)
		} else {
			best += 5
		}
	}
	s := Summarize(&cfg, tally, 0.95)
	sv := s.Lead().Solver
	if sv == nil || sv.Games != n || sv.Undecided != undecided || sv.UndecidedShare != float64(undecided)/n {
		t.Fatalf("solver %+v; by hand %d games, %d undecided", sv, n, undecided)
	}
	b := sv.Best
	if b == nil || b.Games != n || b.Exact != exact || math.Abs(b.AtLeast-played/n) > 1e-12 || math.Abs(b.AtMost-best/n) > 1e-12 {
		t.Fatalf("best %+v; by hand at least %.4f, at most %.4f, %d exact", b, played/n, best/n, exact)
	}
	if b.CILow != s.Lead().Score.CILow || !(b.CIHigh > b.AtMost) || b.CIHigh > 5 {
		t.Errorf("best interval %.4f … %.4f: want the score's lower end %.4f and an upper end above %.4f, at most 5", b.CILow, b.CIHigh, s.Lead().Score.CILow, b.AtMost)
	}
	if s.Lead().Win.Undecided != undecided {
		t.Errorf("win rate's undecided %d, want %d", s.Lead().Win.Undecided, undecided)
	}

	half := cfg
	half.Games = n / 2
	first, err := Run(context.Background(), half)
	if err != nil {
		t.Fatal(err)
	}
	half.First = n / 2
	second, err := Run(context.Background(), half)
	if err != nil {
		t.Fatal(err)
	}
	first.Merge(second)
	if !reflect.DeepEqual(first, tally) {
		t.Error("two halves merged differ from the whole run")
	}
	if err := tally.checkCounts(n); err != nil {
		t.Errorf("the tally fails its own check: %v", err)
	}
	bad := *tally
	bad.Entries = append([]Outcomes{}, tally.Entries...)
	bad.Entries[0].Exact = n + 1
	if bad.checkCounts(n) == nil {
		t.Error("more exact scores than games passed the check")
	}
}
