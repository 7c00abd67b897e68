package nora_test

import (
	"fmt"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// A king pair between two aces: removing the kings brings the aces together
// (a reaction), and they meet the other two aces, forming a quad.
func ExamplePass() {
	order, _ := cards.ParseDeck("AS KD KC AH AD AC")
	steps, left, ip := nora.Pass(nora.DefaultRules(), order)
	for _, s := range steps {
		fmt.Println(cards.Format(s.Cards), "→", s.IP)
	}
	fmt.Println(len(left), "left, ip", ip.Total())
	// Output:
	// KD KC → 0
	// AS AH AD AC → quad 4 + chain 1 + reaction 1
	// 0 left, ip 6
}

// The chance that a shuffle of the full 54-card deck holds no two
// neighbours of equal rank.
func ExampleDeadChance() {
	fmt.Printf("%.4f\n", nora.DeadChance(13, 0, true))
	fmt.Printf("%.4f\n", nora.DeadChance(0, 2, false)) // AABB: ABAB and BABA of six
	// Output:
	// 0.0492
	// 0.3333
}
