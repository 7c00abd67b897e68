package sim

import (
	"fmt"
	"math/big"
)

// A tally keeps, for intervals clustered by deal, sums over deals of the
// squares and products of each deal's totals (Cluster, FeatureTally's
// Moments). A sum of squares only bounded from above lets a forger narrow
// an interval at will (S2 = 0 makes every deal's score look alike), so a
// tally read from a file is held to what such sums must be, from below and
// from above:
//
//   - a sum of squares is never negative, and at least the absolute value
//     of the plain sum, since v² ≥ |v| for every integer v;
//   - by Cauchy–Schwarz, deals·Σv² ≥ (Σv)², and (Σuv)² ≤ Σu²·Σv²;
//   - each deal's total of a term lies between its plays times the least
//     and the most one play adds (a win adds 0 or 1, a score lies within
//     the scores the tally holds), so a product of two terms summed over
//     the deals lies between Σn² times the least and the most product of
//     those per-play bounds.
//
// The products are taken in math/big: the bounds are exact whatever the
// sums, with no overflow and no rounding slack.

// term is one of the per-deal totals whose sums of products a tally keeps:
// its name in errors, its sum over every deal, and the least and most one
// play adds to it.
type term struct {
	name          string
	total, lo, hi *big.Int
}

// newTerm returns the term of the given name, total and per-play bounds.
func newTerm(name string, total, lo, hi int64) term {
	return term{name, big.NewInt(total), big.NewInt(lo), big.NewInt(hi)}
}

// products are the sums over deals of the products of per-deal totals of
// some terms, the first of which counts plays (one a play).
type products struct {
	what  string // whose sums, for errors
	deals int64  // deals summed, each with at least one play
	most  int64  // the most plays a deal holds, 0 where no bound is known
	terms []term
	// sum returns the sum over deals of the product of terms i and j
	// (i ≤ j), and whether the tally keeps it.
	sum func(i, j int) (int64, bool)
}

func mulBig(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }

// check reports the first sum that no deals of the terms' plays can give.
func (p *products) check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", p.what, fmt.Sprintf(format, args...))
	}
	d := big.NewInt(p.deals)
	plays, ok := p.sum(0, 0)
	if !ok {
		panic("sim: products without the sum of squared plays")
	}
	n2, n := big.NewInt(plays), p.terms[0].total
	if p.most > 0 && n2.Cmp(mulBig(n, big.NewInt(p.most))) > 0 {
		return bad("Σn² = %d above what deals of %d plays at most can sum to (%d plays in all)", plays, p.most, n)
	}
	// Squares first: the bounds of the products rest on them.
	for i, ti := range p.terms {
		// Each deal's total lies within its plays times the per-play
		// bounds, so the total over deals does too.
		if ti.total.Cmp(mulBig(n, ti.lo)) < 0 || ti.total.Cmp(mulBig(n, ti.hi)) > 0 {
			return bad("Σ%s = %d outside what %d plays can sum to", ti.name, ti.total, n)
		}
		q, ok := p.sum(i, i)
		if !ok {
			continue
		}
		sq := big.NewInt(q)
		if q < 0 || sq.Cmp(new(big.Int).Abs(ti.total)) < 0 {
			return bad("Σ(%s)² = %d below |Σ%s| = %d", ti.name, q, ti.name, new(big.Int).Abs(ti.total))
		}
		if mulBig(d, sq).Cmp(mulBig(ti.total, ti.total)) < 0 {
			return bad("Σ(%s)² = %d below (Σ%s)²/deals = %d²/%d (Cauchy–Schwarz)", ti.name, q, ti.name, ti.total, p.deals)
		}
	}
	for i, ti := range p.terms {
		for j := i; j < len(p.terms); j++ {
			tj := p.terms[j]
			q, ok := p.sum(i, j)
			if !ok {
				continue
			}
			sq := big.NewInt(q)
			name := "Σ(" + ti.name + ")(" + tj.name + ")"
			if i == j {
				name = "Σ(" + ti.name + ")²"
			}
			lo, hi := productRange(ti, tj, i == j)
			if sq.Cmp(mulBig(n2, lo)) < 0 || sq.Cmp(mulBig(n2, hi)) > 0 {
				return bad("%s = %d outside what deals of Σn² = %d can sum to", name, q, plays)
			}
			// Terms that never go below 0 have products summed over deals
			// at most the product of their sums.
			if ti.lo.Sign() >= 0 && tj.lo.Sign() >= 0 && sq.Cmp(mulBig(ti.total, tj.total)) > 0 {
				return bad("%s = %d above Σ%s·Σ%s = %d·%d", name, q, ti.name, tj.name, ti.total, tj.total)
			}
			if i == j {
				continue
			}
			qi, oki := p.sum(i, i)
			qj, okj := p.sum(j, j)
			if oki && okj && mulBig(sq, sq).Cmp(mulBig(big.NewInt(qi), big.NewInt(qj))) > 0 {
				return bad("(%s)² = %d² above Σ(%s)²·Σ(%s)² = %d·%d (Cauchy–Schwarz)", name, q, ti.name, tj.name, qi, qj)
			}
		}
	}
	return nil
}

// productRange returns the least and the most the product of what one
// play adds to terms a and b can be: a deal of n plays adds between n·lo
// and n·hi to each, so their product lies between n² times these. A
// square (same) is never negative.
func productRange(a, b term, same bool) (lo, hi *big.Int) {
	ends := []*big.Int{mulBig(a.lo, b.lo), mulBig(a.lo, b.hi), mulBig(a.hi, b.lo), mulBig(a.hi, b.hi)}
	lo, hi = ends[0], ends[0]
	for _, e := range ends[1:] {
		if e.Cmp(lo) < 0 {
			lo = e
		}
		if e.Cmp(hi) > 0 {
			hi = e
		}
	}
	if same && lo.Sign() < 0 {
		lo = new(big.Int)
	}
	return lo, hi
}

// clusterProducts returns the sums of c, of plays that sum to n plays,
// wins wins, draws draws and score score, at most most plays a deal (0 for
// no bound known), each play scoring from lo to hi.
func clusterProducts(what string, c *Cluster, most, n, wins, draws, score, lo, hi int64) *products {
	terms := []term{newTerm("n", n, 1, 1), newTerm("w", wins, 0, 1), newTerm("d", draws, 0, 1), newTerm("s", score, lo, hi)}
	return &products{what: what, deals: c.Deals, most: most, terms: terms, sum: func(i, j int) (int64, bool) {
		switch [2]int{i, j} {
		case [2]int{0, 0}:
			return c.N2, true
		case [2]int{0, 1}:
			return c.NW, true
		case [2]int{0, 2}:
			return c.ND, true
		case [2]int{0, 3}:
			return c.NS, true
		case [2]int{1, 1}:
			return c.W2, true
		case [2]int{1, 2}:
			return c.WD, true
		case [2]int{2, 2}:
			return c.D2, true
		case [2]int{3, 3}:
			return c.S2, true
		}
		return 0, false
	}}
}

// checkClusterMoments checks the cluster sums c of n plays with the given
// totals, at most most plays a deal (0 for no bound known), each play
// scoring from lo to hi: their products as products
// checks them, and a deal's wins and draws together at most its plays
// (w² + w·d ≤ n·w and d² + w·d ≤ n·d, deal by deal).
func checkClusterMoments(what string, c *Cluster, most, n, wins, draws, score, lo, hi int64) error {
	if c.Deals > n {
		return fmt.Errorf("%s: cluster sums over %d deals of %d plays", what, c.Deals, n)
	}
	if err := clusterProducts(what+": cluster sums", c, most, n, wins, draws, score, lo, hi).check(); err != nil {
		return err
	}
	var k checked
	if k.add(c.W2, c.WD) > c.NW || k.add(c.D2, c.WD) > c.ND || k.overflow {
		return fmt.Errorf("%s: cluster sums with more wins and draws in a deal than its plays", what)
	}
	return nil
}

// featureProducts returns the sums of products of the deal vectors of
// feature tally ft (plays, Σx, Σx², wins, Σx·win, score, Σx·score), whose
// totals come from its cells: every play summed in the moments is counted
// in the cell of its value, so each lies within the values and scores the
// cells hold.
func featureProducts(what string, ft *FeatureTally) (*products, error) {
	var tot [momentTerms]*big.Int
	for i := range tot {
		tot[i] = new(big.Int)
	}
	var xlo, xhi, slo, shi int64
	seen := false
	for i := range ft.Cells {
		c := &ft.Cells[i]
		if c.Games == 0 {
			continue
		}
		x := ft.Min + int64(i)
		_, s, err := c.Score.totals()
		if err != nil {
			return nil, err
		}
		a, b, _ := c.Score.Range()
		if !seen {
			xlo, slo, shi, seen = x, a, b, true
		}
		xhi, slo, shi = x, min(slo, a), max(shi, b)
		bx, bg, bw, bs := big.NewInt(x), big.NewInt(c.Games), big.NewInt(c.Wins), big.NewInt(s)
		tot[0].Add(tot[0], bg)
		tot[1].Add(tot[1], mulBig(bx, bg))
		tot[2].Add(tot[2], mulBig(mulBig(bx, bx), bg))
		tot[3].Add(tot[3], bw)
		tot[4].Add(tot[4], mulBig(bx, bw))
		tot[5].Add(tot[5], bs)
		tot[6].Add(tot[6], mulBig(bx, bs))
	}
	bx := [2]*big.Int{big.NewInt(xlo), big.NewInt(xhi)}
	xs := productRangeOf(bx, [2]*big.Int{big.NewInt(slo), big.NewInt(shi)})
	bounds := [momentTerms][2]*big.Int{
		{big.NewInt(1), big.NewInt(1)},
		bx,
		{mulBig(bx[0], bx[0]), mulBig(bx[1], bx[1])},
		{big.NewInt(0), big.NewInt(1)},
		{big.NewInt(0), bx[1]},
		{big.NewInt(slo), big.NewInt(shi)},
		xs,
	}
	names := [momentTerms]string{"n", "x", "x²", "w", "x·w", "s", "x·s"}
	p := &products{what: what + ": sums over deals", deals: ft.Deals, sum: func(i, j int) (int64, bool) {
		return ft.Moments[momentIndex(i, j)], true
	}}
	for i := range momentTerms {
		p.terms = append(p.terms, term{names[i], tot[i], bounds[i][0], bounds[i][1]})
	}
	return p, nil
}

// productRangeOf returns the least and the most of x·y for x and y within
// the ranges a and b.
func productRangeOf(a, b [2]*big.Int) [2]*big.Int {
	lo, hi := productRange(term{lo: a[0], hi: a[1]}, term{lo: b[0], hi: b[1]}, false)
	return [2]*big.Int{lo, hi}
}

// semidefinite reports whether the symmetric k×k matrix a (row-major) is
// positive semidefinite, exactly: symmetric Gaussian elimination in
// rationals, in which a negative pivot, or a zero pivot whose row is not
// all zero, shows a direction of negative variance.
func semidefinite(k int, a []*big.Int) bool {
	m := make([]*big.Rat, len(a))
	for i, v := range a {
		m[i] = new(big.Rat).SetInt(v)
	}
	for i := range k {
		piv := m[i*k+i]
		switch piv.Sign() {
		case -1:
			return false
		case 0:
			for j := i + 1; j < k; j++ {
				if m[i*k+j].Sign() != 0 {
					return false
				}
			}
			continue
		}
		for j := i + 1; j < k; j++ {
			f := new(big.Rat).Quo(m[j*k+i], piv)
			for l := i + 1; l < k; l++ {
				m[j*k+l] = new(big.Rat).Sub(m[j*k+l], new(big.Rat).Mul(f, m[i*k+l]))
			}
		}
	}
	return true
}
