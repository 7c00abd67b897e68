package flip

import (
	"math/bits"

	"github.com/cardsim/cardsim/games/flip"
)

// The proof rules of winPossible, as bits of Solver.off (the tests switch
// them off one at a time; the package documentation gives the reasoning).
const (
	ruleParity    = 1 << iota // a partner has the other parity
	ruleNeighbour             // a partner is not the permanent neighbour
	ruleFlipFirst             // a light end meets its flip partner first
	ruleNest                  // the partners of the lowest and highest card nest
	ruleClear                 // the cards between those partners can be cleared
	ruleReduce                // a remove-rank's inside can shrink to two cards
	ruleLightEnd              // a light end's flip partner can come near it
)

// winPossible checks necessary conditions of a win, given as proof rules
// in the package documentation. The cards still present (held or not yet
// dealt) keep their order; the lowest of them, lo, and the highest, hi, can
// never be middle cards, so each can leave only by remove-rank, as an end,
// with a partner; the removals that take out the rest must fit between
// those partners.
func (sv *Solver) winPossible(k flip.Key) bool {
	if k.Held == 0 {
		return true
	}
	present := present(k, sv.size)
	if sv.startDir {
		k.Dark |= present // every card is dealt dark
	}
	lo := bits.TrailingZeros64(present)
	rest := present &^ (1 << lo)
	if rest == 0 {
		return false
	}
	qlo := sv.partners(k, present, lo, rest&-rest, false)
	if qlo == 0 {
		return false
	}
	hi := 63 - bits.LeadingZeros64(present)
	below := present &^ (1 << hi)
	qhi := sv.partners(k, present, hi, 1<<(63-bits.LeadingZeros64(below)), true)
	if qhi == 0 {
		return false
	}
	if sv.off&ruleNest != 0 {
		return true
	}
	// One remove-rank takes out both lo and hi, or lo's partner q lies
	// below hi's partner a, the cards between them cleared on their own.
	if qlo>>hi&1 != 0 && sv.canReduce(present, lo, hi, sv.depth) {
		return true
	}
	for m := qlo &^ (1 << hi); m != 0; m &= m - 1 {
		q := bits.TrailingZeros64(m)
		if !sv.canReduce(present, lo, q, sv.depth) {
			continue
		}
		for n := qhi &^ (2<<q - 1); n != 0; n &= n - 1 {
			a := bits.TrailingZeros64(n)
			if sv.canClear(present, q, a, sv.depth) && sv.canReduce(present, a, hi, sv.depth) {
				return true
			}
		}
	}
	return false
}

// canReduce reports whether the cards present between e and f, the ends of
// a remove-rank, could be brought down to the two middle cards x < y of
// that removal: the cards between e and x, x and y, y and f must each be
// cleared (canClear). depth bounds the recursion.
func (sv *Solver) canReduce(present uint64, e, f, depth int) bool {
	return sv.canReduceW(present, e, f, depth, true, true)
}

// canReduceW is canReduce where e (eOK false) or f (fOK false) may not be
// an end of the removals.
func (sv *Solver) canReduceW(present uint64, e, f, depth int, eOK, fOK bool) bool {
	if sv.off&ruleReduce != 0 {
		return true
	}
	in := present & (1<<f - 1) &^ (2<<e - 1)
	for xs := in & oddEven[e&1^1]; xs != 0; xs &= xs - 1 {
		x := bits.TrailingZeros64(xs)
		if !sv.canClearW(present, e, x, depth, eOK, true) {
			continue
		}
		for ys := in & oddEven[x&1^1] &^ (2<<x - 1); ys != 0; ys &= ys - 1 {
			y := bits.TrailingZeros64(ys)
			if sv.canClearW(present, y, f, depth, true, fOK) && sv.canClear(present, x, y, depth) {
				return true
			}
		}
	}
	return false
}

// canClear reports whether the cards present between q and a could all be
// removed by removals that nest between q and a, which stay while there is
// a card between them. The lowest of those cards then leaves as a middle
// beside q (remove-suit [q c y e]: q and e share a dark suit, and the cards
// between c and y, and y and e, are cleared first) or as the lower end of a
// remove-rank inside (whose inside is reduced first), and likewise the
// highest beside a or as an upper end. Below depth 0 the cards cleared
// first are not checked.
func (sv *Solver) canClear(present uint64, q, a, depth int) bool {
	return sv.canClearW(present, q, a, depth, true, true)
}

// canClearW is canClear where q (qOK false) or a (aOK false) may not be an
// end of the removals.
func (sv *Solver) canClearW(present uint64, q, a, depth int, qOK, aOK bool) bool {
	r := present & (1<<a - 1) &^ (2<<q - 1)
	if r == 0 || sv.off&ruleClear != 0 {
		return true
	}
	c := bits.TrailingZeros64(r)
	if r&(r-1) == 0 {
		return false // a lone card: r holds an even number
	}
	next := r & (r - 1)
	next &= -next
	h := 63 - bits.LeadingZeros64(r)
	prev := uint64(1) << (63 - bits.LeadingZeros64(r&^(1<<h)))
	lowRank := sv.darkOf[sv.darkRank[c]] & r & oddEven[c&1^1] &^ next
	lowSuit := sv.suitOf[sv.darkSuit[q]] & (r | 1<<a) & oddEven[q&1^1] &^ (1 << c)
	highRank := sv.darkOf[sv.darkRank[h]] & r & oddEven[h&1^1] &^ prev
	highSuit := sv.suitOf[sv.darkSuit[a]] & (r | 1<<q) & oddEven[a&1^1] &^ (1 << h)
	if !qOK {
		lowSuit = 0
		highSuit &^= 1 << q
	}
	if !aOK {
		highSuit = 0
		lowSuit &^= 1 << a
	}
	if lowRank|lowSuit == 0 || highRank|highSuit == 0 {
		return false
	}
	if depth <= 0 {
		return true
	}
	depth--
	return sv.leaves(present, r, c, lowRank, lowSuit, false, depth) &&
		sv.leaves(present, r, h, highRank, highSuit, true, depth)
}

// leaves reports whether card c, the lowest (the highest if top) of the
// cards r being cleared, could leave: by remove-rank with a partner in
// rank, whose inside is reduced first, or by remove-suit beside the wall
// with an other end in suit, the cards between cleared first.
func (sv *Solver) leaves(present, r uint64, c int, rank, suit uint64, top bool, depth int) bool {
	for m := rank; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		if top && sv.canReduce(present, p, c, depth) || !top && sv.canReduce(present, c, p, depth) {
			return true
		}
	}
	// [wall c y e] from below, [e x c wall] from above: y (x) lies in r,
	// at odd distances from c and e.
	for m := suit; m != 0; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		var mid uint64
		if top {
			mid = r & oddEven[c&1^1] &^ (2<<e - 1) & (1<<c - 1)
		} else {
			mid = r & oddEven[c&1^1] &^ (2<<c - 1) & (1<<e - 1)
		}
		for ; mid != 0; mid &= mid - 1 {
			y := bits.TrailingZeros64(mid)
			if top && sv.canClear(present, e, y, depth) && sv.canClear(present, y, c, depth) ||
				!top && sv.canClear(present, c, y, depth) && sv.canClear(present, y, e, depth) {
				return true
			}
		}
	}
	return false
}

// oddEven masks the cards of each parity: oddEven[p&1] holds the cards
// whose number has p's parity.
var oddEven = [2]uint64{0x5555555555555555, 0xaaaaaaaaaaaaaaaa}

// partners returns the cards that could be the partner of card p, an end
// of the pile (the top if top), in the remove-rank that takes p out: cards
// present, of p's dark rank and the other parity, other than adj (p's
// neighbour for as long as both are held). If p shows light it must first
// meet a card showing its light rank, which is no farther from p than the
// partner; partners returns 0 if there is none.
func (sv *Solver) partners(k flip.Key, present uint64, p int, adj uint64, top bool) uint64 {
	others := present &^ (1 << p)
	if sv.off&ruleParity == 0 {
		others &= oddEven[p&1^1]
	}
	if sv.off&ruleNeighbour == 0 {
		others &^= adj
	}
	q := sv.darkOf[sv.darkRank[p]] & others
	if k.Dark>>p&1 == 0 && q != 0 {
		r := sv.lightRank[p]
		m := (sv.lightOf[r]&^k.Dark | sv.darkOf[r]) & others
		if sv.off&ruleLightEnd == 0 {
			// p turns dark three places from its flip partner: the
			// cards between them shrink to two first, without p.
			for c := m; c != 0; c &= c - 1 {
				f := bits.TrailingZeros64(c)
				if top && !sv.canReduceW(present, f, p, sv.depth, true, false) ||
					!top && !sv.canReduceW(present, p, f, sv.depth, false, true) {
					m &^= 1 << f
				}
			}
		}
		switch {
		case m == 0:
			return 0
		case sv.off&ruleFlipFirst != 0:
		case top:
			q &= 2<<(63-bits.LeadingZeros64(m)) - 1 // at or below the highest
		default:
			q &^= 1<<bits.TrailingZeros64(m) - 1 // at or above the lowest
		}
	}
	return q
}

// The depths of winPossible's nested checks: deep once for the position
// solved, shallower at every position searched.
const (
	rootDepth   = 6
	searchDepth = 2
)
