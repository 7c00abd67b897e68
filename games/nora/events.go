package nora

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
)

// SwitchEvent is one SWITCH within a pass.
type SwitchEvent struct {
	Position int    `json:"position"` // the cards at Position and Position+1 were swapped
	Cards    string `json:"cards"`    // the two cards, in their order before the swap
	Cascade  int    `json:"cascade"`  // removal cascades already run this pass
}

// PassEvent records one pass: the order seen, the switches, every removal
// step with its ip, and the pass's totals.
type PassEvent struct {
	Type     string        `json:"type"` // "pass"
	Round    int           `json:"round"`
	Pass     int           `json:"pass"`
	Size     int           `json:"size"` // cards shuffled
	Order    string        `json:"order"`
	Insured  bool          `json:"insured"`
	Switches []SwitchEvent `json:"switches"`
	Steps    []Step        `json:"steps"`
	Removed  int           `json:"removed"` // cards this pass removed
	Left     int           `json:"left"`
	Dead     bool          `json:"dead"`
	IP       Earned        `json:"ip"`
	IPHeld   int           `json:"ip_held"` // after the pass
}

// String returns the pass as trace lines.
func (e *PassEvent) String() string {
	var b strings.Builder
	ins := ""
	if e.Insured {
		ins = ", insured"
	}
	fmt.Fprintf(&b, "round %d pass %d: %d cards%s\n  order: %s", e.Round, e.Pass, e.Size, ins, e.Order)
	for _, s := range e.Switches {
		fmt.Fprintf(&b, "\n  switch at %d: %s", s.Position, s.Cards)
	}
	for _, s := range e.Steps {
		fmt.Fprintf(&b, "\n  remove %s: ip %s", cards.Format(s.Cards), s.IP)
	}
	state := "live"
	if e.Dead {
		state = "dead"
	}
	fmt.Fprintf(&b, "\n  %s: removed %d, %d left; ip %d (%s), holding %d", state, e.Removed, e.Left, e.IP.Total(), e.IP, e.IPHeld)
	return b.String()
}

// DecisionEvent records a choice the player made.
type DecisionEvent struct {
	Type   string `json:"type"` // "decision"
	Round  int    `json:"round"`
	Pass   int    `json:"pass"`
	Action string `json:"action"`
	IPHeld int    `json:"ip_held"` // after the choice
}

// String returns the decision as a trace line.
func (e *DecisionEvent) String() string {
	return fmt.Sprintf("  decision: %s (holding %d ip)", e.Action, e.IPHeld)
}

// RoundEvent records the end of a round.
type RoundEvent struct {
	Type   string `json:"type"` // "round"
	Round  int    `json:"round"`
	End    string `json:"end"` // "stopped", "cleared" or "dead"
	Score  int    `json:"score"`
	Total  int    `json:"total"` // game score so far
	IP     int    `json:"ip_earned"`
	IPHeld int    `json:"ip_held"`
}

// String returns the round's result as a trace line.
func (e *RoundEvent) String() string {
	s := fmt.Sprintf("round %d %s: score %d, total %d, holding %d ip", e.Round, e.End, e.Score, e.Total, e.IPHeld)
	if e.IP > 0 {
		s += fmt.Sprintf(" (dead-deck ip %d)", e.IP)
	}
	return s
}
