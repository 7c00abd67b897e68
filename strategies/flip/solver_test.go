package flip

import (
	"math/rand/v2"
	"slices"
	"strconv"
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
		g, err := gameOf(tt.rules)
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

// winOracle decides by exhaustive search whether every card can be
// removed, remembering the positions it has settled. Like bruteForce it is
// written from the rules text alone; it is fast enough for decks of 16
// cards. A position is the pile (each card by its place in the deck and
// whether it shows dark) and the number of cards dealt.
type winOracle struct {
	deck    []bfCard
	topOnly bool
	seen    map[string]bool
}

func newWinOracle(deck []bfCard, topOnly bool) *winOracle {
	return &winOracle{deck: deck, topOnly: topOnly, seen: make(map[string]bool)}
}

// oCard is a card of the oracle's pile: its place in the deck and its face.
type oCard struct {
	p    uint8
	dark bool
}

func (o *winOracle) face(c oCard) cards.Card {
	if c.dark {
		return o.deck[c.p].dark
	}
	return o.deck[c.p].light
}

// canWin reports whether a win can be reached from the pile with next
// cards dealt.
func (o *winOracle) canWin(pile []oCard, next int) bool {
	if len(pile) == 0 && next == len(o.deck) {
		return true
	}
	key := make([]byte, 0, len(pile)+1)
	key = append(key, byte(next))
	for _, c := range pile {
		b := c.p << 1
		if c.dark {
			b |= 1
		}
		key = append(key, b)
	}
	if v, ok := o.seen[string(key)]; ok {
		return v
	}
	won := false
	if next < len(o.deck) {
		won = o.canWin(append(append([]oCard(nil), pile...), oCard{p: uint8(next)}), next+1) // dealt light
	}
	for w := 0; !won && w+4 <= len(pile); w++ {
		if o.topOnly && w != len(pile)-4 {
			continue
		}
		a, d := o.face(pile[w]), o.face(pile[w+3])
		endsDark := pile[w].dark && pile[w+3].dark
		try := func(lo, hi int, remove bool) {
			if won {
				return
			}
			nx := append([]oCard(nil), pile...)
			changed := remove
			if remove {
				nx = append(nx[:lo], nx[hi:]...)
			} else {
				for i := lo; i < hi; i++ {
					changed = changed || !nx[i].dark
					nx[i].dark = true
				}
			}
			if changed {
				won = o.canWin(nx, next)
			}
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
	o.seen[string(key)] = won
	return won
}

// oPosition converts an engine position into the oracle's terms.
func oPosition(s *flip.State) []oCard {
	var pile []oCard
	k := s.Key()
	for p := range s.Dealt() {
		if k.Held>>p&1 != 0 {
			pile = append(pile, oCard{p: uint8(p), dark: k.Dark>>p&1 != 0})
		}
	}
	return pile
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
// all together, against the win oracle on every position of random short
// games: wherever a rule says a win is impossible, no line from there may
// win. The games follow random lines, and half of them follow a winning
// line where there is one, so that positions near a win are checked too.
// Each rule must also cut positions the base test does not.
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
		g, err := gameOf([]string{"ranks=" + strconv.Itoa(tt.ranks), "mapping=identity"})
		if err != nil {
			t.Fatal(err)
		}
		sv := NewSolver(0)
		sv.depth = rootDepth // the deepest checks, which imply the others
		s, c := g.NewFlipState(), g.NewFlipState()
		var legal []games.Action
		for i := range deals {
			text, deck := randomDeal(rng, tt.ranks)
			if err := s.Deal(text, 0); err != nil {
				t.Fatal(err)
			}
			o := newWinOracle(deck, false)
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
	t.Logf("%d positions on winning lines", near)
}

// TestSolverDecidesLikeOracle checks, on random deals of 12 and 16 cards
// under several rule sets, that the solver with no budget decides every
// deal and finds a win exactly when the win oracle does, and so does its
// win search by itself.
func TestSolverDecidesLikeOracle(t *testing.T) {
	tests := []struct {
		rules []string
		deals int
	}{
		{[]string{"ranks=3", "mapping=identity"}, 1500},
		{[]string{"ranks=3", "mapping=identity", "windows=top"}, 500},
		{[]string{"ranks=4", "mapping=identity"}, 200},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	sv := NewSolver(0)
	for _, tt := range tests {
		deals := tt.deals
		if testing.Short() {
			deals /= 4
		}
		g, err := gameOf(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		top := slices.Contains(tt.rules, "windows=top")
		s := g.NewFlipState()
		wins := 0
		for range deals {
			text, deck := randomDeal(rng, rankCount(tt.rules))
			if err := s.Deal(text, 0); err != nil {
				t.Fatal(err)
			}
			want := newWinOracle(deck, top).canWin(nil, 0)
			if s.Turn() == games.Terminal {
				continue
			}
			r := sv.Solve(s)
			if !r.Decided || r.Won != want {
				t.Fatalf("%q %s: solver %+v, oracle wins %v", tt.rules, text, r, want)
			}
			// The win search alone, whose wins the score search must
			// not hide: with the proof rules, and without them to check
			// the deal-order reduction by itself.
			for _, off := range []uint8{0, 0xff} {
				sv.off = off
				sv.stack[0].CopyFrom(s)
				sv.best, sv.nodes, sv.aborted = -1, 0, false
				sv.memo.clear()
				if won := sv.winSearch(0, ^uint64(0)); won != want || sv.aborted {
					t.Fatalf("%q %s: win search (rules off %#x) %v, oracle wins %v", tt.rules, text, off, won, want)
				}
			}
			sv.off = 0
			if want {
				wins++
			}
		}
		if wins == 0 || wins == deals {
			t.Errorf("%q: %d wins in %d deals: the deals do not test the solver", tt.rules, wins, deals)
		}
		t.Logf("%q: %d deals, %d wins", tt.rules, deals, wins)
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
