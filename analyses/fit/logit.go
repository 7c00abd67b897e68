package fit

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/cardsim/cardsim/sim"
)

// Logit is a logistic regression of a seat's win on some of its deal
// features, fitted by maximum likelihood to the joint table of a tally.
type Logit struct {
	Features []string  `json:"features"`
	Coef     []float64 `json:"coef"` // intercept first, then one per feature
	SE       []float64 `json:"se"`
	CILow    []float64 `json:"ci_low"`
	CIHigh   []float64 `json:"ci_high"`
	// Uplift is the change in the chance of winning from one more unit of
	// each feature, at the average seat: β·p̄·(1−p̄), with the interval of β
	// carried through. Intercept first (unused).
	Uplift       []float64 `json:"uplift"`
	UpliftCILow  []float64 `json:"uplift_ci_low"`
	UpliftCIHigh []float64 `json:"uplift_ci_high"`
	Seats        int64     `json:"seats"`
	WinRate      float64   `json:"win_rate"`
}

// Logistic fits P(win) = σ(β₀ + Σ βⱼ·xⱼ) over the features named in use,
// from the joint table of t, whose keys list every feature of names in
// order. It uses Newton's method (iteratively reweighted least squares) on
// the grouped counts; the interval of each coefficient is the Wald interval
// from the inverse Fisher information.
func Logistic(t *sim.Tally, names, use []string, confidence float64) (*Logit, error) {
	idx := make([]int, len(use))
	for i, u := range use {
		idx[i] = slices.Index(names, u)
		if idx[i] < 0 {
			return nil, fmt.Errorf("no deal feature %q (known: %s)", u, strings.Join(names, ", "))
		}
	}
	// Group the joint cells by the predictors used.
	type group struct{ n, wins float64 }
	groups := map[string]*group{}
	var xs [][]float64
	var keys []string
	for k, c := range t.Joint {
		vals := strings.Split(k, ",")
		if len(vals) != len(names) {
			return nil, fmt.Errorf("joint cell %q has %d values for %d features", k, len(vals), len(names))
		}
		x := []float64{1}
		var sub []string
		for _, i := range idx {
			v, err := strconv.ParseFloat(vals[i], 64)
			if err != nil {
				return nil, fmt.Errorf("joint cell %q: %w", k, err)
			}
			x = append(x, v)
			sub = append(sub, vals[i])
		}
		key := strings.Join(sub, ",")
		g := groups[key]
		if g == nil {
			g = &group{}
			groups[key] = g
			xs = append(xs, x)
			keys = append(keys, key)
		}
		g.n += float64(c.Games)
		g.wins += float64(c.Wins)
	}
	p := len(use) + 1
	if len(keys) < p {
		return nil, errors.New("too few distinct deals to fit the model")
	}
	beta := make([]float64, p)
	var total, wins float64
	for _, k := range keys {
		total += groups[k].n
		wins += groups[k].wins
	}
	if wins == 0 || wins == total {
		return nil, errors.New("every seat won or every seat lost: nothing to model")
	}
	beta[0] = math.Log(wins / (total - wins))
	h := mat.NewSymDense(p, nil)
	var cov mat.SymDense
	for iter := 0; iter < 50; iter++ {
		grad := make([]float64, p)
		h.Zero()
		for gi, k := range keys {
			g, x := groups[k], xs[gi]
			eta := 0.0
			for j := range x {
				eta += beta[j] * x[j]
			}
			pr := 1 / (1 + math.Exp(-eta))
			w := g.n * pr * (1 - pr)
			for a := range x {
				grad[a] += (g.wins - g.n*pr) * x[a]
				for b := a; b < p; b++ {
					h.SetSym(a, b, h.At(a, b)+w*x[a]*x[b])
				}
			}
		}
		var chol mat.Cholesky
		if ok := chol.Factorize(h); !ok {
			return nil, errors.New("the features do not vary independently enough to fit the model")
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, mat.NewVecDense(p, grad)); err != nil {
			return nil, err
		}
		change := 0.0
		for j := range beta {
			beta[j] += step.AtVec(j)
			change = math.Max(change, math.Abs(step.AtVec(j)))
		}
		if err := chol.InverseTo(&cov); err != nil {
			return nil, err
		}
		if change < 1e-10 {
			break
		}
	}
	z := distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
	pbar := wins / total
	l := &Logit{Features: use, Coef: beta, Seats: int64(total), WinRate: pbar}
	for j := range beta {
		se := math.Sqrt(cov.At(j, j))
		l.SE = append(l.SE, se)
		l.CILow = append(l.CILow, beta[j]-z*se)
		l.CIHigh = append(l.CIHigh, beta[j]+z*se)
		scale := pbar * (1 - pbar)
		l.Uplift = append(l.Uplift, beta[j]*scale)
		l.UpliftCILow = append(l.UpliftCILow, (beta[j]-z*se)*scale)
		l.UpliftCIHigh = append(l.UpliftCIHigh, (beta[j]+z*se)*scale)
	}
	return l, nil
}
