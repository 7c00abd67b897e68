package sim

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// limits are what a tally of a run's deals may hold: the game's bounds on
// scores, metrics and deal features, and the plays its lineup and
// seatings make of every deal. A tally read from a file is held to them
// figure by figure (checkMeaning), which also bounds the memory a merge of
// such tallies takes by the game's ranges.
type limits struct {
	deals, plays int64
	seats        int64
	seatings     int64
	lo, hi       int64 // the game's score bounds
	solitaire    bool  // a win is exactly the best score
	clustered    bool  // deals count several plays: the tally keeps cluster sums
	starter      bool  // the tally counts the results of the seat that moved first
	rounds       bool  // the tally may count the results of rounds by their features
	slots        []int64
	inSeatings   []int64 // per entry, the seatings it takes part in
	mostSeats    []int64 // per entry, the most seats it holds in one seating (at least 1)
	names        []string
	metrics      []games.Metric
	features     []games.Metric
	balance      []balance // the game's metric balances
	// prover and bounder say, per entry, whether its strategy solves
	// (strategies.Prover) and bounds its best score (strategies.Bounder).
	prover, bounder []bool
}

func newLimits(cfg *Config, deals int64) (l *limits, err error) {
	g := cfg.Game
	lo, hi := g.ScoreBounds()
	seatings := cfg.seatings()
	l = &limits{
		deals: deals, seats: int64(g.Seats()), seatings: int64(len(seatings)),
		lo: int64(lo), hi: int64(hi), solitaire: g.Seats() == 1,
		slots: slots(cfg, len(cfg.Lineup)), inSeatings: make([]int64, len(cfg.Lineup)),
		metrics: g.Metrics(),
	}
	var c checked
	l.plays = c.mul(deals, l.seatings)
	c.mul(l.plays, l.seats)
	if err := c.err(); err != nil {
		return nil, fmt.Errorf("%d deals: %w", deals, err)
	}
	l.mostSeats = make([]int64, len(cfg.Lineup))
	for _, s := range seatings {
		held := make([]int64, len(cfg.Lineup))
		for i, e := range s {
			if !slices.Contains(s[:i], e) {
				l.inSeatings[e]++
			}
			held[e]++
		}
		for e, n := range held {
			l.mostSeats[e] = max(l.mostSeats[e], n, 1)
		}
	}
	if l.prover, l.bounder, err = proofKinds(cfg); err != nil {
		return nil, err
	}
	for e, p := range cfg.Lineup {
		l.names = append(l.names, fmt.Sprintf("entry %d (%s)", e, p.Strategy.Name))
	}
	caps := g.Capabilities()
	if l.balance, err = balancesOf(caps, l.metrics); err != nil {
		return nil, err
	}
	l.features = caps.DealFeatures
	l.clustered = g.Seats() > 1 || caps.Rounds
	l.starter = caps.FirstSeat && g.Seats() > 1
	l.rounds = caps.Rounds
	return l, nil
}

// checkMeaning reports the first figure of t that a tally of deals deals
// of the run cfg cannot hold: a score beyond the game's bounds, a metric
// or deal feature beyond its bound, a count other than the plays made
// (histogram totals are the games, seats and entries count the same
// plays), a solitaire's win away from its best score, paired differences
// or cluster sums that do not add up to the outcomes they come from, seats'
// sums over deals that no deals give (limits.seatCross), or a sum beyond
// 64 bits. t has passed checkCounts and has cfg's shape.
func (t *Tally) checkMeaning(cfg *Config, deals int64) error {
	l, err := newLimits(cfg, deals)
	if err != nil {
		return err
	}
	if t.Games != deals || t.Plays != l.plays {
		return fmt.Errorf("%d deals and %d plays tallied for %d deals of %d seatings", t.Games, t.Plays, deals, l.seatings)
	}
	if len(t.RoundFeatures) > 0 && (!l.rounds || len(t.RoundFeatures) != len(l.features)) {
		return fmt.Errorf("%d round features in a tally of a game of %d deal features, played in rounds: %t", len(t.RoundFeatures), len(l.features), l.rounds)
	}
	for e := range t.Entries {
		if err := l.outcomes(l.names[e], &t.Entries[e], deals*l.slots[e], l.slots[e], l.slots[e]); err != nil {
			return err
		}
	}
	for s := range t.Seats {
		if err := l.outcomes(fmt.Sprintf("seat %d", s), &t.Seats[s], l.plays, l.seatings, l.seatings); err != nil {
			return err
		}
	}
	if err := l.seatsAndEntries(t); err != nil {
		return err
	}
	if err := l.oneWinner(t); err != nil {
		return err
	}
	if err := l.proofs(t); err != nil {
		return err
	}
	starter := int64(0)
	if l.starter {
		starter = l.plays
	}
	if err := l.outcomes("the first seat to move", &t.Starter, starter, l.seatings, l.seatings); err != nil {
		return err
	}
	if err := l.metricsOf(t); err != nil {
		return err
	}
	if err := l.balances(t); err != nil {
		return err
	}
	if err := l.pairs(t); err != nil {
		return err
	}
	if err := l.featureCells(t); err != nil {
		return err
	}
	for _, fs := range []struct {
		what  string
		ts    []FeatureTally
		exact bool
	}{{"deal feature", t.Features, true}, {"round feature", t.RoundFeatures, false}} {
		for f := range fs.ts {
			if err := l.feature(fs.what, f, &fs.ts[f], fs.exact); err != nil {
				return err
			}
		}
	}
	if err := l.joint(t); err != nil {
		return err
	}
	return l.seatCross(t)
}

// histogram checks that h, the histogram of what's values (named value in
// errors), counts want values (any number if want < 0), each from lo to
// hi, and returns their count and sum.
func (l *limits) histogram(what, value string, h *Histogram, lo, hi, want int64) (n, sum int64, err error) {
	if len(h.Counts) > 0 {
		first, last, ok := h.Range()
		if !ok {
			first, last = h.Min, h.Min
		}
		switch end := h.Min + int64(len(h.Counts)) - 1; {
		case first < lo:
			return 0, 0, fmt.Errorf("%s: %s %d outside %d…%d", what, value, first, lo, hi)
		case last > hi:
			return 0, 0, fmt.Errorf("%s: %s %d outside %d…%d", what, value, last, lo, hi)
		case h.Min < lo || end > hi:
			return 0, 0, fmt.Errorf("%s: counts kept for %ss outside %d…%d", what, value, lo, hi)
		}
	}
	if n, sum, err = h.totals(); err != nil {
		return 0, 0, fmt.Errorf("%s: %w", what, err)
	}
	if want >= 0 && n != want {
		return 0, 0, fmt.Errorf("%s: %d %ss counted for %d", what, n, value, want)
	}
	return n, sum, nil
}

// outcomes checks the outcomes o of games plays (any number if games < 0),
// perDeal plays of each deal where that number is fixed (0 where it is
// not) and at most most plays a deal (0 where no bound is known): scores
// within the game's bounds and counted once a play, results that add up,
// a solitaire's wins exactly its games at the best score, and cluster sums
// that add up to the outcomes.
func (l *limits) outcomes(what string, o *Outcomes, games, perDeal, most int64) error {
	if games >= 0 && o.Games != games {
		return fmt.Errorf("%s: %d games counted for %d", what, o.Games, games)
	}
	_, sum, err := l.histogram(what, "score", &o.Score, l.lo, l.hi, o.Games)
	if err != nil {
		return err
	}
	if l.solitaire && o.Wins != o.Score.Count(l.hi) {
		return fmt.Errorf("%s: %d wins, but %d games at the best score %d (a solitaire is won exactly at its best score)", what, o.Wins, o.Score.Count(l.hi), l.hi)
	}
	if _, _, err := l.histogram(what, "best score", &o.Best, l.lo, l.hi, -1); err != nil {
		return err
	}
	if err := l.cluster(what, &o.Cluster, o.Games, perDeal, sum, o.Wins, o.Draws); err != nil {
		return err
	}
	if !l.clustered || o.Games == 0 {
		return nil
	}
	lo, hi, _ := o.Score.Range()
	return checkClusterMoments(what, &o.Cluster, most, o.Games, o.Wins, o.Draws, sum, lo, hi)
}

// cluster checks the cluster sums c of n plays with the given sums of
// scores, wins and draws, perDeal plays a deal where that number is fixed.
func (l *limits) cluster(what string, c *Cluster, n, perDeal, scores, wins, draws int64) error {
	if !l.clustered || n == 0 {
		if *c != (Cluster{}) {
			return fmt.Errorf("%s: cluster sums where deals count no plays together", what)
		}
		return nil
	}
	bad := c.Deals < 1 || c.Deals > l.deals || c.Deals > n || c.N2 < n ||
		c.NW < 0 || c.NW > c.N2 || c.W2 < 0 || c.W2 > c.NW ||
		c.ND < 0 || c.ND > c.N2 || c.D2 < 0 || c.D2 > c.ND || c.WD < 0 || c.WD > c.NW || c.S2 < 0
	m := max(-l.lo, l.hi)
	if perDeal > 0 {
		var k checked
		bad = bad || c.Deals != l.deals || c.N2 != k.mul(l.deals, perDeal*perDeal) ||
			c.NW != k.mul(perDeal, wins) || c.ND != k.mul(perDeal, draws) || c.NS != k.mul(perDeal, scores) ||
			c.S2 > saturated(l.deals, saturated(perDeal*m, perDeal*m)) || k.overflow
	} else {
		bad = bad || c.NS > saturated(c.N2, m) || c.NS < -saturated(c.N2, m) || c.S2 > saturated(c.N2, saturated(m, m))
	}
	if bad {
		return fmt.Errorf("%s: cluster sums that do not add up to its %d plays, %d wins and %d draws", what, n, wins, draws)
	}
	return nil
}

// seatsAndEntries checks that the seats and the lineup entries count the
// same plays: the same scores, wins, draws, games left undecided and
// solver counts.
func (l *limits) seatsAndEntries(t *Tally) error {
	seats, err := sumOutcomes(t.Seats)
	if err != nil {
		return err
	}
	entries, err := sumOutcomes(t.Entries)
	if err != nil {
		return err
	}
	if seats != entries {
		return fmt.Errorf("the seats count %v, but the strategies %v, though both count the same plays", seats, entries)
	}
	return nil
}

// metricsOf checks every metric of every entry: each value within the
// metric's bound, counted once for every seating the entry takes part in,
// and cluster sums that add up to the values.
func (l *limits) metricsOf(t *Tally) error {
	if t.MetricClusters == nil && l.clustered && l.deals > 0 {
		return fmt.Errorf("no cluster sums of the metrics where deals count several plays")
	}
	for e := range t.Metrics {
		for k, m := range l.metrics {
			what := fmt.Sprintf("metric %s of %s", m.Name, l.names[e])
			most, ok := m.Bound()
			if !ok {
				most = maxHistogramValue
			}
			want := l.deals * l.inSeatings[e]
			_, sum, err := l.histogram(what, "value", &t.Metrics[e][k], 0, most, want)
			if err != nil {
				return err
			}
			if t.MetricClusters == nil {
				continue
			}
			c := t.MetricClusters[e][k]
			n := l.inSeatings[e]
			var x checked
			bad := c.Deals != l.deals || c.N2 != x.mul(l.deals, n*n) || c.NS != x.mul(n, sum) ||
				c.NW != 0 || c.W2 != 0 || c.ND != 0 || c.D2 != 0 || c.WD != 0 ||
				c.S2 < 0 || c.S2 > saturated(l.deals, saturated(n*most, n*most)) || x.overflow
			if bad {
				return fmt.Errorf("%s: cluster sums that do not add up to its values", what)
			}
		}
	}
	return nil
}

// pairs checks the paired differences of every two entries, per deal: one
// a deal, within what the entries' seats can score or win, and summing to
// the difference of the entries' totals.
func (l *limits) pairs(t *Tally) error {
	n := len(t.Entries)
	type totals struct{ score, wins, undecided int64 }
	tot := make([]totals, n)
	for e := range t.Entries {
		_, s, err := t.Entries[e].Score.totals()
		if err != nil {
			return err
		}
		tot[e] = totals{s, t.Entries[e].Wins, t.Entries[e].Undecided}
	}
	for a := range n {
		for b := range n {
			i := a*n + b
			if a >= b {
				for _, h := range []*Histogram{&t.Pairs[i], &t.PairWins[i], &t.PairWinsLow[i], &t.PairWinsHigh[i]} {
					if len(h.Counts) > 0 {
						return fmt.Errorf("paired differences of %s against %s, which are never counted", l.names[a], l.names[b])
					}
				}
				continue
			}
			ca, cb := l.slots[a], l.slots[b]
			var c checked
			both := c.mul(ca, cb)
			wa, wb := tot[a].wins, tot[b].wins
			for _, p := range []struct {
				what  string
				h     *Histogram
				most  int64
				total int64
			}{
				{"score", &t.Pairs[i], c.mul(both, l.hi-l.lo), c.add(c.mul(cb, tot[a].score), -c.mul(ca, tot[b].score))},
				{"wins", &t.PairWins[i], both, c.add(c.mul(cb, wa), -c.mul(ca, wb))},
				{"wins, undecided against the first", &t.PairWinsLow[i], both, c.add(c.mul(cb, wa), -c.mul(ca, c.add(wb, tot[b].undecided)))},
				{"wins, undecided for the first", &t.PairWinsHigh[i], both, c.add(c.mul(cb, c.add(wa, tot[a].undecided)), -c.mul(ca, wb))},
			} {
				if c.overflow {
					return errOverflow
				}
				what := fmt.Sprintf("paired %s difference of %s and %s", p.what, l.names[a], l.names[b])
				_, sum, err := l.histogram(what, "difference", p.h, -p.most, p.most, l.deals)
				if err != nil {
					return err
				}
				if sum != p.total {
					return fmt.Errorf("%s sums to %d over the deals, but the strategies' totals give %d", what, sum, p.total)
				}
			}
		}
	}
	return nil
}

// feature checks the tally of deal feature f: its values within the
// feature's bound, each value's outcomes as outcomes checks them and, where
// exact (features of the first deal, counted once a seat a play), as many
// plays as the deals hold seats.
func (l *limits) feature(what string, f int, ft *FeatureTally, exact bool) error {
	m := l.features[f]
	what = fmt.Sprintf("%s %s", what, m.Name)
	most, ok := m.Bound()
	if !ok {
		most = maxHistogramValue
	}
	if len(ft.Cells) > 0 {
		if last := ft.Min + int64(len(ft.Cells)) - 1; ft.Min < 0 || last > most {
			return fmt.Errorf("%s: values %d…%d outside 0…%d", what, ft.Min, last, most)
		}
	}
	var c checked
	var games, perDeal int64 // perDeal: the most plays of a deal, where known
	if exact {
		perDeal = l.seatings * l.seats
	}
	for i := range ft.Cells {
		cell := &ft.Cells[i]
		if err := l.outcomes(fmt.Sprintf("%s = %d", what, ft.Min+int64(i)), cell, -1, 0, perDeal); err != nil {
			return err
		}
		games = c.add(games, cell.Games)
	}
	if err := c.err(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	switch {
	case ft.Deals < 0 || ft.Deals > l.deals || !l.clustered && (ft.Deals != 0 || ft.Moments != [len(ft.Moments)]int64{}):
		return fmt.Errorf("%s: sums over %d deals of %d", what, ft.Deals, l.deals)
	case exact && games != l.plays*l.seats:
		return fmt.Errorf("%s: %d seats counted in %d plays of %d seats", what, games, l.plays, l.seats)
	case exact && l.clustered && (ft.Deals != l.deals || ft.Moments[0] != saturated(l.deals, (l.seatings*l.seats)*(l.seatings*l.seats))):
		return fmt.Errorf("%s: sums over the deals that do not add up to its %d deals", what, l.deals)
	}
	if !l.clustered {
		return nil
	}
	p, err := featureProducts(what, ft)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	p.most = perDeal
	if err := p.check(); err != nil {
		return err
	}
	if exact {
		// Every deal counts the same plays, so each sum of a deal's plays
		// times a term is those plays times the term's total.
		per := big.NewInt(l.seatings * l.seats)
		for i, tm := range p.terms {
			if big.NewInt(ft.Moments[momentIndex(0, i)]).Cmp(mulBig(per, tm.total)) != 0 {
				return fmt.Errorf("%s: sums over deals of Σn·%s = %d, but each deal's %d plays times Σ%s give %d", what, tm.name, ft.Moments[momentIndex(0, i)], per, tm.name, mulBig(per, tm.total))
			}
		}
	}
	return nil
}

// joint checks the cells of every seat's whole feature vector: vectors of
// as many values as there are features, each within its bound, and as
// many seats in all as the plays hold.
func (l *limits) joint(t *Tally) error {
	if len(l.features) == 0 || len(t.Features) == 0 {
		if len(t.Joint) > 0 {
			return fmt.Errorf("joint feature cells in a tally without deal features")
		}
		return nil
	}
	var c checked
	var games int64
	for key, cell := range t.Joint {
		vals := strings.Split(key, ",")
		if len(vals) != len(l.features) {
			return fmt.Errorf("joint feature cell %.40q: want %d values", key, len(l.features))
		}
		for f, v := range vals {
			n, err := strconv.ParseInt(v, 10, 64)
			most, ok := l.features[f].Bound()
			if err != nil || strconv.FormatInt(n, 10) != v || n < 0 || ok && n > most {
				return fmt.Errorf("joint feature cell %.40q: %s %.20q is not a value it takes", key, l.features[f].Name, v)
			}
		}
		if cell.Games < 1 || cell.ScoreSum < c.mul(cell.Games, l.lo) || cell.ScoreSum > c.mul(cell.Games, l.hi) {
			return fmt.Errorf("joint feature cell %.40q: %d games scoring %d in all", key, cell.Games, cell.ScoreSum)
		}
		games = c.add(games, cell.Games)
	}
	if err := c.err(); err != nil {
		return fmt.Errorf("joint feature cells: %w", err)
	}
	if games != l.plays*l.seats {
		return fmt.Errorf("joint feature cells of %d seats in %d plays of %d seats", games, l.plays, l.seats)
	}
	return nil
}
