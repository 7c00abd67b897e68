package sim

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// A tally counts every play several times over: by seat, by lineup entry,
// by the value of each deal feature, by the whole feature vector, and in
// cluster sums. Counted right, these agree. A tally read from a file is
// held to the agreements below (checkMeaning), each of which a real tally
// keeps by construction:
//
//   - one winner a play (games.Result): the seats' wins together, plus the
//     plays drawn, are at most the plays; a draw is shared by two seats or
//     more; an entry wins at most once a play it sits in, and not in a
//     play it drew;
//   - per-seat deal features (Tally.Features): every feature's cells count
//     each seat of each play once, so they sum to the seats' games, wins,
//     draws, undecided games, solver counts and scores; so do the joint
//     cells (games, wins, scores);
//   - per-round features (Tally.RoundFeatures): every feature's cells count
//     each seat of each round once, so every feature sums to the same
//     seat-rounds, wins, draws and scores, in whole rounds of every seat,
//     with one winner a round; and the sums over deals that do not involve
//     the feature's value are the same for every feature;
//   - solver counts: only a prover (strategies.Prover) solves and leaves
//     games undecided, and it solves every game it plays; only a bounder
//     (strategies.Bounder) bounds its best score, and it bounds every game;
//   - the game's metric balances (games.Balance), summed over plays;
//   - the seats' sums over deals of products of their wins (Tally.SeatCross):
//     symmetric, the diagonal the seats' own cluster sums, one winner a
//     play, and a scatter of the deals' wins that some deals could give
//     (limits.seatCross).

// totals are the sums of a set of outcomes that every way of counting the
// same plays must agree on.
type totals struct {
	games, wins, draws, undecided, solved, exact, score, best, bestSum int64
}

// sumOutcomes returns the totals of os.
func sumOutcomes(os []Outcomes) (totals, error) {
	var c checked
	var s totals
	for i := range os {
		o := &os[i]
		_, score, err := o.Score.totals()
		if err != nil {
			return s, err
		}
		best, bestSum, err := o.Best.totals()
		if err != nil {
			return s, err
		}
		s.games = c.add(s.games, o.Games)
		s.score = c.add(s.score, score)
		s.wins = c.add(s.wins, o.Wins)
		s.draws = c.add(s.draws, o.Draws)
		s.undecided = c.add(s.undecided, o.Undecided)
		s.solved = c.add(s.solved, o.Solved)
		s.exact = c.add(s.exact, o.Exact)
		s.best = c.add(s.best, best)
		s.bestSum = c.add(s.bestSum, bestSum)
	}
	return s, c.err()
}

func (s totals) String() string {
	return fmt.Sprintf("%d games, %d wins, %d draws, %d undecided, %d solved, %d exact, score %d, %d best scores summing to %d",
		s.games, s.wins, s.draws, s.undecided, s.solved, s.exact, s.score, s.best, s.bestSum)
}

// proofKinds returns, per lineup entry of cfg, whether its strategy is a
// prover (strategies.Prover) and a bounder (strategies.Bounder).
func proofKinds(cfg *Config) (prover, bounder []bool, err error) {
	bots, err := newBots(cfg)
	if err != nil {
		return nil, nil, err
	}
	for _, b := range bots {
		_, p := b.(strategies.Prover)
		_, d := b.(strategies.Bounder)
		prover, bounder = append(prover, p), append(bounder, d)
	}
	return prover, bounder, nil
}

// oneWinner checks the seats' and entries' wins and draws against one
// winner a play.
func (l *limits) oneWinner(t *Tally) error {
	var c checked
	var wins, draws, most int64
	for s := range t.Seats {
		wins = c.add(wins, t.Seats[s].Wins)
		draws = c.add(draws, t.Seats[s].Draws)
		most = max(most, t.Seats[s].Draws)
	}
	if c.overflow {
		return errOverflow
	}
	// Every play a seat drew is a play with no winner.
	if c.add(wins, most) > t.Plays || c.overflow {
		return fmt.Errorf("the seats' %d wins and the %d plays drawn are more than the %d plays: one seat at most wins a play, and none in a play drawn", wins, most, t.Plays)
	}
	if l.seats > 1 {
		for s := range t.Seats {
			if d := t.Seats[s].Draws; 2*d > draws {
				return fmt.Errorf("seat %d drew %d plays, but the other seats only %d: a draw is shared by two seats or more", s, d, draws-d)
			}
		}
	} else if draws > 0 {
		return fmt.Errorf("%d draws in a game of one seat: a draw is shared by two seats or more", draws)
	}
	for e := range t.Entries {
		o := &t.Entries[e]
		plays := c.mul(l.deals, l.inSeatings[e])
		k := l.mostSeats[e]
		drawn := (o.Draws + k - 1) / k // plays drawn, at least
		if c.add(o.Wins, drawn) > plays || c.overflow {
			return fmt.Errorf("%s: %d wins and %d draws in the %d plays it sits in: it wins at most once a play, and not in a play drawn", l.names[e], o.Wins, o.Draws, plays)
		}
	}
	st := &t.Starter
	if st.Wins > wins || 2*st.Draws > draws {
		return fmt.Errorf("the first seat to move: %d wins and %d draws, beyond the seats' %d wins and %d draws", st.Wins, st.Draws, wins, draws)
	}
	return nil
}

// proofs checks the solver counts of every entry, seat and cell against
// what the lineup's strategies prove.
func (l *limits) proofs(t *Tally) error {
	for e := range t.Entries {
		o := &t.Entries[e]
		best := o.Best.N()
		switch {
		case !l.prover[e] && (o.Solved != 0 || o.Undecided != 0):
			return fmt.Errorf("%s: %d games solved and %d undecided, but it is no solver", l.names[e], o.Solved, o.Undecided)
		case l.prover[e] && o.Solved != o.Games:
			return fmt.Errorf("%s: %d games solved of the %d it played, but a solver counts every game", l.names[e], o.Solved, o.Games)
		case !l.bounder[e] && (best != 0 || o.Exact != 0):
			return fmt.Errorf("%s: %d best scores bounded and %d exact, but it bounds no score", l.names[e], best, o.Exact)
		case l.bounder[e] && best != o.Games:
			return fmt.Errorf("%s: %d best scores bounded of the %d games it played, but it bounds every game", l.names[e], best, o.Games)
		}
	}
	noProof := func(what string, o *Outcomes) error {
		if o.Solved != 0 || o.Undecided != 0 || o.Exact != 0 || len(o.Best.Counts) > 0 {
			return fmt.Errorf("%s: solver counts where no solver's are counted", what)
		}
		return nil
	}
	if err := noProof("the first seat to move", &t.Starter); err != nil {
		return err
	}
	for f := range t.RoundFeatures {
		for i := range t.RoundFeatures[f].Cells {
			if err := noProof(fmt.Sprintf("round feature %s", l.features[f].Name), &t.RoundFeatures[f].Cells[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// balances checks the game's metric balances over the plays of every
// entry, in its metrics' sums and in their cluster sums (each deal's
// plays times its sum, a sum of the same balanced terms).
func (l *limits) balances(t *Tally) error {
	for _, b := range l.balance {
		for e := range t.Metrics {
			var c checked
			plays := c.mul(l.deals, l.inSeatings[e])
			sum := func(idx []int, get func(k int) int64) int64 {
				var s int64
				for _, k := range idx {
					s = c.add(s, get(k))
				}
				return s
			}
			hist := func(k int) int64 { _, s, _ := t.Metrics[e][k].totals(); return s }
			in, out := c.add(sum(b.in, hist), c.mul(plays, b.start)), sum(b.out, hist)
			if c.overflow {
				return errOverflow
			}
			if in != out {
				return fmt.Errorf("%s: metrics %v sum to %d with %d at the start of each of its %d plays, but %v to %d: the game balances them in every play",
					l.names[e], b.inNames, in-c.mul(plays, b.start), b.start, plays, b.outNames, out)
			}
			if t.MetricClusters == nil {
				continue
			}
			ns := func(k int) int64 { return t.MetricClusters[e][k].NS }
			n := l.inSeatings[e]
			if c.add(sum(b.in, ns), c.mul(c.mul(l.deals, n*n), b.start)) != sum(b.out, ns) || c.overflow {
				return fmt.Errorf("%s: cluster sums of metrics %v and %v that do not balance", l.names[e], b.inNames, b.outNames)
			}
		}
	}
	return nil
}

// balance is a games.Balance with its metrics' indexes.
type balance struct {
	in, out           []int
	inNames, outNames []string
	start             int64
}

// balancesOf returns the balances of caps over metrics by index.
func balancesOf(caps games.Capabilities, metrics []games.Metric) ([]balance, error) {
	var out []balance
	for _, b := range caps.Balances {
		idx := func(names []string) ([]int, error) {
			var is []int
			for _, name := range names {
				i := slices.IndexFunc(metrics, func(m games.Metric) bool { return m.Name == name })
				if i < 0 {
					return nil, fmt.Errorf("the game balances an unknown metric %q", name)
				}
				is = append(is, i)
			}
			return is, nil
		}
		in, err := idx(b.In)
		if err != nil {
			return nil, err
		}
		o, err := idx(b.Out)
		if err != nil {
			return nil, err
		}
		out = append(out, balance{in: in, out: o, inNames: b.In, outNames: b.Out, start: b.Start})
	}
	return out, nil
}

// featureCells checks the cells of the deal features and of the round
// features against the seats and against one another.
func (l *limits) featureCells(t *Tally) error {
	seats, err := sumOutcomes(t.Seats)
	if err != nil {
		return err
	}
	for f := range t.Features {
		got, err := sumOutcomes(t.Features[f].Cells)
		if err != nil {
			return err
		}
		if got != seats {
			return fmt.Errorf("deal feature %s: its cells count %v, but the seats %v: each seat of each play is counted once in each", l.features[f].Name, got, seats)
		}
	}
	if len(t.Features) > 0 {
		var c checked
		var wins, score int64
		for _, cell := range t.Joint {
			wins = c.add(wins, cell.Wins)
			score = c.add(score, cell.ScoreSum)
		}
		if c.overflow {
			return errOverflow
		}
		if wins != seats.wins || score != seats.score {
			return fmt.Errorf("joint feature cells of %d wins and score %d, but the seats' %d wins and score %d: each seat of each play is counted once", wins, score, seats.wins, seats.score)
		}
	}
	if err := sameFreeMoments("deal feature", l.features, t.Features); err != nil {
		return err
	}
	var first totals
	for f := range t.RoundFeatures {
		got, err := sumOutcomes(t.RoundFeatures[f].Cells)
		if err != nil {
			return err
		}
		what := "round feature " + l.features[f].Name
		if f > 0 && got != first {
			return fmt.Errorf("%s: its cells count %v, but those of %s %v: each seat of each round is counted once in each", what, got, l.features[0].Name, first)
		}
		first = got
		if f > 0 {
			continue
		}
		rounds := got.games / l.seats
		drawn := (got.draws + l.seats - 1) / l.seats // rounds drawn, at least
		switch {
		case got.games%l.seats != 0:
			return fmt.Errorf("%s: %d seat-rounds, not whole rounds of %d seats", what, got.games, l.seats)
		case got.wins+drawn > rounds:
			return fmt.Errorf("%s: %d wins and %d draws in %d rounds: one seat at most wins a round, and none in a round drawn", what, got.wins, got.draws, rounds)
		}
	}
	return sameFreeMoments("round feature", l.features, t.RoundFeatures)
}

// freeMoments are the indexes of the sums over deals of products of a
// deal's plays, wins and scores, which do not involve the feature's value
// and so are the same for every feature of a group.
var freeMoments = [...][2]int{{0, 0}, {0, 3}, {0, 5}, {3, 3}, {3, 5}, {5, 5}}

// sameFreeMoments checks that the features fs count the same deals with
// the same sums over deals where these do not involve their values.
func sameFreeMoments(what string, features []games.Metric, fs []FeatureTally) error {
	for f := 1; f < len(fs); f++ {
		same := fs[f].Deals == fs[0].Deals
		for _, ij := range freeMoments {
			k := momentIndex(ij[0], ij[1])
			same = same && fs[f].Moments[k] == fs[0].Moments[k]
		}
		if !same {
			return fmt.Errorf("%s %s: sums over deals of plays, wins and scores that are not those of %s: every feature counts the same plays", what, features[f].Name, features[0].Name)
		}
	}
	return nil
}

// seatCross checks the sums over deals of the products of two seats' wins
// in one deal (Tally.SeatCross), which the seat test and the seats'
// differences rest on, against what deals of one winner a play can give.
// With w_ds seat s's wins in deal d over its m seatings:
//
//   - the matrix is symmetric, and its diagonal Σ w_ds² is the seat's own
//     cluster sum W2;
//   - no product is negative, and since at most one seat wins a play, a
//     deal's wins over every seat are at most its m plays, so row s sums
//     to Σ_d w_ds·Σ_t w_dt ≤ m·Σ_d w_ds: with one seating, two seats never
//     win the same deal, and every product off the diagonal is 0;
//   - each product lies within what the deals' plays allow, at most the
//     product of the two seats' wins, and within Cauchy–Schwarz, as
//     products checks them;
//   - the deals' scatter matrix, deals·C − W·Wᵀ (W the seats' wins), is
//     Σ_d (w_d − w̄)(w_d − w̄)ᵀ times deals, so positive semidefinite: the
//     covariance the seat test inverts is one that some deals could give.
func (l *limits) seatCross(t *Tally) error {
	k := len(t.Seats)
	if l.seats < 2 {
		if len(t.SeatCross) > 0 {
			return fmt.Errorf("seats' sums over deals in a game of one seat")
		}
		return nil
	}
	if len(t.SeatCross) != k*k {
		return fmt.Errorf("seats' sums over deals of %d products for %d seats", len(t.SeatCross), k)
	}
	if l.deals == 0 {
		if slices.ContainsFunc(t.SeatCross, func(v int64) bool { return v != 0 }) {
			return fmt.Errorf("seats' sums over deals where no deal was played")
		}
		return nil
	}
	at := func(s, u int) int64 { return t.SeatCross[s*k+u] }
	var c checked
	for s := range k {
		if at(s, s) != t.Seats[s].Cluster.W2 {
			return fmt.Errorf("seat %d: Σ(w)² = %d in the seats' sums over deals, but %d in its cluster sums: both sum the same deals", s, at(s, s), t.Seats[s].Cluster.W2)
		}
		var row int64
		for u := range k {
			v := at(s, u)
			if v != at(u, s) {
				return fmt.Errorf("seats %d and %d: Σ(w%d)(w%d) = %d but Σ(w%d)(w%d) = %d: a product of two seats' wins is the same either way", s, u, s, u, v, u, s, at(u, s))
			}
			if v < 0 {
				return fmt.Errorf("seats %d and %d: Σ(w%d)(w%d) = %d below 0", s, u, s, u, v)
			}
			row = c.add(row, v)
		}
		if most := c.mul(l.seatings, t.Seats[s].Wins); row > most || c.overflow {
			return fmt.Errorf("seat %d: its wins times the wins of every seat in the same deal sum to %d, above %d (its %d wins times the %d plays of a deal): one seat at most wins a play", s, row, most, t.Seats[s].Wins, l.seatings)
		}
	}
	terms := []term{newTerm("n", l.plays, 1, 1)}
	for s := range k {
		terms = append(terms, newTerm(fmt.Sprintf("w%d", s), t.Seats[s].Wins, 0, 1))
	}
	p := &products{what: "seats' sums over deals", deals: l.deals, most: l.seatings, terms: terms, sum: func(i, j int) (int64, bool) {
		switch {
		case i == 0 && j == 0:
			return t.Seats[0].Cluster.N2, true
		case i == 0:
			return t.Seats[j-1].Cluster.NW, true
		}
		return at(i-1, j-1), true
	}}
	if err := p.check(); err != nil {
		return err
	}
	scatter := make([]*big.Int, k*k)
	for s := range k {
		for u := range k {
			scatter[s*k+u] = new(big.Int).Sub(mulBig(big.NewInt(l.deals), big.NewInt(at(s, u))),
				mulBig(big.NewInt(t.Seats[s].Wins), big.NewInt(t.Seats[u].Wins)))
		}
	}
	if !semidefinite(k, scatter) {
		return fmt.Errorf("seats' sums over deals whose scatter of the deals' wins (deals·Σ w_d w_dᵀ − W·Wᵀ) is not positive semidefinite: no deals give them")
	}
	return nil
}
