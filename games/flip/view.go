package flip

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Face is one dealt card as the player sees it: both faces (the dark one is
// seen while the card is turned over during the deal) and which shows.
type Face struct {
	Light, Dark cards.Card
	Flipped     bool // the card shows its dark face
}

// Shown returns the face the card shows.
func (f Face) Shown() cards.Card {
	if f.Flipped {
		return f.Dark
	}
	return f.Light
}

// View is what the player sees: the dealt cards still held, bottom to top,
// and counts. The undealt cards are hidden.
type View struct {
	Pile    []Face // read only; valid until the state changes
	Undealt int
	Removed int
	Score   int
	// Handle leads back to the state for Sample, Gain and Clairvoyant; it
	// prints as a fixed word, so views compare by what they show.
	Handle Handle
}

// Handle refers to the state a View was taken from.
type Handle struct{ s *State }

// String returns "state": a handle shows nothing of the state.
func (Handle) String() string { return "state" }

// Seat returns 0: the game has one player.
func (v *View) Seat() int { return 0 }

// Gain returns the points a legal action adds to the score at once (see
// State.Gain). It depends only on the visible cards.
func (v *View) Gain(a games.Action) int { return v.Handle.s.Gain(a) }

// Sample makes dst a copy of the viewed position with the hidden cards
// re-drawn from seed by Determinize, so dst reveals nothing the player does
// not know. dst must come from the same Game. Search strategies use it.
func (v *View) Sample(dst *State, seed uint64) {
	dst.CopyFrom(v.Handle.s)
	dst.Determinize(0, seed)
}

// Clairvoyant returns the viewed state itself, undealt order included. It is
// the escape hatch of the clairvoyant solver, which by definition sees the
// whole deck; realistic strategies must not call it. The caller must not
// change the state.
func (v *View) Clairvoyant() *State { return v.Handle.s }
