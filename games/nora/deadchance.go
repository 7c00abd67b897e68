package nora

import (
	"math/big"
	"sync"
)

// DeadChance returns the exact probability that a uniform shuffle of a deck
// holding n4 ranks of four cards, n2 ranks of two cards and, if jokers is
// set, the two jokers, has no two adjacent cards of equal rank: the chance
// that the pass is dead.
//
// It counts the arrangements with no equal neighbours by inclusion and
// exclusion over the ways each rank's cards can be glued into blocks: a rank
// of n cards split into k blocks contributes (−1)^(n−k)·C(n−1, k−1)·x^k/k!,
// and the count is Σ_K K!·[x^K] of the product over ranks. The chances of
// every deck of up to 13 ranks and the jokers are computed once, on first
// use; n4 + n2 must not exceed 13.
func DeadChance(n4, n2 int, jokers bool) float64 {
	if n4 < 0 || n2 < 0 || n4+n2 > 13 {
		panic("nora: DeadChance of an impossible deck")
	}
	if jokers {
		n2++
	}
	deadOnce.Do(func() {
		for a := range deadTable {
			for b := range deadTable[a] {
				if a+b <= 14 {
					deadTable[a][b] = deadChance(a, b)
				}
			}
		}
	})
	return deadTable[n4][n2]
}

var (
	deadOnce  sync.Once
	deadTable [14][15]float64 // [ranks of four][ranks of two, jokers included]
)

func deadChance(n4, n2 int) float64 {
	if n4 == 0 && n2 == 0 {
		return 0 // an empty deck is not a dead pass
	}
	f4 := []*big.Rat{new(big.Rat), big.NewRat(-1, 1), big.NewRat(3, 2), big.NewRat(-3, 6), big.NewRat(1, 24)}
	f2 := []*big.Rat{new(big.Rat), big.NewRat(-1, 1), big.NewRat(1, 2)}
	poly := []*big.Rat{big.NewRat(1, 1)}
	for range n4 {
		poly = mulPoly(poly, f4)
	}
	for range n2 {
		poly = mulPoly(poly, f2)
	}
	count := new(big.Rat)
	fact := big.NewRat(1, 1)
	for k, c := range poly {
		if k > 0 {
			fact.Mul(fact, big.NewRat(int64(k), 1))
		}
		count.Add(count, new(big.Rat).Mul(c, fact))
	}
	// All arrangements: N! / (4!^n4 · 2!^n2).
	total := new(big.Int).MulRange(1, int64(4*n4+2*n2))
	den := new(big.Int).Exp(big.NewInt(24), big.NewInt(int64(n4)), nil)
	den.Mul(den, new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(n2)), nil))
	all := new(big.Rat).SetFrac(total, den)
	p, _ := new(big.Rat).Quo(count, all).Float64()
	return p
}

func mulPoly(a, b []*big.Rat) []*big.Rat {
	out := make([]*big.Rat, len(a)+len(b)-1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	t := new(big.Rat)
	for i, x := range a {
		for j, y := range b {
			out[i+j].Add(out[i+j], t.Mul(x, y))
		}
	}
	return out
}
