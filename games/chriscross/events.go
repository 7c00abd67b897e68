package chriscross

import (
	"fmt"
	"strings"
)

// The trace shows a tableau row by row, each row in brackets from column 1
// to the last, with "." for an empty cell.

// DealEvent records the deal.
type DealEvent struct {
	Type    string `json:"type"` // "deal"
	Tableau string `json:"tableau"`
	Stock   int    `json:"stock"` // cards in the stock
}

// String returns the trace line.
func (e *DealEvent) String() string {
	return fmt.Sprintf("deal: %s; %d cards in the stock", e.Tableau, e.Stock)
}

// CastEvent records a pair cast out.
type CastEvent struct {
	Type  string `json:"type"` // "cast"
	Round int    `json:"round"`
	Phase int    `json:"phase"`
	Cards string `json:"cards"` // the two cards
	Cells string `json:"cells"` // their cells, such as "r1c2 r4c2"
	Line  string `json:"line"`  // "column" or "diagonal"
}

// String returns the trace line.
func (e *CastEvent) String() string {
	return fmt.Sprintf("round %d phase %d: cast %s from %s (%s)", e.Round, e.Phase, e.Cards, e.Cells, e.Line)
}

// MoveEvent records a vertical move into a vacated cell.
type MoveEvent struct {
	Type string `json:"type"` // "move"
	Card string `json:"card"`
	From string `json:"from"`
	To   string `json:"to"`
}

// String returns the trace line.
func (e *MoveEvent) String() string {
	return fmt.Sprintf("  move %s from %s to %s", e.Card, e.From, e.To)
}

// StepEvent records the tableau after a step's gaps are closed.
type StepEvent struct {
	Type    string `json:"type"` // "step"
	Tableau string `json:"tableau"`
}

// String returns the trace line.
func (e *StepEvent) String() string { return "  close gaps: " + e.Tableau }

// TransposeEvent records the start of phase 2: the short rows transposed.
type TransposeEvent struct {
	Type    string `json:"type"` // "transpose"
	Round   int    `json:"round"`
	Rows    []int  `json:"rows"` // rows transposed, from 1
	Tableau string `json:"tableau"`
}

// String returns the trace line.
func (e *TransposeEvent) String() string {
	rows := "none"
	if len(e.Rows) > 0 {
		s := make([]string, len(e.Rows))
		for i, r := range e.Rows {
			s[i] = fmt.Sprint(r)
		}
		rows = strings.Join(s, ", ")
	}
	return fmt.Sprintf("round %d phase 2: transpose rows %s: %s", e.Round, rows, e.Tableau)
}

// RefillEvent records the start of a round after the first: the cards dealt
// from the stock into the empty cells.
type RefillEvent struct {
	Type      string `json:"type"` // "refill"
	Round     int    `json:"round"`
	Cards     string `json:"cards"` // in the order dealt
	StockLeft int    `json:"stock_left"`
	Tableau   string `json:"tableau"`
}

// String returns the trace line.
func (e *RefillEvent) String() string {
	return fmt.Sprintf("round %d: refill %s (%d left in the stock): %s", e.Round, e.Cards, e.StockLeft, e.Tableau)
}

// EndEvent records the end of the game.
type EndEvent struct {
	Type      string `json:"type"` // "end"
	Won       bool   `json:"won"`
	Round     int    `json:"round"`
	CardsLeft int    `json:"cards_left"`
}

// String returns the trace line.
func (e *EndEvent) String() string {
	if e.Won {
		return fmt.Sprintf("won in round %d: every card cast out", e.Round)
	}
	return fmt.Sprintf("lost in round %d: no pair to cast, %d cards left", e.Round, e.CardsLeft)
}
