package flip

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/flip"
)

// The oracles of this file are written from the rules text alone and share
// nothing with the engine or the solver: plain slices, every play found by
// looking at every set afresh. They are exhaustive, so they serve on short
// decks only (8 to 16 cards).

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

// bfRules are the rule options the oracles model.
type bfRules struct {
	topOnly bool // windows=top
	forced  bool // forced-play=true
	pd, pr  int  // points-dark and points-removed; both 0 for the rules as written (1 and 2)
}

// points returns the points of a dark card held and of a card removed.
func (r bfRules) points() (dark, removed int) {
	if r.pd == 0 && r.pr == 0 {
		return 1, 2
	}
	return r.pd, r.pr
}

// bfPlays returns every play of the pile as (first, end, remove): the
// cards pile[first:end] turn dark or leave. A flip that turns nothing is
// not a play.
func bfPlays(pile []bfCard, r bfRules) [][3]int {
	var out [][3]int
	for w := 0; w+4 <= len(pile); w++ {
		if r.topOnly && w != len(pile)-4 {
			continue
		}
		a, d := pile[w].face(), pile[w+3].face()
		endsDark := pile[w].dark2 && pile[w+3].dark2
		add := func(lo, hi int, remove bool) {
			turns := false
			for i := lo; i < hi; i++ {
				turns = turns || !pile[i].dark2
			}
			if remove || turns {
				out = append(out, [3]int{lo, hi, b2i(remove)})
			}
		}
		if a.Suit() == d.Suit() {
			add(w+1, w+3, false)
			if endsDark {
				add(w+1, w+3, true)
			}
		}
		if a.Rank() == d.Rank() {
			add(w, w+4, false)
			if endsDark {
				add(w, w+4, true)
			}
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// bfApply returns the pile after a play and the cards it removed.
func bfApply(pile []bfCard, p [3]int) ([]bfCard, int) {
	next := append([]bfCard(nil), pile...)
	if p[2] == 1 {
		return append(next[:p[0]], next[p[1]:]...), p[1] - p[0]
	}
	for i := p[0]; i < p[1]; i++ {
		next[i].dark2 = true
	}
	return next, 0
}

// bruteForce returns the best final score over every line of play from a
// pile and the cards still to deal (next to deal first). Under optional
// play the player may deal whenever cards are left, play, or stop once
// none is left; under forced play the player must play while a play
// exists and deals only when none does. It remembers the positions of one
// deal it has settled.
func bruteForce(pile, stock []bfCard, removed int, r bfRules) int {
	return bruteForceMemo(pile, stock, removed, r, map[string]int{})
}

func bruteForceMemo(pile, stock []bfCard, removed int, r bfRules, seen map[string]int) int {
	key := []byte{byte(len(stock))}
	for _, c := range pile {
		key = append(key, byte(c.light), byte(c.dark), byte(b2i(c.dark2)))
	}
	if v, ok := seen[string(key)]; ok {
		return v
	}
	pd, pr := r.points()
	score := pr * removed
	for _, c := range pile {
		if c.dark2 {
			score += pd
		}
	}
	plays := bfPlays(pile, r)
	best := -1
	switch {
	case r.forced && len(plays) > 0:
	case len(stock) == 0:
		best = score // the game ends here, or may
	default:
		next := append(append([]bfCard(nil), pile...), stock[0])
		best = bruteForceMemo(next, stock[1:], removed, r, seen)
	}
	for _, p := range plays {
		next, k := bfApply(pile, p)
		best = max(best, bruteForceMemo(next, stock, removed+k, r, seen))
	}
	seen[string(key)] = best
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

// The pairings of the deals the oracles check the solver on, taken in
// turn by pairedDeal: any bijection of the faces; the pairing mapping=random
// draws (every card carries a face of another rank and suit); and
// mapping=identity (the dark face is the light face).
var pairings = []string{"any", "random", "identity"}

// pairedDeal returns deal i of a test: a random order of the first ranks
// ranks with pairing pairings[i%3] (any bijection for the mapping=random
// pairing below 3 ranks, which cannot have one), as Deal text and as
// bfCards.
func pairedDeal(rng *rand.Rand, ranks, i int) (string, []bfCard) {
	switch pairings[i%len(pairings)] {
	case "random":
		if ranks < 3 {
			break
		}
		g, err := gameOf([]string{"ranks=" + strconv.Itoa(ranks), "mapping=random"})
		if err != nil {
			panic(err)
		}
		s := g.NewFlipState()
		s.Reset(rng.Uint64())
		var b []string
		var deck []bfCard
		for p := range g.Size() {
			l, d := s.Faces(p)
			b = append(b, l.String()+"/"+d.String())
			deck = append(deck, bfCard{light: l, dark: d})
		}
		return strings.Join(b, " "), deck
	case "identity":
		light := cards.Ranks(ranks, 0)
		cards.Shuffle(rng, light)
		var b []string
		var deck []bfCard
		for _, c := range light {
			b = append(b, c.String()+"/"+c.String())
			deck = append(deck, bfCard{light: c, dark: c})
		}
		return strings.Join(b, " "), deck
	}
	return randomDeal(rng, ranks)
}

// winOracle decides by exhaustive search whether every card can be
// removed, remembering the positions it has settled. It is fast enough for
// decks of 16 cards. A position is the pile (each card by its place in the
// deck and whether it shows dark) and the number of cards dealt.
type winOracle struct {
	deck  []bfCard
	rules bfRules
	seen  map[string]bool
}

func newWinOracle(deck []bfCard, r bfRules) *winOracle {
	return &winOracle{deck: deck, rules: r, seen: make(map[string]bool)}
}

// oCard is a card of the oracle's pile: its place in the deck and its face.
type oCard struct {
	p    uint8
	dark bool
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
	bf := make([]bfCard, len(pile))
	for i, c := range pile {
		bf[i] = o.deck[c.p]
		bf[i].dark2 = c.dark
	}
	plays := bfPlays(bf, o.rules)
	won := false
	if next < len(o.deck) && (!o.rules.forced || len(plays) == 0) {
		won = o.canWin(append(append([]oCard(nil), pile...), oCard{p: uint8(next)}), next+1) // dealt light
	}
	for _, p := range plays {
		if won {
			break
		}
		nx := append([]oCard(nil), pile...)
		if p[2] == 1 {
			nx = append(nx[:p[0]], nx[p[1]:]...)
		} else {
			for i := p[0]; i < p[1]; i++ {
				nx[i].dark = true
			}
		}
		won = o.canWin(nx, next)
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

// mostRemoved returns the most cards removals alone can take from a
// sequence of cards that all show their dark face (the clearing
// relaxation), by trying every removal in every order.
func mostRemoved(seq []cards.Card, seen map[string]int) int {
	key := cards.Format(seq)
	if v, ok := seen[key]; ok {
		return v
	}
	best := 0
	for w := 0; w+4 <= len(seq); w++ {
		a, d := seq[w], seq[w+3]
		try := func(lo, hi int) {
			next := append(append([]cards.Card(nil), seq[:lo]...), seq[hi:]...)
			best = max(best, hi-lo+mostRemoved(next, seen))
		}
		if a.Suit() == d.Suit() {
			try(w+1, w+3)
		}
		if a.Rank() == d.Rank() {
			try(w, w+4)
		}
	}
	seen[key] = best
	return best
}
