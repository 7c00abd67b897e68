package nora

import (
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// deadRisk returns the exact chance that the next shuffle of the deck the
// view shows is dead.
func deadRisk(v *nora.View) float64 {
	n4, n2 := 0, 0
	for r := cards.Ace; r <= cards.King; r++ {
		switch v.Counts[r] {
		case 4:
			n4++
		case 2:
			n2++
		}
	}
	return nora.DeadChance(n4, n2, v.Counts[cards.Joker] == 2)
}

// rescueSwitch returns the position of the first switch that makes two
// equal ranks adjacent in order, and false if there is none.
func rescueSwitch(order []cards.Card) (int, bool) {
	for i := 0; i+1 < len(order); i++ {
		// After swapping i and i+1, order[i+1] sits at i next to order[i-1],
		// and order[i] sits at i+1 next to order[i+2].
		if i > 0 && order[i+1].Rank() == order[i-1].Rank() {
			return i, true
		}
		if i+2 < len(order) && order[i].Rank() == order[i+2].Rank() {
			return i, true
		}
	}
	return 0, false
}

// hasPair reports whether two adjacent cards of order have equal rank.
func hasPair(order []cards.Card) bool {
	for i := 1; i < len(order); i++ {
		if order[i].Rank() == order[i-1].Rank() {
			return true
		}
	}
	return false
}
