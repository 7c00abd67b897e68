package stat

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// SeatSums holds the sums over deals that the seat tests need, for a game
// of k seats: each seat's wins over the deals, and the k×k sums over deals
// of the products of two seats' wins in the same deal. A deal may have one
// winner, several (a shared win) or none (a draw); a deal played in several
// seatings counts each seat's wins over its Plays games. The sums are
// integers, so tallies of separate shards merge exactly.
type SeatSums struct {
	Deals int64
	Plays int64   // games each seat plays in a deal: 1, or its seatings
	Wins  []int64 // Σ_d w_ds, w_ds the wins of seat s in deal d
	Cross []int64 // Σ_d w_ds·w_dt, row-major k×k
}

// NewSeatSums returns empty sums for the given number of seats, each of
// which plays plays games a deal. It panics unless both are positive.
func NewSeatSums(seats int, plays int64) *SeatSums {
	if seats <= 0 || plays <= 0 {
		panic(fmt.Sprintf("stat: NewSeatSums of %d seats, %d plays", seats, plays))
	}
	return &SeatSums{Plays: plays, Wins: make([]int64, seats), Cross: make([]int64, seats*seats)}
}

// Seats returns the number of seats.
func (s *SeatSums) Seats() int { return len(s.Wins) }

// Add adds one deal, in which seat i won wins[i] of its Plays games. It
// panics for a deal of another number of seats or an impossible count.
func (s *SeatSums) Add(wins []int64) {
	k := len(s.Wins)
	if len(wins) != k {
		panic(fmt.Sprintf("stat: SeatSums.Add of %d seats to sums of %d", len(wins), k))
	}
	for i, w := range wins {
		if w < 0 || w > s.Plays {
			panic(fmt.Sprintf("stat: seat %d won %d of %d games", i, w, s.Plays))
		}
	}
	s.Deals++
	for i, wi := range wins {
		s.Wins[i] += wi
		row := s.Cross[i*k : (i+1)*k]
		for j, wj := range wins {
			row[j] += wi * wj
		}
	}
}

// Merge adds the deals o holds. It panics for sums of other seats or plays.
func (s *SeatSums) Merge(o *SeatSums) {
	if len(o.Wins) != len(s.Wins) || o.Plays != s.Plays {
		panic("stat: SeatSums.Merge of sums of other seats or plays")
	}
	s.Deals += o.Deals
	for i := range s.Wins {
		s.Wins[i] += o.Wins[i]
	}
	for i := range s.Cross {
		s.Cross[i] += o.Cross[i]
	}
}

// Rates returns each seat's win rate, its wins over Deals·Plays games.
func (s *SeatSums) Rates() []float64 {
	games := float64(s.Deals * s.Plays)
	r := make([]float64, len(s.Wins))
	for i, w := range s.Wins {
		r[i] = float64(w) / games
	}
	return r
}

// rateCovariance returns the covariance of the estimated win rates, from
// the spread of the deals' win fractions r_d = w_d/Plays:
// (Σ r_d r_dᵀ − n·p̂p̂ᵀ)/(n(n − 1)), n deals. Clustered by deal, it makes no
// assumption about the seats of one deal.
func (s *SeatSums) rateCovariance() *mat.SymDense {
	k := len(s.Wins)
	n := float64(s.Deals)
	m2 := float64(s.Plays) * float64(s.Plays)
	p := s.Rates()
	v := mat.NewSymDense(k, nil)
	for i := range k {
		for j := i; j < k; j++ {
			c := (float64(s.Cross[i*k+j])/m2 - n*p[i]*p[j]) / (n * (n - 1))
			v.SetSym(i, j, c)
		}
	}
	return v
}

// SeatTest is the outcome of the test that every seat wins equally often.
type SeatTest struct {
	Statistic float64 // Hotelling's T² of the seats' differences
	DF        int     // the independent differences tested: k − 1, fewer if some never vary
	P         float64 // its p-value
}

// SeatsEqual tests whether every seat wins equally often: with nothing
// drawn and one winner a deal, whether every seat wins its fair share 1/k;
// with draws or shared wins, whether the seats share alike what is won.
// It is Hotelling's T² on the deals' vectors of differences between each
// seat's win fraction and the last seat's, that is the Wald chi-square of
// those differences with their covariance clustered by deal, referred to
// the F distribution:
//
//	T² = n·ȳᵀS⁻¹ȳ,  (n − q)/(q(n − 1))·T² ~ F(q, n − q),
//
// ȳ and S the mean and covariance of the q = k − 1 differences over n
// deals. It needs no assumption about how the seats of a deal depend on one
// another, so draws and shared wins are allowed, where Pearson's
// chi-square on the seats' win counts holds only when every deal has
// exactly one winner. Differences that no deal varies are left out of q
// (by a pseudo-inverse of S); if one of them is not zero, the seats
// certainly differ, and T² is +Inf. It is an error to have fewer than two
// seats, or no more deals than differences.
func SeatsEqual(s *SeatSums) (SeatTest, error) {
	k := len(s.Wins)
	if k < 2 {
		return SeatTest{}, errors.New("a seat test needs at least two seats")
	}
	if s.Deals <= int64(k) {
		return SeatTest{}, fmt.Errorf("a seat test of %d seats needs more than %d deals, has %d", k, k, s.Deals)
	}
	q := k - 1
	n := float64(s.Deals)
	p := s.Rates()
	v := s.rateCovariance()
	// Differences from the last seat: C = [I | −1].
	c := mat.NewDense(q, k, nil)
	mean := mat.NewVecDense(q, nil)
	for i := range q {
		c.Set(i, i, 1)
		c.Set(i, k-1, -1)
		mean.SetVec(i, p[i]-p[k-1])
	}
	var cv, cvc mat.Dense
	cv.Mul(c, v)
	cvc.Mul(&cv, c.T())
	sc := mat.NewSymDense(q, nil)
	for i := range q {
		for j := i; j < q; j++ {
			sc.SetSym(i, j, (cvc.At(i, j)+cvc.At(j, i))/2*n) // per-deal covariance
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(sc, true) {
		return SeatTest{}, errors.New("seat test: the covariance of the seats' differences has no eigendecomposition")
	}
	vals := eig.Values(nil)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	top := slices.Max(vals)
	var t2 float64
	rank := 0
	for i, l := range vals {
		proj := mat.Dot(vecs.ColView(i), mean)
		if top <= 0 || l <= 1e-12*top {
			if math.Abs(proj) > 1e-12 {
				t2 = math.Inf(1) // a difference that never varies, and is not zero
			}
			continue
		}
		rank++
		t2 += n * proj * proj / l
	}
	if math.IsInf(t2, 1) {
		return SeatTest{Statistic: t2, DF: max(rank, 1), P: 0}, nil
	}
	if rank == 0 {
		return SeatTest{Statistic: 0, DF: 0, P: 1}, nil // every seat won every deal alike
	}
	qf := float64(rank)
	f := (n - qf) / (qf * (n - 1)) * t2
	pv := distuv.F{D1: qf, D2: n - qf}.Survival(f)
	return SeatTest{Statistic: t2, DF: rank, P: pv}, nil
}

// SeatPair is the difference of two seats' win rates, First's less
// Second's, with its simultaneous interval and adjusted p-value.
type SeatPair struct {
	First, Second int
	Diff          float64
	Low, High     float64
	P             float64 // adjusted for every pair: the chance that any pair's |z| is as large
}

// seatDraws is the number of normal draws SeatPairs takes to find the
// distribution of the largest of the pairs' |z|. Its sampling error moves
// the simultaneous confidence by about √(α(1 − α)/draws): 0.0009 at 95%.
const seatDraws = 1 << 16

// SeatPairs returns every pair of seats i < j with the difference of their
// win rates and intervals that hold for all the pairs at once with the
// given confidence: Tukey's honest significant differences carried to the
// seats of one deal, whose rates are correlated (negatively, when one seat
// wins a deal). Each interval is diff ± c·se, se the pair's standard error
// from the covariance of the rates clustered by deal (as SeatsEqual), and
// c the confidence quantile of the largest |z| over all the pairs when the
// rates are normal with that covariance: the single-step max-|z| method
// of Hothorn, Bretz and Westfall (2008). The quantile and the adjusted
// p-values come from 65,536 normal draws of a fixed seed, so the same sums
// give the same bits; with two seats it is the normal quantile itself. A
// pair that no deal tells apart has a zero-width interval. It is an error
// to have fewer than two seats or two deals.
func SeatPairs(s *SeatSums, confidence float64) ([]SeatPair, error) {
	k := len(s.Wins)
	if k < 2 {
		return nil, errors.New("seat pairs need at least two seats")
	}
	if s.Deals < 2 {
		return nil, fmt.Errorf("seat pairs need at least two deals, have %d", s.Deals)
	}
	p := s.Rates()
	v := s.rateCovariance()
	var pairs []SeatPair
	var se []float64
	for i := range k {
		for j := i + 1; j < k; j++ {
			pairs = append(pairs, SeatPair{First: i, Second: j, Diff: p[i] - p[j]})
			se = append(se, math.Sqrt(math.Max(0, v.At(i, i)+v.At(j, j)-2*v.At(i, j))))
		}
	}
	varying := 0
	for _, e := range se {
		if e > 0 {
			varying++
		}
	}
	var maxima []float64 // sorted largest |z| of each draw
	crit := zQuantile(confidence)
	if varying > 1 {
		maxima = maxAbsZ(v, pairs, se)
		idx := int(math.Ceil(confidence*float64(len(maxima)))) - 1
		crit = maxima[min(max(idx, 0), len(maxima)-1)]
	}
	for i := range pairs {
		pr := &pairs[i]
		if se[i] == 0 {
			pr.Low, pr.High = pr.Diff, pr.Diff
			pr.P = 1
			if pr.Diff != 0 {
				pr.P = 0
			}
			continue
		}
		pr.Low, pr.High = pr.Diff-crit*se[i], pr.Diff+crit*se[i]
		z := math.Abs(pr.Diff) / se[i]
		if maxima == nil {
			pr.P = 2 * normalCDF(-z)
		} else {
			at, _ := slices.BinarySearch(maxima, z)
			pr.P = float64(len(maxima)-at) / float64(len(maxima))
		}
	}
	return pairs, nil
}

// maxAbsZ returns, sorted, the largest |z| over the pairs with a positive
// standard error in each of seatDraws draws of rates normal with
// covariance v.
func maxAbsZ(v *mat.SymDense, pairs []SeatPair, se []float64) []float64 {
	k := v.SymmetricDim()
	var eig mat.EigenSym
	root := mat.NewDense(k, k, nil) // v = root·rootᵀ
	if eig.Factorize(v, true) {
		vals := eig.Values(nil)
		var vecs mat.Dense
		eig.VectorsTo(&vecs)
		for j, l := range vals {
			sl := math.Sqrt(math.Max(l, 0))
			for i := range k {
				root.Set(i, j, vecs.At(i, j)*sl)
			}
		}
	}
	rng := rand.New(rand.NewPCG(0x5ea75, 0x7a1f))
	g := make([]float64, k)
	x := make([]float64, k)
	inv := make([]float64, len(se))
	for i, e := range se {
		if e > 0 {
			inv[i] = 1 / e
		}
	}
	raw := root.RawMatrix()
	maxima := make([]float64, seatDraws)
	for d := range maxima {
		for i := range g {
			g[i] = rng.NormFloat64()
		}
		for i := range x {
			row := raw.Data[i*raw.Stride : i*raw.Stride+k]
			var s float64
			for j, gj := range g {
				s += row[j] * gj
			}
			x[i] = s
		}
		var m float64
		for pi, pr := range pairs {
			if z := math.Abs(x[pr.First]-x[pr.Second]) * inv[pi]; z > m {
				m = z
			}
		}
		maxima[d] = m
	}
	slices.Sort(maxima)
	return maxima
}
