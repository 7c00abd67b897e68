package chriscross

import (
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
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

// BenchmarkReadings solves deals (seeds 0 on, one per iteration) under each
// reading of a column pair, with and without diagonals, and reports what
// the clairvoyant solver makes of them, per deal: no pair as dealt (lost
// before any decision), won, lost with a starting pair, and undecided
// within DefaultBudget (the win rate lies between wins/deal and that plus
// unknown/deal). For 20,000 deals:
//
//	go test -run '^$' -bench Readings -benchtime 20000x ./strategies/chriscross/
func BenchmarkReadings(b *testing.B) {
	for _, rules := range [][]string{
		{"column-adjacent=false", "diagonals=true"},
		{"column-adjacent=false", "diagonals=false"},
		{"column-adjacent=true", "diagonals=true"},
		{"column-adjacent=true", "diagonals=false"},
	} {
		b.Run(strings.Join(rules, ","), func(b *testing.B) {
			g := mustGame(rules...)
			r := g.RuleValues()
			s := g.NewChrisCross()
			solver := Solver{Budget: DefaultBudget}
			var seed uint64
			var noPair, won, lost, unknown int
			for b.Loop() {
				s.Reset(seed)
				seed++
				p := s.Position()
				if !startingPair(&p, r) {
					noPair++
					continue
				}
				switch solver.Solve(p) {
				case Winnable:
					won++
				case Lost:
					lost++
				case Unknown:
					unknown++
				}
			}
			per := func(n int) float64 { return float64(n) / float64(seed) }
			b.ReportMetric(per(noPair), "nopair/deal")
			b.ReportMetric(per(won), "wins/deal")
			b.ReportMetric(per(lost), "lost/deal")
			b.ReportMetric(per(unknown), "unknown/deal")
		})
	}
}

// BenchmarkNoStartingPair deals games (State.Reset of games.Mix(i, 1), one
// per iteration) under the default rules and reports the share that hold
// no pair as dealt, which no player can win. For 2,000,000 deals:
//
//	go test -run '^$' -bench NoStartingPair -benchtime 2000000x ./strategies/chriscross/
func BenchmarkNoStartingPair(b *testing.B) {
	s := mustGame().NewChrisCross()
	var i uint64
	over := 0
	for b.Loop() {
		s.Reset(games.Mix(i, 1))
		i++
		if s.Turn() == games.Terminal {
			over++
		}
	}
	b.ReportMetric(float64(over)/float64(i), "nopair/deal")
}
