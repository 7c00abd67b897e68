package flip_test

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// Example plays an eight-card deal (rule ranks=2) with optional plays,
// always taking the first play offered, and prints the trace.
func Example() {
	g := flip.MustNew("ranks=2", "mapping=identity", "forced-play=false")
	s := g.NewFlipState()
	s.Record(true)
	if err := s.Deal("AC/2D 2H/AS 2S/AH 2C/AD AD/2C AH/2S AS/2H 2D/AC", 0); err != nil {
		panic(err)
	}
	var legal []games.Action
	for s.Turn() != games.Terminal {
		legal = s.Legal(legal)
		s.Apply(legal[1]) // legal[0] is Pass: deal on without playing
	}
	for _, e := range s.Events() {
		fmt.Println(e)
	}
	fmt.Printf("%+v\n", s.Outcome(0))
	// Output:
	// deal (first card dealt first, light/dark): AC/2D 2H/AS 2S/AH 2C/AD AD/2C AH/2S AS/2H 2D/AC
	// deal 1: AC (dark 2D)  pile: AC
	// deal 2: 2H (dark AS)  pile: AC 2H
	// deal 3: 2S (dark AH)  pile: AC 2H 2S
	// deal 4: 2C (dark AD)  pile: AC 2H 2S 2C
	// flip-suit AC [2H 2S] 2C (+2)  pile: AC AS* AH* 2C
	// deal 5: AD (dark 2C)  pile: AC AS* AH* 2C AD
	// flip-rank [AS* AH* 2C AD] (+2)  pile: AC AS* AH* AD* 2C*
	// flip-rank [AC AS* AH* AD*] (+1)  pile: 2D* AS* AH* AD* 2C*
	// remove-suit 2D* [AS* AH*] AD* (+2)  pile: 2D* AD* 2C*
	// deal 6: AH (dark 2S)  pile: 2D* AD* 2C* AH
	// deal 7: AS (dark 2H)  pile: 2D* AD* 2C* AH AS
	// flip-rank [AD* 2C* AH AS] (+2)  pile: 2D* AD* 2C* 2S* 2H*
	// remove-rank [2D* AD* 2C* 2S*] (+4)  pile: 2H*
	// deal 8: 2D (dark AC)  pile: 2H* 2D
	// end (no play left): score 13, 6 removed, 1 dark held
	// {Score:13 Result:loss}
}
