package nora

import (
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// View is what the player may see: the rules, the game so far, the deck's
// composition, and the order of the shuffled deck once it has been looked
// at. Before the INSURE decision only the top card is seen.
type View struct {
	Rules        *Rules
	Phase        Phase
	Round, Pass  int
	IP           int
	Insured      bool
	Score        int       // game score so far
	Left         int       // cards in the deck
	Counts       [15]uint8 // cards left by rank (index 1..13; 14 = jokers)
	Top          cards.Card
	Order        []cards.Card // the current order, or nil before looking (read only)
	PassRemoved  int          // cards removed this pass so far
	RoundRemoved int          // cards removed this round so far
	// Handle leads back to the state for SampleState; it prints as a fixed
	// word, so views compare by what they show.
	Handle Handle
}

// Handle refers to the state a View was taken from.
type Handle struct{ s *State }

// String returns "state": a handle shows nothing of the state.
func (Handle) String() string { return "state" }

// CopyPass makes dst the pass in progress as the player sees it once the
// order is seen (in the phases after INSURE): the order, which neighbours
// removals brought together, and what the pass has removed and earned. dst
// keeps its own working memory; give it one from NewPassState under the
// same rules.
func (v *View) CopyPass(dst *PassState) {
	if v.Handle.s == nil {
		panic("nora: CopyPass of a view without a state")
	}
	dst.CopyFrom(&v.Handle.s.ps)
}

// Seat returns 0: the game has one player.
func (v *View) Seat() int { return 0 }

// RoundsLeft returns the rounds still to play after this one.
func (v *View) RoundsLeft() int { return v.Rules.Rounds - v.Round }

// Reveal implements games.Revealer for the game Clairvoyant returns: it
// returns the viewed *State itself, the shuffled order before INSURE
// included. The caller must not change the state. It panics on the view of
// a game that does not offer Reveal (Game.Capabilities).
func (v *View) Reveal() games.State {
	if v.Handle.s == nil || !v.Handle.s.g.reveal {
		panic("nora: Reveal of a view of a game that hides its cards (use Game.Clairvoyant)")
	}
	return v.Handle.s
}

// SampleState implements games.Sampler: it makes dst (a *State of the same
// Game, or nil for a new one) the viewed position with what the player has
// not seen re-drawn from seed: the order below the top card before the
// player looks, and every later shuffle. The unseen cards are put in a
// canonical order before Determinize re-shuffles them, so the sample does
// not depend on their true order. It allocates nothing once dst is warm.
func (v *View) SampleState(dst games.State, seed uint64) games.State {
	src := v.Handle.s
	d := games.SampleTarget("nora", src, dst, func(d *State) bool { return d.g == src.g },
		func() *State { return newState(src.g) })
	d.copyFrom(src)
	if d.phase == PhaseInsure && len(d.deck) > 2 {
		slices.Sort(d.deck[1:])
	}
	d.given, d.seed = nil, 0
	d.Determinize(0, seed)
	return d
}

// copyFrom makes s the position of src, of the same game, without the event
// log and without allocating once s is warm.
func (s *State) copyFrom(src *State) {
	*s.src = *src.src
	s.ps.CopyFrom(&src.ps)
	s.sync()
	s.pile = append(s.pile[:0], src.pile...)
	s.seed, s.phase, s.round, s.pass, s.ip, s.score, s.insured = src.seed, src.phase, src.round, src.pass, src.ip, src.score, src.insured
	s.given = src.given
	s.passIP = src.passIP
	s.metrics = src.metrics
	s.events, s.cur = s.events[:0], nil
}
