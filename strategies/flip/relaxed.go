package flip

import (
	"math/bits"

	"github.com/cardsim/cardsim/games/flip"
)

// relaxed plays the relaxed game of the package documentation (section
// "The relaxed game") on the whole deck dealt: a card turned dark goes on
// matching by its light face too, except the cards of exact, which show
// one face as in the real game. Every play that turns no light exact card
// dark is made at once (closure), since in the relaxed game a darker pile
// is never worse; the search branches only on removals and on flips that
// turn exact cards. A position lost in the relaxed game is lost in the
// real one, so relaxed.win proves losses; a relaxed win whose line never
// used the light face of a dark card is a real win.
type relaxed struct {
	lr, ls, dr, ds  [64]uint8  // light and dark rank and suit by card number
	lf, df          [64]uint32 // light and dark face as bit sets (see faceBits)
	lightOf, darkOf [16]uint64 // bit p: card p's light (dark) face has the rank
	exact           uint64     // cards that show only the face they show

	clear  clearing
	clears clearTable
	lost   lostTable

	nodes, budget int
	aborted       bool
	noEnds        bool          // endsOK is switched off, for tests
	size          int           // cards in the deck
	pd, pr        int           // points for a dark card held and for a card removed
	top           int           // the best score best has found
	path          []relaxedStep // the line of the last win, from the position solved
	spurs         []uint64      // after replay, the spur of each of its plays that had one, in order
	spur          uint64        // the cards of spurs, after replay
}

// relaxedStep is one play of the relaxed game: its set of four cards, by
// card number from the lowest, and its kind.
type relaxedStep struct {
	set  [4]uint8
	kind flip.Kind
}

// init allocates the tables: 2^clears slots for the clearing cache, 2^lost
// for the lost positions.
func (x *relaxed) init(clears, lost int) {
	x.clears.init(clears)
	x.lost.init(lost)
}

// prepare records the faces of s's deal and forgets earlier solves.
func (x *relaxed) prepare(s *flip.State) {
	x.lightOf, x.darkOf = [16]uint64{}, [16]uint64{}
	x.size = s.Game().Size()
	x.pd, x.pr = s.Game().RuleValues().PointsDark, s.Game().RuleValues().PointsOut
	for p := range s.Game().Size() {
		l, d := s.Faces(p)
		x.lr[p], x.ls[p], x.dr[p], x.ds[p] = uint8(l.Rank()), uint8(l.Suit()), uint8(d.Rank()), uint8(d.Suit())
		x.lf[p], x.df[p] = faceBits(x.lr[p], x.ls[p]), faceBits(x.dr[p], x.ds[p])
		x.lightOf[x.lr[p]] |= 1 << p
		x.darkOf[x.dr[p]] |= 1 << p
		x.clear.setFaces(p, uint8(d.Rank()), uint8(d.Suit()))
	}
	x.exact = 0
	x.clears.clear()
	x.lost.clear()
}

// canClear reports whether removals could take every card of h if all
// could show their dark face (clearing), from the cache.
func (x *relaxed) canClear(h uint64) bool {
	return x.clears.most(&x.clear, h) == bits.OnesCount64(h)
}

// matches reports which kinds of flip the set with ends a and b may make
// under dark set k: suit when the ends can show one suit, rank one rank. A
// dark card outside exact may show either face. With spur not nil it also
// sets *spur to the dark cards outside exact whose light face the match
// needs (none if the faces they show will do).
func (x *relaxed) matches(a, b uint8, k uint64, kind flip.Kind, spur *uint64) (suit, rank bool) {
	var fa, fb [2]shownFace
	na, nb := x.faces(a, k, &fa), x.faces(b, k, &fb)
	best := ^uint64(0)
	for _, f := range fa[:na] {
		for _, g := range fb[:nb] {
			s, r := f.s == g.s, f.r == g.r
			suit, rank = suit || s, rank || r
			if spur != nil && (kind == flip.FlipSuit && s || kind == flip.FlipRank && r) {
				if u := f.spur | g.spur; bits.OnesCount64(u) < bits.OnesCount64(best) {
					best = u
				}
			}
		}
	}
	if spur != nil {
		*spur = best
	}
	return suit, rank
}

// faceBits returns a face as a bit set: bit r for rank r, bit 16+s for
// suit s, so that two sets of faces share a rank (a suit) exactly when
// their intersection has a bit below (at or above) bit 16.
func faceBits(rank, suit uint8) uint32 { return 1<<rank | 1<<(16+suit) }

const rankBits = 1<<16 - 1

// shown returns the faces card c may match by under dark set k, as bits
// (see faceBits): the light face while light, the dark face once dark,
// and both if c is dark and outside exact.
func (x *relaxed) shown(c uint8, k uint64) uint32 {
	if k>>c&1 == 0 {
		return x.lf[c]
	}
	if x.exact>>c&1 != 0 {
		return x.df[c]
	}
	return x.df[c] | x.lf[c]
}

// shownFace is a face a card may match by: rank, suit, and the card itself
// if it is dark and matching by its light face (spur).
type shownFace struct {
	r, s uint8
	spur uint64
}

// faces writes the faces card c may match by under dark set k.
func (x *relaxed) faces(c uint8, k uint64, out *[2]shownFace) int {
	if k>>c&1 == 0 {
		out[0].r, out[0].s, out[0].spur = x.lr[c], x.ls[c], 0
		return 1
	}
	out[0].r, out[0].s, out[0].spur = x.dr[c], x.ds[c], 0
	if x.exact>>c&1 != 0 {
		return 1
	}
	out[1].r, out[1].s, out[1].spur = x.lr[c], x.ls[c], 1<<c
	return 2
}

// closure makes every flip of h's pile that turns a light card dark and no
// light exact card, until none is left, and returns the dark set. With rec
// not nil it appends the flips made to *rec and the dark cards whose light
// face they needed to *spur.
func (x *relaxed) closure(h, k uint64, rec *[]relaxedStep, spur *uint64) uint64 {
	var pile [64]uint8
	n := pileOf(h, &pile)
	for changed := true; changed; {
		changed = false
		for v := 0; v+4 <= n; v++ {
			a, m1, m2, b := pile[v], pile[v+1], pile[v+2], pile[v+3]
			mid := uint64(1)<<m1 | 1<<m2
			all := mid | 1<<a | 1<<b
			if all&^k == 0 {
				continue
			}
			kind := flip.FlipRank
			suit, rank := x.matches(a, b, k, kind, nil)
			switch {
			case rank && all&^k&x.exact == 0:
			case suit && mid&^k != 0 && mid&^k&x.exact == 0:
				kind, all = flip.FlipSuit, mid
			default:
				continue
			}
			if rec != nil {
				var u uint64
				x.matches(a, b, k, kind, &u)
				if u != 0 {
					x.spurs = append(x.spurs, u)
				}
				*spur |= u
				*rec = append(*rec, relaxedStep{set: [4]uint8{a, m1, m2, b}, kind: kind})
			}
			k |= all
			changed = true
		}
	}
	return k
}

// closeFrom is closure without a record, for a pile h whose dark set k is
// closed (no flip of closure left) but for the sets holding a card of
// seeds: it checks those sets, and every set holding a card a flip turns,
// until none is left. The closure has one result whatever the order of
// its flips (each flip stays available as k grows, since faces are only
// gained), so closeFrom(h, k, h) is closure(h, k, nil, nil).
func (x *relaxed) closeFrom(h, k, seeds uint64) uint64 {
	var pile [64]uint8
	n := pileOf(h, &pile)
	if n < 4 {
		return k
	}
	all := uint64(1)<<(n-3) - 1     // the sets, by their lowest place
	near := func(c uint64) uint64 { // the sets holding the cards c
		var m uint64
		for ; c != 0; c &= c - 1 {
			i := bits.OnesCount64(h & (c&-c - 1))
			m |= 0xf << i >> 3
		}
		return m & all
	}
	todo := near(seeds & h)
	if seeds&h == h {
		todo = all
	}
	for todo != 0 {
		v := bits.TrailingZeros64(todo)
		todo &= todo - 1
		a, m1, m2, b := pile[v], pile[v+1], pile[v+2], pile[v+3]
		mid := uint64(1)<<m1 | 1<<m2
		set := mid | 1<<a | 1<<b
		if set&^k == 0 {
			continue
		}
		both := x.shown(a, k) & x.shown(b, k)
		var turn uint64
		switch {
		case both&rankBits != 0 && set&^k&x.exact == 0:
			turn = set &^ k
		case both&^rankBits != 0 && mid&^k != 0 && mid&^k&x.exact == 0:
			turn = mid &^ k
		default:
			continue
		}
		k |= turn
		todo |= near(turn)
	}
	return k
}

// win reports whether the relaxed game can remove every card of h from
// dark set k, and if so leaves the line in x.path (the removals and exact
// flips; the closures between them are made again by replay). It gives
// up, setting x.aborted, after x.budget positions (0: no limit).
func (x *relaxed) win(h, k uint64) bool {
	x.path = x.path[:0]
	x.aborted = false
	return x.search(h, k, h)
}

// search reports whether the relaxed game can remove every card of h from
// dark set k, closed but for the sets holding a card of seeds (see
// closeFrom).
func (x *relaxed) search(h, k, seeds uint64) bool {
	if h == 0 {
		return true
	}
	x.nodes++
	if x.budget > 0 && x.nodes > x.budget {
		x.aborted = true
		return false
	}
	if !x.canClear(h) {
		return false
	}
	k = x.closeFrom(h, k, seeds)
	if !x.noEnds && !x.endsOK(h, k) {
		return false
	}
	if x.lost.lost(h, k) {
		return false
	}
	var pile [64]uint8
	n := pileOf(h, &pile)
	for v := 0; v+4 <= n; v++ {
		a, m1, m2, b := pile[v], pile[v+1], pile[v+2], pile[v+3]
		set := [4]uint8{a, m1, m2, b}
		mid := uint64(1)<<m1 | 1<<m2
		all := mid | 1<<a | 1<<b
		try := func(kind flip.Kind, h2, k2, seeds uint64) bool {
			x.path = append(x.path, relaxedStep{set: set, kind: kind})
			if x.search(h2, k2, seeds) {
				return true
			}
			x.path = x.path[:len(x.path)-1]
			return false
		}
		if k>>a&1 != 0 && k>>b&1 != 0 {
			if x.ds[a] == x.ds[b] && try(flip.RemoveSuit, h&^mid, k&^mid, 1<<a|1<<b) {
				return true
			}
			// The cards either side of the gap meet.
			var gap uint64
			if v > 0 {
				gap |= 1 << pile[v-1]
			}
			if v+4 < n {
				gap |= 1 << pile[v+4]
			}
			if x.dr[a] == x.dr[b] && try(flip.RemoveRank, h&^all, k&^all, gap) {
				return true
			}
		}
		if all&^k&x.exact != 0 {
			both := x.shown(a, k) & x.shown(b, k)
			if both&rankBits != 0 && try(flip.FlipRank, h, k|all, all&^k) {
				return true
			}
			if both&^rankBits != 0 && mid&^k&x.exact != 0 && try(flip.FlipSuit, h, k|mid, mid&^k) {
				return true
			}
		}
		if x.aborted {
			return false
		}
	}
	x.lost.put(h, k)
	return false
}

// replay makes the line of the last win again from (h, k), closures
// included, and returns every play in order and the dark cards outside
// exact whose light face a play needed. With none, the plays make a line of
// the real game.
func (x *relaxed) replay(h, k uint64) (line []relaxedStep, spur uint64) {
	x.spurs = x.spurs[:0]
	for _, st := range x.path {
		k = x.closure(h, k, &line, &spur)
		a, m1, m2, b := st.set[0], st.set[1], st.set[2], st.set[3]
		mid := uint64(1)<<m1 | 1<<m2
		all := mid | 1<<a | 1<<b
		switch st.kind {
		case flip.RemoveSuit:
			h, k = h&^mid, k&^mid
		case flip.RemoveRank:
			h, k = h&^all, k&^all
		case flip.FlipSuit, flip.FlipRank:
			var u uint64
			x.matches(a, b, k, st.kind, &u)
			if u != 0 {
				x.spurs = append(x.spurs, u)
			}
			spur |= u
			if st.kind == flip.FlipSuit {
				k |= mid
			} else {
				k |= all
			}
		}
		line = append(line, st)
	}
	x.spur = spur
	return line, spur
}

// endsOK checks the first proof rules of Solver.winPossible in the relaxed
// game, cheaply, for the lowest and the highest card of h: each needs a
// partner for its remove-rank (a card of its dark rank and the other
// parity, other than its permanent neighbour), and, while light, a card
// that can show its light rank in the same places first, no farther than
// the partner (flip first). A dark card outside exact shows its light
// face too, so the cards that can show rank r are those of dark rank r
// and those of light rank r but the dark exact ones.
func (x *relaxed) endsOK(h, k uint64) bool {
	lo := bits.TrailingZeros64(h)
	hi := 63 - bits.LeadingZeros64(h)
	if lo == hi {
		return false
	}
	rest := h &^ (1 << lo)
	if !x.endOK(h, k, lo, rest&-rest, false) {
		return false
	}
	below := h &^ (1 << hi)
	return x.endOK(h, k, hi, 1<<(63-bits.LeadingZeros64(below)), true)
}

// endOK is endsOK for card p, the highest if top, whose permanent
// neighbour is adj.
func (x *relaxed) endOK(h, k uint64, p int, adj uint64, top bool) bool {
	others := h &^ (1 << p) & oddEven[p&1^1] &^ adj
	q := x.darkOf[x.dr[p]] & others
	if q == 0 {
		return false
	}
	if k>>p&1 != 0 {
		return true
	}
	r := x.lr[p]
	m := (x.lightOf[r]&^(k&x.exact) | x.darkOf[r]) & others
	switch {
	case m == 0:
		return false
	case top:
		q &= 2<<(63-bits.LeadingZeros64(m)) - 1
	default:
		q &^= 1<<bits.TrailingZeros64(m) - 1
	}
	return q != 0
}

// best returns the best score of the relaxed game with no card exact from
// the whole deck dealt with present cards h and dark cards k, counting
// points-removed (two) for each card removed and points-dark (one) for each
// dark card held, if it is above floor, or else floor; it reports false if
// it gave up after limit positions (0: no limit). Every line of the real
// game from there (with any rule options: each is a line of optional play
// on any set, which may deal first) is a relaxed line that leaves each card
// at least as dark, so none scores more. A branch and bound: a position is
// cut when the cards removed and those the clearing relaxation could still
// remove, at points-removed each, and the other cards, at points-dark each
// (less), cannot beat the best found, or when a position with the same
// cards and no fewer dark ones was searched.
func (x *relaxed) best(h, k uint64, floor, limit int) (int, bool) {
	x.exact = 0
	x.lost.clear()
	x.lost.round(0)
	x.nodes, x.budget, x.aborted, x.top = 0, limit, false, floor
	x.climb(h, k&h, h)
	return x.top, !x.aborted
}

// climb is best's search from (h, k), k closed but for the sets holding a
// card of seeds (see closeFrom).
func (x *relaxed) climb(h, k, seeds uint64) {
	x.nodes++
	if x.budget > 0 && x.nodes > x.budget {
		x.aborted = true
		return
	}
	k = x.closeFrom(h, k, seeds)
	n := bits.OnesCount64(h)
	removed := x.size - n
	x.top = max(x.top, x.pr*removed+x.pd*bits.OnesCount64(k))
	if most := x.clears.most(&x.clear, h); x.pr*(removed+most)+x.pd*(n-most) <= x.top || x.lost.lost(h, k) {
		return
	}
	// Every line from here is searched now: a later visit, or one with
	// fewer dark cards, can find nothing better.
	x.lost.put(h, k)
	var pile [64]uint8
	np := pileOf(h, &pile)
	for v := 0; v+4 <= np && !x.aborted; v++ {
		a, m1, m2, b := pile[v], pile[v+1], pile[v+2], pile[v+3]
		if k>>a&1 == 0 || k>>b&1 == 0 {
			continue
		}
		mid := uint64(1)<<m1 | 1<<m2
		all := mid | 1<<a | 1<<b
		if x.dr[a] == x.dr[b] {
			var gap uint64
			if v > 0 {
				gap |= 1 << pile[v-1]
			}
			if v+4 < np {
				gap |= 1 << pile[v+4]
			}
			x.climb(h&^all, k&^all, gap)
		}
		if x.ds[a] == x.ds[b] {
			x.climb(h&^mid, k&^mid, 1<<a|1<<b)
		}
	}
}
