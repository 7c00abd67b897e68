package flip

import (
	"fmt"
	"math/bits"
)

// StartEvent opens a game's log with its deal.
type StartEvent struct {
	Type string `json:"type"` // "start"
	Deal string `json:"deal"` // every card light/dark, first dealt first: the form Deal reads
}

// String returns the trace line.
func (e *StartEvent) String() string { return "deal (first card dealt first, light/dark): " + e.Deal }

// DealEvent records one card dealt onto the pile.
type DealEvent struct {
	Type  string `json:"type"`  // "deal"
	N     int    `json:"n"`     // 1 for the first card dealt
	Light string `json:"light"` // the face it shows
	Dark  string `json:"dark"`  // its other face
	Pile  string `json:"pile"`  // the held dealt cards after the deal, bottom to top; * marks dark
}

// String returns the trace line.
func (e *DealEvent) String() string {
	return fmt.Sprintf("deal %d: %s (dark %s)  pile: %s", e.N, e.Light, e.Dark, e.Pile)
}

// PlayEvent records a flip or a removal.
type PlayEvent struct {
	Type   string `json:"type"`   // "flip" or "remove"
	Kind   string `json:"kind"`   // flip-suit, flip-rank, remove-suit or remove-rank
	Set    string `json:"set"`    // the four cards before the play; the cards acted on in brackets
	Window int    `json:"window"` // the set's lowest card, counted from the bottom of the pile from 0
	Gain   int    `json:"gain"`   // points the play added
	Pile   string `json:"pile"`   // the held dealt cards after the play
}

// String returns the trace line.
func (e *PlayEvent) String() string {
	return fmt.Sprintf("%s %s (+%d)  pile: %s", e.Kind, e.Set, e.Gain, e.Pile)
}

// EndEvent closes a game's log.
type EndEvent struct {
	Type    string `json:"type"` // "end"
	Score   int    `json:"score"`
	Removed int    `json:"removed"`
	Dark    int    `json:"dark"`    // dark cards held
	Stopped bool   `json:"stopped"` // the player ended the game with plays left
}

// String returns the trace line.
func (e *EndEvent) String() string {
	how := "no play left"
	if e.Stopped {
		how = "stopped with plays left"
	}
	return fmt.Sprintf("end (%s): score %d, %d removed, %d dark held", how, e.Score, e.Removed, e.Dark)
}

func (s *State) playEvent(w int, k Kind) *PlayEvent {
	t := "flip"
	if k.Removes() {
		t = "remove"
	}
	return &PlayEvent{Type: t, Kind: k.String(), Set: s.setText(w, k), Window: w, Gain: s.Gain(Play(w, k))}
}

func (s *State) logEnd() {
	s.events = append(s.events, &EndEvent{Type: "end", Score: s.Score(), Removed: s.removed,
		Dark: bits.OnesCount64(s.dark), Stopped: s.stopped})
}
