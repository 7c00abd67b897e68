package sim

import (
	"math"

	"github.com/cardsim/cardsim/stat"
)

// SeatSums returns the sums over deals of the seats' wins that stat's seat
// tests take (stat.SeatsEqual, stat.SeatPairs): each seat's wins and the
// products of two seats' wins in one deal, a deal's wins counted over every
// seating it was played in. It returns nil for a tally that keeps none: a
// solitaire, or no deal played.
func (t *Tally) SeatSums() *stat.SeatSums {
	k := len(t.Seats)
	if k < 2 || t.Games == 0 || len(t.SeatCross) != k*k {
		return nil
	}
	s := stat.NewSeatSums(k, t.Plays/t.Games)
	s.Deals = t.Games
	for i := range t.Seats {
		s.Wins[i] = t.Seats[i].Wins
	}
	copy(s.Cross, t.SeatCross)
	return s
}

// SeatTestSummary is the test that every seat of a game of several players
// wins its fair share: with one winner a game, 1/seats of the games each;
// with games drawn, an equal share of those won (FairShare). It is
// stat.SeatsEqual: Hotelling's T² on the deals' differences between the
// seats' win rates, clustered by deal, so that a deal played in several
// seatings counts once. Games a solver left undecided count as not won.
type SeatTestSummary struct {
	// Statistic is Hotelling's T², or null where a difference between
	// seats that no deal varies is not zero: the seats then differ for
	// certain (P is 0).
	Statistic *float64 `json:"statistic"`
	DF        int      `json:"df"` // the differences tested: seats − 1, fewer where some never vary
	P         float64  `json:"p"`
	// FairShare is the win rate every seat would have if the seats were
	// alike: the games won, shared out evenly, that is the mean of the
	// seats' win rates.
	FairShare float64 `json:"fair_share"`
	Deals     int64   `json:"deals"`
	Plays     int64   `json:"plays"` // games each seat played a deal: the seatings
}

// SeatPairSummary is the difference of two seats' win rates, First's less
// Second's (seats numbered from 0), with an interval that holds for every
// pair of seats at once at the run's confidence (stat.SeatPairs: the
// max-|z| method, clustered by deal) and the p-value adjusted for every
// pair.
type SeatPairSummary struct {
	First  int     `json:"first"`
	Second int     `json:"second"`
	Diff   float64 `json:"diff"`
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
	P      float64 `json:"p_adjusted"`
}

// summarizeSeats returns the seat test and the seats' pairs of the tally
// t, nil where it keeps no seats' sums or holds too few deals for them.
func summarizeSeats(t *Tally, confidence float64) (*SeatTestSummary, []SeatPairSummary) {
	ss := t.SeatSums()
	if ss == nil {
		return nil, nil
	}
	var test *SeatTestSummary
	if st, err := stat.SeatsEqual(ss); err == nil {
		test = &SeatTestSummary{DF: st.DF, P: st.P, Deals: ss.Deals, Plays: ss.Plays}
		if !math.IsInf(st.Statistic, 0) {
			v := st.Statistic
			test.Statistic = &v
		}
		var mean float64
		for _, r := range ss.Rates() {
			mean += r
		}
		test.FairShare = mean / float64(ss.Seats())
	}
	ps, err := stat.SeatPairs(ss, confidence)
	if err != nil {
		return test, nil
	}
	pairs := make([]SeatPairSummary, len(ps))
	for i, p := range ps {
		pairs[i] = SeatPairSummary{First: p.First, Second: p.Second, Diff: p.Diff, CILow: p.Low, CIHigh: p.High, P: p.P}
	}
	return test, pairs
}
