package roundup

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// The actions. What a card action means depends on the phase: bid it, move
// it face up, play it onto its stack, attack with it, or discard it.
const (
	Pass games.Action = 0 // pass the turn and pay the penalty
	Stop games.Action = 1 // end a turn of face-up plays

	targetBase games.Action = 2  // TargetSeat(0) … TargetSeat(5)
	suitBase   games.Action = 8  // NameSuit(Clubs) … NameSuit(Spades)
	numberBase games.Action = 11 // NameNumber(1) … NameNumber(10) are 12 … 21
	cardBase   games.Action = 64 // CardAction(c) = 64 + c
)

// TargetSeat returns the action that attacks seat.
func TargetSeat(seat int) games.Action { return targetBase + games.Action(seat) }

// NameSuit returns the action that names suit s for a Queen.
func NameSuit(s cards.Suit) games.Action { return suitBase + games.Action(s) }

// NameNumber returns the action that names number n (1 to 10) for a King.
func NameNumber(n int) games.Action { return numberBase + games.Action(n) }

// CardAction returns the action that uses card c: bid it, move it, play it,
// attack with it or discard it, as the phase requires.
func CardAction(c cards.Card) games.Action { return cardBase + games.Action(c) }

// ActionTarget returns the seat a TargetSeat action attacks.
func ActionTarget(a games.Action) (int, bool) {
	if a >= targetBase && a < targetBase+maxPlayers {
		return int(a - targetBase), true
	}
	return 0, false
}

// ActionSuit returns the suit a NameSuit action names.
func ActionSuit(a games.Action) (cards.Suit, bool) {
	if a >= suitBase && a < suitBase+4 {
		return cards.Suit(a - suitBase), true
	}
	return 0, false
}

// ActionNumber returns the number a NameNumber action names.
func ActionNumber(a games.Action) (int, bool) {
	if a > numberBase && a <= numberBase+10 {
		return int(a - numberBase), true
	}
	return 0, false
}

// ActionCard returns the card a CardAction uses.
func ActionCard(a games.Action) (cards.Card, bool) {
	if a >= cardBase && a < cardBase+64 {
		c := cards.Card(a - cardBase)
		if c.Valid() && !c.IsJoker() {
			return c, true
		}
	}
	return 0, false
}

var suitNames = [4]string{"clubs", "diamonds", "hearts", "spades"}

// SuitName returns the suit's name in full: "clubs", "diamonds", "hearts" or
// "spades".
func SuitName(s cards.Suit) string { return suitNames[s&3] }

// ActionName names a without the context of a phase, such as "pass",
// "target 2", "name hearts", "name 7" or "card 5H".
func ActionName(a games.Action) string {
	switch a {
	case Pass:
		return "pass"
	case Stop:
		return "stop"
	}
	if t, ok := ActionTarget(a); ok {
		return fmt.Sprintf("target %d", t)
	}
	if s, ok := ActionSuit(a); ok {
		return "name " + SuitName(s)
	}
	if n, ok := ActionNumber(a); ok {
		return fmt.Sprintf("name %d", n)
	}
	if c, ok := ActionCard(a); ok {
		return "card " + c.String()
	}
	return fmt.Sprintf("action(%d)", int(a))
}
