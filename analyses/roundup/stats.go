package roundup

import (
	"fmt"
	"math"

	"github.com/cardsim/cardsim/sim"
)

// feature returns the summary's feature named name.
func feature(fs []sim.FeatureSummary, name string) *sim.FeatureSummary {
	for i := range fs {
		if fs[i].Name == name {
			return &fs[i]
		}
	}
	return nil
}

// share is a seat's fair share of wins: the games not drawn shared out
// evenly among the players, (1 − draw rate)/players.
type share struct {
	rate    float64
	drawn   float64 // the share of games drawn
	players int
}

// fairShare returns a seat's fair share of wins in the games of s.
func fairShare(s *sim.Summary, players int) share {
	d := 0.0
	if s.Balance != nil {
		d = s.Balance.DrawRate
	}
	return share{rate: (1 - d) / float64(players), drawn: d, players: players}
}

// String writes the fair share with how it is made.
func (f share) String() string {
	if f.drawn > 1e-9 {
		return fmt.Sprintf("%s (the %s of games not drawn, shared among %d players)", pctf(f.rate), pctf(1-f.drawn), f.players)
	}
	return fmt.Sprintf("%s (one game in %d)", pctf(f.rate), f.players)
}

// topGroup is the seats dealt the most face cards.
type topGroup struct {
	from         int64
	games        int64
	rate, lo, hi float64
}

// topSeats pools the seats dealt the most face cards, from the top value
// down until they are at least 1% of all, with the pooled interval bounded
// by the seat-weighted sum of the values' half-widths (which holds whatever
// their correlation).
func topSeats(f *sim.FeatureSummary) (topGroup, bool) {
	var total int64
	for _, v := range f.Values {
		total += v.Games
	}
	var g topGroup
	var wins, half float64
	k := len(f.Values) - 1
	for ; k >= 0 && g.games*100 < total; k-- {
		v := f.Values[k]
		g.games += v.Games
		wins += float64(v.Win.Count)
		g.from = v.Value
	}
	if g.games < 2 || k < 0 {
		return g, false
	}
	for _, v := range f.Values[k+1:] {
		half += float64(v.Games) / float64(g.games) * (v.Win.CIHigh - v.Win.CILow) / 2
	}
	g.rate = wins / float64(g.games)
	g.lo, g.hi = math.Max(0, g.rate-half), math.Min(1, g.rate+half)
	return g, true
}
