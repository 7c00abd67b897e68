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
//  3. a joker only when it frees the upcard this turn: when it raises a
//     stack to the rank below the upcard's, or to a rank from which the
//     cards within reach (its hand and the tops of its discard piles,
//     naturals where it holds the rank and jokers for the rest) carry the
//     stack on to it. It chains jokers as a person would, one after the
//     other, and so never sits on jokers while they could free the
//     upcard (or win, when the upcard is the last card);
//  4. if Spare is set, never a play (other than 1 and 3) that makes the
//     opponent's upcard playable;
//  5. then it discards the card that wastes least room on its piles (see
//     bestDiscard; a joker only when nothing else can go), provided that
//     waste is at most Gap, or its hand is full; otherwise it ends the
//     turn without a discard when the rules allow, keeping its cards for
//     later turns. (Always discarding locks most cards away in the piles
//     and draws a third of greedy-against-greedy games at the turn cap;
//     never discarding from a full hand draws no new card, and a table
//     where neither seat can play sits still until the game is drawn.)
//  6. with nothing to discard and an empty stock, where ending the turn
//     would change nothing, any play from a discard pile to the centre
//     (the highest stack first, so that stacks complete and can be
//     rebuilt into a stock), as long as it does not free the opponent's
//     upcard.
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
		joker := false
		if p := m.Source.Pile(); p >= 0 {
			d := v.Discards[v.Me][p]
			joker = d[len(d)-1].IsJoker()
		} else {
			joker = m.Source.HandRank() == cards.Joker
		}
		frees := joker && t < u && chainFrees(v, m.Source, t, u)
		if g.Spare && o > 0 && t == o-1 && t != u-1 && !frees {
			continue
		}
		score := -1
		switch {
		case frees:
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
	if a == spite.End && v.Stock == 0 {
		// Nothing to discard and nothing to draw: ending the turn changes
		// nothing, so dig into the discard piles rather than sit still.
		if p, ok := digPlay(v, legal, o, u, g.Spare); ok {
			return p
		}
	}
	if gap > g.Gap && len(v.Hand) < v.Rules.Hand && v.Rules.Discard == spite.DiscardOptional && contains(legal, spite.End) {
		return spite.End
	}
	return a
}

// chainFrees reports whether, once a joker from src has raised a stack to
// rank t, the cards within the seat's reach can carry that stack on to
// rank u−1, so that the upcard of rank u can go on it this turn: for each
// rank in turn a natural card from the hand, else one on top of a discard
// pile (the card beneath it is then within reach), else a joker from the
// hand, else one on top of a pile.
func chainFrees(v *spite.View, src spite.Source, t, u cards.Rank) bool {
	var hand [cards.Joker + 1]int
	for _, c := range v.Hand {
		hand[c.Rank()]++
	}
	var depth [spite.NumPiles]int // cards left in each pile
	for i, d := range v.Discards[v.Me] {
		depth[i] = len(d)
	}
	if p := src.Pile(); p >= 0 {
		depth[p]--
	} else {
		hand[cards.Joker]--
	}
	top := func(i int) cards.Rank {
		if depth[i] == 0 {
			return 0
		}
		return v.Discards[v.Me][i][depth[i]-1].Rank()
	}
	fromPile := func(r cards.Rank) bool {
		for i := range depth {
			if top(i) == r {
				depth[i]--
				return true
			}
		}
		return false
	}
	for r := t + 1; r < u; r++ {
		switch {
		case hand[r] > 0:
			hand[r]--
		case fromPile(r):
		case hand[cards.Joker] > 0:
			hand[cards.Joker]--
		case fromPile(cards.Joker):
		default:
			return false
		}
	}
	return true
}

// digPlay returns the play of a discard pile's top card to the centre that
// raises the highest stack, leaving the opponent's upcard (of rank o) out
// of reach when spare is set and the seat's own (of rank u) is not freed.
func digPlay(v *spite.View, legal []games.Action, o, u cards.Rank, spare bool) (games.Action, bool) {
	best, bestT, ok := games.Action(0), cards.Rank(0), false
	for _, a := range legal {
		m := spite.Decode(a)
		if m.Kind != spite.KindPlay || m.Source.Pile() < 0 {
			continue
		}
		if spare && o > 0 && m.Target == o-1 && m.Target != u-1 {
			continue
		}
		if m.Target > bestT {
			best, bestT, ok = a, m.Target, true
		}
	}
	return best, ok
}
