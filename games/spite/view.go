package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// View is what one seat may see: its own hand, every upcard, discard pile
// and centre stack, and the number of cards in every hidden place. It never
// holds the other hand, the order of the stock or any stockpile card below
// the upcard. Its slices belong to the state and are read only.
type View struct {
	Me         int   // the seat whose view this is
	Rules      Rules // the rules in force
	ToMove     int   // the seat to act, or -1 once the game is over
	Turn       int   // turns begun
	Hand       []cards.Card
	HandSizes  [2]int
	Upcards    [2]cards.Card // 0 for an empty stockpile
	Stockpiles [2]int        // cards left, the upcard included
	Discards   [2][NumPiles][]cards.Card
	Stacks     []cards.Rank // the rank reached by each centre stack in progress
	Centre     int          // cards in centre stacks in progress
	Completed  int          // cards in completed stacks, waiting for a rebuild
	Stock      int          // cards in the stock

	// Handle leads back to the state for SampleState; it prints as a fixed
	// word, so views compare by what they show.
	Handle Handle
}

// Handle refers to the state a View was taken from. It shows nothing.
type Handle struct{ s *State }

// String returns "state".
func (Handle) String() string { return "state" }

// SampleState implements games.Sampler: it makes dst (a *State of the same
// Game, or nil for a new one) a copy of the viewed state in which every card
// hidden from the view's seat is re-dealt from seed as Determinize does,
// after sorting the hidden places, so that the sample depends only on what
// the view shows and on seed. Later chance events derive from seed too. It
// allocates nothing once dst is warm.
func (v *View) SampleState(dst games.State, seed uint64) games.State {
	src := v.Handle.s
	d := games.SampleTarget("spite", src, dst, func(d *State) bool { return d.g == src.g },
		func() *State { return newState(src.g) })
	d.sample(src, v.Me, seed)
	return d
}

// Seat returns the seat whose view this is.
func (v *View) Seat() int { return v.Me }

// View returns what seat may see now, a *View.
func (s *State) View(seat int) games.View { return s.view(seat) }

func (s *State) view(seat int) *View {
	v := &s.views[seat]
	v.Me, v.Rules, v.ToMove, v.Turn = seat, *s.r, s.turn, s.turns
	v.Handle = Handle{s}
	v.Hand = s.hands[seat]
	v.Stacks = v.Stacks[:0]
	v.Centre = 0
	for _, st := range s.stacks[:s.nstacks] {
		v.Stacks = append(v.Stacks, cards.Rank(len(st)))
		v.Centre += len(st)
	}
	v.Completed, v.Stock = len(s.done), len(s.stock)
	for p := range 2 {
		v.HandSizes[p] = len(s.hands[p])
		v.Stockpiles[p] = len(s.piles[p])
		v.Upcards[p] = 0
		if n := len(s.piles[p]); n > 0 {
			v.Upcards[p] = s.piles[p][n-1]
		}
		v.Discards[p] = s.discard[p]
	}
	return v
}
