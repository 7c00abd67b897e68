package chriscross

import (
	"math"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// noColumnPairProb returns the exact probability that a tableau of rules r
// (size×size cards dealt from the shuffled deck of 4×ranks cards) holds no
// two cards of a rank in one column. It counts the ordered tableaux column
// by column: ranks are alike but for how many of their four cards are
// already dealt, so a state is the number of ranks with 0, 1, 2, 3 or 4
// cards dealt, and a column takes size distinct ranks, a suit still free for
// each, in any order.
func noColumnPairProb(r Rules) float64 {
	n := r.Size
	type state [5]int // ranks by cards of theirs dealt so far
	ways := map[state]float64{{r.Ranks}: 1}
	for range n {
		next := map[state]float64{}
		for s, w := range ways {
			// a[k]: ranks with k cards dealt that this column takes.
			var a [4]int
			var pick func(k, left int, mult float64)
			pick = func(k, left int, mult float64) {
				if k == 4 {
					if left > 0 {
						return
					}
					t := s
					for j := 3; j >= 0; j-- {
						t[j] -= a[j]
						t[j+1] += a[j]
					}
					next[t] += w * mult * factorial(n)
					return
				}
				for a[k] = 0; a[k] <= min(left, s[k]); a[k]++ {
					m := binomial(s[k], a[k]) * math.Pow(float64(4-k), float64(a[k]))
					pick(k+1, left-a[k], mult*m)
				}
				a[k] = 0
			}
			pick(0, n, 1)
		}
		ways = next
	}
	total := 0.0
	for _, w := range ways {
		total += w
	}
	// Divide by the ordered ways to deal size² cards of the deck.
	for k := range n * n {
		total /= float64(4*r.Ranks - k)
	}
	return total
}

func factorial(n int) float64 {
	f := 1.0
	for k := 2; k <= n; k++ {
		f *= float64(k)
	}
	return f
}

func binomial(n, k int) float64 { return factorial(n) / (factorial(k) * factorial(n-k)) }

// TestNoColumnPairProb checks the formula on a 3×3 tableau from 16 cards
// against a brute force over the 4⁹ ways to give the nine cells ranks, each
// weighted by the ways to give them suits: 2664/25025.
func TestNoColumnPairProb(t *testing.T) {
	r := Rules{Size: 3, Ranks: 4}
	if got, want := noColumnPairProb(r), 2664.0/25025; math.Abs(got-want) > 1e-12 {
		t.Errorf("3×3 from 16 cards: %v, want %v", got, want)
	}
	// And the full game, for the record: 0.0358287, which a separate
	// simulation of 200,000 shuffles (3.580%) agrees with.
	if got := noColumnPairProb(DefaultRules()); math.Abs(got-0.03582867166) > 1e-9 {
		t.Errorf("5×5 from 52 cards: %v, want 0.0358287", got)
	}
}

// TestNoPairDealsExact compares the share of deals the engine ends at once
// (no pair to cast in the first phase) with the exact probability that no
// column holds a pair, under diagonals=false where only columns pair. It
// checks that the shuffle is fair and that a column pair is found wherever
// it lies (the order of dealing does not matter to it: every cell is
// equally likely to get any card). The tolerance is 4.5 standard deviations
// of the count.
func TestNoPairDealsExact(t *testing.T) {
	deals := 200000
	if testing.Short() {
		deals = 20000
	}
	for _, tc := range []struct{ rules []string }{
		{[]string{"size=3", "ranks=4", "diagonals=false"}},
		{[]string{"size=4", "ranks=6", "diagonals=false"}},
		{[]string{"diagonals=false"}},
	} {
		r, err := ParseRules(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		p := noColumnPairProb(r)
		g, _ := New(r)
		s := g.NewChrisCross()
		over := 0
		for i := range deals {
			s.Reset(games.Mix(uint64(i), 0x6e6f))
			if s.Turn() == games.Terminal {
				over++
			}
		}
		mean, sd := p*float64(deals), math.Sqrt(p*(1-p)*float64(deals))
		if math.Abs(float64(over)-mean) > 4.5*sd {
			t.Errorf("%v: %d of %d deals had no pair, want %.0f ± %.0f (p = %.6f)", tc.rules, over, deals, mean, 4.5*sd, p)
		}
		t.Logf("%v: %d of %d deals had no pair; exact p = %.6f, so %.0f expected", tc.rules, over, deals, p, mean)
	}
}
