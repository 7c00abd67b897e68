package chriscross_test

import (
	"fmt"

	"github.com/cardsim/cardsim/games/chriscross"
)

// A deal on a 3×3 tableau of 16 cards. Down the columns, the tableau reads
// AC 2C 3C / AD 3D 4C / 4D 4H 2H by rows: column 1 holds AC and AD, the
// anti diagonal 3C, 3D, 4D is full and holds 3C and 3D, and nothing else
// pairs, so the player has two choices. A deal naming
// a card twice is refused.
func Example() {
	g, err := chriscross.Definition().New([]string{"size=3", "ranks=4"})
	if err != nil {
		panic(err)
	}
	s := g.NewState()
	err = s.Deal("AC AD 4D 2C 3D 4H 3C 4C 2H | 2D 2D 3H 3S AH AS 4S", 0)
	fmt.Println(err)
	err = s.Deal("AC AD 4D 2C 3D 4H 3C 4C 2H | 2D 2S 3H 3S AH AS 4S", 0)
	if err != nil {
		panic(err)
	}
	for _, a := range s.Legal(nil) {
		fmt.Println(s.ActionString(a))
	}
	// Output:
	// chriscross deal: card 11: 2D appears more often than the deck holds it
	// cast AC r1c1 + AD r2c1
	// cast 3C r1c3 + 3D r2c2
}
