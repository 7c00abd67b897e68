package flip

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

func TestNewRules(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	// A hand-made table for ranks=3: every card's dark face is the next
	// card of the deck, the last wrapping to the first.
	deck := cards.Ranks(3, 0)
	var b strings.Builder
	for i, c := range deck {
		b.WriteString(c.String() + "/" + deck[(i+1)%len(deck)].String() + "\n")
	}
	if err := os.WriteFile(good, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("AC/AC AC/AD"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rules []string
		err   string // "" for success, else a part of the error
	}{
		{nil, ""},
		{[]string{"mapping=identity", "start=dark", "windows=top", "forced-play=true"}, ""},
		{[]string{"mapping=fixed:12"}, ""},
		{[]string{"ranks=3", "mapping=file:" + good}, ""},
		{[]string{"colour=red"}, `unknown rule "colour" (known: ranks, mapping, dark-ace, start, windows, forced-play, points-dark, points-removed)`},
		{[]string{"points-dark=3", "points-removed=4"}, ""},
		{[]string{"points-dark=0"}, ""},
		{[]string{"points-dark=3"}, "rules points-dark=3 points-removed=2: a removed card must score more than a dark one"},
		{[]string{"points-dark=2"}, "rules points-dark=2 points-removed=2: a removed card must score more than a dark one"},
		{[]string{"points-removed=0"}, "want an integer from 1 to 10"},
		{[]string{"ranks"}, "want key=value"},
		{[]string{"ranks=14"}, "ranks=14"},
		{[]string{"start=grey"}, "start=grey"},
		{[]string{"mapping=shuffled"}, "want random, identity, fixed:<n> or file:<path>"},
		{[]string{"mapping=fixed:x"}, "non-negative integer"},
		{[]string{"mapping=fixed"}, "want random, identity"},
		{[]string{"ranks=2"}, "needs ranks=3 or more"},
		{[]string{"ranks=2", "mapping=fixed:1"}, "needs ranks=3 or more"},
		{[]string{"ranks=3", "mapping=file:" + bad}, "light faces"},
		{[]string{"mapping=file:" + filepath.Join(dir, "none")}, "no such file"},
	}
	for _, tt := range tests {
		g, err := Definition().New(tt.rules)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("New(%q): %v", tt.rules, err)
		case tt.err != "" && err == nil:
			t.Errorf("New(%q) accepted, want an error with %q", tt.rules, tt.err)
		case tt.err != "" && !strings.Contains(err.Error(), tt.err):
			t.Errorf("New(%q): error %q, want it to contain %q", tt.rules, err, tt.err)
		case err == nil && g.Name() != "flip":
			t.Errorf("Name() = %q", g.Name())
		}
	}
}

func TestRulesListed(t *testing.T) {
	g := mustGame(t, "mapping=fixed:3", "windows=top")
	var names []string
	for _, s := range g.Rules() {
		names = append(names, s.Name+"="+s.Value)
	}
	want := []string{"ranks=13", "mapping=fixed:3", "dark-ace=other", "start=light", "windows=top", "forced-play=true", "points-dark=1", "points-removed=2"}
	if !slices.Equal(names, want) {
		t.Errorf("Rules() = %v, want %v", names, want)
	}
	if lo, hi := g.ScoreBounds(); lo != 0 || hi != 104 {
		t.Errorf("ScoreBounds() = %d, %d, want 0, 104", lo, hi)
	}
	if lo, hi := mustGame(t, "points-removed=5").ScoreBounds(); lo != 0 || hi != 260 {
		t.Errorf("points-removed=5: ScoreBounds() = %d, %d, want 0, 260 (52 cards removed, 5 each)", lo, hi)
	}
}

func TestFileMapping(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deck.txt")
	deck := cards.Ranks(3, 0)
	var b strings.Builder
	for i, c := range deck {
		b.WriteString(c.String() + "/" + deck[(i+1)%len(deck)].String() + " ")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	g := mustGame(t, "ranks=3", "mapping=file:"+path)
	s := g.NewFlipState()
	s.Reset(5)
	for p := range g.Size() {
		l, d := s.face[0][p], s.face[1][p]
		i := slices.Index(deck, l)
		if d != deck[(i+1)%len(deck)] {
			t.Fatalf("card %v carries %v, want %v from the file", l, d, deck[(i+1)%len(deck)])
		}
	}
}

// TestPairing checks the constrained pairing: the dark faces are a whole
// deck, and every card carries a card of another rank and suit (the
// default, dark-ace=other: the seed's "a new suit and rank"), or under
// dark-ace=ace an ace carries an ace of another suit and any other card a
// card of another rank and suit that is no ace; mapping=random changes it
// between games and mapping=fixed:<n> does not.
func TestPairing(t *testing.T) {
	pairs := func(g *Game, seed uint64, aceToAce bool) map[cards.Card]cards.Card {
		s := g.NewFlipState()
		s.Reset(seed)
		m := map[cards.Card]cards.Card{}
		for p := range g.Size() {
			l, d := s.face[0][p], s.face[1][p]
			m[l] = d
			switch {
			case aceToAce && l.Rank() == cards.Ace && (d.Rank() != cards.Ace || d.Suit() == l.Suit()):
				t.Fatalf("seed %d: %v carries %v, want an ace of another suit", seed, l, d)
			case aceToAce && l.Rank() != cards.Ace && d.Rank() == cards.Ace:
				t.Fatalf("seed %d: %v carries an ace under dark-ace=ace", seed, l)
			case (!aceToAce || l.Rank() != cards.Ace) && (d.Rank() == l.Rank() || d.Suit() == l.Suit()):
				t.Fatalf("seed %d: %v carries %v, want another rank and suit", seed, l, d)
			}
		}
		if err := cards.CheckDeal(s.face[1][:g.Size()], g.deck); err != nil {
			t.Fatalf("seed %d: dark faces: %v", seed, err)
		}
		return m
	}
	for _, aces := range []string{"dark-ace=other", "dark-ace=ace"} {
		aceToAce := aces == "dark-ace=ace"
		for _, ranks := range []string{"ranks=3", "ranks=13"} {
			random, fixed := mustGame(t, ranks, aces), mustGame(t, ranks, aces, "mapping=fixed:9")
			differ, aceAce := 0, 0
			for seed := range uint64(200) {
				a, b := pairs(random, seed, aceToAce), pairs(random, seed+1000, aceToAce)
				if !mapsEqual(a, b) {
					differ++
				}
				for l, d := range a {
					if l.Rank() == cards.Ace && d.Rank() == cards.Ace {
						aceAce++
					}
				}
				if !mapsEqual(pairs(fixed, seed, aceToAce), pairs(fixed, seed+1, aceToAce)) {
					t.Fatalf("%s %s mapping=fixed:9: pairing changed between games", aces, ranks)
				}
			}
			if differ < 150 {
				t.Errorf("%s %s mapping=random: only %d of 200 games had a new pairing", aces, ranks, differ)
			}
			if want := 4 * 200; aceToAce && aceAce != want || !aceToAce && aceAce != 0 {
				t.Errorf("%s %s: %d aces of 800 carried an ace", aces, ranks, aceAce)
			}
		}
	}
}

func mapsEqual(a, b map[cards.Card]cards.Card) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// TestDeterminism checks that a seed fixes the deal, that seeds differ, and
// that the light order does not depend on the mapping.
func TestDeterminism(t *testing.T) {
	random, identity := mustGame(t), mustGame(t, "mapping=identity")
	a, b, c := random.NewFlipState(), random.NewFlipState(), identity.NewFlipState()
	seen := map[string]bool{}
	for seed := range uint64(50) {
		a.Reset(seed)
		b.Reset(99)
		b.Reset(seed)
		c.Reset(seed)
		if a.DealText() != b.DealText() {
			t.Fatalf("seed %d dealt twice differs", seed)
		}
		if !slices.Equal(a.Cards(nil), c.Cards(nil)) || a.face[0] != c.face[0] {
			t.Fatalf("seed %d: light order differs between mapping=random and identity", seed)
		}
		seen[a.DealText()] = true
	}
	if len(seen) != 50 {
		t.Errorf("50 seeds gave %d distinct deals", len(seen))
	}
}

func TestBadDeals(t *testing.T) {
	g8 := mustGame(t, "ranks=2", "mapping=identity")
	g12 := mustGame(t, "ranks=3")
	ok8 := "AC/2D 2H/AS 2S/AH 2C/AD AD/2C AH/2S AS/2H 2D/AC"
	tests := []struct {
		g    *Game
		deal string
		err  string
	}{
		{g8, "", "no cards"},
		{g8, "AC/2D 2H/AS", "deal has 2 cards, want 8"},
		{g8, ok8 + " 3C/3C", "deal has 9 cards, want 8"},
		{g8, strings.Replace(ok8, "2H/AS", "AC/AS", 1), "light faces: card 2: AC appears more often"},
		{g8, strings.Replace(ok8, "2H/AS", "2H/2D", 1), "dark faces: card 2: 2D appears more often"},
		{g8, strings.Replace(ok8, "2H/AS", "3H/AS", 1), "3H is not in this game's deck"},
		{g8, strings.Replace(ok8, "2H/AS", "JK/AS", 1), "jokers are not used"},
		{g8, strings.Replace(ok8, "2H/AS", "2X/AS", 1), `card 2 "2X/AS"`},
		{g8, strings.Replace(ok8, "2H/AS", "2H/", 1), "dark face"},
		{g8, strings.Replace(ok8, "2H/AS", "3H", 1), "not in this game's deck"},
		{g12, "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S", "name both faces"},
	}
	for _, tt := range tests {
		s := tt.g.NewFlipState()
		s.Reset(3)
		before := s.DealText()
		err := s.Deal(tt.deal, 0)
		if err == nil {
			t.Errorf("Deal(%q) accepted", tt.deal)
			continue
		}
		if !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Deal(%q): %q, want it to contain %q", tt.deal, err, tt.err)
		}
		if s.DealText() != before {
			t.Errorf("Deal(%q) failed but changed the state", tt.deal)
		}
	}
}

// TestDealRoundTrip checks that a dealt game's text deals the same game.
func TestDealRoundTrip(t *testing.T) {
	for _, rules := range [][]string{nil, {"mapping=fixed:4"}, {"ranks=3"}} {
		g := mustGame(t, rules...)
		s, r := g.NewFlipState(), g.NewFlipState()
		for seed := range uint64(20) {
			s.Reset(seed)
			if err := r.Deal(s.DealText(), 0); err != nil {
				t.Fatalf("%q seed %d: %v", rules, seed, err)
			}
			if r.face != s.face || !slices.Equal(r.Legal(nil), s.Legal(nil)) || pileOf(r) != pileOf(s) {
				t.Fatalf("%q seed %d: dealt from text differs", rules, seed)
			}
		}
	}
}

// TestDeterminizeKeepsPairs checks that re-drawing the hidden cards under
// mapping=random keeps the pairing constraints and the seen cards, and that
// it does change the undealt order.
func TestDeterminizeKeepsPairs(t *testing.T) {
	g := mustGame(t)
	s := g.NewFlipState()
	changed := 0
	for seed := range uint64(100) {
		if seed == 50 { // the other reading of an ace's dark face
			g = mustGame(t, "dark-ace=ace")
			s = g.NewFlipState()
		}
		s.Reset(seed)
		c := s.Clone().(*State)
		c.Determinize(0, seed)
		for p := range s.dealt {
			if c.face[0][p] != s.face[0][p] || c.face[1][p] != s.face[1][p] {
				t.Fatalf("seed %d: dealt card %d changed", seed, p)
			}
		}
		for p := s.dealt; p < g.Size(); p++ {
			if !g.pairs.valid(c.face[0][p], c.face[1][p]) {
				t.Fatalf("seed %d: undealt %v/%v breaks the pairing rules", seed, c.face[0][p], c.face[1][p])
			}
		}
		if err := g.checkFaces(c.face[0][:g.Size()], c.face[1][:g.Size()]); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if c.face != s.face {
			changed++
		}
	}
	if changed < 95 {
		t.Errorf("Determinize changed the hidden cards in %d of 100 games", changed)
	}
	var _ games.State = s
}
