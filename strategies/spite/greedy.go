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
//     upcard (or win, when the upcard is the last card). Once its own
//     stockpile has not moved for Dig turns (both seats' turns counted),
//     it also plays a joker that lets the top card of one of its discard
//     piles follow it onto the stack, after the plays of rules 2 and 5,
//     the highest stack first: the cards it digs out go to the centre and
//     back into the stock, where they can reach its upcard later.
//     (Keeping jokers for an upcard no chain reaches locked the cards in
//     the piles until the game was drawn: against random, greedy drew
//     9.6% of its games, 6.6% with dig=30, in `tournament spite
//     --strategies planner,greedy,random --games 2000 --seed 1`; dig=10
//     drew as few but fell from 51.3% to 46.0% against the planner.);
//  4. if Spare is set, a play (other than 1 and 3) that makes the
//     opponent's upcard playable only when the cards within reach carry
//     that stack on, this turn, to the rank below its own upcard or past
//     the opponent's (a natural card of that rank is within reach), so
//     that the opponent never finds it there. It spares the opponent only
//     so long: once its own stockpile has not moved for Patience turns
//     (both seats' turns counted) it plays as if Spare were not set, and
//     it does not spare in the endgame (below), where every stack goes
//     back into the stock before the opponent moves. (Sparing without
//     end let a player who never builds stall the game: greedy drew 55%
//     of its games against random.);
//  5. then a natural card that raises a stack above its upcard's rank,
//     the highest first: a card its upcard cannot use now goes to the
//     centre, and so back into the stock, rather than into the hand or a
//     discard pile; in the endgame, when the stock holds rebuild-at cards
//     or fewer under rebuild=all so that every centre card goes back into
//     the stock at the next draw, any natural play to any stack;
//  6. then it discards the card that wastes least room on its piles (see
//     bestDiscard; a joker only when nothing else can go), provided that
//     waste is at most Gap, or its hand is full; otherwise it ends the
//     turn without a discard when the rules allow, keeping its cards for
//     later turns. (Always discarding locks most cards away in the piles
//     and draws a third of greedy-against-greedy games at the turn cap;
//     never discarding from a full hand draws no new card, and a table
//     where neither seat can play sits still until the game is drawn.)
//  7. with nothing to discard and an empty stock, where ending the turn
//     would change nothing, any play from a discard pile to the centre
//     (the highest stack first, so that stacks complete and can be
//     rebuilt into a stock), as long as it does not free the opponent's
//     upcard.
type Greedy struct {
	Spare    bool
	Patience int
	Gap      int
	Dig      int
	Idle     bool

	left  int // the seat's stockpile at its last choice
	since int // the turn its stockpile last moved

	s     searcher
	plan  []games.Action
	next  int
	turn  int
	key   [3]int
	moved bool // it has played to the centre this turn
	mturn int
}

func (g *Greedy) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Bool(&g.Spare, "spare", true, "refuse plays that would let the opponent play its upcard, unless the stack is carried past it this turn")
	o.Int(&g.Patience, "patience", 10, 0, 1000, "turns (both seats counted) without a card off its own stockpile after which it stops sparing the opponent (0: never spares)")
	o.Int(&g.Gap, "gap", 6, 0, 20, "discard only when the best discard wastes at most this much room (the pile's top rank less the card's; 13 less it on an empty pile, plus 1); otherwise end the turn")
	o.Int(&g.Dig, "dig", 30, 0, 1000, "turns (both seats counted) without a card off its own stockpile after which it plays a joker that lets a discard pile's top card follow it")
	o.Bool(&g.Idle, "idle", true, "x")
	return o
}

// Begin starts a new game.
func (g *Greedy) Begin(uint64) { g.left, g.since, g.plan, g.next, g.turn = -1, 0, g.plan[:0], 0, -1 }

// Choose applies the priorities above.
func (g *Greedy) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*spite.View)
	if v.Turn != g.mturn {
		g.mturn, g.moved = v.Turn, false
	}
	a := g.choose(v, legal)
	if spite.Decode(a).Kind == spite.KindPlay {
		g.moved = true
	}
	return a
}

func (g *Greedy) choose(v *spite.View, legal []games.Action) games.Action {
	if n := v.Stockpiles[v.Me]; n != g.left {
		g.left, g.since = n, v.Turn
	}
	if a, ok := stockpilePlay(legal); ok {
		return a
	}
	u, o := upcardRank(v, v.Me), upcardRank(v, 1-v.Me)
	if g.next < len(g.plan) && g.turn == v.Turn && contains(legal, g.plan[g.next]) {
		g.next++
		return g.plan[g.next-1]
	}
	g.plan = g.plan[:0]
	endgame := v.Rules.Rebuild == spite.RebuildAll && v.Stock <= v.Rules.RebuildAt
	spare := g.Spare && !endgame && v.Turn-g.since < g.Patience
	best, bestScore := games.Action(-1), -1
	anyFrees := false
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
		frees := t < u && chainFrees(v, m.Source, t, u)
		anyFrees = anyFrees || frees
		if spare && o > 0 && t == o-1 && t != u-1 && !frees && !carries(v, m.Source, o) {
			continue
		}
		score := -1
		switch {
		case joker && frees:
			score = 90
		case joker && v.Turn-g.since >= g.Dig && bridges(v, m.Source, t):
			score = 10 + int(t)
		case joker:
		case t < u:
			score = 100 + 2*int(t)
		case t > u || endgame:
			score = 20 + int(t)
		}
		if score >= 0 && m.Source.Pile() >= 0 {
			score++
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	if !anyFrees {
		if len(v.Hand) < g.key[2] && v.Turn == g.key[0] {
			g.key[2] = len(v.Hand)
		}
		if k := [3]int{v.Turn, v.Stockpiles[v.Me], len(v.Hand)}; u > 0 && (k[0] != g.key[0] || k[1] != g.key[1] || k[2] > g.key[2]) {
			g.key = k
			g.turn, g.next = v.Turn, 0
			g.plan = g.s.search(v, 400, freeJokerCost, 120, g.plan[:0])
			if !g.s.freed {
				g.plan = g.plan[:0]
			} else if len(g.plan) > 0 {
				g.next = 1
				return g.plan[0]
			}
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
		if p, ok := digPlay(v, legal, o, u, spare); ok {
			return p
		}
	}
	if gap > g.Gap && (g.moved || !g.Idle) && len(v.Hand) < v.Rules.Hand && v.Rules.Discard == spite.DiscardOptional && contains(legal, spite.End) {
		return spite.End
	}
	return a
}

// carries reports whether, once a card from src has raised a stack to the
// rank below o, a natural card of rank o is within reach (in the hand or
// on top of a discard pile) to carry the stack past it.
func carries(v *spite.View, src spite.Source, o cards.Rank) bool {
	for _, c := range v.Hand {
		if c.Rank() == o {
			return true
		}
	}
	for i, d := range v.Discards[v.Me] {
		n := len(d)
		if src.Pile() == i {
			n-- // the card played
		}
		if n > 0 && d[n-1].Rank() == o {
			return true
		}
	}
	return false
}

// chainFrees reports whether, once a card from src (a joker or a natural
// card) has raised a stack to rank t, the cards within the seat's reach can
// carry that stack on to rank u−1, so that the upcard of rank u can go on
// it this turn: for each rank in turn a natural card from the hand, else
// one on top of a discard pile (the card beneath it is then within reach),
// else a joker from the hand, else one on top of a pile.
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
		hand[src.HandRank()]--
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

// bridges reports whether, once a joker from src has raised a stack to
// rank t, a natural card of rank t+1 is within reach on top of one of the
// seat's discard piles, so that the joker lets a pile card back into play.
func bridges(v *spite.View, src spite.Source, t cards.Rank) bool {
	if t >= cards.King {
		return false
	}
	for i, d := range v.Discards[v.Me] {
		n := len(d)
		if src.Pile() == i {
			n--
		}
		if n > 0 && d[n-1].Rank() == t+1 {
			return true
		}
	}
	return false
}
