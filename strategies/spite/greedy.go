package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/spite"
)

// Greedy plays one move at a time by fixed priorities:
//
//  1. its stockpile upcard, whenever it can;
//  2. otherwise a natural card that raises a centre stack to a rank below
//     the upcard's, the highest such rank first (the stack closest to
//     taking the upcard), a discard-pile top before a hand card;
//  3. a joker only when it makes the upcard playable at once;
//  4. if Spare is set, never a play (other than 1) that makes the
//     opponent's upcard playable;
//  5. then it discards the card that wastes least room on its piles (see
//     bestDiscard; a joker only when nothing else can go), provided that
//     waste is at most Gap; otherwise it ends the turn without a discard
//     when the rules allow, keeping its cards for later turns. (Always
//     discarding locks most cards away in the piles and draws a third of
//     greedy-against-greedy games at the turn cap.)
type Greedy struct {
	Spare bool
	Gap   int
}

func (g *Greedy) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Bool(&g.Spare, "spare", true, "refuse plays that would let the opponent play its upcard")
	o.Int(&g.Gap, "gap", 6, 0, 20, "discard only when the best discard wastes at most this much room (the pile's top rank less the card's; 13 less it on an empty pile, plus 1); otherwise end the turn")
	return o
}

// Begin does nothing: the bot keeps no state.
func (g *Greedy) Begin(uint64) {}

// Choose applies the priorities above.
func (g *Greedy) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*spite.View)
	if a, ok := stockpilePlay(legal); ok {
		return a
	}
	u, o := upcardRank(v, v.Me), upcardRank(v, 1-v.Me)
	best, bestScore := games.Action(-1), -1
	for _, a := range legal {
		m := spite.Decode(a)
		if m.Kind != spite.KindPlay {
			break
		}
		t := m.Target
		if g.Spare && o > 0 && t == o-1 && t != u-1 {
			continue
		}
		joker := false
		if p := m.Source.Pile(); p >= 0 {
			d := v.Discards[v.Me][p]
			joker = d[len(d)-1].IsJoker()
		} else {
			joker = m.Source.HandRank() == cards.Joker
		}
		score := -1
		switch {
		case joker && t == u-1:
			score = 90
		case !joker && t < u:
			score = 100 + 2*int(t)
		}
		if score >= 0 && m.Source.Pile() >= 0 {
			score++
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	if bestScore >= 0 {
		return best
	}
	if !canEnd(legal) {
		return fallback(legal)
	}
	a, gap := bestDiscard(v, legal)
	if gap > g.Gap && v.Rules.Discard == spite.DiscardOptional && contains(legal, spite.End) {
		return spite.End
	}
	return a
}
