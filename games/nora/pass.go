package nora

import "github.com/cardsim/cardsim/games/cards"

// passBonus returns the ip a pass earns once its last pair has fallen: a
// Sweep for every rank that held four cards when the pass began and holds
// none now, unless one quad took them, the Jamboree for its pairs from
// the JamboreeFrom-th on, and Pair for each pair it removed other than the
// jokers'.
func passBonus(r *Rules, start *[15]uint8, left []cards.Card, quads uint16, removed int) Earned {
	var now [15]uint8
	for _, c := range left {
		now[c.Rank()]++
	}
	var e Earned
	for k := cards.Ace; k <= cards.King; k++ {
		if start[k] == 4 && now[k] == 0 && quads&(1<<k) == 0 {
			e[Sweep] += r.Sweep
		}
	}
	if p := removed / 2; p >= r.JamboreeFrom {
		e[Jamboree] = (p - r.JamboreeFrom + 1) * r.Jamboree
	}
	if r.Pair != 0 {
		jokers := int(start[cards.Joker]) - int(now[cards.Joker])
		e[Pair] = (removed - jokers) / 2 * r.Pair
	}
	return e
}

// Pass plays one pass over order under r with no switch: it removes every
// pair in the order the rules choose and returns the removal steps, the
// cards left and the ip earned by source, the pass's sweep and jamboree
// included. It is the engine's own removal, exposed for traces and for
// working examples by hand.
func Pass(r Rules, order []cards.Card) (steps []Step, left []cards.Card, ip Earned) {
	p := NewPassState(r)
	p.Begin(order)
	steps = []Step{}
	ip = p.Settle(nil, &steps)
	bonus := p.Bonus()
	ip.Add(&bonus)
	return steps, append([]cards.Card(nil), p.Order()...), ip
}
