package sim

import (
	"fmt"
	"math"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// Version is cardsim's version, recorded in every manifest.
const Version = "0.1.0"

// Manifest records what produced a summary, so any figure can be traced to
// the command, code and seed that made it.
type Manifest struct {
	Cardsim     string            `json:"cardsim"`
	Go          string            `json:"go"`
	Modules     map[string]string `json:"modules"`
	Game        string            `json:"game"`
	Rules       map[string]string `json:"rules"`
	Strategies  []StrategyRecord  `json:"strategies"` // one per seat
	Seed        uint64            `json:"seed"`
	Games       int64             `json:"games"`
	Confidence  float64           `json:"confidence"`
	Workers     int               `json:"workers"`
	WallSeconds float64           `json:"wall_seconds"`
}

// StrategyRecord names a seat's strategy and its parameter values.
type StrategyRecord struct {
	Name   string            `json:"name"`
	Params map[string]string `json:"params"`
}

// Summary is what a run found: the figures with their intervals.
type Summary struct {
	Manifest Manifest                 `json:"manifest"`
	Score    ScoreSummary             `json:"score"` // seat 0's (the player's, in a solitaire)
	Win      RateSummary              `json:"win"`   // seat 0's
	Seats    []SeatSummary            `json:"seats,omitempty"`
	Metrics  map[string]MetricSummary `json:"metrics"`
	// MetricOrder lists the metric names in the game's order.
	MetricOrder []string `json:"metric_order"`
}

// SeatSummary holds one seat's figures in games of several players.
type SeatSummary struct {
	Seat  int          `json:"seat"`
	Score ScoreSummary `json:"score"`
	Win   RateSummary  `json:"win"`
}

// ScoreSummary describes a score distribution.
type ScoreSummary struct {
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
}

// MetricSummary describes one metric over the games.
type MetricSummary struct {
	Usage  string  `json:"usage"`
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
func QuantileName(p float64) string {
	s := fmt.Sprintf("p%02d", int(math.Round(p*100)))
	return strings.TrimSuffix(s, ".")
}

// Summarize computes the figures of t for game g at the given confidence.
// The manifest is left for the caller to fill.
func Summarize(g games.Game, t *Tally, confidence float64) Summary {
	s := Summary{Metrics: map[string]MetricSummary{}}
	for i := range t.Seats {
		s.Seats = append(s.Seats, SeatSummary{
			Seat:  i,
			Score: summarizeScore(&t.Seats[i].Score, confidence),
			Win:   summarizeRate(t.Seats[i].Wins, t.Seats[i].Undecided, t.Games, confidence),
		})
	}
	if len(s.Seats) > 0 {
		s.Score, s.Win = s.Seats[0].Score, s.Seats[0].Win
	}
	if len(s.Seats) == 1 {
		s.Seats = nil
	}
	for i, m := range g.Metrics() {
		h := &t.Metrics[i]
		mean, sd := h.MeanSD()
		lo, hi := MeanInterval(mean, sd, h.N(), confidence)
		mn, mx, _ := h.Range()
		s.Metrics[m.Name] = MetricSummary{Usage: m.Usage, Total: h.Sum(), Mean: mean, CILow: lo, CIHigh: hi, SD: sd, Min: mn, Max: mx}
		s.MetricOrder = append(s.MetricOrder, m.Name)
	}
	return s
}

func summarizeScore(h *Histogram, confidence float64) ScoreSummary {
	mean, sd := h.MeanSD()
	lo, hi := MeanInterval(mean, sd, h.N(), confidence)
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
	return ScoreSummary{Mean: mean, CILow: lo, CIHigh: hi, SD: sd, Min: mn, Max: mx, Quantiles: q, Histogram: bins}
}

func summarizeRate(k, undecided, n int64, confidence float64) RateSummary {
	lo, _ := Wilson(k, n, confidence)
	_, hi := Wilson(k+undecided, n, confidence)
	r := RateSummary{CILow: lo, CIHigh: hi, Count: k, Undecided: undecided, Games: n}
	if n > 0 {
		r.Rate = float64(k) / float64(n)
	}
	return r
}
