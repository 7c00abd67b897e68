package chriscross

import (
	"testing"

	"github.com/cardsim/cardsim/strategies"
)

func benchStrategy(b *testing.B, strat strategies.Strategy) {
	p := newPlayer(mustGame(), strat)
	var seed uint64
	wins := 0
	for b.Loop() {
		seed++
		if p.play(seed).Outcome(0).Result == 2 {
			wins++
		}
	}
	b.ReportMetric(float64(wins)/float64(seed), "wins/game")
}

func BenchmarkRandom(b *testing.B) { benchStrategy(b, strategies.NewRandom()) }
func BenchmarkGreedy(b *testing.B) { benchStrategy(b, NewGreedy()) }
func BenchmarkSearch(b *testing.B) { benchStrategy(b, NewSearch()) }

func BenchmarkClairvoyant(b *testing.B) {
	c := NewClairvoyant(DefaultBudget)
	p := newPlayer(mustGame(), c)
	var seed uint64
	wins, unknown := 0, 0
	for b.Loop() {
		seed++
		if p.play(seed).Outcome(0).Result == 2 {
			wins++
		}
		if c.Undecided() {
			unknown++
		}
	}
	b.ReportMetric(float64(wins)/float64(seed), "wins/game")
	b.ReportMetric(float64(unknown)/float64(seed), "unknown/game")
}

// BenchmarkSolve solves deals at the default budget: ns/op is the solver's
// mean time per deal; it reports the fraction of deals left unknown, the
// fraction proved winnable, and the mean positions visited.
func BenchmarkSolve(b *testing.B) {
	s := mustGame().NewChrisCross()
	solver := Solver{Budget: DefaultBudget}
	var seed uint64
	unknown, winnable, nodes := 0, 0, 0
	for b.Loop() {
		seed++
		s.Reset(seed)
		switch solver.Solve(s.Position()) {
		case Unknown:
			unknown++
		case Winnable:
			winnable++
		}
		nodes += solver.Nodes()
	}
	b.ReportMetric(float64(unknown)/float64(seed), "unknown/deal")
	b.ReportMetric(float64(winnable)/float64(seed), "winnable/deal")
	b.ReportMetric(float64(nodes)/float64(seed), "nodes/deal")
}
