package stat

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Linear is a least-squares fit of y on an intercept and some predictors,
// with cluster-robust standard errors, as Clustered.Fit returns it:
// observations in one cluster (the seats of one deal) are not taken as
// independent.
type Linear struct {
	Terms    []string  `json:"terms"` // "intercept", then the predictors
	Coef     []float64 `json:"coef"`
	SE       []float64 `json:"se"`
	CILow    []float64 `json:"ci_low"`
	CIHigh   []float64 `json:"ci_high"`
	N        int64     `json:"n"`        // observations
	Clusters int64     `json:"clusters"` // clusters, the degrees of freedom of the t quantile plus one
}

// Clustered gathers observations in clusters for a Linear fit. Add the
// observations of a cluster, then call EndCluster; Fit may be called at
// any time. It keeps k(k+1) numbers a cluster for k terms.
type Clustered struct {
	terms    []string
	k        int
	xtx, xty []float64   // every closed cluster
	cur      []float64   // the cluster under way: X'X (k×k) then X'y (k)
	closed   [][]float64 // each closed cluster's X'X and X'y
	n, curN  int64
}

// NewClustered returns an empty gatherer for the fit of y on an intercept
// and the named predictors.
func NewClustered(predictors ...string) *Clustered {
	k := len(predictors) + 1
	return &Clustered{terms: append([]string{"intercept"}, predictors...), k: k,
		xtx: make([]float64, k*k), xty: make([]float64, k), cur: make([]float64, k*k+k)}
}

// Add counts the observation y at predictors x (one value per predictor)
// in the cluster under way. It panics when x has the wrong length.
func (c *Clustered) Add(y float64, x ...float64) {
	if len(x) != c.k-1 {
		panic(fmt.Sprintf("stat: %d predictor values for %d predictors", len(x), c.k-1))
	}
	row := func(i int) float64 {
		if i == 0 {
			return 1
		}
		return x[i-1]
	}
	for i := range c.k {
		for j := range c.k {
			c.cur[i*c.k+j] += row(i) * row(j)
		}
		c.cur[c.k*c.k+i] += row(i) * y
	}
	c.curN++
}

// EndCluster closes the cluster under way; an empty one is not counted.
func (c *Clustered) EndCluster() {
	if c.curN == 0 {
		return
	}
	kk := c.k * c.k
	for i := range kk {
		c.xtx[i] += c.cur[i]
	}
	for i := range c.k {
		c.xty[i] += c.cur[kk+i]
	}
	c.closed = append(c.closed, c.cur)
	c.cur = make([]float64, kk+c.k)
	c.n += c.curN
	c.curN = 0
}

// Fit returns the least-squares coefficients β = (X'X)⁻¹X'y of the closed
// clusters with their cluster-robust (sandwich) standard errors, the
// square roots of the diagonal of (X'X)⁻¹ (Σ_c s_c s_c') (X'X)⁻¹ scaled by
// G/(G−1) for G clusters, s_c = X_c'y_c − X_c'X_c β the score of cluster c
// (as ClusterSlopeSE and TrendSums scale theirs), and t intervals with
// G − 1 degrees of freedom. It assumes the clusters independent and makes
// no assumption within one. It fails with fewer than two clusters or when
// the predictors are collinear.
func (c *Clustered) Fit(confidence float64) (*Linear, error) {
	g := int64(len(c.closed))
	if g < 2 {
		return nil, errors.New("stat: fewer than two clusters")
	}
	k := c.k
	var inv mat.Dense
	if err := inv.Inverse(mat.NewDense(k, k, append([]float64(nil), c.xtx...))); err != nil {
		return nil, fmt.Errorf("stat: the predictors are collinear: %w", err)
	}
	var beta mat.VecDense
	beta.MulVec(&inv, mat.NewVecDense(k, append([]float64(nil), c.xty...)))
	// The meat: Σ over clusters of s s', s = X'y − X'X β of the cluster.
	meat := mat.NewSymDense(k, nil)
	s := mat.NewVecDense(k, nil)
	for _, cl := range c.closed {
		s.MulVec(mat.NewDense(k, k, cl[:k*k]), &beta)
		s.SubVec(mat.NewVecDense(k, cl[k*k:]), s)
		meat.SymRankOne(meat, 1, s)
	}
	var v, sand mat.Dense
	v.Mul(&inv, meat)
	sand.Mul(&v, &inv)
	gf := float64(g)
	q := tQuantile(confidence, g-1)
	out := &Linear{Terms: append([]string(nil), c.terms...), N: c.n, Clusters: g}
	for i := range k {
		b := beta.AtVec(i)
		se := math.Sqrt(math.Max(sand.At(i, i), 0) * gf / (gf - 1))
		out.Coef = append(out.Coef, b)
		out.SE = append(out.SE, se)
		out.CILow = append(out.CILow, b-q*se)
		out.CIHigh = append(out.CIHigh, b+q*se)
	}
	return out, nil
}
