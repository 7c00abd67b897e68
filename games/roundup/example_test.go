package roundup_test

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
)

// Two players who never attack and pass whenever they may: seat 0 holds
// clubs and diamonds and bids 9D, seat 1 holds hearts and spades and bids
// 8S. Seat 1 bid lower and starts; both need 39 turns to play out their
// suits, so seat 0's 10D, on the 78th turn, closes diamonds last and scores
// 3 for its bid (worked by hand in TestScriptedTwoPlayerGame).
func ExampleState_Deal() {
	g, _ := roundup.Definition().New([]string{"players=2"})
	s := g.NewState()
	s.Record(true)
	deal := "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C AD 2D 3D 4D 5D 6D 7D 8D *9D 10D JC QC KC JD QD KD | " +
		"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H AS 2S 3S 4S 5S 6S 7S *8S 9S 10S JH QH KH JS QS KS"
	if err := s.Deal(deal, 1); err != nil {
		panic(err)
	}
	var legal []games.Action
	for seen := 0; s.Turn() != games.Terminal; {
		legal = s.Legal(legal)
		s.Apply(legal[0]) // the lowest action: pass, stop, or the lowest card
		ev := s.Events()
		for _, e := range ev[seen:] {
			if r, ok := e.(*roundup.RoundEvent); ok {
				fmt.Println(r)
				return
			}
		}
		seen = len(ev)
	}
	// Output:
	// round 1 over after 78 turns: diamonds closed last, backed by [0]; nobody out; points [3 0], totals [3 0]
}
