package chriscross

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	cc "github.com/cardsim/cardsim/games/chriscross"
)

// startingPair reports whether the tableau as dealt holds a pair: two cards
// of a rank in one column, or on one of the two diagonals (both full at the
// deal). It reads the rules of RULES.md, not the engine's pair finder.
func startingPair(p *cc.Position, r cc.Rules) bool {
	n := r.Size
	same := func(r1, c1, r2, c2 int) bool { return p.At(r1, c1).Rank() == p.At(r2, c2).Rank() }
	for c := 0; c < n; c++ {
		for r1 := 0; r1 < n; r1++ {
			for r2 := r1 + 1; r2 < n; r2++ {
				if (!r.ColumnAdjacent || r2 == r1+1) && same(r1, c, r2, c) {
					return true
				}
			}
		}
	}
	if !r.Diagonals {
		return false
	}
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n; r2++ {
			if same(r1, r1, r2, r2) || same(r1, n-1-r1, r2, n-1-r2) {
				return true
			}
		}
	}
	return false
}

// dealCounts sorts deals by what the clairvoyant solver makes of them.
type dealCounts struct {
	noPair   int // no pair as dealt: lost before any decision
	winnable int // a win found
	lost     int // a starting pair, but proved lost
	unknown  int // undecided within DefaultBudget

	lostSeeds []uint64 // the seeds of the lost deals with a starting pair
}

// lostDeals solves the deals of seeds 0 to deals-1 under rules. It fails t
// if the engine does not end at once exactly the deals without a starting
// pair.
func lostDeals(t *testing.T, rules []string, deals uint64) dealCounts {
	g := mustGame(rules...)
	r := g.RuleValues()
	s := g.NewChrisCross()
	solver := Solver{Budget: DefaultBudget}
	var n dealCounts
	for seed := range deals {
		s.Reset(seed)
		p := s.Position()
		over := s.Turn() == games.Terminal
		if !startingPair(&p, r) {
			n.noPair++
			if !over || s.Outcome(0).Score != 0 {
				t.Fatalf("%v seed %d: no starting pair, but the game goes on", rules, seed)
			}
			continue
		}
		if over {
			t.Fatalf("%v seed %d: a starting pair, but the game is over", rules, seed)
		}
		switch solver.Solve(p) {
		case Winnable:
			n.winnable++
		case Lost:
			n.lost++
			n.lostSeeds = append(n.lostSeeds, seed)
		case Unknown:
			n.unknown++
		}
	}
	return n
}

// TestLostDeals checks the audit's finding that the deals a player who sees
// the stock cannot win are, under the default rules, nearly all those whose
// tableau holds no pair as dealt (the first phase then casts nothing and the
// game is lost at once): of the first 3000 seeds none other is lost (about
// 1 deal in 10,000 is; see TestPairedDealLost). lostDeals checks that the
// engine ends exactly the deals without a starting pair at once; every deal
// with one that the solver proves lost is confirmed by the exhaustive
// search of oracle_test.go. The finding belongs to the default reading:
// where a column pair must be in neighbouring rows, more deals with a
// starting pair are lost, and the test must see some of them.
func TestLostDeals(t *testing.T) {
	for _, tc := range []struct {
		rules    []string
		deals    uint64
		min, max int // deals with a starting pair proved lost
	}{
		{nil, 3000, 0, 0},
		{[]string{"column-adjacent=true"}, 1000, 1, 10},
	} {
		if testing.Short() {
			tc.deals /= 10
			tc.min = 0
		}
		n := lostDeals(t, tc.rules, tc.deals)
		t.Logf("%v, %d deals: %+v", tc.rules, tc.deals, n)
		if n.lost < tc.min || n.lost > tc.max || n.unknown > 0 {
			t.Errorf("%v, %d deals: %d with a starting pair proved lost and %d undecided, want %d to %d and none",
				tc.rules, tc.deals, n.lost, n.unknown, tc.min, tc.max)
		}
		r := mustGame(tc.rules...).RuleValues()
		for _, seed := range n.lostSeeds {
			d := dealOf(seed, r)
			if won, _ := oracleWins(d, r); won {
				t.Errorf("%v seed %d: the solver proves the deal lost, the exhaustive search wins it: %s", tc.rules, seed, cc.FormatDeal(d, r))
			}
		}
	}
}

// TestPairedDealLost plays out two deals that hold a pair as dealt and are
// lost all the same, whatever the player does: the exceptions to the
// audit's finding (seeds 13581 and 15732 of State.Reset, among the first
// 20,000). In the first, the only pair is 5C 5D at the top of column 5;
// after it goes the player may leave its cells empty or move AC up from
// r3c5, and either way neither phase finds a pair, and the refill (10S,
// 6D into the two empty cells of column 5) makes none either: the game is
// lost in round 2 with 50 cards left. The second is alike, with JD JH at
// the bottom of column 5 and 10S 6S refilled.
func TestPairedDealLost(t *testing.T) {
	g := mustGame()
	r := g.RuleValues()
	for _, deal := range []string{
		"3S 5S 4S 8H 7H JH 10D 9S 4D 2D QD 10H 6S 8S 3H 7C AS 6C KH JD 5C 5D AC 7D 4C | " +
			"10S 6D 2H 4H 7S 5H 2C AD 8D 3C QC QS QH 6H 8C JS JC 9C KC AH 2S 9D 9H KS 3D KD 10C",
		"KD 5H 7S 8C 4H 5D 3C 4C 6H AS 3H 10D 9S 6C AH 10C 3S 5C 2H 4D 7H 8H QS JD JH | " +
			"10S 6S 6D JC 2S 3D 9C KH KC 8S 2C AC 8D KS QC 7C 10H QD QH 9H 2D JS 4S 5S 9D AD 7D",
	} {
		s := g.NewChrisCross()
		if err := s.Deal(deal, 0); err != nil {
			t.Fatal(err)
		}
		if p := s.Position(); !startingPair(&p, r) || p.Removed() != 2 {
			t.Fatalf("deal %s: want one pair as dealt, cast at once; %d cards out", deal, p.Removed())
		}
		legal := s.Legal(nil)
		if len(legal) != 2 || legal[0] != cc.Stay {
			t.Fatalf("deal %s: legal %v, want stay or one move", deal, legal)
		}
		for _, a := range legal {
			c := s.Clone().(*cc.State)
			c.Apply(a)
			p := c.Position()
			if !p.Over() || p.Won() || p.Round() != 2 || p.CardsLeft() != 50 {
				t.Errorf("deal %s, %s: want lost in round 2 with 50 cards left, got over %v, won %v, round %d, %d left",
					deal, s.ActionString(a), p.Over(), p.Won(), p.Round(), p.CardsLeft())
			}
		}
		var solver Solver
		if res := solver.Solve(s.Position()); res != Lost {
			t.Errorf("deal %s: solver %v, want lost", deal, res)
		}
		d, err := cc.ParseDeal(deal, r)
		if err != nil {
			t.Fatal(err)
		}
		if won, _ := oracleWins(d, r); won {
			t.Errorf("deal %s: the exhaustive search wins it", deal)
		}
	}
}

// dealOf returns the deck as State.Reset(seed) deals it under r.
func dealOf(seed uint64, r cc.Rules) []cards.Card {
	g, err := cc.New(r)
	if err != nil {
		panic(err)
	}
	s := g.NewChrisCross()
	s.Reset(seed)
	return s.Dealt(nil)
}
