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

// closing is the room a discard is counted to waste, on top of its gap,
// when it closes the seat's last discard pile open to high cards.
const closing = 100

// bestDiscard returns the legal discard that wastes least room (ties to
// the higher card, which is further from being needed), or spite.End if
// there is no discard, with the room it wastes. When only one of the
// seat's piles still takes a card of rank keep (an empty pile takes any),
// a card below keep discarded onto it counts as wasting closing more, so
// that a hand of high cards always has somewhere to go (keep 0: no such
// pile).
func bestDiscard(v *spite.View, legal []games.Action, keep cards.Rank) (games.Action, int) {
	best, bestGap, bestRank := spite.End, 1<<30, cards.Rank(0)
	open := 0 // piles that take a card of rank keep
	for _, d := range v.Discards[v.Me] {
		if spite.Bound(d) >= keep {
			open++
		}
	}
	for _, a := range legal {
		m := spite.Decode(a)
		if m.Kind != spite.KindDiscard {
			continue
		}
		pile := v.Discards[v.Me][m.Pile]
		g := pileGap(m.Rank, pile)
		if keep > 0 && open == 1 && spite.Bound(pile) >= keep && m.Rank < keep && m.Rank != cards.Joker {
			g += closing
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
