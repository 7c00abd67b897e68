package sim

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/stat"
)

// Cluster holds, for outcomes tallied over several plays of each deal (the
// seats of one game, the seatings of one deal, the rounds of one game),
// sums over deals of the squares and products of each deal's totals: its
// plays n, wins w, draws d and score s. Plays of one deal are not
// independent (one seat's win is another's loss; a deal replayed with the
// seats rotated holds the same cards), but deals are, so intervals come from
// these sums (cluster-robust, by deal) rather than from the count of plays.
// A tally whose every deal counts one play leaves them zero.
type Cluster struct {
	Deals int64 `json:"deals"` // deals with at least one play
	N2    int64 `json:"n2"`    // Σ n²
	NW    int64 `json:"nw"`    // Σ n·w
	W2    int64 `json:"w2"`    // Σ w²
	ND    int64 `json:"nd"`    // Σ n·d
	D2    int64 `json:"d2"`    // Σ d²
	WD    int64 `json:"wd"`    // Σ w·d
	NS    int64 `json:"ns"`    // Σ n·s
	S2    int64 `json:"s2"`    // Σ s²
}

// dealTotals are one deal's totals of the plays counted in one Outcomes.
type dealTotals struct{ n, w, d, s int64 }

func (t *dealTotals) add(o outcome) {
	t.n++
	t.s += o.score
	switch {
	case o.win:
		t.w++
	case o.draw:
		t.d++
	}
}

// outcome is one play's result, as dealTotals counts it.
type outcome struct {
	score     int64
	win, draw bool
}

func outcomeOf(o games.Outcome) outcome {
	return outcome{score: int64(o.Score), win: o.Result == games.Win, draw: o.Result == games.Draw}
}

func (c *Cluster) add(t dealTotals) {
	if t.n == 0 {
		return
	}
	c.Deals++
	c.N2 += t.n * t.n
	c.NW += t.n * t.w
	c.W2 += t.w * t.w
	c.ND += t.n * t.d
	c.D2 += t.d * t.d
	c.WD += t.w * t.d
	c.NS += t.n * t.s
	c.S2 += t.s * t.s
}

// merge adds o to c, noting in k a sum that overflows.
func (c *Cluster) merge(o *Cluster, k *checked) {
	c.Deals = k.add(c.Deals, o.Deals)
	c.N2 = k.add(c.N2, o.N2)
	c.NW = k.add(c.NW, o.NW)
	c.W2 = k.add(c.W2, o.W2)
	c.ND = k.add(c.ND, o.ND)
	c.D2 = k.add(c.D2, o.D2)
	c.WD = k.add(c.WD, o.WD)
	c.NS = k.add(c.NS, o.NS)
	c.S2 = k.add(c.S2, o.S2)
}

// clustered reports whether some deal counted more than one play: with n
// plays in all, Σ n² exceeds n exactly then.
func (c *Cluster) clustered(n int64) bool { return c.Deals > 0 && c.N2 > n }

// scoreSums returns the sums of c that stat's clustered estimators of a
// mean score (or metric) take, over n plays.
func (c *Cluster) scoreSums(n int64) stat.ClusterSums {
	return stat.ClusterSums{Clusters: c.Deals, N: n, N2: c.N2, NY: c.NS, Y2: c.S2}
}

// Sums returns o's plays, wins and draws with their sums by deal, as
// stat's clustered estimators of wins, draws, edges and design effects
// take them.
func (o *Outcomes) Sums() stat.OutcomeSums {
	c := &o.Cluster
	return stat.OutcomeSums{Clusters: c.Deals, N: o.Games, W: o.Wins, D: o.Draws,
		N2: c.N2, NW: c.NW, W2: c.W2, ND: c.ND, D2: c.D2, WD: c.WD}
}
