package cards

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Rank is a card's rank: Ace is 1, King is 13 and Joker is 14.
type Rank uint8

// The ranks.
const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Joker Rank = 14
)

// Suit is a card's suit. Jokers carry no suit of their own; the two jokers of
// a deck are told apart by the suit field only so that decks can be checked
// for repeated cards.
type Suit uint8

// The suits, in bridge order.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Card is a playing card: rank in the high bits, suit in the low two.
type Card uint8

// New returns the card of rank r and suit s.
func New(r Rank, s Suit) Card { return Card(uint8(r)<<2 | uint8(s&3)) }

// Rank returns c's rank.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns c's suit.
func (c Card) Suit() Suit { return Suit(c & 3) }

// IsJoker reports whether c is a joker.
func (c Card) IsJoker() bool { return c.Rank() == Joker }

// Valid reports whether c is a card of a standard deck or a joker.
func (c Card) Valid() bool {
	r := c.Rank()
	return r >= Ace && r <= Joker
}

var rankNames = [...]string{"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"}

// String returns the rank's short name: "A", "2" … "10", "J", "Q", "K", or "JK".
func (r Rank) String() string {
	if int(r) < len(rankNames) {
		return rankNames[r]
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// String returns the suit's letter: "C", "D", "H" or "S".
func (s Suit) String() string { return string("CDHS"[s&3]) }

// String returns the card's short text form, such as "10H", "QS" or "JK".
func (c Card) String() string {
	if c.IsJoker() {
		return "JK"
	}
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return c.Rank().String() + c.Suit().String()
}

// ParseRank parses a rank name: "A", "2" … "10", "J", "Q", "K" (also "T" and
// "1" for ten and ace), case-insensitively.
func ParseRank(s string) (Rank, error) {
	switch strings.ToUpper(s) {
	case "A", "1":
		return Ace, nil
	case "T", "10":
		return 10, nil
	case "J":
		return Jack, nil
	case "Q":
		return Queen, nil
	case "K":
		return King, nil
	case "JK":
		return Joker, nil
	}
	if len(s) == 1 && s[0] >= '2' && s[0] <= '9' {
		return Rank(s[0] - '0'), nil
	}
	return 0, fmt.Errorf("unknown rank %q (want A, 2-10, J, Q or K)", s)
}

// ParseSuit parses a suit: its letter C, D, H or S, case-insensitively, or
// its symbol, black or white (♣ ♦ ♥ ♠, ♧ ♢ ♡ ♤).
func ParseSuit(s string) (Suit, error) {
	switch strings.ToUpper(s) {
	case "C", "♣", "♧":
		return Clubs, nil
	case "D", "♦", "♢":
		return Diamonds, nil
	case "H", "♥", "♡":
		return Hearts, nil
	case "S", "♠", "♤":
		return Spades, nil
	}
	return 0, fmt.Errorf("unknown suit %q (want C, D, H or S, or ♣ ♦ ♥ ♠)", s)
}

// Parse parses a card in short text form: a rank and a suit ("10H", "QS",
// "ad", "Q♦", "10♥") or "JK" for a joker. The joker parsed is the first
// joker (suit Clubs); decks with two jokers are read with ParseDeck, which
// numbers them in order. Errors quote the card and its parts whole, never a
// character cut in half.
func Parse(s string) (Card, error) {
	t := strings.TrimSpace(s)
	// A suit symbol pasted from a phone or a web page may carry the
	// selector asking for its emoji or its text form.
	t = strings.NewReplacer("\uFE0F", "", "\uFE0E", "").Replace(t)
	if strings.EqualFold(t, "JK") || strings.EqualFold(t, "JOKER") {
		return New(Joker, 0), nil
	}
	if utf8.RuneCountInString(t) < 2 {
		return 0, fmt.Errorf("card %q: want a rank and a suit such as 10H, QS or JK", s)
	}
	_, size := utf8.DecodeLastRuneInString(t)
	rank, suit := t[:len(t)-size], t[len(t)-size:]
	r, err := ParseRank(rank)
	if err != nil || r == Joker {
		return 0, fmt.Errorf("card %q: unknown rank %q (want A, 2-10, J, Q, K, or JK for a joker)", s, rank)
	}
	su, err := ParseSuit(suit)
	if err != nil {
		return 0, fmt.Errorf("card %q: %w", s, err)
	}
	return New(r, su), nil
}
