package reports

import (
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// FigureColumns are the columns of figures.csv, one figure a row ("long"
// or tidy form): the run's keys, then what the figure is about, then its
// value with its interval and the number of observations behind it. Rows
// of several runs concatenate into one table; a pivot gives any wide view.
var FigureColumns = []string{
	"game", "rules", "seed", "deals", // the run
	"strategy", "params", "versus", "seat", "feature", "feature_value", // what the figure is about
	"metric", "statistic", "value", "ci_low", "ci_high", "n",
}

// Figure is one row of tidy figures. Empty text and NaN numbers are
// written as empty cells.
type Figure struct {
	Strategy     string // the strategy (entry) the figure describes, if any
	Params       string // its parameters, key=value;… sorted by key (Figures fills it)
	Versus       string // for a paired difference, the strategy subtracted; for a difference of seats, "seat k", the seat subtracted by its index (as Seat)
	Seat         string // a seat's index from 0, as records and traces number seats, for figures of one seat (integers only)
	Feature      string // a deal feature, for figures by its value
	FeatureValue string
	Metric       string // score, win, draw, a game metric, …
	Statistic    string // mean, rate, sd, p50, slope, …
	Value        float64
	CILow        float64
	CIHigh       float64
	N            int64 // observations: games, seat-games or deals; 0 for none
}

// Figures returns every figure of s as tidy rows.
func Figures(s *sim.Summary) []Figure {
	var out []Figure
	nan := math.NaN()
	add := func(f Figure) { out = append(out, f) }
	score := func(base Figure, sc sim.ScoreSummary) {
		f := base
		f.Metric, f.Statistic, f.Value, f.CILow, f.CIHigh, f.N = "score", "mean", sc.Mean, sc.CILow, sc.CIHigh, sc.N
		add(f)
		for _, st := range []struct {
			name string
			v    float64
		}{{"sd", sc.SD}, {"min", float64(sc.Min)}, {"max", float64(sc.Max)}} {
			f.Statistic, f.Value, f.CILow, f.CIHigh = st.name, st.v, nan, nan
			add(f)
		}
		for _, p := range sim.Quantiles {
			q := sim.QuantileName(p)
			f.Statistic, f.Value = q, sc.Quantiles[q]
			add(f)
		}
	}
	rate := func(base Figure, metric string, r sim.RateSummary) {
		f := base
		f.Metric, f.Statistic, f.Value, f.CILow, f.CIHigh, f.N = metric, "rate", r.Rate, r.CILow, r.CIHigh, r.Games
		add(f)
		f.Statistic, f.Value, f.CILow, f.CIHigh = "count", float64(r.Count), nan, nan
		add(f)
		if r.Undecided > 0 {
			f.Statistic, f.Value = "undecided", float64(r.Undecided)
			add(f)
		}
	}
	metrics := func(base Figure, order []string, ms map[string]sim.MetricSummary) {
		for _, name := range order {
			m := ms[name]
			f := base
			f.Metric, f.Statistic, f.Value, f.CILow, f.CIHigh, f.N = name, "mean", m.Mean, m.CILow, m.CIHigh, m.N
			add(f)
			for _, st := range []struct {
				name string
				v    float64
			}{{"total", float64(m.Total)}, {"sd", m.SD}, {"min", float64(m.Min)}, {"max", float64(m.Max)}} {
				f.Statistic, f.Value, f.CILow, f.CIHigh = st.name, st.v, nan, nan
				add(f)
			}
		}
	}
	ents := entries(s)
	for _, e := range ents {
		base := Figure{Strategy: e.name}
		score(base, e.score)
		rate(base, "win", e.win)
		if len(s.Seats) > 1 || e.draw.Count > 0 {
			rate(base, "draw", e.draw)
		}
		metrics(base, s.MetricOrder, e.metrics)
		if sv := e.solver; sv != nil {
			f := base
			f.Metric, f.Statistic, f.Value, f.CILow, f.CIHigh, f.N = "solver", "undecided_share", sv.UndecidedShare, nan, nan, sv.Games
			add(f)
			if b := sv.Best; b != nil {
				f.Metric, f.N = "best_score", b.Games
				f.Statistic, f.Value, f.CILow, f.CIHigh = "at_least", b.AtLeast, b.CILow, nan
				add(f)
				f.Statistic, f.Value, f.CILow, f.CIHigh = "at_most", b.AtMost, nan, b.CIHigh
				add(f)
				f.Statistic, f.Value, f.CILow, f.CIHigh = "exact", float64(b.Exact), nan, nan
				add(f)
			}
		}
	}
	for _, c := range s.Comparisons {
		a, b, _ := strings.Cut(c.Label, " − ")
		base := Figure{Strategy: a, Versus: b, N: s.Manifest.Games}
		f := base
		f.Metric, f.Statistic, f.Value, f.CILow, f.CIHigh = "score", "paired_difference", c.ScoreDiff, c.CILow, c.CIHigh
		add(f)
		f.Statistic, f.CILow, f.CIHigh = "unpaired_difference", c.UnpairedLow, c.UnpairedHigh
		add(f)
		f.Metric, f.Statistic, f.Value, f.CILow, f.CIHigh = "win", "paired_difference", c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh
		add(f)
		for _, u := range []struct {
			who string
			n   int64
		}{{a, c.UndecidedA}, {b, c.UndecidedB}} {
			if u.n > 0 {
				add(Figure{Strategy: u.who, Versus: map[bool]string{true: b, false: a}[u.who == a], Metric: "win", Statistic: "undecided", Value: float64(u.n), CILow: nan, CIHigh: nan})
			}
		}
	}
	for _, seat := range s.Seats {
		base := Figure{Seat: strconv.Itoa(seat.Seat)}
		if len(ents) == 1 { // one strategy in every seat: the seat's figures are its
			base.Strategy = ents[0].name
		}
		score(base, seat.Score)
		rate(base, "win", seat.Win)
	}
	who := "" // one strategy in every seat: the seats' figures are its
	if len(ents) == 1 {
		who = ents[0].name
	}
	if st := s.SeatTest; st != nil {
		// The test that every seat wins its fair share: T² (empty where
		// the seats differ for certain), its degrees of freedom, p-value
		// and the fair share, over the deals.
		t2 := nan
		if st.Statistic != nil {
			t2 = *st.Statistic
		}
		for _, f := range []struct {
			stat string
			v    float64
		}{{"hotelling_t2", t2}, {"df", float64(st.DF)}, {"p", st.P}, {"fair_share", st.FairShare}} {
			add(Figure{Strategy: who, Metric: "seat_test", Statistic: f.stat, Value: f.v, CILow: nan, CIHigh: nan, N: st.Deals})
		}
	}
	for _, p := range s.SeatPairs {
		// A seat's win rate less another's, with an interval that holds
		// for every pair at once, and the p-value adjusted for them all.
		base := Figure{Strategy: who, Seat: strconv.Itoa(p.First), Versus: "seat " + strconv.Itoa(p.Second), Metric: "win", N: s.Manifest.Games}
		f := base
		f.Statistic, f.Value, f.CILow, f.CIHigh = "seat_difference", p.Diff, p.CILow, p.CIHigh
		add(f)
		f.Statistic, f.Value, f.CILow, f.CIHigh = "seat_difference_p_adjusted", p.P, nan, nan
		add(f)
	}
	if fp := s.FirstPlayer; fp != nil {
		// The seat that moved first is no seat number: its figures are
		// metric first_player_win, so that the seat column stays numeric.
		rate(Figure{}, "first_player_win", fp.WinRate)
		add(Figure{Metric: "first_player_win", Statistic: "fair_share", Value: fp.FairShare, CILow: nan, CIHigh: nan, N: fp.WinRate.Games})
		add(Figure{Metric: "first_player_win", Statistic: "edge_over_fair_share", Value: fp.Edge, CILow: fp.CILow, CIHigh: fp.CIHigh, N: fp.WinRate.Games})
	}
	if b := s.Balance; b != nil {
		add(Figure{Metric: "balance", Statistic: "one_minus_largest_seat_gap", Value: b.Balance, CILow: nan, CIHigh: nan, N: s.Manifest.Games})
		add(Figure{Metric: "draw", Statistic: "rate_all_seats", Value: b.DrawRate, CILow: nan, CIHigh: nan, N: s.Manifest.Games})
		add(Figure{Metric: "completion", Statistic: "rate", Value: b.Completion, CILow: nan, CIHigh: nan, N: s.Manifest.Games})
		if d := b.Duration; d != nil {
			add(Figure{Metric: "duration_turns", Statistic: "mean", Value: d.Mean, CILow: d.CILow, CIHigh: d.CIHigh, N: s.Manifest.Games})
		}
	}
	features := func(prefix string, fs []sim.FeatureSummary) {
		for _, fe := range fs {
			for _, tr := range []struct {
				metric string
				t      *stat.Trend
			}{{"win", fe.WinTrend}, {"score", fe.ScoreTrend}} {
				if tr.t != nil {
					add(Figure{Feature: fe.Name, Metric: prefix + tr.metric, Statistic: "slope", Value: tr.t.Slope, CILow: tr.t.CILow, CIHigh: tr.t.CIHigh, N: fe.Games()})
				}
			}
			for _, v := range fe.Values {
				base := Figure{Feature: fe.Name, FeatureValue: strconv.FormatInt(v.Value, 10)}
				r := v.Win
				add(Figure{Feature: base.Feature, FeatureValue: base.FeatureValue, Metric: prefix + "win", Statistic: "rate", Value: r.Rate, CILow: r.CILow, CIHigh: r.CIHigh, N: v.Games})
				d := v.Draw
				if d.Count > 0 {
					add(Figure{Feature: base.Feature, FeatureValue: base.FeatureValue, Metric: prefix + "draw", Statistic: "rate", Value: d.Rate, CILow: d.CILow, CIHigh: d.CIHigh, N: v.Games})
				}
				sc := v.Score
				add(Figure{Feature: base.Feature, FeatureValue: base.FeatureValue, Metric: prefix + "score", Statistic: "mean", Value: sc.Mean, CILow: sc.CILow, CIHigh: sc.CIHigh, N: v.Games})
			}
		}
	}
	features("", s.Features)
	features("round_", s.RoundFeatures)
	params := map[string]string{}
	for _, e := range ents {
		params[e.name] = e.params
	}
	for i := range out {
		out[i].Params = params[out[i].Strategy]
	}
	return out
}

// runKeys returns the cells of the run columns of FigureColumns.
func runKeys(s *sim.Summary) []string {
	m := &s.Manifest
	return []string{m.Game, ruleList(m.Rules, ";"), strconv.FormatUint(m.Seed, 10), itoa(m.Games)}
}

// cells returns f's cells after the run columns.
func (f Figure) cells() []string {
	num := func(v float64) string {
		if math.IsNaN(v) {
			return ""
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	n := ""
	if f.N > 0 {
		n = itoa(f.N)
	}
	return []string{f.Strategy, f.Params, f.Versus, f.Seat, f.Feature, f.FeatureValue, f.Metric, f.Statistic, num(f.Value), num(f.CILow), num(f.CIHigh), n}
}

// WriteFiguresCSV writes every figure of s as tidy rows under
// FigureColumns. Numbers are written in full (the shortest text that reads
// back as the same float64), never rounded.
func WriteFiguresCSV(w io.Writer, s *sim.Summary) error {
	c := newCSVWriter(w)
	c.Write(FigureColumns)
	keys := runKeys(s)
	for _, f := range Figures(s) {
		c.Write(append(append([]string{}, keys...), f.cells()...))
	}
	c.Flush()
	return c.Error()
}
