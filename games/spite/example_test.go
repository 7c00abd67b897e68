package spite_test

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/spite"
)

// plays returns the legal plays to the centre, by name.
func plays(s *spite.State) string {
	var n []string
	for _, a := range s.Legal(nil) {
		if spite.Decode(a).Kind == spite.KindPlay {
			n = append(n, s.ActionString(a))
		}
	}
	return strings.Join(n, ", ")
}

// Seat 0 holds an ace and a joker under an upcard 2: the ace opens a stack,
// then the upcard or the joker may go on it; the 3 follows the upcard.
func Example() {
	s := spite.New(spite.DefaultRules()).NewState().(*spite.State)
	err := s.Deal("pile0: 2H 7S ...; pile1: KD ...; hand0: AS 3C JK 9H 9D; first: 0", 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(plays(s))
	s.Apply(spite.Play(spite.FromHand(cards.Ace), cards.Ace))
	fmt.Println(plays(s))
	s.Apply(spite.Play(spite.FromStockpile, 2))
	fmt.Println(plays(s))
	// Output:
	// hand A → A
	// stockpile → 2, hand JK → 2
	// hand 3 → 3, hand JK → 3
}
