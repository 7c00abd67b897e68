package stat

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// BinomialGroup is a group of trials that share the values X of the
// predictors (one per predictor): Trials of them, of which Successes
// succeeded.
type BinomialGroup struct {
	X                 []float64
	Trials, Successes float64
}

// Logit is a logistic regression of a success (a seat's win) on some
// predictors (its deal features), as Logistic returns it.
type Logit struct {
	Predictors []string  `json:"predictors"`
	Coef       []float64 `json:"coef"` // intercept first, then one per predictor
	SE         []float64 `json:"se"`
	CILow      []float64 `json:"ci_low"`
	CIHigh     []float64 `json:"ci_high"`
	// Uplift is the change in the chance of success from one more unit of
	// each predictor, at the average trial: β·p̄·(1−p̄), with the interval
	// of β carried through. Intercept first (unused).
	Uplift       []float64 `json:"uplift"`
	UpliftCILow  []float64 `json:"uplift_ci_low"`
	UpliftCIHigh []float64 `json:"uplift_ci_high"`
	Trials       float64   `json:"trials"`
	Rate         float64   `json:"rate"` // p̄, the share of trials that succeeded
}

// Logistic fits P(success) = σ(β₀ + Σ βⱼ·xⱼ), σ(t) = 1/(1 + e⁻ᵗ), to
// groups of independent trials by maximum likelihood, with Newton's method
// (iteratively reweighted least squares) on the grouped counts, from the
// overall log-odds until no coefficient moves by 10⁻¹⁰ (at most 50 steps).
// The interval of each coefficient is the Wald interval β ± z·se, se from
// the inverse Fisher information Σ n·p(1−p)·x·xᵀ at the fit. It fails with
// fewer groups than coefficients, when every trial succeeded or every one
// failed, or when the predictors do not vary independently.
func Logistic(predictors []string, groups []BinomialGroup, confidence float64) (*Logit, error) {
	p := len(predictors) + 1
	for _, g := range groups {
		if len(g.X) != p-1 {
			panic(fmt.Sprintf("stat: %d predictor values for %d predictors", len(g.X), p-1))
		}
	}
	if len(groups) < p {
		return nil, errors.New("too few groups to fit the model")
	}
	beta := make([]float64, p)
	var total, wins float64
	for _, g := range groups {
		total += g.Trials
		wins += g.Successes
	}
	if wins == 0 || wins == total {
		return nil, errors.New("every trial succeeded or every one failed: nothing to model")
	}
	beta[0] = math.Log(wins / (total - wins))
	x := make([]float64, p)
	x[0] = 1
	h := mat.NewSymDense(p, nil)
	var cov mat.SymDense
	for iter := 0; iter < 50; iter++ {
		grad := make([]float64, p)
		h.Zero()
		for _, g := range groups {
			copy(x[1:], g.X)
			eta := 0.0
			for j := range x {
				eta += beta[j] * x[j]
			}
			pr := 1 / (1 + math.Exp(-eta))
			w := g.Trials * pr * (1 - pr)
			for a := range x {
				grad[a] += (g.Successes - g.Trials*pr) * x[a]
				for b := a; b < p; b++ {
					h.SetSym(a, b, h.At(a, b)+w*x[a]*x[b])
				}
			}
		}
		var chol mat.Cholesky
		if ok := chol.Factorize(h); !ok {
			return nil, errors.New("the predictors do not vary independently enough to fit the model")
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
	z := zQuantile(confidence)
	pbar := wins / total
	l := &Logit{Predictors: predictors, Coef: beta, Trials: total, Rate: pbar}
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
