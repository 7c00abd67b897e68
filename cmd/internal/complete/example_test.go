package complete_test

import (
	"fmt"

	"github.com/cardsim/cardsim/cmd/internal/complete"
)

func ExampleLastOfList() {
	games := []string{"nora", "chriscross", "flip", "roundup", "spite"}
	fmt.Println(complete.LastOfList(games, "nora,"))
	fmt.Println(complete.LastOfList(games, "nora,flip,s"))
	// Output:
	// [nora,chriscross nora,flip nora,roundup nora,spite]
	// [nora,flip,spite]
}
