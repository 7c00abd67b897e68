package sim

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/stat"
)

// Version is cardsim's version, recorded in every manifest.
const Version = "0.2.0"

// SchemaVersion is the version of the layout of a summary in JSON,
// described by SummarySchema; it changes whenever a field's meaning or
// place does (CHANGELOG.md lists every change). Version 1 held the figures
// of a lone strategy at the top level (score, win, draw, metrics, solver)
// and entries only when several were compared; version 2 holds every
// strategy's figures in entries, even a lone one. UnmarshalJSON reads both.
const SchemaVersion = 2

// Summary is what a run found: the figures with their intervals.
type Summary struct {
	Manifest Manifest `json:"manifest"`
	// MetricOrder lists the game's metrics in the order the game lists
	// them: the keys of every entry's Metrics.
	MetricOrder []string `json:"metric_order"`
	// Entries has every lineup entry's figures, over every seat it took,
	// in lineup order: one in a run of one strategy.
	Entries []EntrySummary `json:"entries"`
	// Comparisons holds every pair of entries, paired on common deals.
	Comparisons []Comparison `json:"comparisons,omitempty"`
	// Seats, SeatTest, SeatPairs, FirstPlayer and Balance describe games
	// of several players. A seat's figures count every game played in it,
	// over every seating of the lineup: with one strategy in every seat
	// (run), whether table position matters when every player plays alike;
	// with strategies rotated through the seats (compare), the same
	// averaged over the lineup, each strategy sitting in each seat equally
	// often.
	Seats []SeatSummary `json:"seats,omitempty"`
	// SeatTest tests that every seat wins its fair share; SeatPairs gives
	// every two seats' difference with simultaneous intervals.
	SeatTest    *SeatTestSummary  `json:"seat_test,omitempty"`
	SeatPairs   []SeatPairSummary `json:"seat_pairs,omitempty"`
	FirstPlayer *EdgeSummary      `json:"first_player,omitempty"`
	Balance     *BalanceSummary   `json:"balance,omitempty"`
	Features    []FeatureSummary  `json:"features,omitempty"`
	// RoundFeatures reports, for games played in rounds, each round's
	// result (Win: the seat alone scored the most that round) against the
	// features of that round's deal; a value counts seat-rounds.
	RoundFeatures []FeatureSummary `json:"round_features,omitempty"`
	Fingerprint   string           `json:"deal_fingerprint"`
	// Variants, in a comparison of rule variants, holds every other
	// variant's figures and differences from this summary's, the
	// baseline's (sim/variants.go).
	Variants *Variants `json:"variants,omitempty"`
}

// Lead returns the figures of the summary's first lineup entry: the one
// strategy of a run, or the first of a comparison.
func (s *Summary) Lead() *EntrySummary { return &s.Entries[0] }

// MarshalJSON writes the summary with its schema version first.
func (s Summary) MarshalJSON() ([]byte, error) {
	type plain Summary // Summary without its methods
	return json.Marshal(struct {
		SchemaVersion int `json:"schema_version"`
		plain
	}{SchemaVersion, plain(s)})
}

// UnmarshalJSON reads a summary of any schema version up to SchemaVersion.
// A summary of version 1 holding one strategy's figures at the top level
// is read with them as its one entry, the strategy its manifest names.
// A summary of a later version than this build's is refused.
func (s *Summary) UnmarshalJSON(b []byte) error {
	type plain Summary
	var v struct {
		SchemaVersion int `json:"schema_version"`
		plain
		// The top-level figures of version 1.
		Score   *ScoreSummary            `json:"score"`
		Win     RateSummary              `json:"win"`
		Draw    RateSummary              `json:"draw"`
		Metrics map[string]MetricSummary `json:"metrics"`
		Solver  *SolverSummary           `json:"solver"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if v.SchemaVersion > SchemaVersion {
		return fmt.Errorf("a summary of schema_version %d, written by a later cardsim than this one (which reads up to %d): use that cardsim, or play the run again with this one", v.SchemaVersion, SchemaVersion)
	}
	*s = Summary(v.plain)
	if len(s.Entries) == 0 && v.Score != nil {
		e := EntrySummary{Score: *v.Score, Win: v.Win, Draw: v.Draw, Metrics: v.Metrics, Solver: v.Solver}
		if len(s.Manifest.Strategies) > 0 {
			e.Strategy = s.Manifest.Strategies[0]
		}
		s.Entries = []EntrySummary{e}
	}
	for i := range s.Entries {
		s.Entries[i].MetricOrder = s.MetricOrder
	}
	return nil
}

// EntrySummary holds one lineup entry's figures.
type EntrySummary struct {
	Entry       int                      `json:"entry"`
	Strategy    StrategyRecord           `json:"strategy"`
	Score       ScoreSummary             `json:"score"`
	Win         RateSummary              `json:"win"`
	Draw        RateSummary              `json:"draw"`
	Metrics     map[string]MetricSummary `json:"metrics"`
	MetricOrder []string                 `json:"-"`
	Solver      *SolverSummary           `json:"solver,omitempty"`
}

// SolverSummary reports what a solving strategy proved of the deals it
// played. Undecided counts the games whose win it could not settle within
// its budget (the win rate's interval counts them both ways). Where it
// bounds its scores (strategies.Bounder), the mean best score the deals
// allow is at least the mean score played (BestAtLeast, with its interval's
// lower end) and at most the mean of its bounds (BestAtMost, with its
// interval's upper end); the two meet when every score is Exact.
type SolverSummary struct {
	Games          int64       `json:"games"`
	Undecided      int64       `json:"undecided"`
	UndecidedShare float64     `json:"undecided_share"`
	Best           *BestBounds `json:"best,omitempty"` // where the solver bounds its scores
}

// BestBounds bounds the mean of the best score each deal allows.
type BestBounds struct {
	Games   int64   `json:"games"`
	Exact   int64   `json:"exact"`    // games whose score played is proven best
	AtLeast float64 `json:"at_least"` // the mean score played
	CILow   float64 `json:"ci_low"`   // the lower end of its interval
	AtMost  float64 `json:"at_most"`  // the mean of the bounds
	CIHigh  float64 `json:"ci_high"`  // the upper end of its interval
}

// summarizeSolver describes what a solver proved of the games of o, whose
// score summary is sc; nil if no solver played them.
func summarizeSolver(o *Outcomes, sc ScoreSummary, confidence float64, bounds [2]int) *SolverSummary {
	if o.Solved == 0 && o.Best.N() == 0 {
		return nil
	}
	s := &SolverSummary{Games: max(o.Solved, o.Best.N()), Undecided: o.Undecided}
	s.UndecidedShare = float64(s.Undecided) / float64(s.Games)
	if n := o.Best.N(); n > 0 {
		best := summarizeScore(&o.Best, &Cluster{}, confidence, bounds)
		s.Best = &BestBounds{Games: n, Exact: o.Exact, AtLeast: sc.Mean, CILow: sc.CILow, AtMost: best.Mean, CIHigh: best.CIHigh}
	}
	return s
}

// SeatSummary holds one seat's figures in games of several players. Seat
// is its index from 0, as traces, records and deals number seats; Name is
// what the rules call it (games.Capabilities.SeatNames), if anything.
type SeatSummary struct {
	Seat  int          `json:"seat"`
	Name  string       `json:"name,omitempty"`
	Score ScoreSummary `json:"score"`
	Win   RateSummary  `json:"win"`
}

// Comparison is the difference between two entries on the same deals: A's
// mean per game minus B's, with the interval of the paired differences per
// deal, and for reference the wider interval two independent runs would give.
// The win-rate difference counts games a solver left undecided as losses
// (WinDiff); its interval runs from the lower bound with A's undecided games
// lost and B's won to the upper bound with A's won and B's lost.
type Comparison struct {
	A, B          int     `json:"-"`
	Label         string  `json:"label"` // "A − B"
	ScoreDiff     float64 `json:"score_diff"`
	CILow         float64 `json:"ci_low"`
	CIHigh        float64 `json:"ci_high"`
	UnpairedLow   float64 `json:"unpaired_ci_low"`
	UnpairedHigh  float64 `json:"unpaired_ci_high"`
	WinDiff       float64 `json:"win_diff"`
	WinDiffCILow  float64 `json:"win_diff_ci_low"`
	WinDiffCIHigh float64 `json:"win_diff_ci_high"`
	UndecidedA    int64   `json:"undecided_a"` // A's games a solver left undecided
	UndecidedB    int64   `json:"undecided_b"`
}

// EdgeSummary is the first player's advantage: how often the seat that
// moved first won, minus the share it would win in a fair game, FairShare:
// the games not drawn shared out evenly, (1 − draw rate)/seats.
type EdgeSummary struct {
	WinRate   RateSummary `json:"win_rate"`
	FairShare float64     `json:"fair_share"`
	Edge      float64     `json:"edge"`
	CILow     float64     `json:"ci_low"`
	CIHigh    float64     `json:"ci_high"`
}

// BalanceSummary gathers balance figures named as Ludii names them.
type BalanceSummary struct {
	Balance  float64 `json:"balance"`   // 1 − the largest gap between seats' win rates
	DrawRate float64 `json:"draw_rate"` // share of games drawn
	// Completion is the share of games that ended by the rules rather than
	// by a safety cap, for games with a metric of role games.Capped; 1
	// otherwise.
	Completion float64 `json:"completion"`
	// Duration is the length of a game in turns, for games with a metric
	// of role games.Duration.
	Duration          *MetricSummary `json:"duration,omitempty"`
	DurationHistogram []Bin          `json:"duration_histogram,omitempty"`
}

// FeatureSummary reports outcomes against one deal feature of a seat: per
// value, and as the trends of winning and of the score over every seat. A
// trend is the least-squares line of the seat's outcome (winning, as 0 or
// 1, or its score) against the feature's value, with the
// heteroskedasticity-robust standard error (stat.GroupedTrend), clustered by
// deal where a deal counts several plays (stat.ClusteredGroupedTrend). A
// trend uses every seat, where comparing the extreme values of a feature
// rests on its thinnest cells.
type FeatureSummary struct {
	Name       string         `json:"name"`
	Usage      string         `json:"usage"`
	Values     []FeatureValue `json:"values"`
	WinTrend   *stat.Trend    `json:"win_trend,omitempty"`   // change in the win rate per unit of the feature
	ScoreTrend *stat.Trend    `json:"score_trend,omitempty"` // change in the mean score per unit
}

// Games returns the seat-games counted over every value of the feature, on
// which its trends are fitted.
func (f *FeatureSummary) Games() int64 {
	var n int64
	for _, v := range f.Values {
		n += v.Games
	}
	return n
}

// FeatureValue is the outcome of the seats dealt one value of a feature.
type FeatureValue struct {
	Value int64        `json:"value"`
	Games int64        `json:"games"`
	Win   RateSummary  `json:"win"`
	Draw  RateSummary  `json:"draw"`
	Score ScoreSummary `json:"score"`
}

// ScoreSummary describes a score distribution. In a game of several
// players each seat's score in each game is one value: N counts seat-games,
// and the histogram's counts sum to N.
type ScoreSummary struct {
	N         int64              `json:"n"` // scores summarized: games, or seat-games with several seats
	Mean      float64            `json:"mean"`
	CILow     float64            `json:"ci_low"`
	CIHigh    float64            `json:"ci_high"`
	SD        float64            `json:"sd"`
	Min       int64              `json:"min"`
	Max       int64              `json:"max"`
	Quantiles map[string]float64 `json:"quantiles"`
	Histogram []Bin              `json:"histogram"`
}

// Bin is one value of an exact histogram and how often it occurred.
type Bin struct {
	Value int64 `json:"value"`
	Count int64 `json:"count"`
}

// RateSummary describes a rate with its Wilson interval. Games a solver
// left undecided count as failures for the lower bound and as successes for
// the upper bound.
type RateSummary struct {
	Rate      float64 `json:"rate"`
	CILow     float64 `json:"ci_low"`
	CIHigh    float64 `json:"ci_high"`
	Count     int64   `json:"count"`
	Undecided int64   `json:"undecided"`
	Games     int64   `json:"games"`
	// Deals, where a deal counts several of the games (the seats of one
	// game, the seatings of one deal), is the number of deals: the
	// interval treats deals, not games, as independent.
	Deals int64 `json:"deals,omitempty"`
}

// MetricSummary describes one metric over the games.
type MetricSummary struct {
	Usage  string  `json:"usage"`
	N      int64   `json:"n"` // games counted: deals, or plays of every seating the strategy took part in
	Total  int64   `json:"total"`
	Mean   float64 `json:"mean"`
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
	SD     float64 `json:"sd"`
	Min    int64   `json:"min"`
	Max    int64   `json:"max"`
}

// Quantiles are the probabilities whose score quantiles summaries report.
var Quantiles = []float64{0.01, 0.05, 0.10, 0.25, 0.50, 0.75, 0.90, 0.95, 0.99}

// QuantileName returns the key of the p-quantile, such as "p05" or "p50".
func QuantileName(p float64) string { return fmt.Sprintf("p%02d", int(math.Round(p*100))) }

// Summarize computes the figures of t for the run cfg at the given
// confidence. The manifest is left for the caller to fill.
func Summarize(cfg *Config, t *Tally, confidence float64) Summary {
	g := cfg.Game
	s := Summary{Fingerprint: fmt.Sprintf("%016x", t.Fingerprint)}
	var bounds [2]int
	bounds[0], bounds[1] = g.ScoreBounds()
	for e := range t.Entries {
		o := &t.Entries[e]
		es := EntrySummary{
			Entry: e, Strategy: StrategyRecord{Name: cfg.Lineup[e].Strategy.Name, Params: ParamValues(cfg.Lineup[e])},
			Score: summarizeScore(&o.Score, &o.Cluster, confidence, bounds),
		}
		es.Win, es.Draw = summarizeOutcomes(o, confidence)
		es.Solver = summarizeSolver(o, es.Score, confidence, bounds)
		var mc []Cluster
		if t.MetricClusters != nil {
			mc = t.MetricClusters[e]
		}
		es.Metrics, es.MetricOrder = summarizeMetrics(g, t.Metrics[e], mc, confidence)
		s.Entries = append(s.Entries, es)
	}
	s.MetricOrder = s.Entries[0].MetricOrder
	if len(s.Entries) > 1 {
		s.Comparisons = compare(cfg, t, confidence)
	}
	if g.Seats() > 1 {
		lo, hi := 1.0, 0.0
		names := g.Capabilities().SeatNames
		for i := range t.Seats {
			o := &t.Seats[i]
			ss := SeatSummary{Seat: i, Score: summarizeScore(&o.Score, &o.Cluster, confidence, bounds)}
			if i < len(names) {
				ss.Name = names[i]
			}
			ss.Win, _ = summarizeOutcomes(o, confidence)
			s.Seats = append(s.Seats, ss)
			lo, hi = math.Min(lo, ss.Win.Rate), math.Max(hi, ss.Win.Rate)
		}
		s.SeatTest, s.SeatPairs = summarizeSeats(t, confidence)
		s.Balance = &BalanceSummary{Balance: 1 - (hi - lo), Completion: 1}
		if t.Seats[0].Games > 0 {
			s.Balance.DrawRate = float64(t.Seats[0].Draws) / float64(t.Seats[0].Games)
		}
		for i, m := range g.Metrics() {
			h := &t.Metrics[0][i]
			switch m.Role {
			case games.Duration:
				d := s.Entries[0].Metrics[m.Name]
				s.Balance.Duration = &d
				for j, c := range h.Counts {
					if c != 0 {
						s.Balance.DurationHistogram = append(s.Balance.DurationHistogram, Bin{Value: h.Min + int64(j), Count: c})
					}
				}
			case games.Capped:
				if n := h.N(); n > 0 {
					zero := int64(0)
					if h.Min <= 0 && -h.Min < int64(len(h.Counts)) {
						zero = h.Counts[-h.Min]
					}
					s.Balance.Completion = float64(zero) / float64(n)
				}
			}
		}
		if t.Starter.Games > 0 {
			o := &t.Starter
			r, _ := summarizeOutcomes(o, confidence)
			e, lo, hi := stat.ClusteredEdge(o.Sums(), g.Seats(), confidence)
			fair := float64(o.Games-o.Draws) / float64(o.Games) / float64(g.Seats())
			s.FirstPlayer = &EdgeSummary{WinRate: r, FairShare: fair, Edge: e, CILow: lo, CIHigh: hi}
		}
	}
	if fs := g.Capabilities().DealFeatures; fs != nil {
		s.Features = summarizeFeatures(fs, t.Features, confidence, bounds)
		if len(t.RoundFeatures) > 0 {
			// A round's points are not within the game's score bounds.
			s.RoundFeatures = summarizeFeatures(fs, t.RoundFeatures, confidence, unbounded)
		}
	}
	return s
}

// summarizeFeatures reports the outcomes counted in ts against the values
// of the features ms.
func summarizeFeatures(ms []games.Metric, ts []FeatureTally, confidence float64, bounds [2]int) []FeatureSummary {
	var out []FeatureSummary
	for i, m := range ms {
		fs := FeatureSummary{Name: m.Name, Usage: m.Usage}
		ft := &ts[i]
		for j := range ft.Cells {
			c := &ft.Cells[j]
			if c.Games == 0 {
				continue
			}
			v := FeatureValue{Value: ft.Min + int64(j), Games: c.Games, Score: summarizeScore(&c.Score, &c.Cluster, confidence, bounds)}
			v.Win, v.Draw = summarizeOutcomes(c, confidence)
			fs.Values = append(fs.Values, v)
		}
		fs.WinTrend, fs.ScoreTrend = featureTrends(ft, confidence)
		out = append(out, fs)
	}
	return out
}

// slots counts how often each entry sits at a deal, over all seatings.
func slots(cfg *Config, entries int) []int64 {
	c := make([]int64, entries)
	for _, seating := range cfg.seatings() {
		for _, e := range seating {
			c[e]++
		}
	}
	return c
}

func compare(cfg *Config, t *Tally, confidence float64) []Comparison {
	n := len(t.Entries)
	c := slots(cfg, n)
	labels := StrategyLabels(lineupRecords(cfg))
	var out []Comparison
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			// The tally holds, per deal, c[b]·(a's summed score) − c[a]·(b's):
			// divided by c[a]·c[b] it is the per-game difference of the deal.
			scale := float64(c[a] * c[b])
			mean, sd := t.Pairs[a*n+b].MeanSD()
			lo, hi := stat.MeanInterval(mean, sd, t.Games, confidence)
			ea, eb := &t.Entries[a], &t.Entries[b]
			wm, _ := t.PairWins[a*n+b].MeanSD()
			wlo, whi := pairedWinInterval(t, a, b, c, confidence)
			ma, sa := ea.Score.MeanSD()
			mb, sb := eb.Score.MeanSD()
			// Unpaired: as if a and b had played independent deals.
			ulo, uhi := stat.UnpairedMeanDifference(stat.SampleMean{Mean: ma, SD: sa, N: ea.Games}, stat.SampleMean{Mean: mb, SD: sb, N: eb.Games}, confidence)
			out = append(out, Comparison{
				A: a, B: b, Label: labels[a] + " − " + labels[b],
				ScoreDiff: mean / scale, CILow: lo / scale, CIHigh: hi / scale,
				UnpairedLow: ulo, UnpairedHigh: uhi,
				WinDiff: wm / scale, WinDiffCILow: wlo, WinDiffCIHigh: whi,
				UndecidedA: ea.Undecided, UndecidedB: eb.Undecided,
			})
		}
	}
	return out
}

// pairedWinInterval returns the interval of the win-rate difference of
// entries a and b per game, with undecided games counted both ways: the
// lower end from the tally with a's undecided games lost and b's won, the
// upper end from the one with a's won and b's lost. When each entry plays
// each deal once (solitaires), a deal's difference is a win of one and not
// the other, and Newcombe's paired interval applies; otherwise the t
// interval of the per-deal differences.
func pairedWinInterval(t *Tally, a, b int, c []int64, confidence float64) (lo, hi float64) {
	n := len(t.Entries)
	low, high := &t.PairWinsLow[a*n+b], &t.PairWinsHigh[a*n+b]
	ea, eb := &t.Entries[a], &t.Entries[b]
	if c[a] == 1 && c[b] == 1 {
		// Low end: a wins ea.Wins, b wins eb.Wins + eb.Undecided; only a
		// won on the deals counted +1, only b on those counted −1.
		only1, only2 := low.Count(1), low.Count(-1)
		lo, _ = stat.PairedRateDifference(stat.PairedCounts{Both: ea.Wins - only1, Only1: only1, Only2: only2, N: t.Games}, confidence)
		only1, only2 = high.Count(1), high.Count(-1)
		_, hi = stat.PairedRateDifference(stat.PairedCounts{Both: eb.Wins - only2, Only1: only1, Only2: only2, N: t.Games}, confidence)
		return lo, hi
	}
	scale := float64(c[a] * c[b])
	m, sd := low.MeanSD()
	lo, _ = stat.MeanInterval(m, sd, t.Games, confidence)
	m, sd = high.MeanSD()
	_, hi = stat.MeanInterval(m, sd, t.Games, confidence)
	return lo / scale, hi / scale
}

// summarizeMetrics describes each metric's histogram in hs; clusters, if
// not nil, holds their sums by deal.
func summarizeMetrics(g games.Game, hs []Histogram, clusters []Cluster, confidence float64) (map[string]MetricSummary, []string) {
	out := map[string]MetricSummary{}
	var order []string
	for i, m := range g.Metrics() {
		h := &hs[i]
		mean, sd := h.MeanSD()
		mn, mx, _ := h.Range()
		lo, hi := stat.MeanInterval(mean, sd, h.N(), confidence)
		var c *Cluster // the deals' sums when deals count several times
		if clusters != nil && clusters[i].clustered(h.N()) {
			c = &clusters[i]
			lo, hi = stat.ClusteredMean(mean, c.scoreSums(h.N()), confidence)
			if math.IsInf(hi, 0) { // one deal: only its values bound the mean
				lo, hi = float64(mn), float64(mx)
			}
		}
		lo, hi = metricBounds(m.Role, lo, hi, mn, mx, h.Sum(), h.N(), c, confidence)
		out[m.Name] = MetricSummary{Usage: m.Usage, N: h.N(), Total: h.Sum(), Mean: mean, CILow: lo, CIHigh: hi, SD: sd, Min: mn, Max: mx}
		order = append(order, m.Name)
	}
	return out, order
}

// metricBounds keeps a metric's interval [lo, hi] within what its values
// can be: a count is never negative, so its interval stops at 0; a metric
// that is 0 or 1 a game is a share of games, whose interval is Wilson's
// when every game is counted once, and within [0, 1] when deals are
// counted several times (seats rotated). A share seen at 0 or 1 in every
// game has no spread to measure, so the deals then count as one trial
// each in Wilson's interval, which cannot be narrower than the truth (a
// t interval would claim 0 to 0).
//
// The metric took values mn to mx, summing to k over n games; c holds the
// deals' sums when deals count several times, nil otherwise.
func metricBounds(role games.MetricRole, lo, hi float64, mn, mx, k, n int64, c *Cluster, confidence float64) (float64, float64) {
	switch {
	case n == 0:
		return lo, hi
	case !role.Binary() || mn < 0 || mx > 1:
		return math.Max(lo, 0), hi
	case c == nil:
		return stat.Wilson(k, n, confidence)
	case k == 0:
		return stat.Wilson(0, c.Deals, confidence)
	case k == n:
		return stat.Wilson(c.Deals, c.Deals, confidence)
	}
	return math.Max(lo, 0), math.Min(hi, 1)
}

// unbounded marks scores whose bounds are not known (a round's points).
var unbounded = [2]int{1, 0}

// summarizeScore describes the scores of h. The interval of the mean is
// kept within the game's score bounds, which is also all that can be said of
// a mean from a single game.
func summarizeScore(h *Histogram, c *Cluster, confidence float64, bounds [2]int) ScoreSummary {
	if bounds[0] > bounds[1] && bounds != unbounded {
		panic("sim: score bounds the wrong way round")
	}
	mean, sd := h.MeanSD()
	lo, hi := stat.MeanInterval(mean, sd, h.N(), confidence)
	if c.clustered(h.N()) {
		lo, hi = stat.ClusteredMean(mean, c.scoreSums(h.N()), confidence)
	}
	if bounds == unbounded && (math.IsInf(lo, 0) || math.IsInf(hi, 0)) {
		// Nothing bounds the mean but the values seen.
		mn, mx, _ := h.Range()
		lo, hi = float64(mn), float64(mx)
	}
	if bounds != unbounded {
		if h.N() < 2 {
			lo, hi = float64(bounds[0]), float64(bounds[1])
		}
		lo = math.Max(lo, float64(bounds[0]))
		hi = math.Min(hi, float64(bounds[1]))
	}
	mn, mx, _ := h.Range()
	q := map[string]float64{}
	for _, p := range Quantiles {
		q[QuantileName(p)] = h.Quantile(p)
	}
	var bins []Bin
	for i, c := range h.Counts {
		if c != 0 {
			bins = append(bins, Bin{Value: h.Min + int64(i), Count: c})
		}
	}
	return ScoreSummary{N: h.N(), Mean: mean, CILow: lo, CIHigh: hi, SD: sd, Min: mn, Max: mx, Quantiles: q, Histogram: bins}
}

// summarizeOutcomes describes the win and draw rates of o, with intervals
// clustered by deal where a deal counts several plays.
func summarizeOutcomes(o *Outcomes, confidence float64) (win, draw RateSummary) {
	win = summarizeRate(o.Wins, o.Undecided, o.Games, confidence)
	draw = summarizeRate(o.Draws, 0, o.Games, confidence)
	if c := &o.Cluster; c.clustered(o.Games) && o.Undecided == 0 {
		s := o.Sums()
		win.CILow, win.CIHigh = stat.ClusteredRate(o.Wins, s.Wins(), confidence)
		draw.CILow, draw.CIHigh = stat.ClusteredRate(o.Draws, s.Draws(), confidence)
		win.Deals, draw.Deals = c.Deals, c.Deals
	}
	return win, draw
}

func summarizeRate(k, undecided, n int64, confidence float64) RateSummary {
	lo, _ := stat.Wilson(k, n, confidence)
	_, hi := stat.Wilson(k+undecided, n, confidence)
	r := RateSummary{CILow: lo, CIHigh: hi, Count: k, Undecided: undecided, Games: n}
	if n > 0 {
		r.Rate = float64(k) / float64(n)
	}
	return r
}
