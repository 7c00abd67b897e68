package flip

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// relaxedDeals returns, for deals of the given ranks under optional play,
// a solver prepared for each deal in turn with the whole deck dealt, and
// the oracle's verdict; f is called for each deal not over at once.
func relaxedDeals(t *testing.T, seed uint64, ranks, deals int, f func(i int, sv *Solver, k flip.Key, text string, win bool)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	g := newGame(t, "ranks="+strconv.Itoa(ranks), "mapping=identity", "forced-play=false")
	sv := NewSolver(0)
	sv.setup(g)
	s := g.NewFlipState()
	for i := range deals {
		text, deck := pairedDeal(rng, ranks, i)
		if err := s.Deal(text, 0); err != nil {
			t.Fatal(err)
		}
		for s.Dealt() < g.Size() && s.Turn() != games.Terminal {
			s.Apply(flip.Pass)
		}
		if s.Turn() == games.Terminal {
			continue
		}
		win := newWinOracle(deck, bfRules{}).canWin(oPosition(s), s.Dealt())
		sv.prepare(s)
		sv.stack[0].CopyFrom(s)
		f(i, sv, s.Key(), text, win)
	}
}

// TestCloseFromIsClosure checks the incremental closure of the relaxed
// search against the closure made from scratch: on random piles of a full
// deal with random dark and exact cards, from scratch, and after a removal
// or a flip of a closed pile, given the cards it changed.
func TestCloseFromIsClosure(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	g := newGame(t, "forced-play=false")
	s := g.NewFlipState()
	var x relaxed
	x.init(9, 10)
	checked := 0
	for range 3000 {
		s.Reset(rng.Uint64())
		x.prepare(s)
		all := uint64(1)<<g.Size() - 1
		h := all
		for range rng.IntN(40) {
			h &^= 1 << rng.IntN(g.Size())
		}
		k := rng.Uint64() & rng.Uint64() & h
		x.exact = rng.Uint64() & rng.Uint64() & all
		want := x.closure(h, k, nil, nil)
		if got := x.closeFrom(h, k, h); got != want {
			t.Fatalf("h %#x k %#x exact %#x: closeFrom %#x, closure %#x", h, k, x.exact, got, want)
		}
		k = want
		var pile [64]uint8
		n := pileOf(h, &pile)
		if n < 5 {
			continue
		}
		v := rng.IntN(n - 3)
		a, m1, m2, b := pile[v], pile[v+1], pile[v+2], pile[v+3]
		mid := uint64(1)<<m1 | 1<<m2
		set := mid | 1<<a | 1<<b
		var gap uint64
		if v > 0 {
			gap |= 1 << pile[v-1]
		}
		if v+4 < n {
			gap |= 1 << pile[v+4]
		}
		for _, c := range []struct{ h, k, seeds uint64 }{
			{h &^ mid, k &^ mid, 1<<a | 1<<b}, // remove-suit
			{h &^ set, k &^ set, gap},         // remove-rank
			{h, k | set, set &^ k},            // flip-rank
			{h, k | mid, mid &^ k},            // flip-suit
		} {
			want := x.closure(c.h, c.k, nil, nil)
			if got := x.closeFrom(c.h, c.k, c.seeds); got != want {
				t.Fatalf("h %#x k %#x exact %#x seeds %#x: closeFrom %#x, closure %#x", c.h, c.k, x.exact, c.seeds, got, want)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Errorf("only %d incremental closures checked", checked)
	}
}

// TestLostTableAcrossRounds checks that the positions the relaxed search
// remembers lost under one exact set serve every later search whose exact
// set contains it, as refine uses them: on random deals of 12 and 16 cards,
// a run of searches under random exact sets (each containing the last, or
// not) sharing one table decides each like a search with a table of its
// own, and never calls lost a deal the oracle wins.
func TestLostTableAcrossRounds(t *testing.T) {
	for _, ranks := range []int{3, 4} {
		reused := 0
		relaxedDeals(t, 23, ranks, 300, func(i int, sv *Solver, k flip.Key, text string, win bool) {
			x := &sv.relax
			rng := rand.New(rand.NewPCG(uint64(i), 24))
			all := uint64(1)<<sv.size - 1
			var exact uint64
			x.lost.clear()
			for round := range 8 {
				if round%3 == 2 {
					exact = rng.Uint64() & all // a set that need not contain the last
				} else {
					exact |= 1 << rng.IntN(sv.size)
				}
				x.exact, x.budget, x.nodes = exact, 0, 0
				x.lost.round(exact)
				shared := x.win(k.Held, k.Dark)
				sharedNodes := x.nodes
				var fresh relaxed
				fresh = *x
				fresh.lost = lostTable{}
				fresh.lost.init(12)
				fresh.lost.round(exact)
				fresh.nodes = 0
				own := fresh.win(k.Held, k.Dark)
				if shared != own {
					t.Fatalf("ranks=%d %s, round %d (exact %#x): with the shared table %v, with its own %v", ranks, text, round, exact, shared, own)
				}
				if shared == false && win {
					t.Fatalf("ranks=%d %s (exact %#x): no relaxed win, the oracle wins", ranks, text, exact)
				}
				if sharedNodes < fresh.nodes {
					reused++
				}
			}
		})
		if reused == 0 {
			t.Errorf("ranks=%d: the shared table never saved a position", ranks)
		}
	}
}

// TestEndsRuleSound checks the relaxed search's cheap proof rule (endsOK)
// in the relaxed game itself: on random deals of 12 and 16 cards, under
// random exact sets, the search with the rule and without it decide alike.
func TestEndsRuleSound(t *testing.T) {
	for _, ranks := range []int{3, 4} {
		cut := 0
		relaxedDeals(t, 25, ranks, 600, func(i int, sv *Solver, k flip.Key, text string, win bool) {
			x := &sv.relax
			rng := rand.New(rand.NewPCG(uint64(i), 26))
			all := uint64(1)<<sv.size - 1
			for _, exact := range []uint64{0, rng.Uint64() & all, all} {
				var v [2]bool
				var nodes [2]int
				for j, off := range []bool{false, true} {
					x.exact, x.budget, x.nodes, x.noEnds = exact, 0, 0, off
					x.lost.clear()
					x.lost.round(exact)
					v[j], nodes[j] = x.win(k.Held, k.Dark), x.nodes
				}
				x.noEnds = false
				if v[0] != v[1] {
					t.Fatalf("ranks=%d %s (exact %#x): with the rule %v, without %v", ranks, text, exact, v[0], v[1])
				}
				if nodes[0] < nodes[1] {
					cut++
				}
			}
		})
		if cut == 0 {
			t.Errorf("ranks=%d: the rule never saved a position", ranks)
		}
	}
}

// TestRefineChains checks refine's chains of exact sets against the win
// oracle on random deals of 16 cards: with the usual first tries, and with
// tries of one position, so that every search is stopped and retried many
// times and the trial and coarse chains take turns with the single chain;
// each decides every deal as the oracle does.
func TestRefineChains(t *testing.T) {
	defer func(v int) { firstTry = v }(firstTry)
	rounds := 0
	for _, try := range []int{firstTry, 1, 3} {
		firstTry = try
		wins := 0
		relaxedDeals(t, 27, 4, 400, func(i int, sv *Solver, k flip.Key, text string, win bool) {
			won, decided := sv.refine(sv.stack[0], 0)
			if !decided || won != win {
				t.Fatalf("first try %d, %s: refine decided %v won %v, the oracle wins %v", try, text, decided, won, win)
			}
			if len(sv.relax.lost.rounds) > 2 {
				rounds++
			}
			if won {
				wins++
			}
		})
		if wins == 0 {
			t.Errorf("first try %d: no wins: the deals do not test refine", try)
		}
	}
	if rounds == 0 {
		t.Errorf("refine never went past its first rounds: the check is weak")
	}
}

// TestRelaxedBestSound checks the score bound of the relaxed game
// (relaxed.best) against the brute force at every position of random games
// of 12 cards of every pairing, in both play variants, on any set and on
// the top set: no line may beat it, and it must sometimes be tight.
func TestRelaxedBestSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	deals := 150
	if testing.Short() {
		deals = 30
	}
	for _, v := range variants {
		rules := rulesWith(v.rules, "ranks=3", "mapping=identity")
		g := newGame(t, rules...)
		s := g.NewFlipState()
		sv := NewSolver(0)
		sv.setup(g)
		tight, looser := 0, 0
		for i := range deals {
			text, _ := pairedDeal(rng, 3, i)
			if err := s.Deal(text, 0); err != nil {
				t.Fatal(err)
			}
			sv.prepare(s)
			var legal []games.Action
			for s.Turn() != games.Terminal {
				pile, stock := bfPosition(s)
				best := bruteForce(pile, stock, s.Removed(), v.bf)
				k := s.Key()
				ub, ok := sv.relax.best(present(k, sv.size), k.Dark, -1, 0)
				switch {
				case !ok:
					t.Fatalf("%q %s: the search gave up with no limit", rules, text)
				case ub < best:
					t.Fatalf("%q %s at %+v: relaxed bound %d below the best %d", rules, text, k, ub, best)
				case ub == best:
					tight++
				}
				if ub < sv.upperBound(k) {
					looser++
				}
				legal = s.Legal(legal)
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
		if tight == 0 || looser == 0 {
			t.Errorf("%q: the bound was tight %d times and below upperBound %d times: the check is weak", rules, tight, looser)
		}
	}
}
