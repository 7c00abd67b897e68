package experiment_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// toyRunner returns a Runner that knows the toy game (package toygame),
// its bots, its analysis and its question, random, and budgeted (a bot
// with a budget, for skill ladders), on the given number of workers.
func toyRunner(workers int) *experiment.Runner {
	gs, ss, as := new(games.Registry), new(strategies.Registry), new(analyses.Registry)
	gs.Register(toygame.Definition())
	toygame.Register(ss)
	ss.Register(strategies.RandomDefinition())
	ss.Register(strategies.Define("budgeted", toygame.Name, "plays its highest card whatever its budget",
		func() (*budgeted, *games.Options) {
			b := new(budgeted)
			o := games.NewOptions("parameter")
			o.Int(&b.Budget, "budget", 10, 1, 1000, "the budget, which changes nothing")
			return b, o
		}, nil))
	as.Register(toygame.Analysis())
	return &experiment.Runner{Games: gs, Strategies: ss, Analyses: as, Solvers: new(analyses.Registry), Workers: workers,
		Studies: []experiment.Study{{Game: toygame.Name, Title: toygame.Question, Strategies: []string{"greedy", "high"}, Games: 300}}}
}

// budgeted is a bot with a budget that changes nothing: it plays its
// highest card.
type budgeted struct{ Budget int }

func (*budgeted) Begin(uint64) {}
func (*budgeted) Choose(_ games.View, legal []games.Action) games.Action {
	return legal[len(legal)-1]
}

// leaderOdds is the exact chance that the seat that leads wins a toy deal
// of one card each from a deck of ranks ranks in four suits: it wins
// unless the follower's card is of another rank (4(ranks−1) cards of the
// 4·ranks−1 left) and the higher, half of those times.
func leaderOdds(ranks int) float64 {
	return 1 - float64(4*(ranks-1))/float64(4*ranks-1)/2
}

// near reports whether a rate measured on n games is within four standard
// errors of the exact chance p.
func near(rate, p float64, n int64) bool {
	return math.Abs(rate-p) <= 4*math.Sqrt(p*(1-p)/float64(n))
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
	if math.Abs(p-leaderOdds(6)) > 1e-15 {
		t.Fatalf("leaderOdds(6) = %v, want 13/23", leaderOdds(6))
	}
	if fp == nil || fp.WinRate.Games != 4000 || !near(fp.WinRate.Rate, p, 4000) {
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
