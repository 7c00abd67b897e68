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
//  4. if no single play of rules 2 and 3 starts a chain that frees the
//     upcard, it searches the turn's sequences of plays, as the planner
//     does (up to Search positions, once a turn and again after a new
//     upcard or a new hand), for one that frees it, and follows the one it
//     finds, whatever order of hand, pile tops and jokers that takes: a
//     pile top played before a hand card of the same rank uncovers the
//     card beneath, which rule 3's count misses. (Its drawn games against
//     random, most with a King or Queen upcard stuck for good, fell from
//     287 to 220 of 4,000 in `tournament spite --strategies greedy,random
//     --games 2000 --seed 21`, its record against the planner unchanged;
//     searching first, before rules 2 and 3, fell against the planner,
//     from 51.8% of its games won to 45.9%.);
//  5. if Spare is set, a play (other than 1 and 3) that makes the
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
//  6. then a natural card that raises a stack above its upcard's rank,
//     the highest first: a card its upcard cannot use now goes to the
//     centre, and so back into the stock, rather than into the hand or a
//     discard pile; in the endgame, when the stock holds rebuild-at cards
//     or fewer under rebuild=all so that every centre card goes back into
//     the stock at the next draw, any natural play to any stack;
//  7. in the endgame, once its own stockpile has not moved for Feed turns
//     and a 2 or a joker tops one of the opponent's discard piles, it
//     feeds the opponent's piles instead of cycling its own few cards: it
//     plays no hand card that does not free its upcard, discards an ace
//     onto its own piles (an ace there must be played next turn, from the
//     pile, which leaves the hand full), and once it has played that ace
//     ends its turn without a discard. A full hand draws nothing, and so
//     sweeps no stack back into the stock: the ace stays in the centre for
//     the opponent's 2, and the cards locked under it come back into play.
//     (A player who discards at random tops its piles with low cards and
//     holds high ones it can neither play nor discard; once the stock is
//     down to a few cards every draw sweeps the centre, the aces and 2s
//     went round the centre, the stock and greedy's hand, and the game was
//     drawn on a repeated position: 130 of its 204 draws against random,
//     in the tournament above, with rules 4 and 8. Feeding leaves 145
//     draws, 48 of them on a repeated position, and its record against
//     the planner as it was: 2071 of 4,000 games won in `tournament spite
//     --strategies planner,greedy --games 2000 --seed 21`, 2072 before
//     rules 4, 7 and 8.);
//  8. then it discards the card that wastes least room on its piles (see
//     bestDiscard; a joker only when nothing else can go), keeping one
//     pile open to cards of rank Keep or higher while it has one, provided
//     that waste is at most Gap, or its hand is full; otherwise it ends
//     the turn without a discard when the rules allow, keeping its cards
//     for later turns. (Always discarding locks most cards away in the
//     piles and draws a third of greedy-against-greedy games at the turn
//     cap; never discarding from a full hand draws no new card, and a
//     table where neither seat can play sits still until the game is
//     drawn. Piles all topped by low cards left greedy holding Kings,
//     Queens and Jacks it could not discard, against a player holding the
//     same: keeping a pile open to Jacks took greedy's draws against
//     random for want of any move from 28 to 12, and all from 220 to 204.)
//  9. with nothing to discard and an empty stock, where ending the turn
//     would change nothing, any play from a discard pile to the centre
//     (the highest stack first, so that stacks complete and can be
//     rebuilt into a stock), as long as it does not free the opponent's
//     upcard.
type Greedy struct {
	Spare    bool
	Patience int
	Gap      int
	Dig      int
	Search   int
	Feed     int
	Keep     int

	left  int  // the seat's stockpile at its last choice
	since int  // the turn its stockpile last moved
	turn  int  // the turn of its last choice
	moved bool // it has played to the centre this turn

	s       searcher
	plan    []games.Action // a sequence of plays that frees the upcard
	next    int            // the step of plan to play next
	planned [3]int         // turn, stockpile and hand size at the last search
}

func (g *Greedy) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Bool(&g.Spare, "spare", true, "refuse plays that would let the opponent play its upcard, unless the stack is carried past it this turn")
	o.Int(&g.Patience, "patience", 10, 0, 1000, "turns (both seats counted) without a card off its own stockpile after which it stops sparing the opponent (0: never spares)")
	o.Int(&g.Gap, "gap", 6, 0, 20, "discard only when the best discard wastes at most this much room (the pile's top rank less the card's; 13 less it on an empty pile, plus 1); otherwise end the turn")
	o.Int(&g.Dig, "dig", 30, 0, 1000, "turns (both seats counted) without a card off its own stockpile after which it plays a joker that lets a discard pile's top card follow it")
	o.Int(&g.Search, "search", 400, 0, 1000000, "positions searched for a sequence of plays that frees the upcard when no single play starts one (0: no search)")
	o.Int(&g.Feed, "feed", 30, 0, 1000, "endgame turns (both seats counted) without a card off its own stockpile after which it leaves an ace stack for a 2 on the opponent's discard piles rather than cycle its own cards (0: never)")
	o.Int(&g.Keep, "keep", 11, 0, 13, "keep one discard pile open to cards of this rank or higher while it has one (0: no such pile)")
	return o
}

// Begin starts a new game.
func (g *Greedy) Begin(uint64) {
	g.left, g.since, g.turn, g.moved = -1, 0, -1, false
	g.plan, g.next, g.planned = g.plan[:0], 0, [3]int{-1, -1, -1}
}

// Choose applies the priorities above.
func (g *Greedy) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*spite.View)
	if v.Turn != g.turn {
		g.turn, g.moved = v.Turn, false
	}
	if n := v.Stockpiles[v.Me]; n != g.left {
		g.left, g.since = n, v.Turn
	}
	a := g.choose(v, legal)
	if spite.Decode(a).Kind == spite.KindPlay {
		g.moved = true
	}
	return a
}

func (g *Greedy) choose(v *spite.View, legal []games.Action) games.Action {
	if a, ok := stockpilePlay(legal); ok {
		return a
	}
	if g.next < len(g.plan) {
		if a := g.plan[g.next]; g.planned[0] == v.Turn && contains(legal, a) {
			g.next++
			return a
		}
		g.plan, g.next = g.plan[:0], 0
	}
	u, o := upcardRank(v, v.Me), upcardRank(v, 1-v.Me)
	endgame := v.Rules.Rebuild == spite.RebuildAll && v.Stock <= v.Rules.RebuildAt
	spare := g.Spare && !endgame && v.Turn-g.since < g.Patience
	feed := g.Feed > 0 && endgame && v.Turn-g.since >= g.Feed && !v.Rules.ForceHandAces && opensTo(v, 1-v.Me, cards.Ace+1)
	best, bestScore := games.Action(-1), -1
	freeing := false // a single play starts a chain that frees the upcard
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
		freeing = freeing || frees
		if feed && !frees && m.Source.HandRank() != 0 {
			continue
		}
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
	if !freeing && u > 0 && g.Search > 0 {
		if a, ok := g.searchFree(v); ok {
			return a
		}
	}
	if bestScore >= 0 {
		return best
	}
	if !canEnd(legal) {
		return fallback(legal)
	}
	if feed {
		if g.moved && len(v.Hand) == v.Rules.Hand && len(v.Stacks) > 0 && contains(legal, spite.End) {
			return spite.End
		}
		for _, a := range legal {
			if m := spite.Decode(a); m.Kind == spite.KindDiscard && m.Rank == cards.Ace {
				return a
			}
		}
	}
	a, gap := bestDiscard(v, legal, cards.Rank(g.Keep))
	if a == spite.End && v.Stock == 0 {
		// Nothing to discard and nothing to draw: ending the turn changes
		// nothing, so dig into the discard piles rather than sit still.
		if p, ok := digPlay(v, legal, o, u, spare); ok {
			return p
		}
	}
	if gap > g.Gap && len(v.Hand) < v.Rules.Hand && v.Rules.Discard == spite.DiscardOptional && contains(legal, spite.End) {
		return spite.End
	}
	return a
}

// searchFree searches the turn's sequences of plays for one that frees the
// upcard, once a turn and again after a new upcard or a new hand (a chance
// event the search could not foresee), and returns its first step.
func (g *Greedy) searchFree(v *spite.View) (games.Action, bool) {
	if g.planned[0] == v.Turn && g.planned[1] == v.Stockpiles[v.Me] && len(v.Hand) <= g.planned[2] {
		g.planned[2] = len(v.Hand) // a refill shows as a larger hand
		return 0, false
	}
	g.planned = [3]int{v.Turn, v.Stockpiles[v.Me], len(v.Hand)}
	g.plan = g.s.search(v, g.Search, freeJokerCost, 120, g.plan[:0])
	if !g.s.freed || len(g.plan) == 0 {
		g.plan, g.next = g.plan[:0], 0
		return 0, false
	}
	g.next = 1
	return g.plan[0], true
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

// opensTo reports whether one of seat's discard piles is topped by a card
// of rank r or a joker.
func opensTo(v *spite.View, seat int, r cards.Rank) bool {
	for _, d := range v.Discards[seat] {
		if n := len(d); n > 0 && (d[n-1].Rank() == r || d[n-1].IsJoker()) {
			return true
		}
	}
	return false
}
