package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// TraceRecord is a traced game as cardsim trace --format json writes it.
type TraceRecord struct {
	Game     string             `json:"game"`
	Rules    map[string]string  `json:"rules"`
	Strategy sim.StrategyRecord `json:"strategy"`
	// Seats names the strategy of each seat when they differ.
	Seats   []sim.StrategyRecord `json:"seats,omitempty"`
	Seed    uint64               `json:"seed"`
	Index   int64                `json:"index"`
	Deal    string               `json:"deal,omitempty"`
	Events  []games.Event        `json:"events"`
	Outcome []TraceOutcome       `json:"outcome"`
	Metrics map[string]int64     `json:"metrics"`
}

// TraceOutcome is a seat's score and result in a TraceRecord.
type TraceOutcome struct {
	Seat   int    `json:"seat"`
	Score  int    `json:"score"`
	Result string `json:"result"`
}

// NewTraceRecord returns the record of the game t, which was played to its
// end. With eachSeat, as when each seat was given its strategy, the record
// names the strategy of every seat.
func NewTraceRecord(t *sim.GameTrace, eachSeat bool) *TraceRecord {
	r := &TraceRecord{
		Game: t.Game.Name(), Rules: map[string]string{}, Seed: t.Seed, Index: t.Index, Deal: t.Deal,
		Events:   t.Events,
		Strategy: sim.StrategyRecord{Name: t.Seats[0].Strategy.Name, Params: sim.ParamValues(t.Seats[0])},
		Metrics:  map[string]int64{},
	}
	if eachSeat {
		for _, p := range t.Seats {
			r.Seats = append(r.Seats, sim.StrategyRecord{Name: p.Strategy.Name, Params: sim.ParamValues(p)})
		}
	}
	for _, s := range t.Game.Rules() {
		r.Rules[s.Name] = s.Value
	}
	for seat, o := range t.Outcomes {
		r.Outcome = append(r.Outcome, TraceOutcome{Seat: seat, Score: o.Score, Result: o.Result.String()})
	}
	for i, m := range t.Game.Metrics() {
		r.Metrics[m.Name] = t.Metrics[i]
	}
	return r
}

// WriteText writes r for a reader: a heading with the game, the strategies
// (each seat's, when r names them), the seed and the game's index, then
// every event on a line of its own, then each seat's score and result.
func (r *TraceRecord) WriteText(w io.Writer) error {
	names := []string{r.Strategy.Name}
	if len(r.Seats) > 0 {
		names = names[:0]
		for _, s := range r.Seats {
			names = append(names, s.Name)
		}
	}
	fmt.Fprintf(w, "%s, strategy %s, seed %d, game %d\n", r.Game, strings.Join(names, " vs "), r.Seed, r.Index)
	WriteEvents(w, r.Events)
	for _, o := range r.Outcome {
		fmt.Fprintf(w, "seat %d: score %d, %s\n", o.Seat, o.Score, o.Result)
	}
	return nil
}

// WriteEvents writes events, one per line.
func WriteEvents(w io.Writer, events []games.Event) {
	for _, e := range events {
		fmt.Fprintln(w, e.String())
	}
}
