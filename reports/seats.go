package reports

import (
	"fmt"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/cardsim/cardsim/sim"
)

// A game of several players has a seat section: whether every seat wins
// its fair share (sim.SeatTestSummary), each seat's win rate, and every
// two seats' difference with intervals that hold for all the pairs at
// once. Seats are counted from 1, as players count them, with the name the
// rules give a seat ("seat 5 (first dealer)"); the files keep the index
// from 0 that traces and records use.
//
// What the section says depends on the lineup. With one strategy in every
// seat (run), it is the question of table position: do seats win alike
// when every player plays alike? With strategies rotated through the seats
// (compare), each sits in each seat equally often, so the section asks the
// same averaged over the lineup, and the strategies' own differences are
// free of any seat's edge.

// seatLabel names seat i (an index from 0) as players count seats: "seat
// 5", with its name in the rules where it has one: "seat 5 (first
// dealer)".
func seatLabel(s *sim.Summary, i int) string {
	l := fmt.Sprintf("seat %d", i+1)
	if i < len(s.Seats) && s.Seats[i].Name != "" {
		l += " (" + s.Seats[i].Name + ")"
	}
	return l
}

// selfPlay reports whether s is of one strategy in every seat of a game of
// several: its win rate is then the seats' fair share by construction.
func selfPlay(s *sim.Summary) bool { return len(s.Seats) > 1 && len(s.Entries) == 1 }

// pValue writes a p-value for a table: "p = 0.013", or "p < 0.0001".
func pValue(p float64) string {
	if p < 0.0001 {
		return "p < 0.0001"
	}
	return "p = " + strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", p), "0"), ".")
}

// seatTestText says what the seat test found: its p-value, and the
// statistic behind it.
func seatTestText(st *sim.SeatTestSummary) (p, detail string) {
	if st.Statistic == nil {
		return "p = 0", fmt.Sprintf("a difference no deal varies; %d deals", st.Deals)
	}
	if st.DF == 0 {
		return pValue(st.P), fmt.Sprintf("every seat won every deal alike; %d deals", st.Deals)
	}
	return pValue(st.P), fmt.Sprintf("Hotelling T² %.2f on %d df, %d deals", *st.Statistic, st.DF, st.Deals)
}

// writeSeatRows writes the seat section of a table: the test, each seat's
// win rate (in %), every pair's difference (in percentage points, with
// simultaneous intervals and adjusted p-values), and each seat's mean
// score.
func writeSeatRows(w io.Writer, s *sim.Summary) {
	if len(s.Seats) < 2 {
		return
	}
	if st := s.SeatTest; st != nil {
		what := fmt.Sprintf("seats: every seat wins its fair share (%s)", pct(st.FairShare))
		if len(s.Entries) > 1 {
			what += ", strategies rotated through them"
		}
		p, detail := seatTestText(st)
		fmt.Fprintf(w, "%s\t%s\t%s\n", what, p, detail)
	}
	for i, seat := range s.Seats {
		r := seat.Win
		fmt.Fprintf(w, "%s: win rate\t%s\t%s … %s\n", seatLabel(s, i), pct(r.Rate), pct(r.CILow), pct(r.CIHigh))
	}
	for _, p := range s.SeatPairs {
		fmt.Fprintf(w, "seat %d − seat %d: win rate difference (all pairs at once)\t%s pp\t%s … %s, adjusted %s\n",
			p.First+1, p.Second+1, PP(p.Diff), PP(p.CILow), PP(p.CIHigh), pValue(p.P))
	}
	for i, seat := range s.Seats {
		sc := seat.Score
		fmt.Fprintf(w, "%s: score (mean)\t%.3f\t%.3f … %.3f\n", seatLabel(s, i), sc.Mean, sc.CILow, sc.CIHigh)
	}
}

// seatChart draws each seat's win rate in % with its interval, the fair
// share as a dashed line, and the seat test's verdict in the title.
func seatChart(s *sim.Summary) (Chart, error) {
	p := plot.New()
	what := "Win rate by seat"
	if st := s.SeatTest; st != nil {
		pv, detail := seatTestText(st)
		what += fmt.Sprintf(" — every seat its fair share? %s (%s)", pv, detail)
	}
	p.Title.Text = title(what, s)
	p.Y.Label.Text = fmt.Sprintf("win rate (%%; bars: %g%% interval)", s.Manifest.Confidence*100)
	vals := make(plotter.Values, len(s.Seats))
	labels := make([]string, len(s.Seats))
	eb := errorBars{XYs: make(plotter.XYs, len(s.Seats)), YErrors: make(plotter.YErrors, len(s.Seats))}
	for i, seat := range s.Seats {
		r := seat.Win
		vals[i] = 100 * r.Rate
		labels[i] = fmt.Sprintf("seat %d", i+1)
		if seat.Name != "" {
			labels[i] += "\n" + seat.Name
		}
		eb.XYs[i] = plotter.XY{X: float64(i), Y: 100 * r.Rate}
		eb.YErrors[i] = struct{ Low, High float64 }{100 * (r.Rate - r.CILow), 100 * (r.CIHigh - r.Rate)}
	}
	addIntervalKey(p, s.Manifest.Confidence)
	c, err := barChart(p, vals, labels, eb, "seats", "seat (counted from 1)")
	if err != nil {
		return c, err
	}
	if st := s.SeatTest; st != nil {
		addRefLine(p, 100*st.FairShare, false, fmt.Sprintf("fair share (%s)", pct(st.FairShare)))
	} else {
		fair, name := fairShare(s)
		addRefLine(p, 100*fair, false, name)
	}
	p.Y.Min = math.Min(p.Y.Min, 0)
	return c, nil
}

// gameTitle returns the game's name in prose where the manifest has it
// ("Chris-Cross Pairs Solitaire"), else its CLI name.
func gameTitle(s *sim.Summary) string {
	if s.Manifest.Title != "" {
		return s.Manifest.Title
	}
	return s.Manifest.Game
}

// seatSentence reads the seat test and the widest gap between two seats:
// "Over 20000 deals the seats win from 18.56% (seat 5 (first dealer)) to
// 21.09% (seat 2), against a fair share of 20.00%: …".
func seatSentence(s *sim.Summary, st *sim.SeatTestSummary) string {
	lo, hi := 0, 0
	for i, seat := range s.Seats {
		if seat.Win.Rate < s.Seats[lo].Win.Rate {
			lo = i
		}
		if seat.Win.Rate > s.Seats[hi].Win.Rate {
			hi = i
		}
	}
	p, detail := seatTestText(st)
	verdict := "no seat can be told from the others"
	if st.P < 1-s.Manifest.Confidence {
		verdict = "the seats differ"
	}
	out := fmt.Sprintf("Over %d deals the seats win from %s (%s) to %s (%s), against a fair share of %s each; the test that every seat wins it gives %s (%s, clustered by deal): %s.",
		st.Deals, pct(s.Seats[lo].Win.Rate), seatLabel(s, lo), pct(s.Seats[hi].Win.Rate), seatLabel(s, hi), pct(st.FairShare), p, detail, verdict)
	for _, pr := range s.SeatPairs {
		if pr.First == min(lo, hi) && pr.Second == max(lo, hi) && lo != hi {
			d, l, h := pr.Diff, pr.CILow, pr.CIHigh
			if pr.First != hi {
				d, l, h = -d, -h, -l
			}
			out += fmt.Sprintf(" %s wins %s percentage points more than %s (%s to %s, an interval that holds for all %d pairs of seats at once).",
				upperFirst(seatLabel(s, hi)), points(d), seatLabel(s, lo), PP(l), PP(h), len(s.SeatPairs))
		}
	}
	return out
}

// upperFirst returns s with its first letter upper-case.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
