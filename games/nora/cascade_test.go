package nora

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games/cards"
)

func mustDeck(t testing.TB, s string) []cards.Card {
	t.Helper()
	d, err := cards.ParseDeck(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPassWorkedExamples checks passes worked by hand from the ip sources
// of RULES.md (Earning ip), with the ip of each source.
func TestPassWorkedExamples(t *testing.T) {
	tests := []struct {
		order   string
		removal string
		want    Earned
		left    int
	}{
		// The examples of the decisions document.
		{"AS AH KD KC", RemovalMaxIP, Earned{Chain: 1}, 0},
		{"AS KD KC AH", RemovalMaxIP, Earned{Reaction: 1}, 0},
		{"AS AH AD AC", RemovalMaxIP, Earned{Quad: 4, Chain: 1}, 0},
		{"AS KD KC AH AD AC", RemovalMaxIP, Earned{Quad: 4, Chain: 1, Reaction: 1}, 0},
		{"AS AH KD KC AD AC", RemovalMaxIP, Earned{Quad: 4, Chain: 1, Reaction: 1}, 0},
		{"JK JK", RemovalMaxIP, Earned{Joke: 1}, 0},
		{"AS AH AD", RemovalMaxIP, Earned{Triple: 1}, 1},
		// Kings first, then the aces meet (reaction) next to the threes: one
		// block of two pairs earns the chain as well.
		{"AS 2S 2H AH 3S 3H", RemovalMaxIP, Earned{Chain: 1, Reaction: 1}, 0},
		// A triple formed by a reaction: taking the two aces that were apart
		// earns reaction and triple; the other choice only the triple.
		{"AS KS KH AH AD QS", RemovalMaxIP, Earned{Triple: 1, Reaction: 1}, 2},
		// Six pairs that cannot interact: the sixth pays the jamboree.
		{"AS AH 7C 2S 2H 8C 3S 3H 9C 4S 4H 10C 5S 5H JC 6S 6H", RemovalMaxIP, Earned{Jamboree: 1}, 5},
		// All four aces fall, two by two: a sweep.
		{"AS AH 9C AD AC", RemovalMaxIP, Earned{Sweep: 1}, 1},
		// The naive order takes a quad as two single pairs: sweep only.
		{"AS AH AD AC", RemovalLeftToRight, Earned{Sweep: 1}, 0},
		// Left to right takes the leftmost pair first, so the aces never form
		// a quad and the kings earn nothing; the aces' second pair reacts.
		{"AS KD KC AH AD AC", RemovalLeftToRight, Earned{Reaction: 1, Sweep: 1}, 0},
		// A dead order.
		{"AS 2S AH 2H", RemovalMaxIP, Earned{}, 4},
	}
	for _, tt := range tests {
		r := DefaultRules()
		r.Removal = tt.removal
		steps, left, got := Pass(r, mustDeck(t, tt.order))
		if got != tt.want || len(left) != tt.left {
			t.Errorf("%s (%s): ip %v, %d left; want %v, %d left (steps %v)", tt.order, tt.removal, got, len(left), tt.want, tt.left, steps)
		}
	}
}

func TestPassQuadChainOff(t *testing.T) {
	r := DefaultRules()
	r.QuadChain = false
	if _, _, got := Pass(r, mustDeck(t, "AS AH AD AC")); got != (Earned{Quad: 4}) {
		t.Errorf("quad-chain=false: %v, want quad 4 alone", got)
	}
	// A quad next to a pair is still a chain of two units.
	if _, _, got := Pass(r, mustDeck(t, "KS KH AS AH AD AC")); got != (Earned{Quad: 4, Chain: 1}) {
		t.Errorf("quad-chain=false, pair + quad: %v, want quad 4 + chain 1", got)
	}
}

// TestPassSweepVersusQuad: when the sweep is worth more than the quad, the
// search removes the aces two by two instead, the middle pair first so that
// the outer two meet by reaction.
func TestPassSweepVersusQuad(t *testing.T) {
	r := DefaultRules()
	r.Quad, r.Sweep, r.Chain = 0, 3, 0
	if _, _, got := Pass(r, mustDeck(t, "AS AH AD AC")); got != (Earned{Sweep: 3, Reaction: 1}) {
		t.Errorf("got %v, want sweep 3 + reaction 1", got)
	}
}

// TestPassLeavesReducedWord checks, for many random orders, that the cards a
// pass leaves are those a plain stack reduction leaves, whatever the order of
// removal: removal is confluent.
func TestPassLeavesReducedWord(t *testing.T) {
	s := newState(New(DefaultRules()))
	for i := range 2000 {
		s.Reset(uint64(i))
		order := append([]cards.Card(nil), s.deck...)
		for _, removal := range []string{RemovalMaxIP, RemovalLeftToRight} {
			r := DefaultRules()
			r.Removal = removal
			_, left, _ := Pass(r, order)
			if want := ReducedLen(order); len(left) != want {
				t.Fatalf("%s: %s left %d cards, stack reduction leaves %d", cards.Format(order), removal, len(left), want)
			}
		}
	}
}

// TestMaxIPBeatsLeftToRight: the search never earns less than the naive
// order on the same shuffle.
func TestMaxIPBeatsLeftToRight(t *testing.T) {
	s := newState(New(DefaultRules()))
	naive := DefaultRules()
	naive.Removal = RemovalLeftToRight
	better := 0
	for i := range 5000 {
		s.Reset(uint64(i))
		_, _, best := Pass(DefaultRules(), s.deck)
		_, _, left := Pass(naive, s.deck)
		if best.Total() < left.Total() {
			t.Fatalf("%s: max-ip %v < left-to-right %v", cards.Format(s.deck), best, left)
		}
		if best.Total() > left.Total() {
			better++
		}
	}
	if better == 0 {
		t.Error("max-ip never beat left-to-right in 5000 shuffles")
	}
}

// TestClustersMatchWholeSearch checks the split of a cascade into
// independent clusters against one search over the whole sequence: the same
// ip, source by source, on many shuffles.
func TestClustersMatchWholeSearch(t *testing.T) {
	for _, removal := range []string{RemovalMaxIP, RemovalLeftToRight} {
		r := DefaultRules()
		r.Removal = removal
		split, whole := newCascader(&r), plainCascader(&r)
		s := newState(New(DefaultRules()))
		for i := range 3000 {
			s.Reset(uint64(i))
			d1 := append([]cards.Card(nil), s.deck...)
			d2 := append([]cards.Card(nil), s.deck...)
			n1, e1, q1 := split.run(d1, 0, nil, nil)
			n2, e2, q2 := whole.run(d2, 0, nil, nil)
			if e1 != e2 || q1 != q2 || n1 != n2 {
				t.Fatalf("%s %s: clusters give %v (quads %b, %d left), whole search %v (quads %b, %d left)",
					removal, cards.Format(s.deck), e1, q1, n1, e2, q2, n2)
			}
		}
	}
}

// TestPassIssue13 is the deal of issue 13: the cards that first look stuck
// (2D and AH beside the waiting aces) leave together once the jokers, then
// the twos, have gone.
func TestPassIssue13(t *testing.T) {
	r := DefaultRules()
	r.Ranks = 2
	steps, left, got := Pass(r, mustDeck(t, "2S AS AD 2H JK JK 2D AH 2C AC"))
	if want := (Earned{Joke: 1, Reaction: 2, Triple: 1}); got != want || len(left) != 4 {
		t.Errorf("ip %v with %d left, want %v with 4 left (steps %v)", got, len(left), want, steps)
	}
}

// TestClustersMatchWholeSearchSmallDecks checks the split against the whole
// search on small decks, where cards that look stuck often are not: ranks 2
// to 6 with and without jokers, every pass of random rounds (each later pass
// shuffles the cards the earlier ones left), source by source. Every other
// pass also marks random neighbours as brought together by earlier
// removals, as after removal steps taken by hand.
func TestClustersMatchWholeSearchSmallDecks(t *testing.T) {
	rounds := 1500
	if testing.Short() {
		rounds = 300
	}
	for ranks := 2; ranks <= 6; ranks++ {
		for _, jokers := range []int{0, 2} {
			r := DefaultRules()
			r.Ranks, r.Jokers = ranks, jokers
			split, whole := newCascader(&r), plainCascader(&r)
			rng := rand.New(rand.NewPCG(uint64(ranks), uint64(jokers)))
			full := cards.Ranks(ranks, jokers)
			later := 0 // passes after a round's first
			for range rounds {
				deck := append([]cards.Card(nil), full...)
				for pass := 0; len(deck) > 0; pass++ {
					cards.Shuffle(rng, deck)
					d1 := append([]cards.Card(nil), deck...)
					d2 := append([]cards.Card(nil), deck...)
					var made uint64
					if pass%2 == 1 {
						made = rng.Uint64()
					}
					n1, e1, q1 := split.run(d1, made, nil, nil)
					n2, e2, q2 := whole.run(d2, made, nil, nil)
					if pass > 0 {
						later++
					}
					if e1 != e2 || q1 != q2 || n1 != n2 {
						t.Fatalf("ranks=%d jokers=%d %s (made %b): clusters give %v (quads %b, %d left), whole search %v (quads %b, %d left)",
							ranks, jokers, cards.Format(deck), made, e1, q1, n1, e2, q2, n2)
					}
					if n2 == len(deck) {
						break // dead: the round would end here
					}
					deck = append(deck[:0], d2[:n2]...)
				}
			}
			if later < rounds/4 {
				t.Errorf("ranks=%d jokers=%d: only %d later passes in %d rounds", ranks, jokers, later, rounds)
			}
		}
	}
}

// TestFixedCardsBruteForce checks fixedCards against every order of removal:
// on random short sequences over three ranks, a card is fixed exactly when
// no sequence of single pair removals ever takes it.
func TestFixedCardsBruteForce(t *testing.T) {
	r := DefaultRules()
	c := newCascader(&r)
	rng := rand.New(rand.NewPCG(13, 13))
	for range 3000 {
		n := 2 + rng.IntN(11)
		c.n = n
		for i := range n {
			c.rank[i] = uint8(1 + rng.IntN(3))
		}
		// Every state reachable by removing adjacent pairs one at a time.
		var everRemoved uint64
		seen := map[uint64]bool{0: true}
		queue := []uint64{0}
		for len(queue) > 0 {
			mask := queue[0]
			queue = queue[1:]
			everRemoved |= mask
			var buf [64]uint8
			l := buf[:c.live(mask, &buf)]
			for i := 0; i+1 < len(l); i++ {
				if c.rank[l[i]] == c.rank[l[i+1]] {
					next := mask | 1<<l[i] | 1<<l[i+1]
					if !seen[next] {
						seen[next] = true
						queue = append(queue, next)
					}
				}
			}
		}
		want := ^everRemoved & (1<<uint(n) - 1)
		if got := c.fixedCards(); got != want {
			t.Fatalf("ranks %v: fixed %b, want %b", c.rank[:n], got, want)
		}
	}
}

// TestIsolatedPairs: which orders the fast path takes, worked by hand.
func TestIsolatedPairs(t *testing.T) {
	for _, tt := range []struct {
		deck string
		want bool
	}{
		{"AS KD QC", true},              // at rest
		{"AS AH 2D KC KH 3S", true},     // two pairs apart
		{"2D AS AH 3S", true},           // neighbours of other ranks
		{"AS AH", true},                 // the whole deck
		{"JK JK 2C", true},              // jokers
		{"AS KD KC AH", false},          // a cascade (reaction)
		{"AS AH KD KC", false},          // end to end: one block, a chain
		{"AS AH AD", false},             // a triple
		{"AS AH AD AC", false},          // a quad
		{"2C AS AH 3D 4S 4H 3C", false}, // the second pair's removal brings 3D and 3C together
	} {
		d := mustDeck(t, tt.deck)
		if got := isolatedPairs(d); got != tt.want {
			t.Errorf("isolatedPairs(%s) = %v, want %v", tt.deck, got, tt.want)
		}
	}
}

// TestIsolatedPairsMatchSearch: where the fast path takes an order, it
// removes what the exact search removes, step by step: the same cards
// left, ip by source, pile, steps and blocks, with and without neighbours
// brought together by earlier removals, on the full deck and small ones.
func TestIsolatedPairsMatchSearch(t *testing.T) {
	taken, total := 0, 0
	for _, ranks := range []int{13, 4, 2} {
		r := DefaultRules()
		r.Ranks = ranks
		c := newCascader(&r)
		rng := rand.New(rand.NewPCG(uint64(ranks), 9))
		full := cards.Ranks(ranks, 2)
		for k := range 4000 {
			deck := append([]cards.Card(nil), full...)
			cards.Shuffle(rng, deck)
			deck = deck[:1+rng.IntN(len(deck))]
			var made uint64
			if k%2 == 1 {
				made = rng.Uint64()
			}
			total++
			if !isolatedPairs(deck) {
				continue
			}
			taken++
			var pile1, pile2 []cards.Card
			var steps1, steps2 []Step
			var path1, path2 []Block
			d1, d2 := slices.Clone(deck), slices.Clone(deck)
			c.path = &path1
			n1, e1, q1 := c.run(d1, made, &pile1, &steps1)
			c.path = &path2
			n2, e2, q2 := c.search(d2, made, &pile2, &steps2)
			c.path = nil
			if n1 != n2 || e1 != e2 || q1 != q2 || !slices.Equal(d1[:n1], d2[:n2]) || !slices.Equal(pile1, pile2) || !slices.Equal(path1, path2) ||
				!slices.EqualFunc(steps1, steps2, func(a, b Step) bool { return a.IP == b.IP && slices.Equal(a.Cards, b.Cards) }) {
				t.Fatalf("%s (made %b): fast path %d left %v, pile %v, steps %v, blocks %v; search %d left %v, pile %v, steps %v, blocks %v",
					cards.Format(deck), made, n1, e1, pile1, steps1, path1, n2, e2, pile2, steps2, path2)
			}
		}
	}
	if taken < total/3 {
		t.Errorf("the fast path took %d of %d orders", taken, total)
	}
}

// TestForcedCascades: which orders the forced-cascade path takes, worked
// by hand.
func TestForcedCascades(t *testing.T) {
	for _, tt := range []struct {
		deck string
		want bool
		left int
	}{
		{"AS KD KC AH", true, 0},             // a cascade: kings, then the aces by reaction
		{"2C AS KD KC AH 2D", true, 0},       // three deep
		{"2C AS KD KC AH 3D 5S 5H", true, 2}, // two cascades apart
		{"AS KD KC AH 5S 5H", false, 0},      // the aces and fives end to end once the kings fall
		{"AS KD KC AH AD", false, 0},         // a run of three once the kings fall
		{"AS KD KC KH", false, 0},            // a run of three now
		{"2C AS AH 3D 4S 4H 3C", false, 0},   // the cascades meet: 3D and 3C
		{"JK AS AH JK 2C", true, 1},          // jokers by reaction
	} {
		d := mustDeck(t, tt.deck)
		r := DefaultRules()
		c := newCascader(&r)
		n, _, ok := c.forcedCascades(slices.Clone(d), 0)
		if ok != tt.want || ok && n != tt.left {
			t.Errorf("forcedCascades(%s) = %d left, %v; want %d, %v", tt.deck, n, ok, tt.left, tt.want)
		}
	}
}

// TestForcedCascadesMatchSearch: where the forced-cascade path takes an
// order, it leaves what the exact search leaves, with the same ip by
// source, with and without neighbours brought together by earlier
// removals: on orders as the pass search makes them (a deck at rest with
// two cards of a rank brought together, so that their fall cascades) and
// on shuffled ones, of the full deck and small ones.
func TestForcedCascadesMatchSearch(t *testing.T) {
	taken, total := 0, 0
	for _, ranks := range []int{13, 4, 2} {
		r := DefaultRules()
		r.Ranks = ranks
		c := newCascader(&r)
		rng := rand.New(rand.NewPCG(uint64(ranks), 10))
		full := cards.Ranks(ranks, 2)
		for k := range 6000 {
			deck := append([]cards.Card(nil), full...)
			cards.Shuffle(rng, deck)
			if k%3 != 0 {
				// At rest, then two cards of a rank pulled together.
				_, rest, _ := Pass(r, deck)
				deck = append(deck[:0], rest...)
				if len(deck) < 3 {
					continue
				}
				i := rng.IntN(len(deck) - 1)
				for j := i + 2; j < len(deck); j++ {
					if deck[j].Rank() == deck[i].Rank() {
						x := deck[j]
						copy(deck[i+2:j+1], deck[i+1:j])
						deck[i+1] = x
						break
					}
				}
			} else {
				deck = deck[:1+rng.IntN(len(deck))]
			}
			var made uint64
			if k%2 == 1 {
				made = rng.Uint64()
			}
			total++
			d1, d2 := slices.Clone(deck), slices.Clone(deck)
			n1, e1, ok := c.forcedCascades(d1, made)
			if !ok {
				if !slices.Equal(d1, deck) {
					t.Fatalf("%s: refused, but changed the order", cards.Format(deck))
				}
				continue
			}
			taken++
			n2, e2, q2 := c.search(d2, made, nil, nil)
			if n1 != n2 || e1 != e2 || q2 != 0 || !slices.Equal(d1[:n1], d2[:n2]) {
				t.Fatalf("%s (made %b): forced path %d left %v; search %d left %v, quads %b", cards.Format(deck), made, n1, e1, n2, e2, q2)
			}
		}
	}
	if taken < total/3 {
		t.Errorf("the forced-cascade path took %d of %d orders", taken, total)
	}
	t.Logf("the forced-cascade path took %d of %d orders", taken, total)
}
