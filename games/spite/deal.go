package spite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
)

// A section of a deal's text: which place it fills, from which deck.
type section struct {
	name  string
	size  int
	piles bool // from the 52-card deck
	given []cards.Card
	pad   bool // ended with "...": fill the rest at random
	seen  bool
}

// Deal starts a game from a deal given as text, one section a line (or
// sections separated by ";"), each a name, a colon and cards top first:
//
//	pile0: 7H 3C ...        seat 0's stockpile; its first card is the upcard
//	pile1: KD ...           seat 1's stockpile
//	hand0: AS 2D JK 5C 9H   seat 0's hand
//	hand1: ...              seat 1's hand
//	stock: ...              the stock, top first
//	aside: ...              the 52-card deck's cards out of play (stockpile below 26)
//	first: 0                the seat that moves first (optional)
//
// Stockpiles hold as many cards of the 52-card deck as the stockpile rule
// says (26 by default), the aside the rest of that deck (none by default),
// hands as many as the hand rule says (five) and the stock the rest of the
// hand-and-stock deck. A section that ends with "..." (or is left out) is
// filled up with the unused cards of its deck in an order drawn from seed;
// a section without it must be complete. Seats are
// numbered 1 and 2 in the text (0 and 1 elsewhere). Without "first", the
// start rule says who moves first (by default the higher upcard), and a
// tie is settled by a coin drawn from seed.
// Lines starting with "#" are comments. Every later chance event derives
// from seed.
func (s *State) Deal(deal string, seed uint64) error {
	secs := []*section{
		{name: "pile0", size: s.r.Stockpile, piles: true},
		{name: "pile1", size: s.r.Stockpile, piles: true},
		{name: "hand0", size: s.r.Hand},
		{name: "hand1", size: s.r.Hand},
		{name: "stock", size: len(s.g.stockDeck) - 2*s.r.Hand},
		{name: "aside", size: len(s.g.pileDeck) - 2*s.r.Stockpile, piles: true},
	}
	first := -1
	firstSeen := false
	lines := strings.FieldsFunc(deal, func(r rune) bool { return r == '\n' || r == ';' })
	given := 0
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		given++
		name, body, ok := strings.Cut(line, ":")
		if !ok {
			return fmt.Errorf("deal: %q: want a section such as \"hand1: AS 2D JK 5C 9H\"", line)
		}
		name = strings.ToLower(strings.TrimSpace(name))
		name = strings.Replace(name, "stockpile", "pile", 1)
		if name == "first" {
			if firstSeen {
				return fmt.Errorf("deal: first given twice")
			}
			firstSeen = true
			switch strings.TrimSpace(body) {
			case "0":
				first = 0
			case "1":
				first = 1
			default:
				return fmt.Errorf("deal: first: %q: want 0 or 1", strings.TrimSpace(body))
			}
			continue
		}
		i := slices.IndexFunc(secs, func(x *section) bool { return x.name == name })
		if i < 0 {
			return fmt.Errorf("deal: unknown section %q (want pile0, pile1, hand0, hand1, stock, aside or first)", name)
		}
		if err := secs[i].parse(body); err != nil {
			return fmt.Errorf("deal: %s: %w", name, err)
		}
	}
	if given == 0 {
		return fmt.Errorf("deal: no section given: want sections such as \"hand0: AS 2D JK 5C 9H\", one a line or separated by \";\" (a section left out is dealt at random)")
	}
	for _, sec := range secs {
		if !sec.seen {
			sec.pad = true
		}
		if len(sec.given) > sec.size {
			return fmt.Errorf("deal: %s has %d cards, want %d%s", sec.name, len(sec.given), sec.size, sec.sizeRule(s.r))
		}
		if len(sec.given) < sec.size && !sec.pad {
			return fmt.Errorf("deal: %s has %d cards, want %d%s (end it with ... to fill the rest at random)", sec.name, len(sec.given), sec.size, sec.sizeRule(s.r))
		}
	}
	// Count what is left of each deck after the cards given.
	var leftPiles, leftStock [64]int
	for _, c := range s.g.pileDeck {
		leftPiles[c]++
	}
	jokers := 0
	for _, c := range s.g.stockDeck {
		if c.IsJoker() {
			jokers++
		} else {
			leftStock[c]++
		}
	}
	for _, sec := range secs {
		for _, c := range sec.given {
			left := &leftStock
			if sec.piles {
				left = &leftPiles
			}
			switch {
			case c.IsJoker() && sec.piles:
				return fmt.Errorf("deal: %s: a joker; stockpiles come from the 52-card deck, which has none", sec.name)
			case c.IsJoker():
				jokers--
				if jokers < 0 {
					return fmt.Errorf("deal: %s: more jokers than the %d of rule jokers=%d", sec.name, s.r.Jokers, s.r.Jokers)
				}
			default:
				left[c]--
				if left[c] < 0 {
					return fmt.Errorf("deal: %s: %v dealt more often than its deck holds it (once)", sec.name, c)
				}
			}
		}
	}
	// The unused cards, shuffled, fill the sections that asked for it.
	s.clear(seed)
	s.reseed(keyPad)
	var pool [2][]cards.Card
	for c, n := range leftPiles {
		for range n {
			pool[0] = append(pool[0], cards.Card(c))
		}
	}
	for c, n := range leftStock {
		for range n {
			pool[1] = append(pool[1], cards.Card(c))
		}
	}
	for range jokers {
		pool[1] = append(pool[1], cards.New(cards.Joker, 0))
	}
	cards.Shuffle(s.rng, pool[0])
	cards.Shuffle(s.rng, pool[1])
	for _, sec := range secs {
		d := 1
		if sec.piles {
			d = 0
		}
		if need := sec.size - len(sec.given); need > 0 {
			// The sections' sizes add up to the decks' and no card is
			// given twice, so the pool always holds enough.
			sec.given = append(sec.given, pool[d][:need]...)
			pool[d] = pool[d][need:]
		}
	}
	places := [...]*[]cards.Card{&s.piles[0], &s.piles[1], &s.hands[0], &s.hands[1], &s.stock, &s.aside}
	j := 0
	for i, sec := range secs {
		for k := len(sec.given) - 1; k >= 0; k-- { // top first in the text, top last here
			c := sec.given[k]
			if c.IsJoker() {
				c = cards.New(cards.Joker, cards.Suit(j%4))
				j++
			}
			*places[i] = append(*places[i], c)
		}
	}
	if first < 0 {
		if first = s.starter(); first < 0 {
			first = 2 // a tie, settled by the coin
		}
	}
	s.begin(first)
	return nil
}

// sizeRule names the rule that sets the section's size under r, for
// errors: " (rule stockpile=20)".
func (sec *section) sizeRule(r *Rules) string {
	switch sec.name {
	case "pile0", "pile1", "aside":
		return fmt.Sprintf(" (rule stockpile=%d)", r.Stockpile)
	case "hand0", "hand1":
		return fmt.Sprintf(" (rule hand=%d)", r.Hand)
	}
	return fmt.Sprintf(" (rules jokers=%d hand=%d)", r.Jokers, r.Hand)
}

// parse reads a section's cards; a last field "..." asks for padding.
func (sec *section) parse(body string) error {
	if sec.seen {
		return fmt.Errorf("given twice")
	}
	sec.seen = true
	fields := strings.FieldsFunc(body, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\r' })
	sec.given = sec.given[:0]
	for i, f := range fields {
		if f == "..." || f == "…" {
			if i != len(fields)-1 {
				return fmt.Errorf("\"...\" must come last")
			}
			sec.pad = true
			break
		}
		c, err := cards.Parse(f)
		if err != nil {
			return fmt.Errorf("card %d: %w", i+1, err)
		}
		sec.given = append(sec.given, c)
	}
	return nil
}

// DealText returns the cards as dealt in the form Deal reads, top first,
// valid until the first action.
func (s *State) DealText() string {
	var b strings.Builder
	for p := range 2 {
		fmt.Fprintf(&b, "pile%d: %s\n", p, topFirst(s.piles[p]))
	}
	for p := range 2 {
		fmt.Fprintf(&b, "hand%d: %s\n", p, topFirst(s.hands[p]))
	}
	fmt.Fprintf(&b, "stock: %s", topFirst(s.stock))
	if len(s.aside) > 0 {
		fmt.Fprintf(&b, "\naside: %s", topFirst(s.aside))
	}
	return b.String()
}

// topFirst formats a pile whose top is its last card, top first.
func topFirst(d []cards.Card) string {
	r := slices.Clone(d)
	slices.Reverse(r)
	return cards.Format(r)
}
