package flip

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/flip"
	"github.com/cardsim/cardsim/sim"
)

// variants are the rule sets the oracles check the solver under: both play
// variants, on any set and on the top set.
var variants = []struct {
	rules []string
	bf    bfRules
}{
	{[]string{"forced-play=false"}, bfRules{}},
	{[]string{"forced-play=true"}, bfRules{forced: true}},
	{[]string{"forced-play=false", "windows=top"}, bfRules{topOnly: true}},
	{[]string{"forced-play=true", "windows=top"}, bfRules{topOnly: true, forced: true}},
}

func rulesWith(base []string, more ...string) []string {
	return append(slices.Clone(base), more...)
}

// TestSolverAgainstBruteForce checks the solver's best score on many short
// deals against the brute force, in both play variants, that its line
// reaches that score and that its upper bound holds. Under optional play
// on any set the solver deals the whole deck first, so this also checks
// that dealing first loses nothing.
func TestSolverAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range variants {
		for _, ranks := range []int{2, 3} {
			deals := 1500
			if ranks == 3 {
				deals = 300
			}
			if testing.Short() {
				deals /= 5
			}
			rules := rulesWith(v.rules, "ranks="+strconv.Itoa(ranks), "mapping=identity")
			g := newGame(t, rules...)
			s := g.NewFlipState()
			sv := NewSolver(0)
			wins, sum := 0, 0
			for i := range deals {
				text, deck := pairedDeal(rng, ranks, i)
				if err := s.Deal(text, 0); err != nil {
					t.Fatal(err)
				}
				pile, stock := bfPosition(s)
				want := bruteForce(pile, stock, 0, v.bf)
				if s.Turn() == games.Terminal {
					if s.Score() != want {
						t.Fatalf("%q %s: over at once with %d, brute force %d", rules, text, s.Score(), want)
					}
					continue
				}
				r := sv.Solve(s)
				if !r.Exact || !r.Decided || r.Score != want || r.Upper != want || r.Won != (want == 2*g.Size()) {
					t.Fatalf("%q %s: solver %+v, brute force %d", rules, text, r, want)
				}
				c := s.Clone().(*flip.State)
				for _, a := range r.Line {
					c.Apply(a)
				}
				if c.Turn() != games.Terminal || c.Score() != want {
					t.Fatalf("%q %s: the line %v ends with %d (over %v), want %d", rules, text, r.Line, c.Score(), c.Turn() == games.Terminal, want)
				}
				sum += want
				if want == 2*g.Size() {
					wins++
				}
				_ = deck
			}
			// The oracle must see both wins and losses, or the check is weak.
			if deals >= 1000 && (wins == 0 || wins == deals) {
				t.Errorf("%q: %d wins in %d deals: the deals do not test the solver", rules, wins, deals)
			}
			t.Logf("%q: %d deals, %d wins, mean best score %.2f", rules, deals, wins, float64(sum)/float64(deals))
		}
	}
}

// TestUpperBoundSound checks the score bound of the search (clearing
// relaxation and proof rules) against the brute force at every position of
// random games of 12 cards, in both play variants: no line may beat it.
func TestUpperBoundSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	deals := 150
	if testing.Short() {
		deals = 30
	}
	for _, v := range variants[:2] {
		rules := rulesWith(v.rules, "ranks=3", "mapping=identity")
		g := newGame(t, rules...)
		s := g.NewFlipState()
		sv := NewSolver(0)
		sv.setup(g)
		sv.depth = searchDepth
		tight := 0
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
				ub := sv.upperBound(s.Key())
				if ub < best {
					t.Fatalf("%q %s at %+v: bound %d below the best %d", rules, text, s.Key(), ub, best)
				}
				if ub == best {
					tight++
				}
				legal = s.Legal(legal)
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
		if tight == 0 {
			t.Errorf("%q: the bound was never tight", rules)
		}
	}
}

func rankCount(rules []string) int {
	for _, r := range rules {
		if v, ok := strings.CutPrefix(r, "ranks="); ok {
			return int(v[0] - '0')
		}
	}
	return 13
}

// proofRules lists the proof rules of winPossible for the tests: the rule
// bits each switches on over the base test (the lowest and the highest card
// need a partner of their dark rank, and a light one a card showing its
// light rank), and the configuration it must cut more positions than.
var proofRules = []struct {
	name   string
	on     uint8
	beyond string
}{
	{"base", 0, ""},
	{"parity", ruleParity, "base"},
	{"neighbour", ruleNeighbour, "base"},
	{"flip-first", ruleFlipFirst, "base"},
	{"nest", ruleNest, "base"},
	{"clear", ruleNest | ruleClear, "nest"},
	{"reduce", ruleNest | ruleReduce, "nest"},
	{"light-end", ruleLightEnd | ruleReduce | ruleClear, "base"},
	{"all", 0xff, "nest"},
}

// TestWinPossibleSound checks each proof rule of the win test, alone and
// all together, and the clearing relaxation, against the win oracle on
// every position of random short games: wherever a rule says a win is
// impossible, no line from there may win. Optional play is checked, whose
// lines include every line of forced play. The games follow random lines,
// and half of them follow a winning line where there is one, so that
// positions near a win are checked too. Each rule must also cut positions
// the base test does not.
func TestWinPossibleSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tests := []struct {
		ranks, deals int
	}{
		{2, 4000},
		{3, 4000},
		{4, 1500},
	}
	cut := make(map[string]int)
	near := 0
	for _, tt := range tests {
		deals := tt.deals
		if testing.Short() {
			deals /= 4
		}
		g := newGame(t, "ranks="+strconv.Itoa(tt.ranks), "mapping=identity", "forced-play=false")
		sv := NewSolver(0)
		sv.setup(g)
		sv.depth = rootDepth // the deepest checks, which imply the others
		s, c := g.NewFlipState(), g.NewFlipState()
		var legal []games.Action
		for i := range deals {
			text, deck := pairedDeal(rng, tt.ranks, i)
			if err := s.Deal(text, 0); err != nil {
				t.Fatal(err)
			}
			o := newWinOracle(deck, bfRules{})
			sv.prepare(s)
			for s.Turn() != games.Terminal {
				won := o.canWin(oPosition(s), s.Dealt())
				for _, r := range proofRules {
					sv.off = ^r.on
					if !sv.winPossible(s.Key()) {
						cut[r.name]++
						if won {
							t.Fatalf("rule %s: %s: win judged impossible at %+v, but the oracle wins", r.name, text, s.Key())
						}
					}
				}
				sv.off = 0
				if !sv.relax.canClear(present(s.Key(), sv.size)) {
					cut["clearing"]++
					if won {
						t.Fatalf("clearing: %s: win judged impossible at %+v, but the oracle wins", text, s.Key())
					}
				}
				legal = s.Legal(legal)
				a := legal[rng.IntN(len(legal))]
				if won && i%2 == 0 { // stay on a winning line
					near++
					for _, b := range legal {
						c.CopyFrom(s)
						c.Apply(b)
						if c.Turn() == games.Terminal && c.Removed() == g.Size() ||
							c.Turn() != games.Terminal && o.canWin(oPosition(c), c.Dealt()) {
							a = b
							break
						}
					}
				}
				s.Apply(a)
			}
		}
	}
	if near == 0 {
		t.Errorf("no position on a winning line: the check is weak")
	}
	for _, r := range proofRules {
		if r.beyond != "" && cut[r.name] <= cut[r.beyond] {
			t.Errorf("rule %s cuts %d positions, %s %d: it adds nothing here", r.name, cut[r.name], r.beyond, cut[r.beyond])
		}
		t.Logf("rule %-10s: %5d positions judged lost", r.name, cut[r.name])
	}
	if cut["clearing"] == 0 {
		t.Errorf("the clearing relaxation judged no position lost")
	}
	t.Logf("clearing relaxation: %d positions judged lost; %d positions on winning lines", cut["clearing"], near)
}

// TestClearingAgainstBruteForce checks the clearing relaxation on random
// sequences of up to 14 cards against removals tried in every order.
func TestClearingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var c clearing
	seen := map[string]int{}
	all := 0
	for i := range 3000 {
		deck := cards.Ranks(2+i%3, 0)
		cards.Shuffle(rng, deck)
		seq := deck[:rng.IntN(min(len(deck), 14)+1)]
		var present uint64
		for p, card := range seq {
			c.setFaces(p, uint8(card.Rank()), uint8(card.Suit()))
			present |= 1 << p
		}
		c.run(present)
		want := mostRemoved(seq, seen)
		if got := c.most(); got != want {
			t.Fatalf("%s: most %d, brute force %d", cards.Format(seq), got, want)
		}
		if got := c.all(); got != (want == len(seq)) {
			t.Fatalf("%s: all %v, brute force removes %d of %d", cards.Format(seq), got, want, len(seq))
		}
		if want == len(seq) && len(seq) > 0 {
			all++
		}
	}
	if all < 100 {
		t.Errorf("only %d sequences could be emptied: the check is weak", all)
	}
}

// TestRelaxedSound checks the relaxed game against the win oracle on random
// deals of 12 and 16 cards under optional play, from the whole deck dealt,
// with no card exact, some cards exact and every card exact: a relaxed
// loss must be a real loss; with every card exact the relaxed game is the
// real game and must agree with the oracle both ways; a relaxed win whose
// line used no light face of a dark card must play in the engine as a win.
func TestRelaxedSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, ranks := range []int{3, 4} {
		deals := 1500
		if ranks == 4 {
			deals = 300
		}
		if testing.Short() {
			deals /= 5
		}
		g := newGame(t, "ranks="+strconv.Itoa(ranks), "mapping=identity", "forced-play=false")
		sv := NewSolver(0)
		sv.setup(g)
		s := g.NewFlipState()
		var lost, wins, lines int
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
			want := newWinOracle(deck, bfRules{}).canWin(oPosition(s), s.Dealt())
			if want {
				wins++
			}
			sv.prepare(s)
			k := s.Key()
			for _, exact := range []uint64{0, rng.Uint64() & (1<<g.Size() - 1), 1<<g.Size() - 1} {
				x := &sv.relax
				x.exact, x.budget, x.nodes = exact, 0, 0
				x.lost.clear()
				x.lost.round(exact)
				won := x.win(k.Held, k.Dark)
				if !won && want {
					t.Fatalf("%s (exact %#x): the relaxed game has no win, the oracle wins", text, exact)
				}
				if exact == 1<<g.Size()-1 && won != want {
					t.Fatalf("%s: with every card exact the relaxed game wins %v, the oracle %v", text, won, want)
				}
				if !won {
					lost++
					continue
				}
				steps, spur := x.replay(k.Held, k.Dark)
				if spur != 0 {
					continue
				}
				lines++
				if !sv.realLine(s, steps) {
					t.Fatalf("%s (exact %#x): a relaxed win with no light face of a dark card used does not play: %v", text, exact, steps)
				}
			}
		}
		if wins == 0 || lost == 0 || lines == 0 {
			t.Errorf("ranks=%d: %d real wins, %d relaxed losses, %d real lines: the check is weak", ranks, wins, lost, lines)
		}
		t.Logf("ranks=%d: %d deals, %d real wins, %d relaxed losses, %d relaxed wins played", ranks, deals, wins, lost, lines)
	}
}

// TestSolverDecidesLikeOracle checks, on random deals of 12 and 16 cards in
// both play variants, that the solver with no budget decides every deal
// and finds a win exactly when the win oracle does; so must each way it
// has of deciding: the real game's win search alone, with and without the
// proof rules, and, under optional play on any set, the refined relaxed
// game alone.
func TestSolverDecidesLikeOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, v := range variants {
		for _, ranks := range []int{3, 4} {
			deals := 600
			if ranks == 4 {
				deals = 100
			}
			if testing.Short() {
				deals /= 4
			}
			rules := rulesWith(v.rules, "ranks="+strconv.Itoa(ranks), "mapping=identity")
			g := newGame(t, rules...)
			sv := NewSolver(0)
			sv.setup(g)
			s := g.NewFlipState()
			static := !v.bf.forced && !v.bf.topOnly
			wins := 0
			for i := range deals {
				text, deck := pairedDeal(rng, ranks, i)
				if err := s.Deal(text, 0); err != nil {
					t.Fatal(err)
				}
				want := newWinOracle(deck, v.bf).canWin(oPosition(s), s.Dealt())
				if s.Turn() == games.Terminal {
					continue
				}
				r := sv.Solve(s)
				if !r.Decided || r.Won != want {
					t.Fatalf("%q %s: solver %+v, oracle wins %v", rules, text, r, want)
				}
				root := sv.stack[0] // the position solved, whole deck dealt if static
				for _, off := range []uint8{0, 0xff} {
					sv.off = off
					sv.memo.clear()
					sv.nodes, sv.best = 0, -1
					sv.path = sv.path[:0]
					if won := sv.runWin(root, 0); won != want || sv.aborted {
						t.Fatalf("%q %s: win search (rules off %#x) %v, oracle wins %v", rules, text, off, won, want)
					}
				}
				sv.off = 0
				if static {
					won, decided := sv.refine(root, 0)
					if !decided || won != want {
						t.Fatalf("%q %s: refined relaxed game decided %v won %v, oracle wins %v", rules, text, decided, won, want)
					}
				}
				if want {
					wins++
				}
			}
			if deals >= 100 && (wins == 0 || wins == deals) {
				t.Errorf("%q: %d wins in %d deals: the deals do not test the solver", rules, wins, deals)
			}
			t.Logf("%q: %d deals, %d wins", rules, deals, wins)
		}
	}
}

// TestRefineDecidesFullDeals checks the refined relaxed game on full deals
// of the default deck under optional play: with no win budget it decides
// each, and every line it reports (a win or the best score found within a
// small score budget) is one the engine plays to the end.
func TestRefineDecidesFullDeals(t *testing.T) {
	g := newGame(t, "forced-play=false")
	s := g.NewFlipState()
	sv := &Solver{WinBudget: 0, Budget: 2000}
	wins, deals := 0, uint64(150)
	if testing.Short() {
		deals = 40 // the same check on fewer deals; make test-long plays 150
	}
	for seed := range deals {
		s.Reset(seed)
		r := sv.Solve(s)
		if !r.Decided {
			t.Fatalf("seed %d: undecided with no budget", seed)
		}
		c := s.Clone().(*flip.State)
		for _, a := range r.Line {
			c.Apply(a)
		}
		if c.Turn() != games.Terminal || c.Score() != r.Score || (c.Removed() == g.Size()) != r.Won {
			t.Fatalf("seed %d: the line ends at %d (over %v), the solver says %+v", seed, c.Score(), c.Turn() == games.Terminal, r)
		}
		if r.Won {
			wins++
		}
	}
	t.Logf("%d full deals: %d wins", deals, wins)
	_ = bits.OnesCount64
}

// TestForcedSeedTables: the solver of compulsory play that seeds optional
// play has small tables (forcedTableBits), which are caches: on 500 deals
// of seed 1 it finds the same best score as a solver with full tables, and
// proves it every time.
func TestForcedSeedTables(t *testing.T) {
	g := newGame(t)
	full := &Solver{Budget: DefaultBudget, WinBudget: DefaultWinBudget}
	small := &Solver{Budget: DefaultBudget, WinBudget: DefaultWinBudget, tableBits: forcedTableBits}
	s := g.NewFlipState()
	for i := range int64(500) {
		s.Reset(sim.GameSeed(1, i))
		if s.Turn() == games.Terminal {
			continue
		}
		a, b := full.Solve(s), small.Solve(s)
		if a.Score != b.Score || a.Won != b.Won || !b.Exact {
			t.Fatalf("deal %d: full tables %d (won %v), small %d (won %v, exact %v)", i, a.Score, a.Won, b.Score, b.Won, b.Exact)
		}
	}
	if n := len(small.memo.slots); n != 1<<forcedTableBits+probes {
		t.Errorf("the small memo has %d slots", n)
	}
}
