package flip

import "math/bits"

// clearing decides, for a sequence of present cards, which stretches of it
// removals alone could empty if every card could show its dark face
// whenever needed: the relaxation of the package documentation (section
// "Clearing"). It is an interval dynamic programme over the present cards
// in deal order, framed by two walls that match nothing, with every table
// row a bit set so that a whole deal takes about a thousand word
// operations.
//
// Index 0 and n+1 are the walls; index i in 1…n is the i-th present card.
// For walls or cards i < j:
//
//	E(i, j): the cards strictly between i and j can all be removed while
//	         i and j stay (true when there are none);
//	F(i, j): i … j can go as one remove-rank with ends i and j: equal dark
//	         ranks and the inside can shrink to two cards.
type clearing struct {
	rank, suit [64]uint8 // dark face of each card of the deal, by card number
	pile       [64]uint8 // card numbers of the present cards, from index 1
	n          int
	e, f       [64]uint64 // rows of E and F
}

// setFaces records the dark face of card p.
func (c *clearing) setFaces(p int, rank, suit uint8) { c.rank[p], c.suit[p] = rank, suit }

// run fills E and F for the present cards (bit p: card p).
func (c *clearing) run(present uint64) {
	c.n = 0
	for m := present; m != 0; m &= m - 1 {
		c.n++
		c.pile[c.n] = uint8(bits.TrailingZeros64(m))
	}
	last := c.n + 1 // the upper wall
	for i := last; i >= 0; i-- {
		real := i > 0 && i < last
		var ri, si uint8
		if real {
			ri, si = c.rank[c.pile[i]], c.suit[c.pile[i]]
		}
		// Accumulators over j, each the union of rows of later indices:
		// p1 ⊇ {j : E(i,x) ∧ E(x,j) for some x < j}, the inside of (i, j)
		// can shrink to one card; p2 likewise to two cards; g holds j with
		// E(i,a) ∧ F(a,j) for some a; q holds j with G(i,b) ∧ E(b,j).
		var e, f, p1, p2, g, q uint64
		for j := i + 1; j <= last; {
			bit := uint64(1) << j
			in := j == i+1 || q&bit != 0
			if j > i+1 && p2&bit != 0 && real && j < last {
				d := c.pile[j]
				if c.suit[d] == si {
					in = true // the last removal: remove-suit with ends i and j
				}
				if c.rank[d] == ri {
					f |= bit
				}
			}
			if in {
				e |= bit
				p1 |= c.e[j]
				g |= c.f[j]
			}
			if j > i+1 && p1&bit != 0 {
				p2 |= c.e[j]
			}
			if g&bit != 0 {
				q |= c.e[j]
			}
			// Past i+1 an index acts only if an accumulator holds it,
			// and rows add only later indices: go to the next one held.
			m := (p1 | p2 | g | q) >> (j + 1)
			if m == 0 {
				break
			}
			j += 1 + bits.TrailingZeros64(m)
		}
		c.e[i], c.f[i] = e, f
	}
}

// all reports whether every present card could be removed, after run.
func (c *clearing) all() bool { return c.e[0]>>(c.n+1)&1 != 0 }

// most returns the most present cards removals could take, after run:
// the cards that stay split the sequence into stretches each of which is
// emptied between its two staying neighbours, so it is n less the fewest
// staying cards on a path of E from wall to wall.
func (c *clearing) most() int {
	last := c.n + 1
	var stay [64]int8
	for i := range stay[:last+1] {
		stay[i] = 127
	}
	stay[0] = 0
	for i := 0; i < last; i++ {
		if stay[i] == 127 {
			continue
		}
		for m := c.e[i]; m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			s := stay[i]
			if j < last {
				s++
			}
			stay[j] = min(stay[j], s)
		}
	}
	return c.n - int(stay[last])
}
