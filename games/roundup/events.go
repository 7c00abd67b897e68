package roundup

import (
	"fmt"
	"strings"
)

// DealEvent records a round's deal, in the form State.Deal reads (without
// bids).
type DealEvent struct {
	Type    string `json:"type"` // "deal"
	Round   int    `json:"round"`
	Dealer  int    `json:"dealer"`
	Redeals int    `json:"redeals"` // deals thrown in before this one
	Hands   string `json:"hands"`
}

// String returns the deal as trace lines.
func (e *DealEvent) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d: seat %d deals", e.Round, e.Dealer)
	if e.Redeals > 0 {
		fmt.Fprintf(&b, " (after %d redeals)", e.Redeals)
	}
	for k, h := range strings.Split(e.Hands, "|") {
		fmt.Fprintf(&b, "\n  seat %d: %s", k, strings.TrimSpace(h))
	}
	return b.String()
}

// BidsEvent records the bids as revealed; "-" is a seat without a bid.
type BidsEvent struct {
	Type  string   `json:"type"` // "bids"
	Round int      `json:"round"`
	Bids  []string `json:"bids"`
}

// String returns the bids as a trace line.
func (e *BidsEvent) String() string {
	return fmt.Sprintf("  bids: %s", strings.Join(e.Bids, " "))
}

// TieBreakEvent records one step of the tie-break for the first player:
// the cards the tied seats moved face up ("-" for a seat out of number
// cards).
type TieBreakEvent struct {
	Type  string   `json:"type"` // "tie_break"
	Round int      `json:"round"`
	Seats []int    `json:"seats"`
	Moved []string `json:"moved"`
}

// String returns the step as a trace line.
func (e *TieBreakEvent) String() string {
	var parts []string
	for i, s := range e.Seats {
		parts = append(parts, fmt.Sprintf("seat %d %s", s, e.Moved[i]))
	}
	return "  tie-break: " + strings.Join(parts, ", ")
}

// StartEvent records who plays first in a round.
type StartEvent struct {
	Type  string `json:"type"` // "start"
	Round int    `json:"round"`
	Seat  int    `json:"seat"`
}

// String returns the start as a trace line.
func (e *StartEvent) String() string { return fmt.Sprintf("  seat %d plays first", e.Seat) }

// ActionEvent records one action of a turn: a play, a stop, a pass with its
// penalty, an attack with its target, declaration and answer.
type ActionEvent struct {
	Type   string `json:"type"` // "action"
	Round  int    `json:"round"`
	Turn   int    `json:"turn"` // turn number within the round
	Seat   int    `json:"seat"`
	Action string `json:"action"`
	Result string `json:"result,omitempty"` // what followed: a penalty, an answer, a closed stack
}

// String returns the action as a trace line.
func (e *ActionEvent) String() string {
	s := fmt.Sprintf("  t%d seat %d: %s", e.Turn, e.Seat, e.Action)
	if e.Result != "" {
		s += " → " + e.Result
	}
	return s
}

// RoundEvent records the end of a round and its scoring.
type RoundEvent struct {
	Type     string `json:"type"` // "round"
	Round    int    `json:"round"`
	Turns    int    `json:"turns"`
	LastSuit string `json:"last_suit"`
	Backers  []int  `json:"backers"`   // seats that bid on the last suit
	FirstOut int    `json:"first_out"` // -1 if no hand emptied
	Points   []int  `json:"points"`
	Totals   []int  `json:"totals"`
}

// String returns the scoring as a trace line.
func (e *RoundEvent) String() string {
	out := "nobody out"
	if e.FirstOut >= 0 {
		out = fmt.Sprintf("seat %d out first", e.FirstOut)
	}
	return fmt.Sprintf("round %d over after %d turns: %s closed last, backed by %v; %s; points %v, totals %v",
		e.Round, e.Turns, e.LastSuit, e.Backers, out, e.Points, e.Totals)
}

// GameEvent records the end of the game.
type GameEvent struct {
	Type    string `json:"type"` // "game"
	Rounds  int    `json:"rounds"`
	Scores  []int  `json:"scores"`
	Winners []int  `json:"winners"` // one seat, or the tied leaders (who draw)
}

// String returns the result as a trace line.
func (e *GameEvent) String() string {
	if len(e.Winners) == 1 {
		return fmt.Sprintf("game over after %d rounds: seat %d wins, scores %v", e.Rounds, e.Winners[0], e.Scores)
	}
	return fmt.Sprintf("game over after %d rounds: seats %v draw, scores %v", e.Rounds, e.Winners, e.Scores)
}
