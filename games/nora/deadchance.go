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
	deadOnce.Do(fillDeadTables)
	return deadTable[n4][n2]
}

// DeadChanceTop returns the exact probability that a uniform shuffle of a
// deck of n4 ranks of four, n2 ranks of two and, if jokers is set, the two
// jokers is dead, given its top card: one of a rank holding four cards if
// topOfFour is set, else one of a rank holding two (or a joker: the joker
// pair counts as a rank of two). It is what a player sees before INSURE.
//
// The count is DeadChance's with the blocks of the top card's rank marked:
// an arrangement of K blocks starts with one of them in a share k/K of the
// arrangements, so that rank contributes k·x^k/k! and the count is
// Σ_K (K−1)!·[x^K] of the product. It panics if the deck holds no card of
// the class asked for.
func DeadChanceTop(n4, n2 int, jokers, topOfFour bool) float64 {
	if n4 < 0 || n2 < 0 || n4+n2 > 13 {
		panic("nora: DeadChanceTop of an impossible deck")
	}
	if jokers {
		n2++
	}
	if topOfFour && n4 == 0 || !topOfFour && n2 == 0 {
		panic("nora: DeadChanceTop of a top card the deck does not hold")
	}
	deadOnce.Do(fillDeadTables)
	if topOfFour {
		return deadTopTable[n4][n2][1]
	}
	return deadTopTable[n4][n2][0]
}

var (
	deadOnce     sync.Once
	deadTable    [14][15]float64    // [ranks of four][ranks of two, jokers included]
	deadTopTable [14][15][2]float64 // and [top of two, top of four]
)

func fillDeadTables() {
	for a := range deadTable {
		for b := range deadTable[a] {
			if a+b > 14 {
				continue
			}
			deadTable[a][b] = deadChance(a, b, 0)
			if b > 0 {
				deadTopTable[a][b][0] = deadChance(a, b, 2)
			}
			if a > 0 {
				deadTopTable[a][b][1] = deadChance(a, b, 4)
			}
		}
	}
}

// deadChance returns the chance that a shuffle of n4 ranks of four and n2
// of two is dead, given that its top card is of a rank of top cards (4 or
// 2), or unconditionally if top is 0.
func deadChance(n4, n2, top int) float64 {
	if n4 == 0 && n2 == 0 {
		return 0 // an empty deck is not a dead pass
	}
	// All arrangements: N! / (4!^n4 · 2!^n2).
	n := 4*n4 + 2*n2
	total := new(big.Int).MulRange(1, int64(n))
	den := new(big.Int).Exp(big.NewInt(24), big.NewInt(int64(n4)), nil)
	den.Mul(den, new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(n2)), nil))
	all := new(big.Rat).SetFrac(total, den)

	f4 := []*big.Rat{new(big.Rat), big.NewRat(-1, 1), big.NewRat(3, 2), big.NewRat(-3, 6), big.NewRat(1, 24)}
	f2 := []*big.Rat{new(big.Rat), big.NewRat(-1, 1), big.NewRat(1, 2)}
	poly := []*big.Rat{big.NewRat(1, 1)}
	switch top { // the marked rank: k·x^k/k!
	case 4:
		poly = []*big.Rat{new(big.Rat), big.NewRat(-1, 1), big.NewRat(3, 1), big.NewRat(-3, 2), big.NewRat(1, 6)}
		n4--
	case 2:
		poly = []*big.Rat{new(big.Rat), big.NewRat(-1, 1), big.NewRat(1, 1)}
		n2--
	}
	for range n4 {
		poly = mulPoly(poly, f4)
	}
	for range n2 {
		poly = mulPoly(poly, f2)
	}
	count := new(big.Rat)
	fact := big.NewRat(1, 1) // K!, or (K−1)! with a marked rank
	for k, c := range poly {
		if m := k - min(top, 1); m > 0 {
			fact.Mul(fact, big.NewRat(int64(m), 1))
		}
		count.Add(count, new(big.Rat).Mul(c, fact))
	}
	p := new(big.Rat).Quo(count, all)
	if top > 0 {
		// count/all is the chance of a dead shuffle starting with one given
		// rank of top cards, which starts a shuffle with chance top/n.
		p.Mul(p, big.NewRat(int64(n), int64(top)))
	}
	f, _ := p.Float64()
	return f
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
