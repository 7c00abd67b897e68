package nora

import "github.com/cardsim/cardsim/games/cards"

// View is what the player may see: the rules, the game so far, the deck's
// composition, and the order of the shuffled deck once it has been looked
// at. Before the INSURE decision only the top card is seen.
type View struct {
	Rules        *Rules
	Phase        Phase
	Round, Pass  int
	IP           int
	Insured      bool
	Score        int       // game score so far
	Left         int       // cards in the deck
	Counts       [15]uint8 // cards left by rank (index 1..13; 14 = jokers)
	Top          cards.Card
	Order        []cards.Card // the current order, or nil before looking (read only)
	PassRemoved  int          // cards removed this pass so far
	RoundRemoved int          // cards removed this round so far
}

// Seat returns 0: the game has one player.
func (v *View) Seat() int { return 0 }

// RoundsLeft returns the rounds still to play after this one.
func (v *View) RoundsLeft() int { return v.Rules.Rounds - v.Round }
