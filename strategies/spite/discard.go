package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/spite"
)

// upcardRank returns the rank of seat's upcard, or 0 for an empty stockpile.
func upcardRank(v *spite.View, seat int) cards.Rank {
	if v.Stockpiles[seat] == 0 {
		return 0
	}
	return v.Upcards[seat].Rank()
}

// pileGap returns how much room a discard of rank r onto pile wastes: the
// bound of the pile less r (13 less r for an empty pile, plus one so that
// a pile in use is preferred at equal gap). Jokers waste nothing on a pile
// but are worth keeping in hand; they score 20.
func pileGap(r cards.Rank, pile []cards.Card) int {
	if r == cards.Joker {
		return 20
	}
	g := int(spite.Bound(pile)) - int(r)
	if len(pile) == 0 {
		g++
	}
	return g
}

var keepHigh cards.Rank = 11

// bestDiscard returns the legal discard that wastes least room (ties to
// the higher card, which is further from being needed), or spite.End if
// there is no discard.
func bestDiscard(v *spite.View, legal []games.Action) (games.Action, int) {
	best, bestGap, bestRank := spite.End, 1<<30, cards.Rank(0)
	high := 0 // piles that take a card of rank keepHigh
	for _, d := range v.Discards[v.Me] {
		if spite.Bound(d) >= keepHigh {
			high++
		}
	}
	for _, a := range legal {
		m := spite.Decode(a)
		if m.Kind != spite.KindDiscard {
			continue
		}
		pile := v.Discards[v.Me][m.Pile]
		g := pileGap(m.Rank, pile)
		if keepHigh > 0 && high == 1 && spite.Bound(pile) >= keepHigh && m.Rank < keepHigh && m.Rank != cards.Joker {
			g += 100
		}
		if g < bestGap || (g == bestGap && m.Rank > bestRank) {
			best, bestGap, bestRank = a, g, m.Rank
		}
	}
	return best, bestGap
}

// fallback returns an action for a turn that may not end yet (an ace must
// still be played): an ace if one is offered, else the first legal action.
func fallback(legal []games.Action) games.Action {
	for _, a := range legal {
		if m := spite.Decode(a); m.Kind == spite.KindPlay && m.Target == cards.Ace {
			return a
		}
	}
	return legal[0]
}

// stockpilePlay returns the legal play of the stockpile upcard, if any.
func stockpilePlay(legal []games.Action) (games.Action, bool) {
	for _, a := range legal {
		if m := spite.Decode(a); m.Kind == spite.KindPlay && m.Source == spite.FromStockpile {
			return a, true
		}
	}
	return 0, false
}

// canEnd reports whether legal lets the turn end (by a discard or End).
func canEnd(legal []games.Action) bool {
	return spite.Decode(legal[len(legal)-1]).Kind != spite.KindPlay
}
