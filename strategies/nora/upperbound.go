package nora

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// ClairvoyantGame is Nora's game with one rule of information broken on
// purpose: at the INSURE decision the view's Order already shows the
// shuffled deck, which the real game hides until after INSURE. Everything
// else (cards, scores, ip) is the real engine's. It exists so that the
// upper-bound bot (VariantClairvoyant) can be measured on the same deals as
// the realistic bots, which ignore Order at that decision.
type ClairvoyantGame struct {
	*nora.Game
}

// Clairvoyant wraps g in the clairvoyant view.
func Clairvoyant(g *nora.Game) *ClairvoyantGame { return &ClairvoyantGame{Game: g} }

// NewState returns a state of g whose view at the INSURE decision shows the
// order.
func (g *ClairvoyantGame) NewState() games.State {
	return &clairvoyantState{State: g.Game.NewState()}
}

type clairvoyantState struct {
	games.State
	view nora.View
	buf  []cards.Card
}

// View returns the engine's view, with the order filled in before INSURE.
func (s *clairvoyantState) View(seat int) games.View {
	v := s.State.View(seat).(*nora.View)
	if v.Phase != nora.PhaseInsure {
		return v
	}
	s.view = *v
	// Cards lists the deck in its current (shuffled) order, then the
	// removed cards.
	s.buf = s.State.Cards(s.buf)
	s.view.Order = s.buf[:v.Left]
	return &s.view
}

// Clone returns an independent copy, clairvoyant too.
func (s *clairvoyantState) Clone() games.State {
	return &clairvoyantState{State: s.State.Clone()}
}
