package stat

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Pair is what two players scored against each other, an input of
// BradleyTerry: A's points (wins plus half its draws) in their games.
type Pair struct {
	A, B   int     // the players, indices into the ranking
	Games  float64 // games between them
	Points float64 // A's wins plus half its draws; B's are Games − Points
	// DesignEffect is the variance of Points over the variance it would
	// have if the games were independent trials (for games played on the
	// same deals in several seatings, from the spread between deals); 0
	// is read as 1.
	DesignEffect float64
}

// Ranking is a Bradley–Terry fit to a tournament, as BradleyTerry returns
// it: each player's strength
// s, such that P(i beats j) = s_i / (s_i + s_j), scaled to a geometric mean
// of 1, and its Elo rating 400·log10(s), centred on 0, each with its
// interval.
type Ranking struct {
	Strength, StrengthLow, StrengthHigh []float64
	Elo, EloLow, EloHigh                []float64
	// LogSE is the standard error of each log strength (centred on 0).
	LogSE      []float64
	Confidence float64
}

// eloPerLog converts a natural-log strength to Elo points.
var eloPerLog = 400 / math.Ln10

// BradleyTerry fits strengths s to the pairs' results among n players by
// maximum likelihood under the model P(i beats j) = s_i / (s_i + s_j), a
// draw counting half a win to each side, with the minorisation–maximisation
// iteration of Hunter (2004): s_i ← points_i / Σ_j games_ij/(s_i + s_j),
// rescaled to a geometric mean of 1, until no log strength moves by 10⁻¹².
// It assumes the games independent given the strengths, up to each pair's
// design effect. The intervals are Wald intervals, log s ± z·se, on the
// log strengths from the inverse Fisher information at the fit (the
// Moore–Penrose inverse, as the log strengths are centred), each pair's
// information games·p(1−p) divided by its design effect, and carried to the
// strengths and Elo ratings.
//
// A player who never scored, or never lost, has no finite strength: it is
// held finite by counting it half a point (or half a point short), so its
// interval is wide but its ranking last (or first). It is an error for the
// pairs not to join every player to every other.
func BradleyTerry(n int, pairs []Pair, confidence float64) (*Ranking, error) {
	if n < 2 {
		return nil, errors.New("a ranking needs at least two players")
	}
	if !(confidence > 0 && confidence < 1) {
		panic(fmt.Sprintf("stat: confidence %g", confidence))
	}
	for _, p := range pairs {
		if p.A < 0 || p.A >= n || p.B < 0 || p.B >= n || p.A == p.B {
			panic(fmt.Sprintf("stat: pair %d, %d of %d players", p.A, p.B, n))
		}
		if !(p.Games >= 0) || p.Points < 0 || p.Points > p.Games {
			return nil, fmt.Errorf("players %d and %d: %g points in %g games", p.A, p.B, p.Points, p.Games)
		}
	}
	if !connected(n, pairs) {
		return nil, errors.New("the games do not join every player to every other")
	}
	points, games := make([]float64, n), make([]float64, n)
	for _, p := range pairs {
		points[p.A] += p.Points
		points[p.B] += p.Games - p.Points
		games[p.A] += p.Games
		games[p.B] += p.Games
	}
	for i := range points {
		// Never scored, or scored every point: keep the strength finite.
		points[i] = min(max(points[i], 0.5), games[i]-0.5)
	}
	s := make([]float64, n)
	for i := range s {
		s[i] = 1
	}
	next := make([]float64, n)
	for range 100_000 {
		den := make([]float64, n)
		for _, p := range pairs {
			d := p.Games / (s[p.A] + s[p.B])
			den[p.A] += d
			den[p.B] += d
		}
		geo := 0.0
		for i := range next {
			next[i] = points[i] / den[i]
			geo += math.Log(next[i])
		}
		geo = math.Exp(geo / float64(n))
		change := 0.0
		for i := range next {
			next[i] /= geo
			change = math.Max(change, math.Abs(math.Log(next[i]/s[i])))
		}
		s, next = next, s
		if change < 1e-12 {
			break
		}
	}
	cov, err := logCovariance(n, pairs, s)
	if err != nil {
		return nil, err
	}
	z := zQuantile(confidence)
	r := &Ranking{Confidence: confidence}
	for i, v := range s {
		se := math.Sqrt(math.Max(cov.At(i, i), 0))
		theta := math.Log(v)
		r.Strength = append(r.Strength, v)
		r.StrengthLow = append(r.StrengthLow, math.Exp(theta-z*se))
		r.StrengthHigh = append(r.StrengthHigh, math.Exp(theta+z*se))
		r.Elo = append(r.Elo, eloPerLog*theta)
		r.EloLow = append(r.EloLow, eloPerLog*(theta-z*se))
		r.EloHigh = append(r.EloHigh, eloPerLog*(theta+z*se))
		r.LogSE = append(r.LogSE, se)
	}
	return r, nil
}

// logCovariance returns the covariance of the centred log strengths: the
// Moore–Penrose inverse of the Fisher information at strengths s, which is
// a graph Laplacian whose null space is the constant vector, so that
// (I + 11ᵀ/n)⁻¹ − 11ᵀ/n is its inverse on the centred vectors.
func logCovariance(n int, pairs []Pair, s []float64) (*mat.SymDense, error) {
	info := mat.NewSymDense(n, nil)
	for _, p := range pairs {
		pa := s[p.A] / (s[p.A] + s[p.B])
		deff := p.DesignEffect
		if !(deff > 0) {
			deff = 1
		}
		w := p.Games * pa * (1 - pa) / deff
		info.SetSym(p.A, p.A, info.At(p.A, p.A)+w)
		info.SetSym(p.B, p.B, info.At(p.B, p.B)+w)
		info.SetSym(p.A, p.B, info.At(p.A, p.B)-w)
	}
	for i := range n {
		for j := i; j < n; j++ {
			info.SetSym(i, j, info.At(i, j)+1/float64(n))
		}
	}
	var chol mat.Cholesky
	if !chol.Factorize(info) {
		return nil, errors.New("the games carry no information on some player's strength")
	}
	var cov mat.SymDense
	if err := chol.InverseTo(&cov); err != nil {
		return nil, err
	}
	for i := range n {
		for j := i; j < n; j++ {
			cov.SetSym(i, j, cov.At(i, j)-1/float64(n))
		}
	}
	return &cov, nil
}

// connected reports whether the pairs that played any game join every
// player to every other.
func connected(n int, pairs []Pair) bool {
	seen := make([]bool, n)
	seen[0] = true
	for grew := true; grew; {
		grew = false
		for _, p := range pairs {
			if p.Games > 0 && seen[p.A] != seen[p.B] {
				seen[p.A], seen[p.B], grew = true, true, true
			}
		}
	}
	for _, v := range seen {
		if !v {
			return false
		}
	}
	return true
}
