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
	lr, ls, dr, ds [64]uint8 // light and dark rank and suit by card number
	exact          uint64    // cards that show only the face they show

	clear  clearing
	clears clearTable
	lost   lostTable

	nodes, budget int
	aborted       bool
	path          []relaxedStep // the line of the last win, from the position solved
}

// relaxedStep is one play of the relaxed game: its set of four cards, by
// card number from the lowest, and its kind.
type relaxedStep struct {
	set  [4]uint8
	kind flip.Kind
}

// init allocates the tables, 2^bits slots each.
func (x *relaxed) init(bits int) {
	x.clears.init(bits - 1)
	x.lost.init(bits)
}

// prepare records the faces of s's deal and forgets earlier solves.
func (x *relaxed) prepare(s *flip.State) {
	for p := range s.Game().Size() {
		l, d := s.Faces(p)
		x.lr[p], x.ls[p], x.dr[p], x.ds[p] = uint8(l.Rank()), uint8(l.Suit()), uint8(d.Rank()), uint8(d.Suit())
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
				*spur |= u
				*rec = append(*rec, relaxedStep{set: [4]uint8{a, m1, m2, b}, kind: kind})
			}
			k |= all
			changed = true
		}
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
	return x.search(h, k)
}

func (x *relaxed) search(h, k uint64) bool {
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
	k = x.closure(h, k, nil, nil)
	kc := k & x.exact
	if x.lost.lost(h, kc, k) {
		return false
	}
	var pile [64]uint8
	n := pileOf(h, &pile)
	for v := 0; v+4 <= n; v++ {
		a, m1, m2, b := pile[v], pile[v+1], pile[v+2], pile[v+3]
		set := [4]uint8{a, m1, m2, b}
		mid := uint64(1)<<m1 | 1<<m2
		all := mid | 1<<a | 1<<b
		try := func(kind flip.Kind, h2, k2 uint64) bool {
			x.path = append(x.path, relaxedStep{set: set, kind: kind})
			if x.search(h2, k2) {
				return true
			}
			x.path = x.path[:len(x.path)-1]
			return false
		}
		if k>>a&1 != 0 && k>>b&1 != 0 {
			if x.ds[a] == x.ds[b] && try(flip.RemoveSuit, h&^mid, k&^mid) {
				return true
			}
			if x.dr[a] == x.dr[b] && try(flip.RemoveRank, h&^all, k&^all) {
				return true
			}
		}
		if all&^k&x.exact != 0 {
			suit, rank := x.matches(a, b, k, flip.FlipRank, nil)
			if rank && try(flip.FlipRank, h, k|all) {
				return true
			}
			if suit && mid&^k&x.exact != 0 && try(flip.FlipSuit, h, k|mid) {
				return true
			}
		}
		if x.aborted {
			return false
		}
	}
	x.lost.put(h, kc, k)
	return false
}

// replay makes the line of the last win again from (h, k), closures
// included, and returns every play in order and the dark cards outside
// exact whose light face a play needed. With none, the plays make a line of
// the real game.
func (x *relaxed) replay(h, k uint64) (line []relaxedStep, spur uint64) {
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
			spur |= u
			if st.kind == flip.FlipSuit {
				k |= mid
			} else {
				k |= all
			}
		}
		line = append(line, st)
	}
	return line, spur
}
