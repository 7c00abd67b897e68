package nora

import (
	"errors"
	"math"
	"math/bits"

	"github.com/cardsim/cardsim/games/cards"
)

// Step is one removal step of a cascade: a block of one or more pairs lying
// end to end, removed at once, and the ip it earned.
type Step struct {
	Cards []cards.Card `json:"cards"`
	IP    Earned       `json:"ip"`
}

// cascader removes every pair from a sequence in the order the rules choose:
// for max-ip, the order earning the most ip, found by a depth-first search
// over the set of positions already removed, memoised in an open-addressing
// table that is reused (cleared by generation) from one cascade to the next.
// A cluster that would need many states there is taken by turns, with
// growing budgets, by this search and the split search (split.go), which
// finds the same order and is far faster on most such clusters, until one
// of them finishes.
//
// Positions are those of the sequence when the cascade began, so two cards
// were adjacent then exactly when their positions differ by one. A pair is a
// Reaction when its cards were not adjacent then, or were adjacent only
// because removals earlier in the pass brought them together (made).
type cascader struct {
	r    *Rules
	rank [64]uint8
	n    int
	// made has bit p set when the cards at p and p+1 became neighbours by a
	// removal of this pass (not at the shuffle, not by a switch); cm is made
	// for the cluster being searched.
	made, cm uint64

	keys  []uint64
	moves []uint64
	vals  []int32
	gens  []uint32
	gen   uint32
	used  int
	whole bool // search the cascade as one cluster (tests check the split against it)

	// limit is the first budget of the searches for one cluster (0: the
	// plain search alone, without limit): the number of states solve may
	// table, and of profiles the split search may memoise, before giving up
	// for the other (both keep what they found for their next turn); budget
	// is solve's in the current turn. split makes the split search take
	// every cluster at once (tests check it against solve); profs memoises
	// its profiles, of which it may add no more than splitBudget (0: no
	// limit).
	limit, budget int
	split         bool
	profs         map[segKey]*profile
	splitBudget   int

	// path, when not nil, receives each step as the block it takes, at its
	// position at that moment; shift turns a cluster's live index into that
	// position.
	path  *[]Block
	shift int
	steps []Block // Path's buffer

	child [65][16]uint8 // fixedCards' trie of reduced prefixes
	top   [64]uint8     // fixedCards' stack of positions
}

func newCascader(r *Rules) *cascader {
	c := &cascader{r: r, limit: plainLimit}
	c.grow(1 << 10)
	return c
}

func (c *cascader) grow(size int) {
	c.keys = make([]uint64, size)
	c.moves = make([]uint64, size)
	c.vals = make([]int32, size)
	c.gens = make([]uint32, size)
	c.gen = 1
	c.used = 0
}

// slot returns the table index for mask and whether it holds a value.
func (c *cascader) slot(mask uint64) (int, bool) {
	m := len(c.keys) - 1
	h := int((mask * 0x9e3779b97f4a7c15) >> 40)
	for i := h & m; ; i = (i + 1) & m {
		if c.gens[i] != c.gen {
			return i, false
		}
		if c.keys[i] == mask {
			return i, true
		}
	}
}

// live fills dst with the positions not in mask, in order, and returns the
// count.
func (c *cascader) live(mask uint64, dst *[64]uint8) int {
	free := ^mask & (1<<uint(c.n) - 1)
	m := 0
	for free != 0 {
		dst[m] = uint8(bits.TrailingZeros64(free))
		free &= free - 1
		m++
	}
	return m
}

// block values the block of k pairs starting at live index i. It returns the
// ip counted by the search (a quad forfeits the sweep its rank would
// otherwise earn at the end of the pass), the bits of the positions it
// removes, and adds the ip by source to e, and the ranks of the quads it
// takes to quads, when e is not nil.
func (c *cascader) block(l []uint8, i, k int, e *Earned, quads *uint16) (value int, move uint64) {
	r := c.r
	units := k
	for p := 0; p < k; p++ {
		j := i + 2*p
		a, b := l[j], l[j+1]
		move |= 1<<a | 1<<b
		rk := c.rank[a]
		t := j
		for t > 0 && c.rank[l[t-1]] == rk {
			t--
		}
		u := j + 1
		for u+1 < len(l) && c.rank[l[u+1]] == rk {
			u++
		}
		run := u - t + 1
		if run == 4 && t == j && p+1 < k {
			// The block takes this run of four whole: a quad.
			value += r.Quad - r.Sweep
			if e != nil {
				e[Quad] += r.Quad
				*quads |= 1 << rk
			}
			if l[j+3] != l[j]+3 || c.cm>>l[j]&7 != 0 {
				value += r.Reaction
				if e != nil {
					e[Reaction] += r.Reaction
				}
			}
			if !r.QuadChain {
				units--
			}
			p++ // the quad's second pair is counted with it
			move |= 1<<l[j+2] | 1<<l[j+3]
			continue
		}
		if rk == uint8(cards.Joker) {
			value += r.Joke
			if e != nil {
				e[Joke] += r.Joke
			}
		}
		if b != a+1 || c.cm>>a&1 != 0 {
			value += r.Reaction
			if e != nil {
				e[Reaction] += r.Reaction
			}
		}
		if run == 3 {
			value += r.Triple
			if e != nil {
				e[Triple] += r.Triple
			}
		}
	}
	if units > 1 {
		value += (units - 1) * r.Chain
		if e != nil {
			e[Chain] += (units - 1) * r.Chain
		}
	}
	return value, move
}

// solve returns the most ip the cascade can still earn once the positions in
// mask are gone, and records the best move in the table.
func (c *cascader) solve(mask uint64) int {
	idx, ok := c.slot(mask)
	if ok {
		return int(c.vals[idx])
	}
	if c.used >= c.budget {
		panic(errPlainBudget)
	}
	var buf [64]uint8
	m := c.live(mask, &buf)
	l := buf[:m]
	best, bestMove := 0, uint64(0)
	leftmost := c.r.Removal == RemovalLeftToRight
	for i := 0; i+1 < m; i++ {
		if c.rank[l[i]] != c.rank[l[i+1]] {
			continue
		}
		for k := 1; ; k++ {
			v, move := c.block(l, i, k, nil, nil)
			if v += c.solve(mask | move); bestMove == 0 || v > best {
				best, bestMove = v, move
			}
			if leftmost {
				break
			}
			q := i + 2*k
			if q+1 >= m || c.rank[l[q]] != c.rank[l[q+1]] {
				break
			}
		}
		if leftmost {
			break
		}
	}
	// The recursion may have grown the table: find the slot again.
	if 2*(c.used+1) > len(c.keys) {
		c.rehash()
	}
	idx, _ = c.slot(mask)
	c.keys[idx], c.moves[idx], c.vals[idx], c.gens[idx] = mask, bestMove, int32(best), c.gen
	c.used++
	return best
}

// errPlainBudget unwinds solve when it has tabled as many states as its
// budget allows.
var errPlainBudget = errors.New("nora: plain search over budget")

// trySolve runs solve from the start of the cluster with the given budget
// of states (0: no limit) and reports whether it finished. The states it
// tabled stay for its next turn: each holds the value of its whole subtree.
func (c *cascader) trySolve(budget int) (ok bool) {
	c.budget = budget
	if budget <= 0 {
		c.budget = math.MaxInt
	}
	defer func() {
		if e := recover(); e != nil {
			if e != errPlainBudget {
				panic(e)
			}
			ok = false
		}
	}()
	c.solve(0)
	return true
}

// rehash doubles the table, keeping the entries of the current search.
func (c *cascader) rehash() {
	keys, moves, vals, gens, gen := c.keys, c.moves, c.vals, c.gens, c.gen
	c.grow(2 * len(keys))
	for i := range keys {
		if gens[i] == gen {
			j, _ := c.slot(keys[i])
			c.keys[j], c.moves[j], c.vals[j], c.gens[j] = keys[i], moves[i], vals[i], c.gen
			c.used++
		}
	}
}

// fixedCards returns the positions of d's ranks (c.rank[:c.n]) that no
// order of removal can remove. They split a cascade into clusters that
// cannot interact: no pair, block, run or reaction ever spans a card that
// stays, since a card of another rank stands between and a card of the same
// rank beside it would pair with it.
//
// A card leaves only with a card of its rank once every card between the two
// has left, which is possible exactly when the cards between reduce to
// nothing: reading the sequence as a word, when the reduced word of the
// prefix through the first card equals that of the prefix before the second.
// The stack reduction pairs every card it pops with the card that pops it,
// so only its survivors can be fixed; and a survivor p has no partner on its
// right, since every later reduced prefix still holds p, so one equal to the
// prefix through p would have let the next card of p's rank pop it. A
// survivor is therefore fixed unless a card q of its rank to its left has
// the reduced prefix through q equal to the one before p. Reduced prefixes
// are numbered as the nodes of a trie built along the reduction, so the test
// is one scan.
func (c *cascader) fixedCards() uint64 {
	var stack [65]uint8 // trie nodes along the current reduced word; stack[0] is the root
	var seen [65]uint16 // by node: the ranks of the cards q whose prefix through q reduces to it
	var partnered uint64
	c.child[0] = [16]uint8{}
	nodes, h := uint8(1), 0
	for p := 0; p < c.n; p++ {
		u, rk := stack[h], c.rank[p]&15
		if seen[u]&(1<<rk) != 0 {
			partnered |= 1 << uint(p)
		}
		if h > 0 && c.rank[c.top[h-1]] == rk {
			h--
		} else {
			v := c.child[u][rk]
			if v == 0 {
				v = nodes
				nodes++
				c.child[v] = [16]uint8{}
				c.child[u][rk] = v
			}
			c.top[h] = uint8(p)
			h++
			stack[h] = v
		}
		seen[stack[h]] |= 1 << rk
	}
	var fixed uint64
	for k := 0; k < h; k++ {
		fixed |= 1 << c.top[k]
	}
	return fixed &^ partnered
}

// run removes every pair of d in place, the cascade beginning with the
// neighbours in made brought together by earlier removals. It returns the
// number of cards left (now d's prefix), the ip earned by the steps (before
// the pass's sweep and jamboree), and the ranks removed whole by a quad. It
// appends the removed cards to pile and each step to steps when they are
// not nil.
func (c *cascader) run(d []cards.Card, made uint64, pile *[]cards.Card, steps *[]Step) (left int, e Earned, quadRanks uint16) {
	switch {
	case c.whole:
	case pile == nil && steps == nil && c.path == nil:
		// Nothing to record: at rest, pairs alone and cascades with no
		// choice are all forced cascades.
		if left, e, ok := c.forcedCascades(d, made); ok {
			return left, e, 0
		}
	case !hasPair(d):
		return len(d), e, 0 // at rest: nothing to search
	case isolatedPairs(d):
		left, e = c.removeIsolated(d, made, pile, steps)
		return left, e, 0
	}
	return c.search(d, made, pile, steps)
}

// forcedCascades removes the pairs of d in place when no order of removal
// has a choice to make: every pair now in d starts a cascade that takes,
// step after step, one pair whose outer neighbours hold other ranks (no run
// of three, no pairs end to end), and the cascades stay apart, at least one
// card that stays between any two. Each step is then a pair of its own and
// every order earns the same: a Joke for a pair of jokers, a Reaction for
// a pair brought together by removals (every pair of a cascade but its
// first, and the first if made says removals of this pass brought it
// together). It returns the cards left and their ip, and reports false,
// changing nothing, when some order has a choice. It records no steps:
// the caller asks for none (the pass search settles so, most often after a
// pull at rest made one pair).
func (c *cascader) forcedCascades(d []cards.Card, made uint64) (int, Earned, bool) {
	var e Earned
	n := len(d)
	var gone uint64
	end := -2 // the last position of the last cascade (none yet)
	jokes, reactions := 0, 0
	for i := 0; i+1 < n; i++ {
		if d[i].Rank() != d[i+1].Rank() {
			continue
		}
		// The cascade's pair at this step is l+1, r-1.
		l, r := i-1, i+2
		for {
			rk := d[l+1].Rank()
			if l >= 0 && d[l].Rank() == rk || r < n && d[r].Rank() == rk {
				return 0, e, false // a run of three, or pairs end to end
			}
			if rk == cards.Joker {
				jokes++
			}
			if r-l > 3 || made>>uint(i)&1 != 0 {
				reactions++
			}
			if l < 0 || r >= n || d[l].Rank() != d[r].Rank() {
				break
			}
			l, r = l-1, r+1
		}
		if l+1 <= end+1 {
			return 0, e, false // it meets the cascade before
		}
		gone |= (1<<uint(r-l-1) - 1) << uint(l+1)
		end, i = r-1, r-1
	}
	w := 0
	for i, cd := range d {
		if gone>>uint(i)&1 == 0 {
			d[w] = cd
			w++
		}
	}
	e[Joke] = jokes * c.r.Joke
	e[Reaction] = reactions * c.r.Reaction
	return w, e, true
}

// isolatedPairs reports whether every pair of d stands alone: its two
// cards of a rank that neither neighbour has, no other pair beside it, and
// the neighbours on either side of different ranks, so that removing the
// pairs brings no two cards of a rank together. Then the cascade is the
// pairs themselves, each a step of its own: no chain, triple, quad or
// later reaction is possible, and every order of removal earns the same.
// Most shuffles of a full deck are so (three pairs or so, rarely touching).
func isolatedPairs(d []cards.Card) bool {
	n := len(d)
	for i := 0; i+1 < n; i++ {
		rk := d[i].Rank()
		if d[i+1].Rank() != rk {
			continue
		}
		if i+2 < n {
			next := d[i+2].Rank()
			if next == rk || i+3 < n && d[i+3].Rank() == next || i > 0 && d[i-1].Rank() == next {
				return false // a run of three or more, pairs end to end, or a cascade
			}
		}
		i++ // the pair's second card
	}
	return true
}

// removeIsolated removes the pairs of d, which isolatedPairs holds alone,
// from left to right as search would (the first block by position), and
// returns the cards left and their ip: a pair of jokers its Joke, a pair
// brought together by an earlier removal its Reaction.
func (c *cascader) removeIsolated(d []cards.Card, made uint64, pile *[]cards.Card, steps *[]Step) (int, Earned) {
	var e Earned
	w := 0
	for i := 0; i < len(d); i++ {
		if i+1 == len(d) || d[i].Rank() != d[i+1].Rank() {
			d[w] = d[i]
			w++
			continue
		}
		se := c.lonePair(d, i, w, made, steps)
		e.Add(&se)
		if pile != nil {
			*pile = append(*pile, d[i], d[i+1])
		}
		i++
	}
	return w, e
}

// lonePair takes the pair d[a], d[a+1], which nothing else can join, as a
// step of its own, the block at position at of the line at that moment:
// it records the step and returns its ip, a pair of jokers its Joke, a pair
// brought together by an earlier removal (made) its Reaction.
func (c *cascader) lonePair(d []cards.Card, a, at int, made uint64, steps *[]Step) Earned {
	if c.path != nil {
		*c.path = append(*c.path, Block{at, 1})
	}
	var se Earned
	if d[a].Rank() == cards.Joker {
		se[Joke] = c.r.Joke
	}
	if made>>uint(a)&1 != 0 {
		se[Reaction] = c.r.Reaction
	}
	if steps != nil {
		*steps = append(*steps, Step{Cards: []cards.Card{d[a], d[a+1]}, IP: se})
	}
	return se
}

// search is run by the exact search: d split at its fixed cards, each
// cluster between searched alone.
func (c *cascader) search(d []cards.Card, made uint64, pile *[]cards.Card, steps *[]Step) (left int, e Earned, quadRanks uint16) {
	if !hasPair(d) {
		return len(d), e, 0 // at rest: nothing to search
	}
	c.n, c.made = len(d), made
	for i, cd := range d {
		c.rank[i] = uint8(cd.Rank())
	}
	fixed := c.fixedCards()
	if c.whole {
		fixed = 0
	}
	var removed uint64
	a := 0
	for i := 0; i <= len(d); i++ {
		if i < len(d) && fixed&(1<<uint(i)) == 0 {
			continue
		}
		// d[a:i] is a cluster; the clusters before it are at rest.
		c.shift = a - bits.OnesCount64(removed)
		switch {
		case i-a == 2:
			removed |= 3 << uint(a)
			se := c.lonePair(d, a, c.shift, made, steps)
			e.Add(&se)
		case i-a > 2:
			removed |= c.cluster(d, a, i, &e, &quadRanks, steps)
		}
		a = i + 1
	}
	w := 0
	for i, cd := range d {
		if removed&(1<<uint(i)) != 0 {
			if pile != nil {
				*pile = append(*pile, cd)
			}
		} else {
			d[w] = cd
			w++
		}
	}
	return w, e, quadRanks
}

// cluster searches the best order of removal within d[a:b], adds its ip to
// e and its quads' ranks to quads, and returns the positions it removes.
func (c *cascader) cluster(d []cards.Card, a, b int, e *Earned, quads *uint16, steps *[]Step) uint64 {
	n := c.n
	defer func() { c.n = n }()
	c.n = b - a
	c.cm = c.made >> uint(a)
	for i := a; i < b; i++ {
		c.rank[i-a] = uint8(d[i].Rank())
	}
	c.gen++
	c.used = 0
	if c.gen == 0 { // wrapped: clear for real
		clear(c.gens)
		c.gen = 1
	}
	// The plain search and the split search by turns, each budget four
	// times the last, until one finishes; both take the same steps. (Left
	// to right tables one state per block and never needs a second turn.)
	plain, want := !c.split || c.r.Removal == RemovalLeftToRight, 0
	if !plain {
		c.clearProfs()
		c.splitBudget = 0
		want = c.value(0)
	}
	for budget := c.limit; plain; budget *= 4 {
		if c.trySolve(budget) {
			break
		}
		if budget == c.limit {
			c.clearProfs()
		}
		if v, ok := c.trySplit(budget); ok {
			plain, want = false, v
		}
	}
	c.splitBudget = 0 // recovering the steps may take a few more
	var removed uint64
	var buf [64]uint8
	for {
		var move uint64
		if plain {
			idx, ok := c.slot(removed)
			if !ok {
				break
			}
			move = c.moves[idx]
		} else {
			move, want = c.splitMove(removed, want)
		}
		if move == 0 {
			break
		}
		// Recover the block from its bits to count its ip by source.
		m := c.live(removed, &buf)
		l := buf[:m]
		i := 0
		for l[i] != uint8(bits.TrailingZeros64(move)) {
			i++
		}
		k := bits.OnesCount64(move) / 2
		if c.path != nil {
			*c.path = append(*c.path, Block{c.shift + i, k})
		}
		var se Earned
		c.block(l, i, k, &se, quads)
		e.Add(&se)
		if steps != nil {
			st := Step{IP: se}
			for j := i; j < i+2*k; j++ {
				st.Cards = append(st.Cards, d[a+int(l[j])])
			}
			*steps = append(*steps, st)
		}
		removed |= move
	}
	if !plain {
		c.profs = nil // let a large memo go
	}
	// The copy above overwrote c.rank[:b-a], which later clusters (all to
	// the right of b) never read.
	return removed << uint(a)
}
