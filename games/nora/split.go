package nora

import (
	"errors"
	"math"
	"math/bits"
)

// The split search: the max-ip search for clusters the plain search of
// solve cannot finish quickly.
//
// solve memoises the set of positions removed, so a cluster made of many
// stretches that can each fall in several ways has as many states as the
// product of theirs: a deck in rank order (AC AD AH AS 2C …) holds 13 runs of
// four, each with five states of its own, and the plain search never ends.
//
// The split search cuts the cards of a state into segments at safe cuts:
// places that no pair can ever cross. A pair can cross a cut only if its two
// cards can meet, that is, if the cards between them can cancel out
// completely; segments thus never exchange a pair, nor share a run of equal
// ranks (two equal cards meeting across a cut would be a pair), so a step
// inside one earns the same ip whatever the others hold. They interact only
// through the Chain: a block that ends at a segment's right end and a block
// that starts at the next segment's left end may be taken as one step, for
// one more Chain than the two taken apart; and once a segment has gone, its
// neighbours meet and their blocks may join in turn.
//
// So a stretch of cards is summed up by its profile: for each l and r, the
// most ip its own steps can earn in an order with at least l steps touching
// its left end and r touching its right end (a step that takes all that is
// left of it touches both), and whether it falls completely (it does in every
// order or in none, since the cards that stay do not depend on the order).
// Two neighbouring stretches combine exactly (see compose), so the profile of
// a state is that of its segments combined from left to right, and the
// profile of one segment is the best over its first steps of the step's ip
// plus the profile of what is left, shifted by the ends the step touches.
// What is left is again cut into segments, and the profiles of stretches
// are memoised by the positions they span and the positions removed within.
//
// A segment often wraps a closed stretch: one whose cards can meet no card
// outside it, such as everything between the first card of a riffled deck
// and the cards of its rank at the far end. Such a stretch is searched
// apart, as a hole in its segment (see skeleton), and meets the rest only
// at its ends, through the Chain again, and by letting its neighbours meet
// once it has gone.
//
// A cluster that falls in rank order is then 14 segments of at most four
// cards, each with a handful of states, combined in a few thousand
// operations. The order of removal is recovered as solve's: at each state
// the first block (by position, then size) whose ip plus the value of the
// state it leads to equals the value of the state, so the split search
// breaks ties exactly as the plain one does and every pass plays out the
// same whichever search finds it.
//
// Decks built to defeat it remain: with every rank in two pairs of
// neighbours placed at random (AC AD 7C 7D … AH AS …), no stretch is closed,
// every pair can fall first, and the search still faces a product of
// choices.

// plainLimit is the first budget of the two searches of a cluster: the
// states solve may table before the split search has its turn. The clusters
// of random shuffles stay far below it (none of 300,000 first shuffles of
// the full deck needed more than 128), so they keep the plain search alone,
// which is faster on them.
const plainLimit = 1 << 10

// negInf marks a profile entry that no order of removal reaches.
const negInf = math.MinInt32 / 4

// maxEnds bounds the steps touching one end of a stretch: a stretch of at
// most 64 cards takes at most 32 steps.
const maxEnds = 33

// profile sums up a stretch of cards for the split search: v[l*(R+1)+r] is
// the most ip its own steps can earn in an order with at least l steps
// touching its left end and at least r touching its right end (negInf if no
// order has that many), van whether it falls completely.
type profile struct {
	L, R int
	van  bool
	v    []int32
}

func (p *profile) at(l, r int) int32 { return p.v[l*(p.R+1)+r] }

// segKey names a stretch: the live positions lo…hi (both live) with the
// positions removed between them, and its hole if it has one (ha = 0xff if
// not).
type segKey struct {
	mask           uint64
	lo, hi, ha, hb uint8
	hl, hr         uint8
}

// hole is a closed stretch of a segment searched apart (see skeleton): the
// live positions a…b (both live), l and r of whose steps touching its left
// and right ends have already been taken with a block of the cards beside.
type hole struct{ a, b, l, r int }

var noHole = hole{a: -1}

func (h hole) ok() bool { return h.a >= 0 }

// emptyProfile is the profile of no cards: nothing to earn, gone already.
var emptyProfile = &profile{van: true, v: []int32{0}}

// unreachable is the profile of a state no order of removal reaches with the
// steps it asks of a hole.
var unreachable = &profile{v: []int32{negInf}}

// table is a profile being built: v[:rows][:cols] holds its entries so
// far, those beyond are negInf. The zero value is an empty table.
type table struct {
	v          [maxEnds][maxEnds]int32
	rows, cols int
}

func (t *table) reset() { t.rows, t.cols = 0, 0 }

// put raises t[l][r] to v.
func (t *table) put(l, r int, v int32) {
	if r >= t.cols {
		for i := range t.rows {
			for j := t.cols; j <= r; j++ {
				t.v[i][j] = negInf
			}
		}
		t.cols = r + 1
	}
	for ; t.rows <= l; t.rows++ {
		for j := range t.cols {
			t.v[t.rows][j] = negInf
		}
	}
	if v > t.v[l][r] {
		t.v[l][r] = v
	}
}

// profile returns t as a profile with the rows and columns it reaches, after
// making each entry the best of those with at least as many steps at each
// end.
func (t *table) profile(van bool) *profile {
	L, R := -1, -1
	for l := t.rows - 1; l >= 0; l-- {
		for r := t.cols - 1; r >= 0; r-- {
			v := t.v[l][r]
			if l+1 < t.rows && t.v[l+1][r] > v {
				v = t.v[l+1][r]
			}
			if r+1 < t.cols && t.v[l][r+1] > v {
				v = t.v[l][r+1]
			}
			t.v[l][r] = v
			if v > negInf {
				L, R = max(L, l), max(R, r)
			}
		}
	}
	if L < 0 {
		return unreachable
	}
	p := &profile{L: L, R: R, van: van, v: make([]int32, (L+1)*(R+1))}
	for l := 0; l <= L; l++ {
		copy(p.v[l*(R+1):], t.v[l][:R+1])
	}
	return p
}

// compose returns the profile of stretch a followed by stretch b, where no
// pair can ever form across the cut between them.
//
// Take an order for each. Call a step of a that touches a's right end an
// a-right event, one of b that touches b's left end a b-left event. While
// both stand, an a-right event and a b-left event taken at the same moment
// are one step (one more Chain), and since the two orders are independent,
// any m a-right events can be so matched with any m b-left events, in order.
// A b-left event touches the left end of the pair of stretches only once a
// has gone; an a-right event touches its right end only once b has gone. If
// a falls completely, b's b-left events after its first m can come after a's
// last step, and touch the left end: ℓ = la + lb − m, r = rb. If b falls
// completely, symmetrically r = rb + ra − m, ℓ = la. Otherwise ℓ = la and
// r = rb. Merged or not, the steps earn what they earned alone, cards never
// meeting across the cut.
func compose(a, b *profile, chain int32, t *table) *profile {
	t.reset()
	for la := 0; la <= a.L; la++ {
		for ra := 0; ra <= a.R; ra++ {
			va := a.at(la, ra)
			if va == negInf {
				continue
			}
			for lb := 0; lb <= b.L; lb++ {
				for rb := 0; rb <= b.R; rb++ {
					vb := b.at(lb, rb)
					if vb == negInf {
						continue
					}
					for m := 0; m <= min(ra, lb); m++ {
						v := va + vb + chain*int32(m)
						if b.van {
							t.put(la, rb+ra-m, v)
						} else {
							t.put(la, rb, v)
						}
						if a.van {
							t.put(la+lb-m, rb, v)
						}
					}
				}
			}
		}
	}
	return t.profile(a.van && b.van)
}

// span returns the bits of the positions lo…hi.
func span(lo, hi int) uint64 { return ^uint64(0) >> uint(63-hi) &^ (1<<uint(lo) - 1) }

// liveIn fills dst with the positions lo…hi not in mask, in order, and
// returns the count.
func liveIn(mask uint64, lo, hi int, dst *[64]uint8) int {
	m := 0
	for p := lo; p <= hi; p++ {
		if mask&(1<<uint(p)) == 0 {
			dst[m] = uint8(p)
			m++
		}
	}
	return m
}

// segments cuts the live positions l at every safe cut: it fills ends with
// the end (exclusive index into l) of each segment, in order, and returns
// their number.
//
// Cards x < y of equal rank can meet exactly when the cards between them
// cancel out, that is, when the reduced word of the prefix through x equals
// that of the prefix before y (see fixedCards for the trie of reduced
// prefixes). For each y the earliest such x gives the widest span; a cut is
// safe when no span crosses it.
func (c *cascader) segments(l []uint8, ends *[65]uint8) int {
	var t reducedTrie
	var first [65][16]int8 // by node and rank: 1 + the first x whose prefix through x reduces to it
	var reach [64]int8     // by x: the furthest y that can meet x
	t.reset()
	first[0] = [16]int8{}
	for j, p := range l {
		rk := c.rank[p] & 15
		reach[j] = -1
		if x := first[t.node()][rk] - 1; x >= 0 && reach[x] < int8(j) {
			reach[x] = int8(j)
		}
		v, created := t.push(rk)
		if created {
			first[v] = [16]int8{}
		}
		if first[v][rk] == 0 {
			first[v][rk] = int8(j) + 1
		}
	}
	k, far := 0, int8(-1)
	for j := range l {
		if j > 0 && far < int8(j) {
			ends[k] = uint8(j)
			k++
		}
		far = max(far, reach[j])
	}
	ends[k] = uint8(len(l))
	return k + 1
}

// clearProfs empties the split search's memo for a new cluster.
func (c *cascader) clearProfs() {
	if c.profs == nil {
		c.profs = make(map[segKey]*profile)
	}
	clear(c.profs)
}

// errSplitBudget unwinds the split search when it has memoised as many
// profiles as its budget allows.
var errSplitBudget = errors.New("nora: split search over budget")

// trySplit returns the value of the cluster by the split search, or false
// if the search would memoise more than budget profiles. The profiles it
// found stay for its next turn.
func (c *cascader) trySplit(budget int) (v int, ok bool) {
	defer func() {
		if e := recover(); e != nil {
			if e != errSplitBudget {
				panic(e)
			}
			ok = false
		}
	}()
	c.splitBudget = budget
	return c.value(0), true
}

// value returns the most ip the cluster can still earn once the positions
// in mask are gone, by the split search.
func (c *cascader) value(mask uint64) int {
	free := ^mask & (1<<uint(c.n) - 1)
	if free == 0 {
		return 0
	}
	return int(c.prof(mask, bits.TrailingZeros64(free), 63-bits.LeadingZeros64(free), noHole).v[0])
}

// bounds returns the first and last positions lo…hi not in mask, and false
// if there is none.
func bounds(mask uint64, lo, hi int) (int, int, bool) {
	free := ^mask & span(lo, hi)
	if free == 0 {
		return 0, 0, false
	}
	return bits.TrailingZeros64(free), 63 - bits.LeadingZeros64(free), true
}

// prof returns the profile of the live positions lo…hi (lo and hi live)
// once the positions in mask are gone, the hole h, if any, searched apart.
// It cuts them into segments at the safe cuts of the cards outside the hole
// (the hole, closed, falls completely and pairs with none of them, so it
// changes no cut) and combines their profiles; a segment holding the hole
// inside is searched by skeleton, a hole lying between segments is a piece
// of its own.
func (c *cascader) prof(mask uint64, lo, hi int, h hole) *profile {
	key := segKey{mask: mask & span(lo, hi), lo: uint8(lo), hi: uint8(hi), ha: 0xff}
	if h.ok() {
		key.ha, key.hb, key.hl, key.hr = uint8(h.a), uint8(h.b), uint8(h.l), uint8(h.r)
	}
	if p := c.profs[key]; p != nil {
		return p
	}
	if c.splitBudget > 0 && len(c.profs) >= c.splitBudget {
		panic(errSplitBudget)
	}
	var buf [64]uint8
	skel := mask
	if h.ok() {
		skel |= span(h.a, h.b)
	}
	l := buf[:liveIn(skel, lo, hi, &buf)]
	z := -1 // the hole's place in l
	if h.ok() {
		z = 0
		for z < len(l) && int(l[z]) < h.a {
			z++
		}
	}
	var p *profile
	var t table
	add := func(q *profile) {
		if p == nil {
			p = q
		} else {
			p = compose(p, q, int32(c.r.Chain), &t)
		}
	}
	if len(l) == 0 {
		p = c.holeProfile(mask, h)
	} else {
		var ends [65]uint8
		k := c.segments(l, &ends)
		start := 0
		for s := 0; s < k; s++ {
			end := int(ends[s])
			switch {
			case z == start:
				add(c.holeProfile(mask, h))
				fallthrough
			case z < start || z >= end:
				if k == 1 && !h.ok() {
					add(c.segment(mask, l))
				} else {
					add(c.prof(mask, int(l[start]), int(l[end-1]), noHole))
				}
			case k == 1:
				add(c.skeleton(mask, l, z, h))
			default:
				add(c.prof(mask, int(l[start]), int(l[end-1]), h))
			}
			start = end
		}
		if z == len(l) {
			add(c.holeProfile(mask, h))
		}
	}
	c.profs[key] = p
	return p
}

// holeProfile returns the profile of the hole h alone: its own, less the
// steps at its ends already taken.
func (c *cascader) holeProfile(mask uint64, h hole) *profile {
	in := c.prof(mask, h.a, h.b, noHole)
	var t table
	t.reset()
	for l := h.l; l <= in.L; l++ {
		for r := h.r; r <= in.R; r++ {
			t.put(l-h.l, r-h.r, in.at(l, r))
		}
	}
	return t.profile(true)
}

// reduces reports whether the cards at the positions l cancel out
// completely.
func (c *cascader) reduces(l []uint8) bool {
	var h int
	var stack [64]uint8
	for _, p := range l {
		if h > 0 && stack[h-1] == c.rank[p] {
			h--
		} else {
			stack[h] = c.rank[p]
			h++
		}
	}
	return h == 0
}

// shiftIn raises each entry t[a+tl][b+tr] to q[a][b] + v: the profile of a
// state reached by a step earning v that touches the left end (tl = 1) or
// the right end (tr = 1).
func (t *table) shiftIn(q *profile, tl, tr int, v int32) {
	for a := 0; a <= q.L; a++ {
		for b := 0; b <= q.R; b++ {
			if w := q.at(a, b); w > negInf {
				t.put(a+tl, b+tr, w+v)
			}
		}
	}
}

// segment returns the profile of the live positions l, one segment, once
// the positions in mask are gone. If a closed stretch lies inside, the
// skeleton search takes it with that stretch as its hole; otherwise it is the
// best over the first steps of the step's ip plus the profile of what is
// left, shifted by the ends the step touches.
func (c *cascader) segment(mask uint64, l []uint8) *profile {
	if a, b, ok := c.closed(l); ok {
		return c.prof(mask, int(l[0]), int(l[len(l)-1]), hole{a: int(l[a]), b: int(l[b-1])})
	}
	var t table
	t.reset()
	m := len(l)
	rest := true // no step is left
	for i := 0; i+1 < m; i++ {
		if c.rank[l[i]] != c.rank[l[i+1]] {
			continue
		}
		rest = false
		for k := 1; ; k++ {
			v, move := c.block(l, i, k, nil, nil)
			q := emptyProfile
			if lo, hi, ok := bounds(mask|move, int(l[0]), int(l[m-1])); ok {
				q = c.prof(mask|move, lo, hi, noHole)
			}
			t.shiftIn(q, b2i(i == 0), b2i(i+2*k == m), int32(v))
			if j := i + 2*k; j+1 >= m || c.rank[l[j]] != c.rank[l[j+1]] {
				break
			}
		}
	}
	if rest {
		t.put(0, 0, 0)
	}
	return t.profile(c.reduces(l))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// closed returns the longest stretch l[a:b] of a segment, other than the
// whole, that is closed: no card in it can meet a card outside it. It lies
// strictly inside (a closed stretch at an end would leave a safe cut) and
// falls completely (a pair crosses it, as one crosses each of its ends).
func (c *cascader) closed(l []uint8) (a, b int, ok bool) {
	m := len(l)
	// node[j]: the trie node of the reduced word of l[:j].
	var t reducedTrie
	var node [65]uint8
	t.reset()
	for j, p := range l {
		node[j+1], _ = t.push(c.rank[p] & 15)
	}
	// lo[x], hi[x]: the first and last card x can meet, x itself if none.
	var lo, hi [64]int8
	for x := range m {
		lo[x], hi[x] = int8(x), int8(x)
	}
	for x := range m {
		for y := x + 1; y < m; y++ {
			if c.rank[l[x]] == c.rank[l[y]] && node[x+1] == node[y] {
				lo[y] = min(lo[y], int8(x))
				hi[x] = max(hi[x], int8(y))
			}
		}
	}
	// next[s]: the end of the shortest closed stretch from s, or -1.
	var next [64]int8
	for s := range m {
		next[s] = -1
		e := s + 1
		for j := s; j < e; j++ {
			if int(lo[j]) < s {
				e = -1
				break
			}
			e = max(e, int(hi[j])+1)
		}
		if e > 0 {
			next[s] = int8(e)
		}
	}
	// Closed stretches from s are the runs of consecutive shortest ones.
	for s := range m {
		for e := int(next[s]); e > 0; {
			if (s > 0 || e < m) && e-s > b-a {
				a, b, ok = s, e, true
			}
			if e == m {
				break
			}
			e = int(next[e])
		}
	}
	return a, b, ok
}

// skeleton returns the profile of the live positions l, one segment once
// the positions in mask are gone, with the hole h lying inside it between
// l[z-1] and l[z].
//
// The hole is closed: its cards meet none outside it, so they never pair
// with them nor stand in a run with them, and it falls completely. Until it
// has gone, the cards on its left and on its right cannot meet either: the
// segment is two stretches apart, and the hole meets them only at its ends,
// where a block ending beside it on the left may be taken with one of its
// steps touching its left end (one more Chain), and the same on the right.
// Its own steps earn what they earn, whatever happens outside, so it counts
// as its profile: the search over the cards outside it counts the steps at
// its ends it takes with a block beside (h.l, h.r), and when the hole's last
// step falls, alone or with a block on either side or both, adds the hole's
// best with at least that many steps at each end. The outside's steps on
// either side may come in any order relative to each other, so any order of
// the hole with that many such steps can be matched to them.
func (c *cascader) skeleton(mask uint64, l []uint8, z int, h hole) *profile {
	in := c.prof(mask, h.a, h.b, noHole)
	chain := int32(c.r.Chain)
	lo, hi := int(l[0]), int(l[len(l)-1])
	left, right := l[:z], l[z:]
	m := len(l)
	var t table
	t.reset()
	next := func(mask uint64, h hole) *profile {
		a, b, ok := bounds(mask, lo, hi)
		if !ok {
			return emptyProfile
		}
		return c.prof(mask, a, b, h)
	}
	// Steps on the left of the hole, with its left end or not.
	for i := 0; i+1 < z; i++ {
		if c.rank[left[i]] != c.rank[left[i+1]] {
			continue
		}
		for k := 1; ; k++ {
			v, move := c.block(left, i, k, nil, nil)
			t.shiftIn(next(mask|move, h), b2i(i == 0), 0, int32(v))
			j := i + 2*k
			if j == z && h.l < in.L && in.at(h.l+1, h.r) > negInf {
				g := h
				g.l++
				t.shiftIn(next(mask|move, g), b2i(i == 0), 0, int32(v)+chain)
			}
			if j+1 >= z || c.rank[left[j]] != c.rank[left[j+1]] {
				break
			}
		}
	}
	// Steps on the right of the hole, with its right end or not.
	for i := 0; i+1 < m-z; i++ {
		if c.rank[right[i]] != c.rank[right[i+1]] {
			continue
		}
		for k := 1; ; k++ {
			v, move := c.block(right, i, k, nil, nil)
			tr := b2i(z+i+2*k == m)
			t.shiftIn(next(mask|move, h), 0, tr, int32(v))
			if i == 0 && h.r < in.R && in.at(h.l, h.r+1) > negInf {
				g := h
				g.r++
				t.shiftIn(next(mask|move, g), 0, tr, int32(v)+chain)
			}
			j := i + 2*k
			if j+1 >= m-z || c.rank[right[j]] != c.rank[right[j+1]] {
				break
			}
		}
	}
	// The hole's last step, with a block ending beside it on the left
	// (k pairs, kl = 0 for none), one starting beside it on the right, both
	// or neither.
	gone := mask | span(h.a, h.b)
	for kl := 0; ; kl++ {
		i := z - 2*kl
		if kl > 0 && (i < 0 || c.rank[left[i]] != c.rank[left[i+1]]) {
			break
		}
		var vl int
		var ml uint64
		if kl > 0 {
			vl, ml = c.block(left, i, kl, nil, nil)
		}
		for kr := 0; ; kr++ {
			if kr > 0 && (2*kr > m-z || c.rank[right[2*kr-2]] != c.rank[right[2*kr-1]]) {
				break
			}
			var vr int
			var mr uint64
			if kr > 0 {
				vr, mr = c.block(right, 0, kr, nil, nil)
			}
			hl, hr := h.l+b2i(kl > 0), h.r+b2i(kr > 0)
			if hl > in.L || hr > in.R || in.at(hl, hr) == negInf {
				continue
			}
			v := in.at(hl, hr) + int32(vl+vr) + chain*int32(b2i(kl > 0)+b2i(kr > 0))
			t.shiftIn(next(gone|ml|mr, noHole), b2i(kl > 0 && i == 0), b2i(kr > 0 && z+2*kr == m), v)
		}
	}
	return t.profile(c.reduces(l))
}

// splitMove returns the block solve would take once the positions in
// removed are gone, from the split search, given the value of that state,
// and the value of the state it leads to; zero when no pair is left.
func (c *cascader) splitMove(removed uint64, want int) (move uint64, next int) {
	var buf [64]uint8
	m := c.live(removed, &buf)
	l := buf[:m]
	waiting := false
	for i := 0; i+1 < m; i++ {
		if c.rank[l[i]] != c.rank[l[i+1]] {
			continue
		}
		waiting = true
		for k := 1; ; k++ {
			v, move := c.block(l, i, k, nil, nil)
			if next := c.value(removed | move); v+next == want {
				return move, next
			}
			if j := i + 2*k; j+1 >= m || c.rank[l[j]] != c.rank[l[j+1]] {
				break
			}
		}
	}
	if waiting || want != 0 {
		panic("nora: the split search found no step earning its value")
	}
	return 0, 0
}

// reducedTrie follows the reduced word of a sequence of ranks as ranks are
// pushed (a rank equal to the word's last cancels it, any other extends
// it), numbering in a trie each reduced word met: two prefixes have the
// same node exactly when they reduce to the same word. It holds up to 64
// ranks.
type reducedTrie struct {
	child [65][16]uint8 // by node and rank; node 0 is the empty word
	stack [65]uint8     // the nodes along the reduced word; stack[0] is the root
	tops  [64]uint8     // its ranks
	nodes uint8
	h     int
}

// reset starts the empty word.
func (t *reducedTrie) reset() {
	t.child[0] = [16]uint8{}
	t.nodes, t.h = 1, 0
}

// node returns the node of the reduced word so far.
func (t *reducedTrie) node() uint8 { return t.stack[t.h] }

// push adds rank rk (below 16) and returns the node of the reduced word
// and whether the word is new.
func (t *reducedTrie) push(rk uint8) (node uint8, created bool) {
	if t.h > 0 && t.tops[t.h-1] == rk {
		t.h--
		return t.stack[t.h], false
	}
	u := t.stack[t.h]
	v := t.child[u][rk]
	if v == 0 {
		v = t.nodes
		t.nodes++
		t.child[u][rk] = v
		t.child[v] = [16]uint8{}
		created = true
	}
	t.tops[t.h] = rk
	t.h++
	t.stack[t.h] = v
	return v, created
}
