package flip

import (
	"math/rand/v2"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/flip"
	"github.com/cardsim/cardsim/sim"
)

// BenchmarkFloor measures the floor a Flip game is compared with: shuffling
// the 52 cards and, after each of the 52 deals, scanning every set of four
// in the pile once (comparing the ends' suits and ranks).
func BenchmarkFloor(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	deck := cards.Standard(0)
	hits := 0
	for b.Loop() {
		cards.Shuffle(rng, deck)
		for n := 4; n <= len(deck); n++ {
			for w := 0; w+4 <= n; w++ {
				a, d := deck[w], deck[w+3]
				if a.Suit() == d.Suit() || a.Rank() == d.Rank() {
					hits++
				}
			}
		}
	}
	if hits == 0 {
		b.Fatal("no matches scanned")
	}
}

// BenchmarkGreedyGame measures a whole game dealt by Reset and played by
// greedy, per rule set: mapping=random draws a fresh pairing every game.
func BenchmarkGreedyGame(b *testing.B) {
	for _, rules := range [][]string{nil, {"mapping=fixed:1"}, {"windows=top"}} {
		name := "mapping=random"
		if rules != nil {
			name = rules[0]
		}
		b.Run(name, func(b *testing.B) {
			g, err := gameOf(rules)
			if err != nil {
				b.Fatal(err)
			}
			s := g.NewState()
			st := NewGreedy(false)
			legal := make([]games.Action, 0, 64)
			seed, score := uint64(0), 0
			b.ReportAllocs()
			for b.Loop() {
				seed++
				s.Reset(seed)
				st.Begin(seed)
				for s.Turn() != games.Terminal {
					legal = s.Legal(legal)
					s.Apply(st.Choose(s.View(0), legal))
				}
				score += s.Outcome(0).Score
			}
			b.ReportMetric(float64(score)/float64(b.N), "score/game")
		})
	}
}

// BenchmarkClairvoyant measures the solver at its default budgets in both
// play variants, one deal per iteration, on the deals cardsim run plays
// with --seed 1 (the first -benchtime Nx of them): positions per second,
// mean positions and time per deal, the fractions of deals won, left
// undecided and solved exactly, and the mean score found next to the mean
// of the solver's upper bounds, between which the best mean lies (what
// cardsim run cannot show). For 10,000 deals of compulsory play:
//
//	go test -run '^$' -bench 'Clairvoyant/forced-play=true' -benchtime 10000x ./strategies/flip/
func BenchmarkClairvoyant(b *testing.B) {
	for _, rules := range [][]string{{"forced-play=true"}, {"forced-play=false"}} {
		b.Run(rules[0], func(b *testing.B) {
			g, err := gameOf(rules)
			if err != nil {
				b.Fatal(err)
			}
			s := g.NewFlipState()
			sv := &Solver{Budget: DefaultBudget, WinBudget: DefaultWinBudget}
			var nodes, undecided, wins, exact, score, upper, deals int
			for b.Loop() {
				s.Reset(sim.GameSeed(1, int64(deals)))
				deals++
				r := Result{Score: s.Score(), Upper: s.Score(), Exact: true, Decided: true, Won: s.Score() == 2*g.Size()}
				if s.Turn() != games.Terminal {
					r = sv.Solve(s)
				}
				nodes += r.Nodes
				score += r.Score
				upper += r.Upper
				if r.Exact {
					exact++
				}
				switch {
				case r.Won:
					wins++
				case !r.Decided:
					undecided++
				}
			}
			sec := b.Elapsed().Seconds()
			per := func(n int) float64 { return float64(n) / float64(deals) }
			b.ReportMetric(float64(nodes)/sec, "nodes/s")
			b.ReportMetric(per(nodes), "nodes/deal")
			b.ReportMetric(1000*sec/float64(deals), "ms/deal")
			b.ReportMetric(per(undecided), "unknown/deal")
			b.ReportMetric(per(wins), "wins/deal")
			b.ReportMetric(per(exact), "exact/deal")
			b.ReportMetric(per(score), "score/deal")
			b.ReportMetric(per(upper), "upper/deal")
		})
	}
}

// BenchmarkWinPossible measures the proof rules on fresh deals of the
// default rules at the depth used for the position solved, and reports the
// fraction of deals they show lost before any search.
func BenchmarkWinPossible(b *testing.B) {
	g, err := gameOf(nil)
	if err != nil {
		b.Fatal(err)
	}
	const deals = 256
	sv := NewSolver(0)
	sv.depth = rootDepth
	states := make([]*flip.State, deals)
	for i := range states {
		states[i] = g.NewFlipState()
		states[i].Reset(uint64(i + 1))
	}
	lost, n := 0, 0
	for b.Loop() {
		s := states[n%deals]
		n++
		sv.prepare(s)
		if !sv.winPossible(s.Key()) {
			lost++
		}
	}
	b.ReportMetric(float64(lost)/float64(n), "lost/deal")
}
