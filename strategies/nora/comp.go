package nora

import (
	"fmt"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// Comp is the composition of a deck as far as the game is concerned: every
// rank holds 4, 2 or 0 cards (pairs fall two at a time) and the jokers 2 or
// 0, and which ranks hold how many does not matter by symmetry.
type Comp struct {
	N4, N2 int  // ranks holding four and two cards
	Jokers bool // the two jokers are still in the deck
}

// Cards returns the number of cards in a deck of composition c.
func (c Comp) Cards() int {
	n := 4*c.N4 + 2*c.N2
	if c.Jokers {
		n += 2
	}
	return n
}

// String returns c as "n4/n2/j", such as "13/0/1" for the full deck.
func (c Comp) String() string {
	j := 0
	if c.Jokers {
		j = 1
	}
	return fmt.Sprintf("%d/%d/%d", c.N4, c.N2, j)
}

// deck returns the cards of a deck of composition c in canonical order: the
// ranks of four from the Ace up, then the ranks of two, then the jokers.
func (c Comp) deck() []cards.Card {
	d := make([]cards.Card, 0, c.Cards())
	r := cards.Ace
	for range c.N4 {
		for s := cards.Suit(0); s < 4; s++ {
			d = append(d, cards.New(r, s))
		}
		r++
	}
	for range c.N2 {
		d = append(d, cards.New(r, 0), cards.New(r, 1))
		r++
	}
	if c.Jokers {
		d = append(d, cards.New(cards.Joker, 0), cards.New(cards.Joker, 1))
	}
	return d
}

// compOf returns the composition of the cards in d.
func compOf(d []cards.Card) Comp {
	var n [15]uint8
	for _, c := range d {
		n[c.Rank()]++
	}
	return compOfCounts(&n)
}

func compOfCounts(n *[15]uint8) Comp {
	var c Comp
	for r := cards.Ace; r <= cards.King; r++ {
		switch n[r] {
		case 4:
			c.N4++
		case 2:
			c.N2++
		}
	}
	c.Jokers = n[cards.Joker] == 2
	return c
}

// Comps lists the compositions reachable under the rules, indexed.
type Comps struct {
	List  []Comp // by index; List[0] is the empty deck, the last the full deck
	index [14][14][2]int16
}

// maxComps is the most compositions a deck can have (13 ranks and the
// jokers: 210); indexes fit a byte.
const maxComps = 256

func newComps(r *nora.Rules) *Comps {
	cs := &Comps{}
	for a := range cs.index {
		for b := range cs.index[a] {
			cs.index[a][b] = [2]int16{-1, -1}
		}
	}
	js := []bool{false}
	if r.Jokers == 2 {
		js = append(js, true)
	}
	// Order by number of cards, so that every composition a pass can lead to
	// comes before the one it starts from.
	for n := 0; n <= r.DeckSize(); n++ {
		for n4 := 0; n4 <= r.Ranks; n4++ {
			for n2 := 0; n4+n2 <= r.Ranks; n2++ {
				for _, j := range js {
					c := Comp{n4, n2, j}
					if c.Cards() == n {
						cs.index[n4][n2][b2i(j)] = int16(len(cs.List))
						cs.List = append(cs.List, c)
					}
				}
			}
		}
	}
	return cs
}

// Index returns the index of c, and false if c cannot occur.
func (cs *Comps) Index(c Comp) (int, bool) {
	if c.N4 < 0 || c.N2 < 0 || c.N4 > 13 || c.N2 > 13 {
		return 0, false
	}
	i := cs.index[c.N4][c.N2][b2i(c.Jokers)]
	return int(i), i >= 0
}

// of returns the index of the composition of the cards in d, which must
// occur.
func (cs *Comps) of(d []cards.Card) int {
	i, ok := cs.Index(compOf(d))
	if !ok {
		panic("nora: a deck outside the rules' compositions")
	}
	return i
}

// arrangements returns the number of distinct sequences of ranks of a deck
// of composition c.
func arrangements(c Comp) float64 {
	n := c.Cards()
	a := 1.0
	for k := 2; k <= n; k++ {
		a *= float64(k)
	}
	for range c.N4 {
		a /= 24
	}
	for range c.N2 {
		a /= 2
	}
	if c.Jokers {
		a /= 2
	}
	return a
}

// enumerate calls f with every distinct sequence of the ranks of deck, each
// once; the cards of a rank appear in their order in deck. f must not keep
// or change its argument; it returns false to stop.
func enumerate(deck []cards.Card, f func([]cards.Card) bool) {
	var ranks []cards.Rank
	var byRank [][]cards.Card
	for _, c := range deck {
		if len(ranks) == 0 || ranks[len(ranks)-1] != c.Rank() {
			ranks = append(ranks, c.Rank())
			byRank = append(byRank, nil)
		}
		byRank[len(byRank)-1] = append(byRank[len(byRank)-1], c)
	}
	used := make([]int, len(ranks))
	order := make([]cards.Card, len(deck))
	var rec func(pos int) bool
	rec = func(pos int) bool {
		if pos == len(order) {
			return f(order)
		}
		for k := range ranks {
			if used[k] < len(byRank[k]) {
				order[pos] = byRank[k][used[k]]
				used[k]++
				ok := rec(pos + 1)
				used[k]--
				if !ok {
					return false
				}
			}
		}
		return true
	}
	rec(0)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Top is the class of the top card of a shuffle, which a player sees before
// deciding to insure it: by symmetry only whether its rank holds four cards
// or two, or whether it is a joker, matters.
type Top uint8

// The classes of top cards. TopUnknown stands for a top card not seen.
const (
	TopUnknown Top = iota
	TopFour        // a rank holding four cards
	TopTwo         // a rank holding two cards
	TopJoker       // a joker
	numTops
)

// topOf returns the class of card c on top of a deck holding counts.
func topOf(c cards.Card, counts *[15]uint8) Top {
	switch {
	case c.IsJoker():
		return TopJoker
	case counts[c.Rank()] == 4:
		return TopFour
	}
	return TopTwo
}

// topChances returns the chance of each class of top card for composition
// c and the exact chance that the shuffle is dead given it.
func topChances(c Comp) (p, dead [numTops]float64) {
	n := float64(c.Cards())
	if n == 0 {
		return
	}
	p[TopFour] = 4 * float64(c.N4) / n
	p[TopTwo] = 2 * float64(c.N2) / n
	if c.Jokers {
		p[TopJoker] = 2 / n
	}
	if c.N4 > 0 {
		dead[TopFour] = nora.DeadChanceTop(c.N4, c.N2, c.Jokers, true)
	}
	if c.N2 > 0 || c.Jokers {
		two := nora.DeadChanceTop(c.N4, c.N2, c.Jokers, false)
		dead[TopTwo], dead[TopJoker] = two, two
	}
	return p, dead
}
