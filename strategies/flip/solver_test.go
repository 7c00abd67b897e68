package flip

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/flip"
)

// bfCard is a card of the brute force's own model of the rules.
type bfCard struct {
	light, dark cards.Card
	dark2       bool // shows its dark face
}

func (c bfCard) face() cards.Card {
	if c.dark2 {
		return c.dark
	}
	return c.light
}

// bruteForce returns the best final score over every line of play from a
// pile and the cards still to deal (next to deal first): at each point the
// player may stop (once the deck is empty), deal, or make any play.
// It is written from the rules text alone and shares nothing with the
// engine or the solver.
func bruteForce(pile, stock []bfCard, removed int, topOnly bool) int {
	score := 2 * removed
	for _, c := range pile {
		if c.dark2 {
			score++
		}
	}
	best := -1
	if len(stock) == 0 {
		best = score // the game may end here
	} else {
		next := append(append([]bfCard(nil), pile...), stock[0])
		best = bruteForce(next, stock[1:], removed, topOnly)
	}
	for w := 0; w+4 <= len(pile); w++ {
		if topOnly && w != len(pile)-4 {
			continue
		}
		a, d := pile[w].face(), pile[w+3].face()
		endsDark := pile[w].dark2 && pile[w+3].dark2
		try := func(lo, hi int, remove bool) {
			next := append([]bfCard(nil), pile...)
			changed := false
			if remove {
				next = append(next[:lo], next[hi:]...)
				changed = true
			} else {
				for i := lo; i < hi; i++ {
					changed = changed || !next[i].dark2
					next[i].dark2 = true
				}
			}
			if !changed {
				return // a flip must turn a card dark
			}
			r := removed
			if remove {
				r += hi - lo
			}
			best = max(best, bruteForce(next, stock, r, topOnly))
		}
		if a.Suit() == d.Suit() {
			try(w+1, w+3, false)
			if endsDark {
				try(w+1, w+3, true)
			}
		}
		if a.Rank() == d.Rank() {
			try(w, w+4, false)
			if endsDark {
				try(w, w+4, true)
			}
		}
	}
	return best
}

// randomDeal returns a deal of the first ranks ranks with a random order and
// a random pairing of faces (any bijection), as Deal text and as bfCards.
func randomDeal(rng *rand.Rand, ranks int) (string, []bfCard) {
	light, dark := cards.Ranks(ranks, 0), cards.Ranks(ranks, 0)
	cards.Shuffle(rng, light)
	cards.Shuffle(rng, dark)
	var b []string
	var deck []bfCard
	for i := range light {
		b = append(b, light[i].String()+"/"+dark[i].String())
		deck = append(deck, bfCard{light: light[i], dark: dark[i]})
	}
	return strings.Join(b, " "), deck
}

// TestSolverAgainstBruteForce checks the solver's best score on many short
// deals against the brute force, and that its line reaches that score.
func TestSolverAgainstBruteForce(t *testing.T) {
	tests := []struct {
		rules []string
		deals int
	}{
		{[]string{"ranks=2", "mapping=identity"}, 3000},
		{[]string{"ranks=2", "mapping=identity", "windows=top"}, 1000},
		{[]string{"ranks=3", "mapping=identity"}, 8}, // slow: the brute force has no memory
	}
	rng := rand.New(rand.NewPCG(3, 4))
	sv := NewSolver(0)
	for _, tt := range tests {
		if testing.Short() && tt.deals < 100 {
			continue
		}
		g, err := flip.New(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewFlipState()
		wins, sum := 0, 0
		for range tt.deals {
			text, deck := randomDeal(rng, rankCount(tt.rules))
			if err := s.Deal(text, 0); err != nil {
				t.Fatal(err)
			}
			want := bruteForce(nil, deck, 0, strings.Contains(strings.Join(tt.rules, " "), "windows=top"))
			if s.Turn() == games.Terminal {
				if s.Score() != want {
					t.Fatalf("%s: over at once with %d, brute force %d", text, s.Score(), want)
				}
				continue
			}
			r := sv.Solve(s)
			if !r.Exact || !r.Decided || r.Score != want || r.Won != (want == 2*g.Size()) {
				t.Fatalf("%q %s: solver %+v, brute force %d", tt.rules, text, r, want)
			}
			c := s.Clone().(*flip.State)
			for _, a := range r.Line {
				c.Apply(a)
			}
			if c.Turn() != games.Terminal || c.Score() != want {
				t.Fatalf("%s: the line %v ends with %d (over %v), want %d", text, r.Line, c.Score(), c.Turn() == games.Terminal, want)
			}
			sum += want
			if want == 2*g.Size() {
				wins++
			}
		}
		// The oracle must see both wins and losses, or the check is weak.
		if tt.deals >= 1000 && (wins == 0 || wins == tt.deals) {
			t.Errorf("%q: %d wins in %d deals: the deals do not test the solver", tt.rules, wins, tt.deals)
		}
		t.Logf("%q: %d deals, %d wins, mean best score %.2f", tt.rules, tt.deals, wins, float64(sum)/float64(tt.deals))
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

// TestWinPossibleSound checks the solver's win test against the brute force
// on positions of random short games: wherever it says a win is impossible,
// no line from there may win.
func TestWinPossibleSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, ranks := range []int{2, 3} {
		g, err := flip.New([]string{"ranks=" + string(rune('0'+ranks)), "mapping=identity"})
		if err != nil {
			t.Fatal(err)
		}
		sv := NewSolver(0)
		s := g.NewFlipState()
		cut := 0
		deals := 400
		if ranks == 3 {
			deals = 60
		}
		for range deals {
			text, _ := randomDeal(rng, ranks)
			if err := s.Deal(text, 0); err != nil {
				t.Fatal(err)
			}
			sv.prepare(s)
			var legal []games.Action
			for s.Turn() != games.Terminal {
				if !sv.winPossible(s.Key()) {
					cut++
					pile, stock := bfPosition(s)
					if best := bruteForce(pile, stock, s.Removed(), false); best == 2*g.Size() {
						t.Fatalf("%s: win judged impossible at %+v, but the brute force wins", text, s.Key())
					}
				}
				legal = s.Legal(legal)
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
		if cut == 0 {
			t.Errorf("ranks=%d: the win test never cut a position: the check is empty", ranks)
		}
		t.Logf("ranks=%d: %d positions judged lost", ranks, cut)
	}
}

// bfPosition converts an engine position into the brute force's terms.
func bfPosition(s *flip.State) (pile, stock []bfCard) {
	for _, f := range s.View(0).(*flip.View).Pile {
		pile = append(pile, bfCard{light: f.Light, dark: f.Dark, dark2: f.Flipped})
	}
	for p := s.Dealt(); p < s.Game().Size(); p++ {
		l, d := s.Faces(p)
		stock = append(stock, bfCard{light: l, dark: d})
	}
	return pile, stock
}
