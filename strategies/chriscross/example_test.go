package chriscross_test

import (
	"fmt"

	cc "github.com/cardsim/cardsim/games/chriscross"
	"github.com/cardsim/cardsim/strategies/chriscross"
)

// Greedy on a 3×3 tableau whose rows read 2C 3C AC / 4C AD 2D / AH 3D 2H.
// Three aces lie on the anti diagonal; AD+AH is the ace pair reaching
// column 1 whose cards stand furthest left, so greedy casts it first.
func ExampleGreedy() {
	g, err := cc.Definition().New([]string{"size=3", "ranks=4"})
	if err != nil {
		panic(err)
	}
	s := g.NewState()
	if err := s.Deal("2C 4C AH 3C AD 3D AC 2D 2H | AS 2S 3H 3S 4D 4H 4S", 0); err != nil {
		panic(err)
	}
	a := chriscross.NewGreedy().Choose(s.View(0), s.Legal(nil))
	fmt.Println(s.ActionString(a))
	// Output:
	// cast AD r2c2 + AH r3c1
}
