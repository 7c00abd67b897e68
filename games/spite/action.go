package spite

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Source is where a card played to the centre comes from: the seat's
// stockpile upcard, the top of one of its discard piles, or its hand (by
// rank: cards of one rank in a hand are interchangeable).
type Source int8

// FromStockpile is the seat's stockpile upcard.
const FromStockpile Source = 0

// FromPile returns the source of the top card of discard pile i (0 to 3).
func FromPile(i int) Source { return Source(1 + i) }

// FromHand returns the source of a card of rank r (Ace to Joker) in the hand.
func FromHand(r cards.Rank) Source { return Source(4 + int(r)) }

// Pile returns the discard pile of a pile source, or -1.
func (s Source) Pile() int {
	if s >= 1 && s <= 4 {
		return int(s) - 1
	}
	return -1
}

// HandRank returns the rank of a hand source, or 0.
func (s Source) HandRank() cards.Rank {
	if s >= 5 && s <= 18 {
		return cards.Rank(s - 4)
	}
	return 0
}

// String returns "stockpile", "pile N" (1 to 4) or "hand".
func (s Source) String() string {
	switch {
	case s == FromStockpile:
		return "stockpile"
	case s.Pile() >= 0:
		return fmt.Sprintf("pile %d", s.Pile()+1)
	}
	return "hand"
}

// Kind tells the three kinds of action apart.
type Kind int8

// The kinds of action.
const (
	KindPlay    Kind = iota // a card to a centre stack
	KindDiscard             // a hand card to a discard pile, ending the turn
	KindEnd                 // the turn ends without a discard
)

const (
	discardBase = 320
	endAction   = 400
)

// End ends the turn without a discard; the hand is then filled to five.
const End games.Action = endAction

// Play returns the action that plays the card from src to the centre stack
// it raises to rank target (Ace to King). A natural card's target is its
// rank; a joker names the rank it stands for.
func Play(src Source, target cards.Rank) games.Action {
	return games.Action(int(src)*16 + int(target))
}

// Discard returns the action that discards a hand card of rank r (Ace to
// Joker) onto the seat's discard pile (0 to 3), ending the turn.
func Discard(r cards.Rank, pile int) games.Action {
	return games.Action(discardBase + (int(r)-1)*4 + pile)
}

// Move is an action decoded.
type Move struct {
	Kind   Kind
	Source Source     // KindPlay: where the card comes from
	Target cards.Rank // KindPlay: the rank the centre stack reaches
	Rank   cards.Rank // KindDiscard: the rank of the hand card
	Pile   int        // KindDiscard: the discard pile
}

// Decode returns the move an action stands for. It panics on a number that
// no action has.
func Decode(a games.Action) Move {
	switch {
	case a == End:
		return Move{Kind: KindEnd}
	case a >= discardBase && a < discardBase+56:
		i := int(a) - discardBase
		return Move{Kind: KindDiscard, Rank: cards.Rank(i/4 + 1), Pile: i % 4}
	case a >= 0 && a < 19*16 && a%16 >= 1 && a%16 <= 13:
		return Move{Kind: KindPlay, Source: Source(a / 16), Target: cards.Rank(a % 16)}
	}
	panic(fmt.Sprintf("spite: no action %d", a))
}

// String names the move, such as "pile 2 → 7", "hand JK → 5" or
// "discard 9 → pile 3".
func (m Move) String() string {
	switch m.Kind {
	case KindEnd:
		return "end turn"
	case KindDiscard:
		return fmt.Sprintf("discard %v → pile %d", m.Rank, m.Pile+1)
	}
	if r := m.Source.HandRank(); r != 0 {
		return fmt.Sprintf("hand %v → %v", r, m.Target)
	}
	return fmt.Sprintf("%v → %v", m.Source, m.Target)
}
