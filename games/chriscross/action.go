package chriscross

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// Actions. A pair is the action PairAction(i, j) for its two cells i < j
// (cell index row*5+column, from 0, whatever the tableau size), so pair
// actions lie below EndStep and sort by their first cell. The other actions
// follow them.
const (
	// EndStep ends the casting of a step once at least one pair has been
	// cast in it; the vertical moves follow.
	EndStep games.Action = maxCells * maxCells
	// Stay leaves the vacated cell under decision empty.
	Stay games.Action = EndStep + 1
	// FromAbove moves the card above the vacated cell down into it.
	FromAbove games.Action = EndStep + 2
	// FromBelow moves the card below the vacated cell up into it.
	FromBelow games.Action = EndStep + 3
)

// PairAction returns the action casting out the cards in cells i and j
// (row*5+column each). It panics unless 0 ≤ i < j < 25.
func PairAction(i, j int) games.Action {
	if i < 0 || i >= j || j >= maxCells {
		panic(fmt.Sprintf("chriscross: PairAction(%d, %d)", i, j))
	}
	return games.Action(i*maxCells + j)
}

// PairCells returns the two cells of a pair action; ok is false for the
// other actions.
func PairCells(a games.Action) (i, j int, ok bool) {
	if a < 0 || a >= EndStep {
		return 0, 0, false
	}
	return int(a) / maxCells, int(a) % maxCells, true
}

// Cell returns the cell index of row r and column c, both from 0.
func Cell(r, c int) int { return r*maxSize + c }

// cellName names a cell as the trace shows it: "r2c3", from 1.
func cellName(i int) string {
	return fmt.Sprintf("r%dc%d", i/maxSize+1, i%maxSize+1)
}
