package analyses

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// Env is what an analysis runs with: the registries, the settings every
// analysis shares, where to print, and how to play.
type Env struct {
	Games      *games.Registry
	Strategies *strategies.Registry
	Rules      []string // rule options over the game's defaults, "key=value"
	Seed       uint64   // run seed of every run
	Workers    int
	Confidence float64
	// Out receives the analysis's headline figures; nil discards them.
	Out io.Writer
	// Log receives notes on progress; nil discards them.
	Log func(format string, args ...any)
	// Play plays deals deals of the run cfg at the env's confidence,
	// labelled for a progress display; nil plays them plainly
	// (sim.PlayDeals). The experiment Runner supplies its sessions,
	// progress and interruption handling.
	Play func(ctx context.Context, cfg sim.Config, deals int64, label string) (*sim.Result, error)
}

// Game returns the named game under the env's rules, then extra rules.
func (e *Env) Game(name string, extra ...string) (games.Game, error) {
	def, err := e.Games.Lookup(name)
	if err != nil {
		return nil, err
	}
	return def.New(append(append([]string(nil), e.Rules...), extra...))
}

// Lineup returns the players of g named by specs, each "name" or
// "name:key=value:…".
func (e *Env) Lineup(g games.Game, specs ...string) ([]sim.Player, error) {
	return e.Strategies.Lineup(g, specs)
}

// Run plays deals of g by lineup, with the env's seed, workers and
// confidence, and returns what was played.
func (e *Env) Run(ctx context.Context, label string, g games.Game, lineup []sim.Player, deals int64) (*sim.Result, error) {
	return e.RunRecorded(ctx, label, g, lineup, deals, nil)
}

// RunRecorded is Run with every seat of every game also sent to records (if
// not nil), in deal order: for figures a tally does not hold, such as the
// difference a rule makes to a seat on the same deal.
func (e *Env) RunRecorded(ctx context.Context, label string, g games.Game, lineup []sim.Player, deals int64, records sim.RecordSink) (*sim.Result, error) {
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: e.Seed, Workers: e.Workers, Records: records}
	if e.Play == nil {
		return sim.PlayDeals(ctx, cfg, deals, e.Confidence)
	}
	return e.Play(ctx, cfg, deals, label)
}

// RunLineup plays deals of the named game under the env's rules and then
// rules, by the strategies of specs (each "name" or "name:key=value:…",
// seated in turn), sending every seat of every game to records if not nil.
// Its progress label names the game, the rules and the lineup.
func (e *Env) RunLineup(ctx context.Context, game string, rules, specs []string, deals int64, records sim.RecordSink) (*sim.Result, error) {
	g, err := e.Game(game, rules...)
	if err != nil {
		return nil, err
	}
	lineup, err := e.Lineup(g, specs...)
	if err != nil {
		return nil, err
	}
	label := fmt.Sprintf("%s %s %s", game, strings.Join(rules, " "), strings.Join(specs, "+"))
	return e.RunRecorded(ctx, label, g, lineup, deals, records)
}

// Logf writes a note on progress to Log.
func (e *Env) Logf(format string, args ...any) {
	if e.Log != nil {
		e.Log(format, args...)
	}
}

// Printf writes headline figures to Out.
func (e *Env) Printf(format string, args ...any) {
	if e.Out != nil {
		fmt.Fprintf(e.Out, format, args...)
	}
}
