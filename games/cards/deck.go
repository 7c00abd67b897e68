package cards

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Standard returns a new 52-card deck in rank-major order (AC AD AH AS 2C …)
// followed by the given number of jokers (0 to 4).
func Standard(jokers int) []Card {
	return Ranks(13, jokers)
}

// Ranks returns a deck of the first n ranks (Ace up; 1 ≤ n ≤ 13) in all four
// suits, followed by the given number of jokers (0 to 4). Small decks are
// used by tests and by rule options that shorten a game.
func Ranks(n, jokers int) []Card {
	if n < 1 || n > 13 || jokers < 0 || jokers > 4 {
		panic(fmt.Sprintf("cards: Ranks(%d, %d) out of range", n, jokers))
	}
	d := make([]Card, 0, 4*n+jokers)
	for r := Ace; r <= Rank(n); r++ {
		for s := Clubs; s <= Spades; s++ {
			d = append(d, New(r, s))
		}
	}
	for j := 0; j < jokers; j++ {
		d = append(d, New(Joker, Suit(j)))
	}
	return d
}

// Shuffle puts d in uniformly random order by the Fisher-Yates method, drawing
// from rng. It does not allocate.
func Shuffle(rng *rand.Rand, d []Card) {
	for i := len(d) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		d[i], d[j] = d[j], d[i]
	}
}

// Format returns d as space-separated short names, the form ParseDeck reads.
func Format(d []Card) string {
	var b strings.Builder
	for i, c := range d {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// ParseDeck parses cards separated by spaces or commas. Successive jokers
// ("JK") are numbered so that a deck with two jokers holds two distinct
// cards. It reports an error naming the first bad card.
func ParseDeck(text string) ([]Card, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r'
	})
	d := make([]Card, 0, len(fields))
	jokers := 0
	for i, f := range fields {
		c, err := Parse(f)
		if err != nil {
			return nil, fmt.Errorf("card %d: %w", i+1, err)
		}
		if c.IsJoker() {
			if jokers > 3 {
				return nil, fmt.Errorf("card %d: more than four jokers", i+1)
			}
			c = New(Joker, Suit(jokers))
			jokers++
		}
		d = append(d, c)
	}
	return d, nil
}

// SameCards reports whether a and b hold the same cards, each as often, in
// any order. When they differ it returns a description of the first
// difference, such as "QS twice" or "missing 7D".
func SameCards(a, b []Card) (bool, string) {
	var count [256]int
	for _, c := range a {
		count[c]++
	}
	for _, c := range b {
		count[c]--
	}
	for c := range count {
		switch {
		case count[c] > 0:
			return false, "missing " + Card(c).String()
		case count[c] == -1:
			return false, "unexpected " + Card(c).String()
		case count[c] < -1:
			return false, fmt.Sprintf("%v %d times too many", Card(c), -count[c])
		}
	}
	return true, ""
}

// CheckDeal reports an error unless deal holds exactly the cards of deck
// (in any order): the error names a repeated, missing or foreign card.
func CheckDeal(deal, deck []Card) error {
	if len(deal) != len(deck) {
		return fmt.Errorf("deal has %d cards, want %d", len(deal), len(deck))
	}
	var seen [256]int
	for _, c := range deck {
		seen[c]++
	}
	for i, c := range deal {
		seen[c]--
		if seen[c] < 0 {
			if slices.Contains(deck, c) {
				return fmt.Errorf("card %d: %v appears more often than the deck holds it", i+1, c)
			}
			return fmt.Errorf("card %d: %v is not in this game's deck", i+1, c)
		}
	}
	return nil
}
