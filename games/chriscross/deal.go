package chriscross

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
)

// ParseDeal parses a deal for rules r: every card of the deck once, in the
// order dealt. The first size² cards fill the tableau down the columns
// (column 1 from the top row down, then column 2, …); the rest are the
// stock, next card first. Cards are separated by spaces or commas; one "|"
// may separate the tableau from the stock, and must then follow exactly
// size² cards.
func ParseDeal(text string, r Rules) ([]cards.Card, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	n := r.Size * r.Size
	tab, stock, split := strings.Cut(text, "|")
	if strings.Contains(stock, "|") {
		return nil, fmt.Errorf("chriscross deal: more than one \"|\"; want the tableau, \"|\", then the stock")
	}
	d, err := cards.ParseDeck(tab)
	if err != nil {
		return nil, fmt.Errorf("chriscross deal: %w", err)
	}
	if split {
		if len(d) != n {
			return nil, fmt.Errorf("chriscross deal: %d cards before \"|\", want the %d of the tableau", len(d), n)
		}
		s, err := cards.ParseDeck(stock)
		if err != nil {
			return nil, fmt.Errorf("chriscross deal: stock: %w", err)
		}
		d = append(d, s...)
	}
	for _, c := range d {
		if c.IsJoker() {
			return nil, fmt.Errorf("chriscross deal: the game uses no jokers")
		}
	}
	if err := cards.CheckDeal(d, r.Deck()); err != nil {
		return nil, fmt.Errorf("chriscross deal: %w", err)
	}
	return d, nil
}

// FormatDeal returns deck as deal text for rules r, the form ParseDeal
// reads, with "|" after the tableau.
func FormatDeal(deck []cards.Card, r Rules) string {
	n := min(r.Size*r.Size, len(deck))
	return cards.Format(deck[:n]) + " | " + cards.Format(deck[n:])
}
