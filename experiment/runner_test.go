package experiment_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// toyRunner returns a Runner that knows the toy game (package toygame) and
// its bots, and random, on the given number of workers.
func toyRunner(workers int) *experiment.Runner {
	gs, ss := new(games.Registry), new(strategies.Registry)
	gs.Register(toygame.Definition())
	toygame.Register(ss)
	ss.Register(strategies.RandomDefinition())
	return &experiment.Runner{Games: gs, Strategies: ss, Workers: workers}
}

// TestRunnerPlaysTheToy: the Runner plays a run of the toy game to its
// exact chance, and a comparison to the same figures on one worker and on
// two. With one card each, the seat that leads wins unless the follower's
// rank is higher: 13 times in 23 in the toy's deck of 24 cards.
func TestRunnerPlaysTheToy(t *testing.T) {
	spec := experiment.Spec{Kind: experiment.Run, Game: toygame.Name, Strategy: "greedy", Rules: []string{"hand=1"},
		Games: 4000, Seed: 3, Confidence: 0.95}
	res, err := toyRunner(0).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	fp := res.Summary.FirstPlayer
	p := 13.0 / 23
	if fp == nil || fp.WinRate.Games != 4000 || math.Abs(fp.WinRate.Rate-p) > 4*math.Sqrt(p*(1-p)/4000) {
		t.Fatalf("the leader's win rate %+v, want %.4f of 4000 games", fp, p)
	}

	cmp := experiment.Spec{Kind: experiment.Compare, Game: toygame.Name, Strategies: []string{"greedy", "random"},
		Games: 300, Seed: 5, Confidence: 0.95}
	var figures []string
	for _, workers := range []int{1, 2} {
		res, err := toyRunner(workers).Run(context.Background(), cmp, "")
		if err != nil {
			t.Fatal(err)
		}
		s := res.Summary
		if len(s.Entries) != 2 || len(s.Comparisons) != 1 {
			t.Fatalf("%d entries and %d comparisons, want 2 and 1", len(s.Entries), len(s.Comparisons))
		}
		s.Manifest.Workers, s.Manifest.WallSeconds = 0, 0
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		figures = append(figures, string(b))
	}
	if figures[0] != figures[1] {
		t.Error("a comparison gave other figures on two workers than on one")
	}
}
