package spite

import (
	"fmt"
	"strings"
)

// DealEvent records the deal in the form State.Deal reads, top first, who
// moving first included, so that it can be replayed or edited.
type DealEvent struct {
	Type  string `json:"type"` // "deal"
	Deal  string `json:"deal"`
	First int    `json:"first"` // seat
	Ties  int    `json:"ties"`  // upcard ties settled first
}

// String returns the deal as trace lines.
func (e *DealEvent) String() string {
	s := "deal (top first):\n  " + strings.ReplaceAll(e.Deal, "\n", "\n  ")
	if e.Ties > 0 {
		s += fmt.Sprintf(" (after %d tie(s) of the upcards)", e.Ties)
	}
	return s
}

// TurnEvent records the start of a turn.
type TurnEvent struct {
	Type      string `json:"type"` // "turn"
	Turn      int    `json:"turn"`
	Seat      int    `json:"seat"`
	Upcard    string `json:"upcard"`
	Stockpile int    `json:"stockpile"` // cards left, the upcard included
	Hand      string `json:"hand"`
}

// String returns the turn's header line.
func (e *TurnEvent) String() string {
	return fmt.Sprintf("turn %d, seat %d: upcard %s (%d left), hand %s", e.Turn, e.Seat, e.Upcard, e.Stockpile, e.Hand)
}

// MoveEvent records a play to the centre ("play"), a discard ("discard") or
// the end of a turn without one ("end-turn").
type MoveEvent struct {
	Type      string `json:"type"`
	Seat      int    `json:"seat"`
	Card      string `json:"card,omitempty"`
	From      string `json:"from,omitempty"`      // play: stockpile, pile N or hand
	As        string `json:"as,omitempty"`        // play: the rank the stack reaches
	Complete  bool   `json:"complete,omitempty"`  // play: the stack reached king and was set aside
	Stockpile int    `json:"stockpile,omitempty"` // play: cards left in the seat's stockpile
	Pile      int    `json:"pile,omitempty"`      // discard: the pile, from 1
}

// String returns the move as a trace line.
func (e *MoveEvent) String() string {
	switch e.Type {
	case "discard":
		return fmt.Sprintf("  discard %s on pile %d", e.Card, e.Pile)
	case "end-turn":
		return "  end of turn without a discard"
	}
	s := fmt.Sprintf("  play %s from %s", e.Card, e.From)
	if e.Card == "JK" {
		s += " as " + e.As
	}
	if e.From == "stockpile" {
		s += fmt.Sprintf(" (%d left)", e.Stockpile)
	}
	if e.Complete {
		s += ": stack complete"
	}
	return s
}

// DrawEvent records cards drawn from the stock.
type DrawEvent struct {
	Type  string `json:"type"` // "draw"
	Seat  int    `json:"seat"`
	Why   string `json:"why"` // "refill" or "hand emptied"
	Cards string `json:"cards"`
	Stock int    `json:"stock"` // cards left in the stock
}

// String returns the draw as a trace line.
func (e *DrawEvent) String() string {
	return fmt.Sprintf("  draw %s (%s; %d left in stock)", e.Cards, e.Why, e.Stock)
}

// RebuildEvent records centre cards shuffled under the stock.
type RebuildEvent struct {
	Type  string `json:"type"` // "rebuild"
	Cards int    `json:"cards"`
	Stock int    `json:"stock"` // cards in the stock afterwards
}

// String returns the rebuild as a trace line.
func (e *RebuildEvent) String() string {
	return fmt.Sprintf("  rebuild: %d centre cards shuffled under the stock, now %d", e.Cards, e.Stock)
}

// EndEvent records the end of the game.
type EndEvent struct {
	Type   string `json:"type"`   // "end"
	Winner int    `json:"winner"` // seat, or -1 for a draw
	Reason string `json:"reason"`
	Score  int    `json:"score"` // the winner's score
	Turns  int    `json:"turns"`
}

// String returns the result as a trace line.
func (e *EndEvent) String() string {
	if e.Winner < 0 {
		return fmt.Sprintf("draw after %d turns (%s)", e.Turns, e.Reason)
	}
	return fmt.Sprintf("seat %d wins after %d turns (%s), scoring %d", e.Winner, e.Turns, e.Reason, e.Score)
}
