package nora

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games/cards"
)

// plainCascader returns a cascader that searches every cascade whole with the
// plain search and no limit: the search over every order of removal that the
// cluster split and the split search are checked against.
func plainCascader(r *Rules) *cascader {
	c := newCascader(r)
	c.whole, c.limit = true, 0
	return c
}

// splitCascader returns a cascader that takes every cluster with the split
// search.
func splitCascader(r *Rules) *cascader {
	c := newCascader(r)
	c.split = true
	return c
}

// checkSplit runs both searches on order with the neighbours in made brought
// together and fails unless they take the same steps, earning the same ip
// source by source, and leave the same cards.
func checkSplit(t *testing.T, plain, split *cascader, order []cards.Card, made uint64, what string) {
	t.Helper()
	d1, d2 := slices.Clone(order), slices.Clone(order)
	var s1, s2 []Step
	n1, e1, q1 := plain.run(d1, made, nil, &s1)
	n2, e2, q2 := split.run(d2, made, nil, &s2)
	if e1 != e2 || q1 != q2 || n1 != n2 || !slices.Equal(d1[:n1], d2[:n2]) || fmt.Sprint(s1) != fmt.Sprint(s2) {
		t.Fatalf("%s: %s (made %b):\nplain %v (quads %b, %d left) %v\nsplit %v (quads %b, %d left) %v",
			what, cards.Format(order), made, e1, q1, n1, s1, e2, q2, n2, s2)
	}
}

// riffle returns d cut binomially and riffled (the Gilbert-Shannon-Reeds
// model).
func riffle(rng *rand.Rand, d []cards.Card) []cards.Card {
	k := 0
	for range d {
		k += rng.IntN(2)
	}
	a, b := d[:k], d[k:]
	out := make([]cards.Card, 0, len(d))
	for len(a)+len(b) > 0 {
		if rng.IntN(len(a)+len(b)) < len(a) {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return out
}

// adversarial returns orders of the deck full (ranks in rank order, then
// the jokers) of the kinds that defeat the plain search on the full deck:
// the deck as it comes, runs of four in a random order of ranks, the same
// with a few neighbours swapped, a card of the first rank around all the
// others, the deck reversed and riffled once or twice, and adjacent pairs
// in a random order.
func adversarial(rng *rand.Rand, full []cards.Card, ranks int) [][]cards.Card {
	jokers := full[4*ranks:]
	out := [][]cards.Card{slices.Clone(full)}
	var d []cards.Card
	for i, r := range rng.Perm(ranks) {
		if i == ranks/2 {
			d = append(d, jokers...)
		}
		d = append(d, full[4*r:4*r+4]...)
	}
	out = append(out, d)
	for range 3 {
		e := slices.Clone(d)
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(e) - 1)
			e[i], e[i+1] = e[i+1], e[i]
		}
		out = append(out, e)
	}
	e := append([]cards.Card{full[0]}, full[4:4*ranks]...)
	e = append(e, full[1:4]...)
	out = append(out, append(e, jokers...))
	e = slices.Clone(full)
	slices.Reverse(e)
	out = append(out, e, riffle(rng, full), riffle(rng, riffle(rng, full)))
	e = nil
	for _, p := range rng.Perm(len(full) / 2) {
		e = append(e, full[2*p], full[2*p+1])
	}
	return append(out, e)
}

// TestSplitMatchesPlainSearch checks the split search against the plain
// search over every order of removal, step by step: on every pass of random
// rounds of small decks (ranks 1 to 6, with and without jokers; random
// neighbours marked as brought together by earlier removals on every other
// pass), and on adversarial orders of those decks, under the default rules
// and under rules that weigh the sources differently (a quad worth less
// than the sweep it forfeits among them).
func TestSplitMatchesPlainSearch(t *testing.T) {
	rounds, reps := 200, 3
	if testing.Short() {
		rounds, reps = 40, 1
	}
	variants := []func(*Rules){
		func(*Rules) {},
		func(r *Rules) { r.QuadChain = false },
		func(r *Rules) { r.Chain, r.Quad, r.Sweep = 3, 1, 2 },
		func(r *Rules) { r.Reaction, r.Triple, r.Chain = 4, 3, 0 },
		func(r *Rules) { r.Quad, r.Sweep, r.Joke = 0, 3, 5 },
	}
	checked := 0
	for vi, vary := range variants {
		for ranks := 1; ranks <= 6; ranks++ {
			for _, jokers := range []int{0, 2} {
				r := DefaultRules()
				r.Ranks, r.Jokers = ranks, jokers
				vary(&r)
				plain, split := plainCascader(&r), splitCascader(&r)
				rng := rand.New(rand.NewPCG(uint64(100*vi+ranks), uint64(jokers)))
				what := fmt.Sprintf("variant %d ranks=%d jokers=%d", vi, ranks, jokers)
				full := cards.Ranks(ranks, jokers)
				for rep := range reps {
					if ranks == 6 && rep > 0 {
						break // the plain search takes long enough on these
					}
					for _, d := range adversarial(rng, full, ranks) {
						checkSplit(t, plain, split, d, 0, what)
						checked++
						if ranks < 6 {
							checkSplit(t, plain, split, d, rng.Uint64(), what)
							checked++
						}
					}
				}
				for range rounds {
					deck := slices.Clone(full)
					for pass := 0; len(deck) > 0; pass++ {
						cards.Shuffle(rng, deck)
						var made uint64
						if pass%2 == 1 {
							made = rng.Uint64()
						}
						checkSplit(t, plain, split, deck, made, what)
						checked++
						d := slices.Clone(deck)
						n, _, _ := plain.run(d, made, nil, nil)
						if n == len(deck) {
							break
						}
						deck = append(deck[:0], d[:n]...)
					}
				}
			}
		}
	}
	t.Logf("%d orders checked", checked)
}

// TestSplitFallback checks the turns of the two searches against the plain
// search alone: with a first budget of 8 states or profiles, most clusters
// go back and forth between them, each resuming from what it kept, before
// one finishes.
func TestSplitFallback(t *testing.T) {
	r := DefaultRules()
	r.Ranks = 5
	plain, small := plainCascader(&r), newCascader(&r)
	small.limit = 8
	rng := rand.New(rand.NewPCG(5, 8))
	full := cards.Ranks(5, 2)
	for range 500 {
		d := slices.Clone(full)
		cards.Shuffle(rng, d)
		checkSplit(t, plain, small, d, 0, "limit 8")
	}
	for _, d := range adversarial(rng, full, 5) {
		checkSplit(t, plain, small, d, 0, "limit 8")
	}
}

// meetings returns, for the ranks in c.rank[:c.n], every pair of positions
// whose cards some order of single pair removals takes together.
func meetings(c *cascader) [][2]int {
	var out [][2]int
	met := map[[2]int]bool{}
	seen := map[uint64]bool{0: true}
	queue := []uint64{0}
	for len(queue) > 0 {
		mask := queue[0]
		queue = queue[1:]
		var buf [64]uint8
		l := buf[:c.live(mask, &buf)]
		for i := 0; i+1 < len(l); i++ {
			if c.rank[l[i]] != c.rank[l[i+1]] {
				continue
			}
			if p := [2]int{int(l[i]), int(l[i+1])}; !met[p] {
				met[p] = true
				out = append(out, p)
			}
			if next := mask | 1<<l[i] | 1<<l[i+1]; !seen[next] {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	return out
}

// TestSafeCutsBruteForce checks segments and closed against every order of
// removal on random short sequences over two to four ranks: a cut is safe
// exactly when no two cards that some order takes together lie on either
// side of it, and closed finds the longest stretch other than the whole
// whose cards are taken only with cards within it.
func TestSafeCutsBruteForce(t *testing.T) {
	r := DefaultRules()
	c := newCascader(&r)
	rng := rand.New(rand.NewPCG(13, 14))
	for range 4000 {
		n := 2 + rng.IntN(12)
		ranks := 2 + rng.IntN(3)
		c.n = n
		for i := range n {
			c.rank[i] = uint8(1 + rng.IntN(ranks))
		}
		met := meetings(c)
		var l [64]uint8
		for i := range n {
			l[i] = uint8(i)
		}
		var ends [65]uint8
		k := c.segments(l[:n], &ends)
		cut := map[int]bool{}
		for _, e := range ends[:k-1] {
			cut[int(e)] = true
		}
		for j := 1; j < n; j++ {
			crossed := false
			for _, p := range met {
				crossed = crossed || p[0] < j && j <= p[1]
			}
			if cut[j] == crossed {
				t.Fatalf("ranks %v: cut before %d safe %v, but a pair crosses it: %v (meetings %v)", c.rank[:n], j, cut[j], crossed, met)
			}
		}
		if int(ends[k-1]) != n {
			t.Fatalf("ranks %v: segments end at %d, not %d", c.rank[:n], ends[k-1], n)
		}
		isClosed := func(a, b int) bool {
			for _, p := range met {
				if (a <= p[0] && p[0] < b) != (a <= p[1] && p[1] < b) {
					return false
				}
			}
			return true
		}
		wa, wb := 0, 0
		for a := 0; a < n; a++ {
			for b := a + 1; b <= n; b++ {
				if (a > 0 || b < n) && b-a > wb-wa && isClosed(a, b) {
					wa, wb = a, b
				}
			}
		}
		a, b, ok := c.closed(l[:n])
		if ok != (wb > wa) || ok && (b-a != wb-wa || !isClosed(a, b)) {
			t.Fatalf("ranks %v: closed gives [%d,%d) %v, want a closed stretch as long as [%d,%d) (meetings %v)", c.rank[:n], a, b, ok, wa, wb, met)
		}
	}
}

// issue13Deal is the full deal of issue 13: the ten cards of TestPassIssue13,
// then the rest of the deck in the order of cards.Standard (3C 3D 3H 3S 4C
// … KS), eleven runs of four.
func issue13Deal(t testing.TB) []cards.Card {
	head := mustDeck(t, "2S AS AD 2H JK JK 2D AH 2C AC")
	d := slices.Clone(head)
	for _, c := range cards.Standard(2) {
		if !slices.Contains(head, c) {
			d = append(d, c)
		}
	}
	return d
}

// TestDealIssue13 plays the full deal of issue 13 as `cardsim trace nora
// --deal` does: the first pass takes six of the first ten cards, earning
// 4 ip (the jokers, then the twos they brought together, then two of the
// three aces that leaves together), leaves the other four, and takes the
// eleven runs of four as one block.
func TestDealIssue13(t *testing.T) {
	deal := issue13Deal(t)
	s := newTestState(t)
	if err := s.Deal(cards.Format(deal), 1); err != nil {
		t.Fatal(err)
	}
	for s.phase == PhaseSwitch { // the cascade, then the end of the pass
		s.Apply(Proceed)
	}
	pe := lastPass(t, s)
	first := deal[:10]
	removed, ip := 0, 0
	var steps []string
	for _, st := range pe.Steps {
		in := 0
		for _, c := range st.Cards {
			if slices.Contains(first, c) {
				in++
			}
		}
		if in > 0 {
			if in != len(st.Cards) {
				t.Fatalf("step %s takes cards from both parts of the deal", cards.Format(st.Cards))
			}
			removed += in
			ip += st.IP.Total()
			steps = append(steps, fmt.Sprintf("%s: %s", cards.Format(st.Cards), st.IP))
		}
	}
	want := []string{"JK JK: joke 1", "2H 2D: reaction 1", "AD AH: triple 1 + reaction 1"}
	if removed != 6 || ip != 4 || !slices.Equal(steps, want) {
		t.Errorf("from the first ten cards: %d removed, %d ip in steps %q; want 6 removed, 4 ip in %q", removed, ip, steps, want)
	}
	if got := cards.Format(s.deck); pe.Left != 4 || got != "2S AS 2C AC" {
		t.Errorf("left %d: %s; want 2S AS 2C AC", pe.Left, got)
	}
	if last := pe.Steps[len(pe.Steps)-1]; len(pe.Steps) != 4 || len(last.Cards) != 44 || last.IP != (Earned{Quad: 44, Chain: 21}) {
		t.Errorf("steps %v; want the eleven runs of four as one block, quad 44 + chain 21", pe.Steps)
	}
}

// structuredDeals are full decks whose max-ip search defeats the plain search.
var structuredDeals = map[string]string{
	// cards.Standard: runs of four in rank order.
	"new deck": cards.Format(cards.Standard(2)),
	// The ace of clubs around the other ranks in order, then the aces.
	"nested": "AC 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S " +
		"9C 9D 9H 9S 10C 10D 10H 10S JC JD JH JS QC QD QH QS KC KD KH KS AD AH AS JK JK",
	// cards.Standard riffled once (two seeds of TestSplitRiffles' kind).
	"riffled": "8S AC AD AH AS 2C 2D 9C 9D 9H 2H 2S 9S 3C 3D 10C 3H 3S 4C 10D 10H 4D 10S JC JD JH 4H 4S JS " +
		"5C QC QD QH 5D 5H QS 5S 6C KC KD 6D KH KS 6H 6S JK 7C 7D JK 7H 7S 8C 8D 8H",
	"riffled 2": "7C 7D AC 7H AD 7S 8C 8D 8H 8S 9C AH AS 9D 9H 2C 2D 2H 2S 9S 3C 3D 10C 3H 3S 4C 4D 4H 10D " +
		"10H 4S 10S 5C JC 5D 5H JD JH JS QC QD 5S QH QS KC KD KH 6C 6D KS 6H 6S JK JK",
}

// TestPassStructuredDecks plays one pass over decks in rank order and the
// like, forwards and backwards, which the plain search never finishes. For the deck in rank order,
// and the one with the ace of clubs around the rest, the best is known: no
// rank can earn more than its quad, the jokers their joke, and the chain at
// most one per block after the first (26 in one block of 27 pairs; 25 when
// the aces can only meet once the rest has gone), the quad of aces formed by
// removals earning a reaction. Every deck leaves the cards a stack reduction
// leaves, and earns no less than the naive order.
func TestPassStructuredDecks(t *testing.T) {
	known := map[string]Earned{
		"new deck": {Joke: 1, Quad: 52, Chain: 26, Jamboree: 22},
		"nested":   {Joke: 1, Quad: 52, Chain: 25, Reaction: 1, Jamboree: 22},
	}
	naive := DefaultRules()
	naive.Removal = RemovalLeftToRight
	names := make([]string, 0, len(structuredDeals))
	for name := range structuredDeals {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		d := mustDeck(t, structuredDeals[name])
		back := slices.Clone(d)
		slices.Reverse(back)
		for i, order := range [][]cards.Card{d, back} {
			_, left, got := Pass(DefaultRules(), order)
			_, _, low := Pass(naive, order)
			if want, ok := known[name]; ok && i == 0 && got != want {
				t.Errorf("%s: ip %v, want %v", name, got, want)
			}
			if len(left) != ReducedLen(order) || got.Total() < low.Total() {
				t.Errorf("%s: ip %v leaving %d cards; left to right %v, stack reduction leaves %d", name, got, len(left), low, ReducedLen(order))
			}
		}
	}
}

// TestSplitRiffles plays one pass over decks in rank order riffled once to
// four times: each riffle leaves long runs of the deck's order, wrapped in
// one another.
func TestSplitRiffles(t *testing.T) {
	seeds := 100
	if testing.Short() {
		seeds = 20
	}
	r := DefaultRules()
	c := newCascader(&r)
	for times := 1; times <= 4; times++ {
		for seed := range seeds {
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(times)))
			d := cards.Standard(2)
			for range times {
				d = riffle(rng, d)
			}
			if n, _, _ := c.run(d, 0, nil, nil); n != ReducedLen(d[:n]) {
				t.Fatalf("riffled %d times, seed %d: %d cards left, not at rest", times, seed, n)
			}
		}
	}
}
