package nora

import (
	"math/bits"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// When a plan's switch is made.
const (
	switchNone  = iota // no switch: the pairs fall in the max-ip order
	switchLook         // before any pair is taken
	switchPath         // after the first steps of the max-ip order, pairs still waiting
	switchBlock        // after one block taken by hand, pairs still waiting
	switchRest         // once the cascade has come to rest
)

// A plan is one way to play a pass from the point where the player looks at
// it: at most one SWITCH, made before any pair is taken, between removal
// steps while pairs still wait (after some steps of the max-ip order, or
// after one chosen pair), or once the cascade has come to rest, every other
// pair falling in the max-ip order. The ip are counted from that point.
type plan struct {
	when   int        // switchNone … switchRest
	at     int        // the switch position (when ≠ switchNone)
	steps  int        // switchPath: max-ip steps taken first
	first  nora.Block // switchBlock: the block taken first
	before int        // ip the pass earns before the switch
	total  int        // ip the pass earns in all, its sweep and jamboree included
	next   int        // composition index of the deck left
	live   bool       // the pass removes a pair (counting any removed before)
}

// planner lists the plans of a pass. It allocates nothing once warm; one
// planner serves one goroutine.
type planner struct {
	cs                   *Comps
	base, rest, mid, try *nora.PassState
	path                 []nora.Block
	blocks               []nora.Block
	plans                []plan
	pos                  []int // creating's buffer
}

func newPlanner(r nora.Rules, cs *Comps) *planner {
	return &planner{cs: cs, base: nora.NewPassState(r), rest: nora.NewPassState(r),
		mid: nora.NewPassState(r), try: nora.NewPassState(r)}
}

// list returns the plans for the pass p, the no-switch plan first. The
// switches tried are those that make two equal ranks neighbours (any other
// swap of a deck at rest changes nothing; one while pairs wait only moves
// cards the cascade will move anyway); between steps, only those that touch
// a waiting pair. The slice is pl's own until the next call.
func (pl *planner) list(p *nora.PassState) []plan {
	pl.plans = pl.plans[:0]
	now := p.Earned()
	earned0 := now.Total()

	// No switch.
	pl.base.CopyFrom(p)
	pl.base.Settle(nil, nil)
	pl.rest.CopyFrom(pl.base) // at rest, before the bonus
	pl.plans = append(pl.plans, pl.finish(pl.base, switchNone, 0, earned0))
	pl.plans[0].before = pl.plans[0].total

	// A switch at the first look.
	for _, i := range pl.creating(p.Order(), 0) {
		pl.try.CopyFrom(p)
		pl.try.Switch(i)
		pl.try.Settle(nil, nil)
		pl.add(switchLook, i, earned0, earned0)
	}
	if !p.Waiting() {
		return pl.plans // at rest already: the first look is the rest
	}

	// A switch once the cascade has come to rest.
	restEarned := pl.rest.Earned()
	for _, i := range pl.creating(pl.rest.Order(), 0) {
		pl.try.CopyFrom(pl.rest)
		pl.try.Switch(i)
		pl.try.Settle(nil, nil)
		pl.add(switchRest, i, restEarned.Total(), earned0)
	}

	// A switch between the steps of the max-ip order.
	pl.path = p.Path(pl.path)
	pl.mid.CopyFrom(p)
	for s := 0; s+1 < len(pl.path); s++ {
		b := pl.path[s]
		pl.mid.Remove(b.At, b.Pairs, nil)
		pl.midSwitches(switchPath, s+1, nora.Block{}, earned0)
	}

	// A switch after one pair other than the max-ip order's first step.
	pl.blocks = p.Blocks(pl.blocks)
	for _, b := range pl.blocks {
		if b.Pairs != 1 || len(pl.path) > 0 && b == pl.path[0] {
			continue
		}
		pl.mid.CopyFrom(p)
		pl.mid.Remove(b.At, b.Pairs, nil)
		pl.midSwitches(switchBlock, 0, b, earned0)
	}
	return pl.plans
}

// midSwitches adds the plans switching now at pl.mid, pairs still waiting,
// for the switches that touch a waiting pair.
func (pl *planner) midSwitches(when, steps int, first nora.Block, earned0 int) {
	order := pl.mid.Order()
	waiting := waitingCards(order)
	if waiting == 0 {
		return
	}
	e := pl.mid.Earned()
	for _, i := range pl.creating(order, waiting) {
		pl.try.CopyFrom(pl.mid)
		pl.try.Switch(i)
		pl.try.Settle(nil, nil)
		pl.add(when, i, e.Total(), earned0)
		last := &pl.plans[len(pl.plans)-1]
		last.steps, last.first = steps, first
	}
}

// add appends the plan that switched at i and settled in pl.try, having
// earned before (counted from the pass's start) before its switch.
func (pl *planner) add(when, i, before, earned0 int) {
	pp := pl.finish(pl.try, when, i, earned0)
	pp.before = before - earned0
	pl.plans = append(pl.plans, pp)
}

// finish returns the plan ending with the settled pass q.
func (pl *planner) finish(q *nora.PassState, when, at, earned0 int) plan {
	e, bonus := q.Earned(), q.Bonus()
	return plan{when: when, at: at, total: e.Total() + bonus.Total() - earned0,
		next: pl.cs.of(q.Order()), live: q.Removed() > 0}
}

// creating returns the positions i at which swapping cards i and i+1 makes
// two equal ranks neighbours, and, if near is not zero, touches (within one
// place) a card whose bit is set in near. The slice is pl's own until the
// next call.
func (pl *planner) creating(order []cards.Card, near uint64) []int {
	pl.pos = creatingSwitches(pl.pos[:0], order, near)
	return pl.pos
}

// creatingSwitches appends to dst the positions i at which swapping cards i
// and i+1 makes two equal ranks neighbours and, if near is not zero,
// touches (within one place) a card whose bit is set in near.
func creatingSwitches(dst []int, order []cards.Card, near uint64) []int {
	// The swap at i brings card i+1 next to card i-1 and card i next to
	// card i+2.
	rw := newRankWords(order)
	eq := rw.sameRankAt(2)
	at := eq | eq<<1
	if near != 0 {
		at &= near<<1 | near | near>>1 | near>>2
	}
	for ; at != 0; at &= at - 1 {
		dst = append(dst, bits.TrailingZeros64(at))
	}
	return dst
}

// waitingCards returns the positions of the cards that have a neighbour of
// their rank.
func waitingCards(order []cards.Card) uint64 {
	rw := newRankWords(order)
	eq := rw.sameRankAt(1)
	return eq | eq<<1
}

// rankWords holds an order of at most 64 cards eight to a word, a card to
// a byte with its suit bits cleared, so that ranks compare eight at a time.
// The bytes past the order are zero, which no card's rank is.
type rankWords struct {
	w [9]uint64
	n int
}

// newRankWords returns the words of order.
func newRankWords(order []cards.Card) rankWords {
	var buf [72]cards.Card
	rw := rankWords{n: copy(buf[:64], order)}
	for i := range rw.w {
		b := buf[8*i : 8*i+8]
		rw.w[i] = (uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56) & suitsCleared
	}
	return rw
}

// suitsCleared keeps the rank bits of eight cards (cards.Card keeps the
// suit in its two low bits).
const suitsCleared = 0xfcfcfcfcfcfcfcfc

// sameRankAt returns the positions k of the order whose card has the rank
// of the card at k+d (d ≥ 1), as a set of bits.
func (rw *rankWords) sameRankAt(d int) uint64 {
	if d >= rw.n {
		return 0
	}
	var m uint64
	if d > 8 {
		// Farther than a word: card by card.
		for k := 0; k+d < rw.n; k++ {
			if rw.w[k/8]>>uint(k%8*8)&0xff == rw.w[(k+d)/8]>>uint((k+d)%8*8)&0xff {
				m |= 1 << uint(k)
			}
		}
		return m
	}
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	for i := range (rw.n - d + 7) / 8 {
		// Byte j of z is zero where the cards at 8i+j and 8i+j+d share
		// their rank; equal has its high bit set there, and the multiply
		// gathers those eight bits into the top byte.
		z := rw.w[i] ^ (rw.w[i]>>uint(8*d) | rw.w[i+1]<<uint(64-8*d))
		equal := ^((z&low7 + low7) | z) & high
		m |= (equal >> 7 * 0x0102040810204080 >> 56) << uint(8*i)
	}
	return m & (1<<uint(rw.n-d) - 1)
}

// actions returns the actions that play pp, in order; after them the
// player proceeds until the pass ends. It appends to dst[:0].
func (pl *planner) actions(pp plan, dst []games.Action) []games.Action {
	dst = dst[:0]
	switch pp.when {
	case switchLook:
		dst = append(dst, nora.SwitchAt(pp.at))
	case switchRest:
		dst = append(dst, nora.Proceed, nora.SwitchAt(pp.at))
	case switchPath:
		for _, b := range pl.path[:pp.steps] {
			dst = append(dst, nora.RemoveAt(b.At, b.Pairs))
		}
		dst = append(dst, nora.SwitchAt(pp.at))
	case switchBlock:
		dst = append(dst, nora.RemoveAt(pp.first.At, pp.first.Pairs), nora.SwitchAt(pp.at))
	}
	return append(dst, nora.Proceed)
}

// passPlanner lists the plans of a pass and the actions that play one: the
// whole-pass search, or the one-switch planner.
type passPlanner interface {
	// plans returns the plans of the pass p for a player holding h ip,
	// the plan without a switch first; the slice is the planner's own
	// until the next call.
	plans(p *nora.PassState, h int) []passPlan
	// actions appends to dst[:0] the actions that play pp, one of the
	// plans of the last call.
	actions(pp passPlan, dst []games.Action) []games.Action
	// rescue returns the index among the plans of the last call of
	// RescueSwitch's swap on a dead shuffle, or -1.
	rescue() int
}

// newPassPlanner returns the planner pl under r.
func newPassPlanner(r nora.Rules, cs *Comps, pl Planner) passPlanner {
	if pl == PlanOneSwitch {
		return &oneSwitch{pl: newPlanner(r, cs), sw: r.Switch}
	}
	return wholePass{newPassSearch(r, cs)}
}

// wholePass is the whole-pass search as a passPlanner. The solver's
// shuffles list the plans of a player holding up to searchMaxNeed ip; a
// player holding h ip searches only the plans it can pay for, needing at
// most h, which is far quicker when h is small. The two searches find the
// same plans needing at most h except where the beam (searchLimits) is
// full: there the one that makes no plan it cannot pay for has room for
// others, and can find a better plan the solver's list lacks (1 pass in
// 5,391 of 60 games at the default rules, 0.05 points a game), so the
// solver's value may understate the bot's score by that much, never
// overstate it.
type wholePass struct{ *passSearch }

func (w wholePass) plans(p *nora.PassState, h int) []passPlan {
	return w.list(p, min(max(h, 0), searchMaxNeed))
}
func (w wholePass) rescue() int { return -1 }

// oneSwitch is the one-switch planner as a passPlanner.
type oneSwitch struct {
	pl  *planner
	sw  int
	raw []plan
	out []passPlan
}

func (o *oneSwitch) plans(p *nora.PassState, _ int) []passPlan {
	o.raw = o.pl.list(p)
	o.out = o.out[:0]
	for i, pp := range o.raw {
		x := passPlan{next: pp.next, total: pp.total, live: pp.live, node: int32(i)}
		if pp.when != switchNone {
			x.s, x.need = 1, max(0, o.sw-pp.before)
		}
		o.out = append(o.out, x)
	}
	return o.out
}

func (o *oneSwitch) actions(pp passPlan, dst []games.Action) []games.Action {
	return o.pl.actions(o.raw[pp.node], dst)
}

func (o *oneSwitch) rescue() int {
	if o.raw[0].live {
		return -1
	}
	return rescueOf(o.pl.cs, o.raw)
}
