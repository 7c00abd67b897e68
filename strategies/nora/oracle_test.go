package nora

import (
	"math"
	"strconv"
	"testing"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// bruteForce computes the best expected game score of a small deck by
// brute force, independently of the solver: every arrangement of every
// deck is dealt, and every pass is played out over every sequence of
// actions the engine allows (each SWITCH, each block of pairs, proceeding),
// each end of the pass valued by the best continuation. It shares with the
// solver only the engine's PassState (the rules themselves) and the idea
// that ip beyond a cap count as the cap. It needs every price at least 1,
// so that every switch, insurance and revival lowers the ip held and the
// recursion ends.
type bruteForce struct {
	r    nora.Rules
	cap  int
	size int
	// Decks by composition: the index of a deck is the number of cards of
	// each rank it holds (4, 2 or 0; the jokers 2 or 0), as a key.
	a, b map[bfKey]float64 // after a live pass (stop or go on), and before the shuffle
	w    [][]float64       // [k][h]: the start of a round with k rounds to play
	memo map[bfPos]float64
	// the pass under way
	k       int
	counts  [15]uint8
	insured bool
	work    []*nora.PassState
}

// bfKey identifies a deck (counts by rank), rounds to play and ip.
type bfKey struct {
	counts [15]uint8
	k, h   int
}

// bfPos identifies a position within a pass: ranks in order, which
// neighbours removals brought together, cards removed, quads, ip held.
type bfPos struct {
	ranks          string
	made           uint64
	removed, quads int
	h              int
	k              int
	counts         [15]uint8
	insured        bool
}

func newBruteForce(r nora.Rules, ipCap int) *bruteForce {
	return &bruteForce{r: r, cap: ipCap, size: r.DeckSize(), a: map[bfKey]float64{}, b: map[bfKey]float64{}}
}

// decks returns every deck a round can hold, by number of cards: every
// rank with 4, 2 or 0 cards, the jokers with 2 or 0.
func (bf *bruteForce) decks() [][15]uint8 {
	var out [][15]uint8
	var rec func(rk int, c [15]uint8)
	rec = func(rk int, c [15]uint8) {
		if rk > bf.r.Ranks {
			js := []uint8{0}
			if bf.r.Jokers == 2 {
				js = []uint8{0, 2}
			}
			for _, j := range js {
				c[cards.Joker] = j
				out = append(out, c)
			}
			return
		}
		for _, n := range []uint8{0, 2, 4} {
			c[rk] = n
			rec(rk+1, c)
		}
	}
	rec(1, [15]uint8{})
	// Fewest cards first: a pass only ever leads to a smaller deck.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && cardsIn(out[j]) < cardsIn(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func cardsIn(c [15]uint8) int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

// solve fills the values for every round, deck and ip.
func (bf *bruteForce) solve() float64 {
	r := &bf.r
	full := [15]uint8{}
	for rk := 1; rk <= r.Ranks; rk++ {
		full[rk] = 4
	}
	full[cards.Joker] = uint8(r.Jokers)
	bf.w = make([][]float64, r.Rounds+1)
	bf.w[0] = make([]float64, bf.cap+1)
	decks := bf.decks()
	for k := 1; k <= r.Rounds; k++ {
		bf.w[k] = make([]float64, bf.cap+1)
		for _, c := range decks {
			if cardsIn(c) == 0 {
				continue
			}
			for h := 0; h <= bf.cap; h++ {
				before := bf.beforeShuffle(k, c, h, c == full)
				bf.b[bfKey{c, k, h}] = before
				stop := float64(bf.size-cardsIn(c)) + bf.w[k-1][h]
				bf.a[bfKey{c, k, h}] = math.Max(stop, before)
			}
		}
		for h := 0; h <= bf.cap; h++ {
			bf.w[k][h] = bf.b[bfKey{full, k, h}]
		}
	}
	return bf.w[r.Rounds][min(r.StartIP, bf.cap)]
}

// beforeShuffle returns the value of deck c with ip h before it is
// shuffled: for each rank the top card may have, insure or not, whichever
// is worth more over the arrangements with that top card.
func (bf *bruteForce) beforeShuffle(k int, c [15]uint8, h int, full bool) float64 {
	r := &bf.r
	var sumIns, sumNot [15]float64
	var count [15]float64
	total := 0.0
	permute(c, func(order []cards.Card) {
		top := order[0].Rank()
		count[top]++
		total++
		sumNot[top] += bf.pass(k, c, order, h, false, full)
		if h >= r.Insure {
			sumIns[top] += bf.pass(k, c, order, h-r.Insure, true, full)
		}
	})
	v := 0.0
	for rk := range count {
		if count[rk] == 0 {
			continue
		}
		best := sumNot[rk]
		if h >= r.Insure {
			best = math.Max(best, sumIns[rk])
		}
		v += best / total
	}
	return v
}

// permute calls f with every distinct arrangement of the ranks of deck c.
func permute(c [15]uint8, f func([]cards.Card)) {
	left := c
	n := cardsIn(c)
	order := make([]cards.Card, n)
	var rec func(pos int)
	rec = func(pos int) {
		if pos == n {
			f(order)
			return
		}
		for rk := range left {
			if left[rk] == 0 {
				continue
			}
			left[rk]--
			order[pos] = cards.New(cards.Rank(rk), cards.Suit(left[rk]%4))
			rec(pos + 1)
			left[rk]++
		}
	}
	rec(0)
}

// pass returns the value of playing a pass over order with ip h (after any
// insurance) as well as possible.
func (bf *bruteForce) pass(k int, c [15]uint8, order []cards.Card, h int, insured, full bool) float64 {
	bf.k, bf.counts, bf.insured = k, c, insured
	if bf.memo == nil {
		bf.memo = map[bfPos]float64{}
	}
	p := bf.state(0)
	p.Begin(order)
	return bf.best(p, h, 0, full)
}

func (bf *bruteForce) state(depth int) *nora.PassState {
	for len(bf.work) <= depth {
		bf.work = append(bf.work, nora.NewPassState(bf.r))
	}
	return bf.work[depth]
}

// best returns the value of the pass q with ip h held, played as well as
// possible from here.
func (bf *bruteForce) best(q *nora.PassState, h, depth int, full bool) float64 {
	r := &bf.r
	key := bfPos{made: q.Made(), removed: q.Removed(), quads: int(q.QuadRanks()), h: h, k: bf.k, counts: bf.counts, insured: bf.insured}
	rk := make([]byte, 0, len(q.Order()))
	for _, cd := range q.Order() {
		rk = append(rk, byte(cd.Rank()))
	}
	key.ranks = string(rk)
	if v, ok := bf.memo[key]; ok {
		return v
	}
	v := math.Inf(-1)
	next := bf.state(depth + 1)
	if q.Waiting() {
		next.CopyFrom(q)
		e := next.Settle(nil, nil)
		v = math.Max(v, bf.best(next, h+e.Total(), depth+1, full))
		var blocks []nora.Block
		for _, b := range q.Blocks(blocks) {
			next.CopyFrom(q)
			e := next.Remove(b.At, b.Pairs, nil)
			v = math.Max(v, bf.best(next, h+e.Total(), depth+1, full))
		}
	} else {
		v = bf.end(q, h, full)
	}
	if h >= r.Switch {
		for i := 0; i+1 < len(q.Order()); i++ {
			next.CopyFrom(q)
			next.Switch(i)
			v = math.Max(v, bf.best(next, h-r.Switch, depth+1, full))
		}
	}
	bf.memo[key] = v
	return v
}

// end returns the value of ending the pass q (at rest) with ip h, its bonus
// not yet counted.
func (bf *bruteForce) end(q *nora.PassState, h int, full bool) float64 {
	r := &bf.r
	k, c := bf.k, bf.counts
	if q.Removed() == 0 { // dead
		if bf.insured {
			return bf.after(c, k, min(h, bf.cap))
		}
		dv := r.DeadShort
		if full {
			dv = r.DeadFull
		}
		v := bf.w[k-1][min(h+dv, bf.cap)]
		if h >= r.Revive {
			v = math.Max(v, bf.after(c, k, min(h-r.Revive, bf.cap)))
		}
		return v
	}
	bonus := q.Bonus()
	h = min(h+bonus.Total(), bf.cap)
	left := [15]uint8{}
	for _, cd := range q.Order() {
		left[cd.Rank()]++
	}
	if cardsIn(left) == 0 {
		return float64(bf.size) + bf.w[k-1][h]
	}
	return bf.after(left, k, h)
}

// after returns the value of deck c after a live pass with k rounds to
// play and ip h, which must be known.
func (bf *bruteForce) after(c [15]uint8, k, h int) float64 {
	v, ok := bf.a[bfKey{c, k, h}]
	if !ok {
		panic("brute force: a value used before it is known")
	}
	return v
}

// TestBruteForceOracle is the policy's oracle. On decks small enough to
// play every arrangement and every sequence of actions, the best expected
// score found by brute force is the true optimum (at the same ip cap).
// The policy's value, computed from passes that are enumerated (not
// sampled), is the exact value of a policy, so it may not exceed the
// optimum, and it must come within 0.01 points of it: the pass search is
// bounded, and where the bound bites it shows here. The bot playing that
// policy in the engine must then score the optimum within Monte Carlo
// error (the 99% interval of 20,000 games).
func TestBruteForceOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	t.Parallel() // independent of the other long tests, and long: they share the cores
	for _, tt := range []struct {
		rules []string
		cap   int
	}{
		{[]string{"ranks=2", "rounds=2"}, 12},
		{[]string{"ranks=3", "jokers=0", "rounds=1"}, 8},
	} {
		r, err := nora.ParseRules(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		bf := newBruteForce(r, tt.cap)
		want := bf.solve()
		d, err := EstimatePassDists(r, 40000, DistSeed, 2, PlanWholePass)
		if err != nil {
			t.Fatal(err)
		}
		for _, pd := range d.Dists[1:] {
			if pd.Samples != 0 {
				t.Fatalf("%v: deck %v sampled, not enumerated", tt.rules, pd.Comp)
			}
		}
		sol, err := Solve(r, d, tt.cap, false)
		if err != nil {
			t.Fatal(err)
		}
		got := sol.Value(r.StartIP)
		t.Logf("%v cap %d: brute force %.6f, policy %.6f (%d positions)", tt.rules, tt.cap, want, got, len(bf.memo))
		if got > want+1e-9 || got < want-0.01 {
			t.Errorf("%v cap %d: the policy's value %.6f, the optimum %.6f: want at most the optimum and within 0.01 of it", tt.rules, tt.cap, got, want)
		}
		s := lineupRun(t, nora.New(r), []string{"optimal:cap=" + strconv.Itoa(tt.cap)}, 20000)
		e := s.Lead().Score
		t.Logf("%v cap %d: the bot scores %.4f (%.4f … %.4f, 99%%)", tt.rules, tt.cap, e.Mean, e.CILow, e.CIHigh)
		if want < e.CILow || want > e.CIHigh {
			t.Errorf("%v cap %d: the optimum %.4f outside the bot's interval %.4f … %.4f", tt.rules, tt.cap, want, e.CILow, e.CIHigh)
		}
	}
}
