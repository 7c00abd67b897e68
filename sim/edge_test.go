package sim

import (
	"context"
	"math"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// drawDice is dice of two seats in which equal dice draw unless both are
// 3 or more, when seat 0, which moves first, wins.
type drawDice struct{ dice }

func (g drawDice) NewState() games.State { return &drawDiceState{diceState{g: g.dice}} }

type drawDiceState struct{ diceState }

func (s *drawDiceState) Outcome(seat int) games.Outcome {
	a, b := s.die[0], s.die[1]
	o := games.Outcome{Score: int(s.die[seat])}
	switch {
	case a == b && a < 3:
		o.Result = games.Draw
	case (seat == 0) == (a >= b):
		o.Result = games.Win
	}
	return o
}

// TestFirstPlayerEdgeWithDraws: the first player's edge is measured
// against the fair share of the games not drawn, (1 − draw rate)/2, with
// the interval of a ratio estimator over deals, both worked here deal by
// deal; a game that draws often no longer reads as a handicap.
func TestFirstPlayerEdgeWithDraws(t *testing.T) {
	const n = 4000
	cfg := Config{Game: drawDice{dice{2}}, Lineup: []Player{{Strategy: fixedDef("a", 0)}}, Seed: 6, Games: n}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	fp := Summarize(&cfg, tally, 0.95).FirstPlayer
	// One strategy: one seating, so a deal is one game. y is the deal's
	// win minus its share of a decided game, 1/2 unless drawn.
	var wins, draws float64
	ys := make([]float64, n)
	for i := range int64(n) {
		seed := GameSeed(6, i)
		a, b := dieOf(seed, 0), dieOf(seed, 1)
		switch {
		case a == b && a < 3:
			draws++
		case a >= b:
			wins++
			ys[i] = 0.5
		default:
			ys[i] = -0.5
		}
	}
	fair := (n - draws) / n / 2
	edge := wins/n - fair
	var ss float64
	for _, y := range ys {
		ss += (y - edge) * (y - edge)
	}
	half := 1.959964 * math.Sqrt(ss/(n-1)/n)
	if math.Abs(fp.FairShare-fair) > 1e-12 || math.Abs(fp.Edge-edge) > 1e-12 {
		t.Fatalf("fair share %.6f, edge %.6f; by hand %.6f and %.6f", fp.FairShare, fp.Edge, fair, edge)
	}
	if math.Abs(fp.CILow-(edge-half)) > 1e-6 || math.Abs(fp.CIHigh-(edge+half)) > 1e-6 {
		t.Errorf("edge interval %.6f … %.6f; by hand %.6f … %.6f", fp.CILow, fp.CIHigh, edge-half, edge+half)
	}
	// The first player wins 18 of 36 deals (15 higher dice, 3 ties of 3 or
	// more) and 3 are drawn: an edge of 1/24 over the fair share of 33/72,
	// where against 1/2 it would read as no edge at all.
	if want := 1.0 / 24; math.Abs(fp.Edge-want) > 0.02 || fp.CILow <= 0 {
		t.Errorf("edge %.4f (%.4f … %.4f), want about %.4f and above 0", fp.Edge, fp.CILow, fp.CIHigh, want)
	}
}
