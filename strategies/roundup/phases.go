package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
)

// style is what sets one Round-up bot apart from another: what it plays
// when no face-up card must be played and it may pass, how it answers a
// Queen or a King, and what the pass penalty exposes. Each is given the
// view, the cards it may play and its own suit (noSuit before it is
// known).
type style interface {
	freePlay(v *roundup.View, h roundup.Hand, suit int) games.Action
	answer(v *roundup.View, h roundup.Hand, suit int) games.Action
	penalty(v *roundup.View, h roundup.Hand, suit int) games.Action
}

// choose makes a Round-up bot's decision in every phase of a turn: the
// bid, the tie-break card, a play the rules force, the seat attacked and
// the suit or number named are every bot's (chooseBid, forcedPlay,
// chooseTarget, nameSuit, nameNumber); a free play, an answer and a
// penalty are its style's.
func choose(s style, v *roundup.View, legal []games.Action) games.Action {
	suit := mySuit(v)
	switch v.Phase {
	case roundup.PhaseBid:
		return chooseBid(v)
	case roundup.PhaseTieBreak:
		return roundup.CardAction(lowestOf(legalCards(legal), suit))
	case roundup.PhasePlay:
		if legal[0] != roundup.Pass {
			return forcedPlay(v, legal)
		}
		return s.freePlay(v, legalCards(legal), suit)
	case roundup.PhaseMore:
		return forcedPlay(v, legal)
	case roundup.PhaseTarget:
		return chooseTarget(v, legal)
	case roundup.PhaseSuit:
		return nameSuit(v)
	case roundup.PhaseNumber:
		return nameNumber(v)
	case roundup.PhaseAnswer:
		return s.answer(v, legalCards(legal), suit)
	}
	return s.penalty(v, legalCards(legal), suit)
}
