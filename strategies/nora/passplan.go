package nora

import (
	"math/bits"
	"slices"
	"sort"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// A passPlan is one way to play the rest of a pass from the point where the
// player plans it (the first look, or later): a sequence of SWITCHes and
// removal steps, ending once the deck is at rest. The ip are counted from
// that point.
type passPlan struct {
	next  int   // composition index of the deck left
	total int   // ip the pass earns from the planning point, its sweep and jamboree included
	s     int   // switches made
	need  int   // ip the player must hold at the planning point to pay every switch when it is made
	live  bool  // the pass removes a pair (counting any removed before the planning point)
	node  int32 // the search node it ends at
}

// net returns the ip the plan leaves net of its switches at price sw.
func (pp *passPlan) net(sw int) int { return pp.total - sw*pp.s }

// searchLimits bound a pass search.
type searchLimits struct {
	Width    int // the most rest positions expanded at each number of switches
	Nodes    int // the most positions the search holds
	Pull     int // the most switches one pull may take (bringing one card next to its rank)
	Switches int // the most switches a plan makes
	// PullWaiting pulls to the nearest card of the rank while pairs wait
	// too, not only at rest (pulls across falling pairs are always made).
	PullWaiting bool
}

// limitsFor returns the search limits for a deck of n cards: small decks,
// where a pass has few positions and a switch decides a round, are
// searched widely; large ones, where a plan of many switches is rarely
// worth its price, narrowly.
func limitsFor(n int) searchLimits {
	switch {
	case n <= 12:
		return searchLimits{Width: 64, Nodes: 1 << 12, Pull: 6, Switches: 12, PullWaiting: true}
	case n <= 20:
		return searchLimits{Width: 32, Nodes: 1 << 12, Pull: 4, Switches: 12, PullWaiting: true}
	case n <= 32:
		return searchLimits{Width: 32, Nodes: 1 << 12, Pull: 3, Switches: 10}
	default:
		return searchLimits{Width: 32, Nodes: 1 << 12, Pull: 2, Switches: 8}
	}
}

// searchLimitsFor gives the limits of a search by deck size (limitsFor;
// tests change it).
var searchLimitsFor = limitsFor

// A searchNode is a position of the pass search, reached by a sequence of
// moves, with what getting there cost: a rest position (no pair waiting),
// where the pass may end, or one where pairs wait.
type searchNode struct {
	parent       int32
	acts, actEnd int32  // the actions from the parent's position: arena[acts:actEnd]
	s            int32  // switches made
	need         int32  // ip needed in hand at the planning point
	earned       int32  // ip the removal steps earned since the planning point
	left         int32  // cards left once the waiting pairs have fallen
	gone         uint64 // the cards that fall with the waiting pairs, by position
	rest         bool
	key          uint64
	sameKey      int32 // the node made before with the same position, or -1
	byHand       bool  // reached through a block taken by hand at the first look
}

// passSearch plans whole passes: from the position it is given, it
// searches sequences of switches and removal steps and lists the rest
// positions they reach, each with the switches it took, the ip needed to
// pay for them as they come and the ip earned. It allocates nothing once
// warm; one serves one goroutine.
//
// The moves searched, from a position where pairs wait:
//   - let them all fall in the max-ip order, to rest;
//   - take some steps of the max-ip order, or one pair by hand, then make a
//     switch that makes a pair next to (or of) a waiting one; at the first
//     look, also any switch that makes a pair;
//
// and from a rest position:
//   - end the pass;
//   - pull: move one card next to the nearest card of its rank by switches
//     (1 to Pull of them, from either side).
//
// Positions are searched by number of switches made, at most Width of them
// at each number (fewest cards left once the waiting pairs fall first,
// then most ip, then least ip needed), and a position reached twice is
// kept once unless the second way is better in switches, ip or need. Bit
// reports whether a limit cut the search.
type passSearch struct {
	r     nora.Rules
	cs    *Comps
	sw    int
	lim   searchLimits
	fixed bool // lim set by the caller, not by deck size

	work   *nora.PassState
	states []*nora.PassState // by node
	nodes  []searchNode
	arena  []games.Action
	seen   positions    // position key → latest node with that key (earlier ones by sameKey)
	beams  []beam       // by switches made: nodes and pulls waiting to be expanded
	cands  [][]pullCand // pulls not yet made, by switches made
	plans  []passPlan
	blocks []nora.Block
	path   []nora.Block
	pos    []int
	chain  []int32
	bit    bool
	base   int  // ip the pass had earned at the planning point
	byHand bool // the node being made takes a block by hand
}

func newPassSearch(r nora.Rules, cs *Comps) *passSearch {
	w := nora.NewPassState(r)
	return &passSearch{r: r, cs: cs, sw: r.Switch, work: w}
}

// withLimits fixes the search's limits whatever the deck's size.
func (ps *passSearch) withLimits(l searchLimits) *passSearch {
	ps.lim, ps.fixed = l, true
	return ps
}

// state returns node i's position, growing the pool.
func (ps *passSearch) state(i int) *nora.PassState {
	for len(ps.states) <= i {
		ps.states = append(ps.states, ps.work.Sibling())
	}
	return ps.states[i]
}

// Bit reports whether the last search was cut by its limits: some
// position was left unexpanded.
func (ps *passSearch) Bit() bool { return ps.bit }

// list returns the plans of the pass p for a player holding at most
// maxNeed ip, the plan without a switch first; for each composition left,
// only plans no other plan beats in need and net ip at the rules' price.
// The slice is ps's own until the next call.
func (ps *passSearch) list(p *nora.PassState, maxNeed int) []passPlan {
	if !ps.fixed {
		ps.lim = searchLimitsFor(len(p.Order()))
	}
	ps.nodes, ps.arena, ps.plans, ps.bit = ps.nodes[:0], ps.arena[:0], ps.plans[:0], false
	ps.seen.reset(ps.lim.Nodes)
	for i := range ps.beams {
		ps.beams[i] = beam{e: ps.beams[i].e[:0]}
		ps.cands[i] = ps.cands[i][:0]
	}
	for len(ps.beams) <= ps.lim.Switches {
		ps.beams, ps.cands = append(ps.beams, beam{}), append(ps.cands, nil)
	}
	e := p.Earned()
	ps.base = e.Total()

	// The root: the position as given.
	ps.state(0).CopyFrom(p)
	key, left, gone := scanPosition(ps.state(0))
	waiting := gone != 0
	ps.nodes = append(ps.nodes, searchNode{parent: -1, left: int32(left), gone: gone, rest: !waiting, key: key, sameKey: -1})
	// The pass without a switch is node 1.
	if waiting {
		ps.pushNode(0, ps.child(0, 0, 0, true, fall))
	} else {
		ps.pushNode(0, ps.child(0, 0, 0, true, func(*passSearch, *nora.PassState) int { return 0 }))
	}
	if ps.lim.Switches > 0 && (ps.sw <= maxNeed || p.Waiting() && ps.sw <= maxNeed+p.Potential()) {
		if p.Waiting() {
			ps.pushNode(0, 0)
		}
		ps.search(maxNeed)
	}
	ps.collect()
	return ps.plans
}

// act appends a to the actions of the node being made.
func (ps *passSearch) act(a games.Action) { ps.arena = append(ps.arena, a) }

// fall lets the waiting pairs of q fall, in the max-ip order, as a move of
// child, and returns the ip they earn.
func fall(ps *passSearch, q *nora.PassState) int {
	ps.act(nora.Proceed)
	e := q.Settle(nil, nil)
	return e.Total()
}

// child makes a node from node u: it copies u's position, lets move play
// on it (recording its actions with act; move returns the ip its removal
// steps earn) and keeps the result as a node with s switches and the given
// need, unless the same position is already held at no more switches, no
// more need and no less ip. settled says that move leaves the position at
// rest. It returns the new node, or -1.
func (ps *passSearch) child(u int32, s, need int, settled bool, move func(ps *passSearch, q *nora.PassState) int) int32 {
	i := int32(len(ps.nodes))
	if len(ps.nodes) >= ps.lim.Nodes {
		ps.bit = true
		return -1
	}
	q := ps.state(int(i))
	q.CopyFrom(ps.states[u])
	start := int32(len(ps.arena))
	earned := ps.nodes[u].earned + int32(move(ps, q))
	n := searchNode{parent: u, acts: start, actEnd: int32(len(ps.arena)), s: int32(s), need: int32(need),
		earned: earned, byHand: ps.nodes[u].byHand || ps.byHand, sameKey: -1}
	if settled {
		n.key, n.left, n.rest = positionKey(q), int32(len(q.Order())), true
	} else {
		key, left, gone := scanPosition(q)
		n.key, n.left, n.gone, n.rest = key, int32(left), gone, gone == 0
	}
	if j, ok := ps.seen.get(n.key); ok {
		n.sameKey = j
		for ; j >= 0; j = ps.nodes[j].sameKey {
			o := &ps.nodes[j]
			if o.s <= n.s && o.need <= n.need && o.earned >= n.earned {
				ps.arena = ps.arena[:start]
				return -1
			}
		}
	}
	ps.seen.put(n.key, i)
	ps.nodes = append(ps.nodes, n)
	return i
}

// pushNode offers node u, if any (u ≥ 0), to bucket s.
func (ps *passSearch) pushNode(s int, u int32) {
	if u < 0 {
		return
	}
	n := &ps.nodes[u]
	ps.push(s, nodeEntry(u, n.left, n.earned, n.need, n.byHand))
}

// scanPosition returns, in one reading of q's order, the key that
// identifies the position within the pass (a hash of the ranks in order,
// of which neighbours removals brought together while pairs wait, and of
// the ranks quads took, on which the pass's bonus depends), the cards left
// once the waiting pairs fall (nora.ReducedLen), and the cards that fall,
// by position: those a stack pass casts out, none if no pair waits
// (q.Waiting).
func scanPosition(q *nora.PassState) (key uint64, left int, gone uint64) {
	order := q.Order()
	h := uint64(14695981039346656037)
	var stack [64]cards.Rank
	var at [64]int8
	n := 0
	for k, c := range order {
		r := c.Rank()
		h ^= uint64(r)
		h *= 1099511628211
		if n > 0 && stack[n-1] == r {
			n--
			gone |= 1<<uint(at[n]) | 1<<uint(k)
		} else {
			stack[n], at[n] = r, int8(k)
			n++
		}
	}
	h ^= uint64(len(order)) << 56
	h ^= q.Made() * 0xbf58476d1ce4e5b9
	return h ^ uint64(q.QuadRanks())*0x9e3779b97f4a7c15, n, gone
}

// positionKey returns scanPosition's key of q alone, for a position known
// to be at rest.
func positionKey(q *nora.PassState) uint64 {
	order := q.Order()
	h := uint64(14695981039346656037)
	for _, c := range order {
		h ^= uint64(c.Rank())
		h *= 1099511628211
	}
	h ^= uint64(len(order)) << 56
	h ^= q.Made() * 0xbf58476d1ce4e5b9
	return h ^ uint64(q.QuadRanks())*0x9e3779b97f4a7c15
}

// A pullCand is a pull not yet made: made only if the beam keeps it.
type pullCand struct {
	parent     int32
	i, j, a, b int8
	s, need    int32
	left       int32 // cards left once the waiting pairs fall
	earned     int32
}

// An entry of the beam: a node or a pull not yet made, packed so that
// the beam's order (beamOrder) is the order of (hi, lo) as numbers. hi
// holds, from the top bit down, the cards left once the waiting pairs fall
// (7 bits), whether it takes a block by hand (1), the ip earned subtracted
// from the most it may hold (24), and the need (24); lo the tie-break: for
// a node maxEntryNode less its index (later nodes first), for a candidate
// 1<<32 | its index (after every node, earlier candidates first).
type entry struct{ hi, lo uint64 }

// The bounds of an entry's fields.
const (
	maxEntryIP   = 1<<24 - 1
	maxEntryNode = 1<<31 - 1
	entryCand    = 1 << 32
)

// entryHi packs the leading fields of an entry.
func entryHi(left, earned, need int32, byHand bool) uint64 {
	if earned < 0 || earned > maxEntryIP || need < 0 || need > maxEntryIP || left < 0 || left > 127 {
		panic("nora: a pass search entry out of range")
	}
	return uint64(left)<<49 | uint64(b2i(byHand))<<48 | uint64(maxEntryIP-earned)<<24 | uint64(need)
}

// nodeEntry returns the entry of node u.
func nodeEntry(u, left, earned, need int32, byHand bool) entry {
	return entry{entryHi(left, earned, need, byHand), uint64(maxEntryNode - u)}
}

// node returns the entry's node, or -1 for a candidate.
func (e entry) node() int32 {
	if e.lo >= entryCand {
		return -1
	}
	return int32(maxEntryNode - e.lo)
}

// cand returns the index of a candidate's pull.
func (e entry) cand() int32 { return int32(e.lo - entryCand) }

// less reports whether e comes before f in the beam.
// It subtracts f from e as 128-bit numbers and reads the borrow, which
// takes no branch.
func (e entry) less(f entry) bool {
	_, borrow := bits.Sub64(e.lo, f.lo, 0)
	_, borrow = bits.Sub64(e.hi, f.hi, borrow)
	return borrow != 0
}

// search expands the nodes by number of switches made: at each number, the
// Width best (see beamOrder) of the nodes and pulls reaching it, those made
// on the way (blocks taken by hand) joining in order.
func (ps *passSearch) search(maxNeed int) {
	for s := 0; s <= ps.lim.Switches; s++ {
		b := &ps.beams[s]
		sortHeap(b.e)
		b.open, b.next = true, 0
		expanded := 0
		for b.next < len(b.e) && expanded < ps.lim.Width {
			e := b.e[b.next]
			b.next++
			u := e.node()
			if u < 0 {
				if u = ps.makePull(ps.cands[s][e.cand()]); u < 0 {
					continue // a position held already
				}
			}
			expanded++
			if !ps.expand(u, s, maxNeed) {
				return
			}
		}
		if b.next < len(b.e) {
			ps.bit = true
		}
	}
}

// A beam holds the entries of one number of switches: before its turn a
// heap of at most twice Width entries with the worst on top (an entry worse
// than all of a full beam is turned away); in its turn, sorted best first,
// next the first not yet taken.
type beam struct {
	e    []entry
	next int
	open bool
}

// push offers an entry to bucket s.
func (ps *passSearch) push(s int, e entry) {
	ps.offer(s, e)
}

// offer offers an entry to bucket s, and reports false if a full beam
// turned it away.
func (ps *passSearch) offer(s int, e entry) bool {
	b := &ps.beams[s]
	if b.open {
		k := b.next + sort.Search(len(b.e)-b.next, func(k int) bool { return e.less(b.e[b.next+k]) })
		b.e = slices.Insert(b.e, k, e)
		return true
	}
	h := b.e
	if len(h) >= 2*ps.lim.Width {
		ps.bit = true
		if !e.less(h[0]) {
			return false
		}
		h[0] = e
		siftDown(h, 0)
		return true
	}
	h = append(h, e)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h[p].less(h[i]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	b.e = h
	return true
}

// sortHeap sorts h, a heap with the worst entry on top (see beam), best
// first: the heap's own order is half the work of a sort, and the entries'
// order is compared inline.
func sortHeap(h []entry) {
	for end := len(h) - 1; end > 0; end-- {
		h[0], h[end] = h[end], h[0]
		siftDown(h[:end], 0)
	}
}

// siftDown restores, from i down, the order of a heap with the worst entry
// on top: the entry at i moves down past its worse children, each moving
// up in turn, to where it is worse than both of its own.
func siftDown(h []entry, i int) {
	n := len(h)
	x := h[i]
	for {
		m := 2*i + 1
		if m >= n {
			break
		}
		if r := m + 1; r < n && h[m].less(h[r]) {
			m = r
		}
		if !x.less(h[m]) {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
}

// expand adds what follows node u, of s switches: if pairs wait, their
// fall, each block taken by hand, the switches next to them and the pulls
// across them; at rest, the pulls. It reports false once the node limit is
// reached.
func (ps *passSearch) expand(u int32, s, maxNeed int) bool {
	nd := ps.nodes[u]
	if !nd.rest {
		// The fall of the waiting pairs is expanded with its parent, outside
		// the beam's count.
		// At the root it is node 1, made already.
		r := int32(-1)
		if u != 0 {
			r = ps.child(u, s, int(nd.need), true, fall)
		}
		if r >= 0 && ps.nodes[r].left > 0 && !ps.pulls(r, maxNeed) {
			return false
		}
		// Blocks taken by hand from the first look: the ip they earn can pay
		// for a switch while other pairs still wait.
		ps.blocks = ps.blocks[:0]
		if u == 0 || nd.byHand && nd.s == 0 {
			ps.blocks = ps.states[u].Blocks(ps.blocks)
		}
		ps.byHand = true
		for _, b := range ps.blocks {
			if len(ps.nodes) >= ps.lim.Nodes {
				ps.bit = true
				ps.byHand = false
				return false
			}
			ps.pushNode(s, ps.child(u, s, int(nd.need), false, func(ps *passSearch, q *nora.PassState) int {
				ps.act(nora.RemoveAt(b.At, b.Pairs))
				e := q.Remove(b.At, b.Pairs, nil)
				return e.Total()
			}))
		}
		ps.byHand = false
		if !ps.midMoves(u, maxNeed, u == 0, u == 0) {
			return false
		}
	}
	if nd.left == 0 {
		return true
	}
	return ps.pulls(u, maxNeed)
}

// beamOrder orders beam entries: fewest cards left once the waiting pairs
// fall, then those not taking a block by hand, then most ip, then least
// need, then nodes before candidates (the later node first, the earlier
// candidate first).
func beamOrder(x, y entry) int {
	switch {
	case x.less(y):
		return -1
	case y.less(x):
		return 1
	}
	return 0
}

// midMoves adds the nodes that switch at waiting node u (see passSearch):
// after some steps of the max-ip order or one pair taken by hand, a switch
// making a pair next to a waiting one; at the first look (look), any
// switch making a pair. It reports false once the node limit is reached.
func (ps *passSearch) midMoves(u int32, maxNeed int, look, steps bool) bool {
	nd := ps.nodes[u]
	s := int(nd.s) + 1
	if s > ps.lim.Switches {
		return true
	}
	at := ps.states[u]
	mid := ps.work
	// Switches now.
	near := waitingCards(at.Order())
	if look {
		near = 0
	}
	if !ps.switchesAt(u, at, nil, near, s, int(nd.need), int(nd.earned), maxNeed) {
		return false
	}
	if !steps {
		return true
	}
	// Between the steps of the max-ip order.
	ps.path = at.Path(ps.path)
	path := ps.path
	for k := 1; k < len(path); k++ {
		mid.CopyFrom(at)
		earned := int(nd.earned)
		for _, b := range path[:k] {
			e := mid.Remove(b.At, b.Pairs, nil)
			earned += e.Total()
		}
		if !ps.switchesAt(u, mid, path[:k], waitingCards(mid.Order()), s, int(nd.need), earned, maxNeed) {
			return false
		}
	}
	// After one pair other than the max-ip order's first step.
	ps.blocks = at.Blocks(ps.blocks)
	for _, b := range ps.blocks {
		if b.Pairs != 1 || len(path) > 0 && b == path[0] {
			continue
		}
		mid.CopyFrom(at)
		e := mid.Remove(b.At, b.Pairs, nil)
		if !ps.switchesAt(u, mid, []nora.Block{b}, waitingCards(mid.Order()), s, int(nd.need), int(nd.earned)+e.Total(), maxNeed) {
			return false
		}
	}
	return true
}

// switchesAt adds the nodes that, from node u, take the steps taken (which
// leave the position mid, having earned earned ip since the planning point)
// and then make a switch creating a pair, touching a card of near if near
// is not zero: s switches in all.
func (ps *passSearch) switchesAt(u int32, mid *nora.PassState, taken []nora.Block, near uint64, s, need, earned, maxNeed int) bool {
	if len(taken) > 0 && !mid.Waiting() {
		return true // nothing waits: a switch now is a pull from rest
	}
	need = max(need, ps.sw*s-earned)
	if need > maxNeed {
		return true
	}
	ps.pos = creatingSwitches(ps.pos[:0], mid.Order(), near)
	for _, i := range ps.pos {
		if len(ps.nodes) >= ps.lim.Nodes {
			ps.bit = true
			return false
		}
		ps.pushNode(s, ps.child(u, s, need, false, func(ps *passSearch, q *nora.PassState) int {
			earned := 0
			for _, b := range taken {
				ps.act(nora.RemoveAt(b.At, b.Pairs))
				e := q.Remove(b.At, b.Pairs, nil)
				earned += e.Total()
			}
			ps.act(nora.SwitchAt(i))
			q.Switch(i)
			return earned
		}))
	}
	return true
}

// pulls adds the pulls from node u (see passSearch); it reports false once
// the node limit is reached.
func (ps *passSearch) pulls(u int32, maxNeed int) bool {
	nd := ps.nodes[u]
	order := ps.states[u].Order()
	n := len(order)
	room := min(ps.lim.Pull, ps.lim.Switches-int(nd.s))
	// Pull to the nearest card of the same rank, by every split of the
	// switches between the two cards.
	if nd.rest || ps.lim.PullWaiting {
		// The nearest card of the rank, d places on, for each card that has
		// one within reach.
		var dist [64]int8
		var near uint64
		rw := newRankWords(order)
		for d := 2; d <= room+1; d++ {
			at := rw.sameRankAt(d) &^ near
			near |= at
			for ; at != 0; at &= at - 1 {
				dist[bits.TrailingZeros64(at)] = int8(d)
			}
		}
		for ; near != 0; near &= near - 1 {
			i := bits.TrailingZeros64(near)
			ps.pullSplits(u, i, i+int(dist[i]), maxNeed)
		}
	}
	if nd.rest {
		return true // nothing between two cards can fall
	}
	// While pairs wait, a pull may reach across a stretch the falling pairs
	// clear whole: the two cards meet by removal. The cards that fall are
	// those a stack pass casts out; what stays between the two cards must
	// be one whole stretch of falling cards, with the cards pulled past on
	// either side.
	gone := nd.gone
	// The cards that stay, in order, and where each card stands among
	// them (made at the first pull): the two pulled stay, and the cards
	// that fall cancel among themselves whatever stays, so the cards a
	// pull leaves are those the survivors without the two reduce to.
	var kept [64]cards.Card
	var at [64]int8
	h := 0
	made := false
	for rest := gone; rest != 0; {
		// The stretch x..y falls whole; i left of it past a survivors, j
		// right of it past b.
		x := bits.TrailingZeros64(rest)
		y := x + bits.TrailingZeros64(^(rest >> uint(x))) - 1
		rest &^= 1<<uint(y+1) - 1
		for a := 0; a <= room && x-1-a >= 0 && gone&(1<<uint(x-1-a)) == 0; a++ {
			i := x - 1 - a
			for b := 0; a+b <= room && y+1+b < n && gone&(1<<uint(y+1+b)) == 0; b++ {
				j := y + 1 + b
				if a+b == 0 || order[i].Rank() != order[j].Rank() {
					continue
				}
				if !made {
					for stay := ^gone & (1<<uint(n) - 1); stay != 0; stay &= stay - 1 {
						p := bits.TrailingZeros64(stay)
						kept[h], at[p] = order[p], int8(h)
						h++
					}
					made = true
				}
				ps.pull(u, i, j, a, b, maxNeed, pulledLeft(kept[:h], int(at[i]), int(at[j]), true))
			}
		}
	}
	return true
}

// pullSplits adds the pulls bringing the cards at i and j of node u
// together, by every split of the switches between them: the card at i
// moving right past a cards, the one at j left past the others.
func (ps *passSearch) pullSplits(u int32, i, j, maxNeed int) {
	left := pulledLeft(ps.states[u].Order(), i, j, ps.nodes[u].rest)
	for a := 0; a <= j-i-1; a++ {
		if !ps.pull(u, i, j, a, j-i-1-a, maxNeed, left) {
			// The splits differ only in their order among candidates:
			// a beam that turned one away turns away those after it.
			return
		}
	}
}

// pulledLeft returns the cards of order left once the waiting pairs fall
// after the cards at i and j are brought together (they meet and fall; the
// others stay in their order). With rest set order holds no pair, so the
// cards before i are reduced already and the cascade the pull starts
// stops at the first card it keeps after j.
func pulledLeft(order []cards.Card, i, j int, rest bool) int {
	var stack [64]cards.Rank
	h := 0
	if !rest {
		for k, c := range order {
			if k == i || k == j {
				continue
			}
			if r := c.Rank(); h > 0 && stack[h-1] == r {
				h--
			} else {
				stack[h] = r
				h++
			}
		}
		return h
	}
	// The stack is order[:p] below the cards pushed since, stack[:h].
	p := i
	for k := i + 1; k < len(order); k++ {
		if k == j {
			continue
		}
		r := order[k].Rank()
		switch {
		case h > 0 && stack[h-1] == r:
			h--
		case h == 0 && p > 0 && order[p-1].Rank() == r:
			p--
		case k > j:
			// Kept: every card after it differs from its neighbour.
			return p + h + len(order) - k
		default:
			stack[h] = r
			h++
		}
	}
	return p + h
}

// pull adds the pull bringing the cards at i and j of node u together (the
// card at i moves right past a cards and the one at j left past b), which
// leaves left cards once the waiting pairs fall, as a candidate of the
// beam. It reports false if the beam turned it away.
func (ps *passSearch) pull(u int32, i, j, a, b, maxNeed, left int) bool {
	nd := &ps.nodes[u]
	s := int(nd.s) + a + b
	need := max(int(nd.need), ps.sw*s-int(nd.earned))
	if need > maxNeed {
		return true
	}
	e := entry{entryHi(int32(left), nd.earned, int32(need), nd.byHand), entryCand + uint64(len(ps.cands[s]))}
	if !ps.offer(s, e) {
		return false
	}
	ps.cands[s] = append(ps.cands[s], pullCand{parent: u, i: int8(i), j: int8(j), a: int8(a), b: int8(b),
		s: int32(s), need: int32(need), left: int32(left), earned: nd.earned})
	return true
}

// makePull makes the node of candidate c, or returns -1 if its position is
// held already as well or better, or the node limit is reached.
func (ps *passSearch) makePull(c pullCand) int32 {
	i, j, a, b := int(c.i), int(c.j), int(c.a), int(c.b)
	return ps.child(c.parent, int(c.s), int(c.need), false, func(ps *passSearch, q *nora.PassState) int {
		for k := i; k < i+a; k++ { // the card at i moves right
			ps.act(nora.SwitchAt(k))
			q.Switch(k)
		}
		for k := j - 1; k >= j-b; k-- { // the card at j moves left
			ps.act(nora.SwitchAt(k))
			q.Switch(k)
		}
		return 0
	})
}

// collect turns the rest nodes into plans: for each composition left, those
// no other beats in need and net ip at the rules' price, the plan without a
// switch first.
func (ps *passSearch) collect() {
	for i := 1; i < len(ps.nodes); i++ {
		n := &ps.nodes[i]
		if !n.rest {
			continue
		}
		q := ps.states[i]
		bonus := q.Bonus()
		pp := passPlan{next: ps.cs.of(q.Order()), total: int(n.earned) + bonus.Total(), s: int(n.s), need: int(n.need),
			live: q.Removed() > 0, node: int32(i)}
		ps.plans = append(ps.plans, pp)
	}
	// The plan without a switch is node 1; keep it first, then drop the
	// dominated ones among the rest.
	sw := ps.sw
	rest := ps.plans[1:]
	// By composition, then need, then most net, in node order among
	// equals: an insertion sort, as the plans are few.
	for i := 1; i < len(rest); i++ {
		x := rest[i]
		j := i
		for ; j > 0; j-- {
			y := &rest[j-1]
			if x.next > y.next || x.next == y.next && (x.need > y.need || x.need == y.need && x.net(sw) <= y.net(sw)) {
				break
			}
			rest[j] = *y
		}
		rest[j] = x
	}
	kept := ps.plans[:1]
	none := ps.plans[0]
	for k := 0; k < len(rest); {
		// rest[k:] of one composition, by need then net: keep each that
		// nets more than every one needing no more.
		j := k
		bestNet := -1 << 30
		if rest[k].next == none.next {
			bestNet = none.net(sw) // never worse than no switch
		}
		for ; j < len(rest) && rest[j].next == rest[k].next; j++ {
			if pp := rest[j]; pp.net(sw) > bestNet {
				kept = append(kept, pp)
				bestNet = pp.net(sw)
			}
		}
		k = j
	}
	ps.plans = kept
}

// actions returns the actions that play pp, in order, ending with a
// proceed that ends the pass. It appends to dst[:0].
func (ps *passSearch) actions(pp passPlan, dst []games.Action) []games.Action {
	dst = dst[:0]
	ps.chain = ps.chain[:0]
	for u := pp.node; u > 0; u = ps.nodes[u].parent {
		ps.chain = append(ps.chain, u)
	}
	for h := len(ps.chain) - 1; h >= 0; h-- {
		n := &ps.nodes[ps.chain[h]]
		dst = append(dst, ps.arena[n.acts:n.actEnd]...)
	}
	return append(dst, nora.Proceed)
}

// positions maps the keys of the positions a search holds to their latest
// node: an open-addressing table with room for twice the most nodes a
// search holds, emptied for the next search by a new generation, not
// cleared.
type positions struct {
	keys  []uint64
	nodes []int32
	gens  []uint32
	gen   uint32
}

// reset empties the table for a search of at most n nodes.
func (t *positions) reset(n int) {
	size := 1
	for size < 2*n {
		size *= 2
	}
	t.gen++
	if len(t.keys) < size || t.gen == 0 {
		t.keys, t.nodes, t.gens, t.gen = make([]uint64, size), make([]int32, size), make([]uint32, size), 1
	}
}

// slot returns the index of key's slot, and whether it holds key.
func (t *positions) slot(key uint64) (int, bool) {
	m := len(t.keys) - 1
	for i := int(key*0x9e3779b97f4a7c15>>40) & m; ; i = (i + 1) & m {
		if t.gens[i] != t.gen {
			return i, false
		}
		if t.keys[i] == key {
			return i, true
		}
	}
}

// get returns the node of key, and whether it is held.
func (t *positions) get(key uint64) (int32, bool) {
	i, ok := t.slot(key)
	return t.nodes[i], ok
}

// put makes u the node of key.
func (t *positions) put(key uint64, u int32) {
	i, _ := t.slot(key)
	t.keys[i], t.nodes[i], t.gens[i] = key, u, t.gen
}
