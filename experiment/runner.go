package experiment

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/internal/parse"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// Meter shows the progress of the sessions a Runner plays. Plan adds deals
// to play before they are played; Play plays a session and counts its
// deals under a label; Logf writes a note; Finish clears the display.
type Meter interface {
	Plan(deals int64)
	Play(ctx context.Context, s *sim.Session, label string) (*sim.Result, error)
	Logf(format string, args ...any)
	Finish()
}

// Runner executes Specs: it looks the games and strategies up, checks
// every setting before any deal is played, plays the sessions, keeps
// their checkpoints, writes the outputs and returns the Result.
type Runner struct {
	Games      *games.Registry
	Strategies *strategies.Registry
	Analyses   *analyses.Registry // Analyze
	Solvers    *analyses.Registry // Solve
	Studies    []Study            // Report
	// Family is the most verdicts resting on a difference that a report
	// of Studies can give (reports.Report.Family): each is judged as one
	// of at least this many when a study chooses to play on.
	Family int
	// Workers is the number of goroutines of every run, GOMAXPROCS if
	// zero; results do not depend on it.
	Workers int
	// DealScale, if positive, multiplies the deals of every session (at
	// least 2 a session): a test's way to run experiments written for
	// millions of deals in seconds.
	DealScale float64
	// Meter shows progress; nil shows none.
	Meter Meter
	// Out receives an analysis's headline figures; nil discards them.
	Out io.Writer
	// Err receives notes, such as where a shard's part was written; nil
	// discards them.
	Err io.Writer
	// Getenv reads the environment (a shard "auto/n"); nil is os.Getenv.
	Getenv func(string) string
}

// silent is the Meter of a Runner given none.
type silent struct{}

func (silent) Plan(int64) {}
func (silent) Play(ctx context.Context, s *sim.Session, _ string) (*sim.Result, error) {
	return s.Play(ctx)
}
func (silent) Logf(string, ...any) {}
func (silent) Finish()             {}

// workers returns the goroutines of a run: Workers, or GOMAXPROCS if unset.
func (r *Runner) workers() int {
	if r.Workers > 0 {
		return r.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// meter returns the runner's meter, silent if it has none.
func (r *Runner) meter() Meter {
	if r.Meter == nil {
		return silent{}
	}
	return r.Meter
}

// notef writes a note to Err.
func (r *Runner) notef(format string, args ...any) {
	if r.Err != nil {
		fmt.Fprintf(r.Err, format, args...)
	}
}

// getenv reads the environment.
func (r *Runner) getenv(name string) string {
	if r.Getenv == nil {
		return os.Getenv(name)
	}
	return r.Getenv(name)
}

// scaled returns a number of deals multiplied by the runner's DealScale.
func (r *Runner) scaled(deals int64) int64 {
	if r.DealScale <= 0 || r.DealScale == 1 {
		return deals
	}
	return max(2, int64(math.Ceil(float64(deals)*r.DealScale)))
}

// play plays a session under the runner's deal scale and meter.
func (r *Runner) play(ctx context.Context, s *sim.Session, label string) (*sim.Result, error) {
	s.Deals = r.scaled(s.Deals)
	if r.DealScale > 0 && r.DealScale < 1 {
		s.DealScale = r.DealScale // recorded in the manifest
	}
	return r.meter().Play(ctx, s, label)
}

// newSession is the one place a session is built: the run cfg (with the
// runner's workers) for deals deals, or to spec's precision with at most
// its MaxGames, at spec's confidence.
func (r *Runner) newSession(cfg sim.Config, spec *Spec, deals int64) *sim.Session {
	cfg.Workers = r.workers()
	s := &sim.Session{Config: cfg, Deals: deals, Confidence: spec.Confidence}
	if spec.Precision > 0 {
		s.Deals, s.Precision, s.Target = spec.MaxGames, spec.Precision, sim.Target(spec.target())
	}
	return s
}

// Game looks a game up and applies rule options.
func (r *Runner) Game(name string, rules []string) (games.Game, error) {
	def, err := r.Games.Lookup(name)
	if err != nil {
		return nil, err
	}
	return def.New(rules)
}

// Lineup builds the strategies of a run from one strategy and its params,
// or from specs, whose entries are "name" or "name:key=value:key=value".
// Every entry is checked (unknown names and bad parameters are errors).
func (r *Runner) Lineup(g games.Game, strategy string, params, specs []string) ([]sim.Player, error) {
	if err := checkSpecs(specs); err != nil {
		return nil, err
	}
	if strategy != "" && len(specs) > 0 {
		return nil, fmt.Errorf("give --strategy or --strategies, not both")
	}
	if len(specs) == 0 {
		p, err := r.Strategies.Player(g, strategy, params)
		if err != nil {
			return nil, err
		}
		return []sim.Player{p}, nil
	}
	if len(params) > 0 {
		return nil, fmt.Errorf("--param goes with --strategy; with --strategies write name:key=value")
	}
	return r.Strategies.Lineup(g, specs)
}

// Seats returns the strategy of each seat of g for one game: strategy
// (with params) in every seat, or those of specs in seat order.
func (r *Runner) Seats(g games.Game, strategy string, params, specs []string) ([]sim.Player, error) {
	if len(specs) > 0 {
		if len(specs) != g.Seats() {
			return nil, fmt.Errorf("--strategies: %d strategies for %s's %d seats", len(specs), g.Name(), g.Seats())
		}
		return r.Lineup(g, strategy, params, specs)
	}
	p, err := r.Lineup(g, strategy, params, nil)
	if err != nil {
		return nil, err
	}
	seats := make([]sim.Player, g.Seats())
	for i := range seats {
		seats[i] = p[0]
	}
	return seats, nil
}

// config returns the game and lineup of spec under rules.
func (r *Runner) config(spec *Spec, rules []string) (sim.Config, error) {
	g, err := r.Game(spec.Game, rules)
	if err != nil {
		return sim.Config{}, err
	}
	lineup, err := r.Lineup(g, spec.Strategy, spec.Params, spec.Strategies)
	if err != nil {
		return sim.Config{}, err
	}
	return sim.Config{Game: g, Title: r.title(spec.Game), Lineup: lineup, Seed: spec.Seed}, nil
}

// title returns the named game's name in prose, "" for a game the runner
// does not know.
func (r *Runner) title(game string) string {
	def, err := r.Games.Lookup(game)
	if err != nil {
		return ""
	}
	return def.Title
}

// checkSpecs reports an empty entry of --strategies, such as those of ","
// or "a,,b", which would otherwise stand for the game's first strategy, and
// a parameter given twice to one entry, which would keep its last value.
func checkSpecs(specs []string) error {
	for i, spec := range specs {
		name, params, _ := strings.Cut(spec, ":")
		if strings.TrimSpace(name) == "" {
			return fmt.Errorf("--strategies: empty strategy name in place %d of %d: write names such as a,b", i+1, len(specs))
		}
		if err := parse.OnceEach("parameter", strings.Split(params, ":")); err != nil {
			return fmt.Errorf("--strategies %s: %w", spec, err)
		}
	}
	return nil
}

// Env returns the env analyses run in: the registries, the rules, spec's
// seed and confidence, and the runner's workers and meter, which counts
// every run of the analysis and prints its notes.
func (r *Runner) Env(spec *Spec) *analyses.Env {
	return &analyses.Env{
		Games: r.Games, Strategies: r.Strategies, Rules: spec.Rules,
		Seed: spec.Seed, Workers: r.workers(), Confidence: spec.Confidence,
		Play: func(ctx context.Context, cfg sim.Config, deals int64, label string) (*sim.Result, error) {
			return r.play(ctx, r.newSession(cfg, &Spec{Confidence: spec.Confidence}, deals), label)
		},
		Log: r.meter().Logf,
	}
}

// Validate reports the first thing wrong with spec without playing a deal:
// a value out of range (Check), an unknown game, rule or strategy, a
// parameter it does not take, a grid too large. Run checks the same, and
// more: the paths of outputs and checkpoints.
func (r *Runner) Validate(spec Spec) error {
	if err := spec.Check(); err != nil {
		return err
	}
	switch spec.Kind {
	case Run, Compare, Tournament:
		if len(spec.Variants) > 0 {
			return r.checkVariantArms(&spec)
		}
		_, err := r.config(&spec, spec.Rules)
		return err
	case Tune:
		_, _, _, err := r.tuneArms(&spec, -1)
		return err
	case Sweep:
		_, points, _, err := spec.points()
		if err != nil {
			return err
		}
		for _, rules := range points {
			if _, err := r.config(&spec, rules); err != nil {
				return err
			}
		}
	case Skill:
		g, err := r.Game(spec.Game, spec.Rules)
		if err != nil {
			return err
		}
		_, err = r.Strategies.Named(g, spec.Strategy)
		return err
	case Analyze, Solve:
		def, err := r.Analysis(&spec)
		if err != nil {
			return err
		}
		return def.Check(spec.Options)
	}
	return nil
}
