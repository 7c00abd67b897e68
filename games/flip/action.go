package flip

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// Kind is the kind of a play on a set of four cards.
type Kind uint8

// The kinds of play, in the order their actions are numbered within a set.
const (
	FlipSuit   Kind = iota // ends of equal suit: the light middle cards turn dark
	FlipRank               // ends of equal rank: the light cards of the four turn dark
	RemoveSuit             // dark ends of equal suit: the two middle cards are removed
	RemoveRank             // dark ends of equal rank: all four cards are removed
)

var kindNames = [...]string{"flip-suit", "flip-rank", "remove-suit", "remove-rank"}

// String returns "flip-suit", "flip-rank", "remove-suit" or "remove-rank".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Removes reports whether k removes cards.
func (k Kind) Removes() bool { return k >= RemoveSuit }

// span returns the first card of the set k acts on and how many it acts on.
func (k Kind) span() (first, n int) {
	if k == FlipSuit || k == RemoveSuit {
		return 1, 2
	}
	return 0, 4
}

// Pass deals the next card, or ends the game once every card is dealt.
const Pass games.Action = 0

// Play returns the action that makes a play of kind k on the set whose
// lowest card is the w-th held card from the bottom.
func Play(w int, k Kind) games.Action { return games.Action(1 + 4*w + int(k)) }

// Decode returns the set and kind of a play action. It panics for Pass.
func Decode(a games.Action) (w int, k Kind) {
	if a <= Pass {
		panic(fmt.Sprintf("flip: Decode(%d): not a play", a))
	}
	return int(a-1) / 4, Kind((a - 1) % 4)
}
