package fit

import (
	"errors"
	"math"
)

// BradleyTerry fits strengths s to a matrix of results, where wins[i][j] is
// how often i beat j (a draw counts half to each), so that
// P(i beats j) = s_i / (s_i + s_j). It uses the minorisation–maximisation
// iteration of Hunter (2004) and returns the strengths scaled to a geometric
// mean of 1, and the matching Elo ratings, 400·log10(s), centred on 0.
func BradleyTerry(wins [][]float64) (strength, elo []float64, err error) {
	n := len(wins)
	if n < 2 {
		return nil, nil, errors.New("a ranking needs at least two strategies")
	}
	s := make([]float64, n)
	for i := range s {
		s[i] = 1
	}
	w := make([]float64, n)
	for i := range n {
		for j := range n {
			w[i] += wins[i][j]
		}
		if w[i] == 0 {
			// Never won: push its strength towards 0 but keep it finite.
			w[i] = 0.5
		}
	}
	for iter := 0; iter < 10000; iter++ {
		next := make([]float64, n)
		for i := range n {
			den := 0.0
			for j := range n {
				if j != i {
					if g := wins[i][j] + wins[j][i]; g > 0 {
						den += g / (s[i] + s[j])
					}
				}
			}
			if den == 0 {
				return nil, nil, errors.New("a strategy played no game against the others")
			}
			next[i] = w[i] / den
		}
		geo := 0.0
		for _, v := range next {
			geo += math.Log(v)
		}
		geo = math.Exp(geo / float64(n))
		change := 0.0
		for i := range next {
			next[i] /= geo
			change = math.Max(change, math.Abs(next[i]-s[i]))
		}
		s = next
		if change < 1e-12 {
			break
		}
	}
	elo = make([]float64, n)
	for i, v := range s {
		elo[i] = 400 * math.Log10(v)
	}
	return s, elo, nil
}
