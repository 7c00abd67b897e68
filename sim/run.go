package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// DefaultChunk is the number of games a worker plays between looks at the
// shared counter: large enough that coordination is negligible, small enough
// that cancellation and progress are prompt.
const DefaultChunk = 4096

// Player is the strategy for one seat, with its parameters.
type Player struct {
	Strategy strategies.Definition
	Params   []string
}

// Config describes a run.
type Config struct {
	Game    games.Game
	Players []Player // one per seat
	Seed    uint64
	First   int64 // index of the first game (for shards); usually 0
	Games   int64 // games to play, indices First … First+Games-1
	Workers int   // goroutines; GOMAXPROCS if zero
	Chunk   int   // games per chunk; DefaultChunk if zero
	// Progress, if not nil, is called after each chunk with the number of
	// games it played. It may be called from several goroutines at once.
	Progress func(games int64)
}

// GameError reports a game that could not be played: a bot panicked or chose
// an illegal action, or the game panicked. Index and Seed replay it.
type GameError struct {
	Game   string
	Index  int64
	Seed   uint64
	Action string // the offending action, if any
	Err    error
}

func (e *GameError) Error() string {
	s := fmt.Sprintf("%s game %d of seed %d", e.Game, e.Index, e.Seed)
	if e.Action != "" {
		s += " (action " + e.Action + ")"
	}
	return s + ": " + e.Err.Error() + fmt.Sprintf(" (replay: cardsim trace %s --seed %d --index %d)", e.Game, e.Seed, e.Index)
}

func (e *GameError) Unwrap() error { return e.Err }

// Run plays the games of cfg and returns their tally. The tally is the same
// for any number of workers. If ctx is cancelled, Run stops after the chunks
// under way and returns ctx's error with the tally of the games played.
func Run(ctx context.Context, cfg Config) (*Tally, error) {
	if cfg.Game == nil {
		panic("sim: Run without a game")
	}
	if len(cfg.Players) != cfg.Game.Seats() {
		return nil, fmt.Errorf("%s has %d seats, but %d strategies were given", cfg.Game.Name(), cfg.Game.Seats(), len(cfg.Players))
	}
	if cfg.Games < 1 {
		return nil, errors.New("the number of games must be at least 1")
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunk := int64(cfg.Chunk)
	if chunk <= 0 {
		chunk = DefaultChunk
	}
	// Check the strategies' parameters once, before any goroutine starts.
	if _, err := newBots(cfg); err != nil {
		return nil, err
	}
	chunks := (cfg.Games + chunk - 1) / chunk
	var next atomic.Int64
	var mu sync.Mutex
	total := NewTally(cfg.Game.Seats(), len(cfg.Game.Metrics()))
	g, gctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() error {
			w, err := newWorker(cfg)
			if err != nil {
				return err
			}
			for gctx.Err() == nil {
				c := next.Add(1) - 1
				if c >= chunks {
					break
				}
				lo := cfg.First + c*chunk
				hi := min(lo+chunk, cfg.First+cfg.Games)
				if err := w.play(lo, hi); err != nil {
					return err
				}
				if cfg.Progress != nil {
					cfg.Progress(hi - lo)
				}
			}
			mu.Lock()
			total.Merge(w.tally)
			mu.Unlock()
			return nil
		})
	}
	err := g.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return total, err
}

func newBots(cfg Config) ([]strategies.Strategy, error) {
	bots := make([]strategies.Strategy, len(cfg.Players))
	for i, p := range cfg.Players {
		b, err := p.Strategy.New(cfg.Game, p.Params)
		if err != nil {
			return nil, fmt.Errorf("strategy %s: %w", p.Strategy.Name, err)
		}
		bots[i] = b
	}
	return bots, nil
}

// worker plays chunks of games with its own state, bots and buffers, so the
// games themselves allocate nothing.
type worker struct {
	cfg     Config
	state   games.State
	bots    []strategies.Strategy
	legal   []games.Action
	metrics []int64
	tally   *Tally
}

func newWorker(cfg Config) (*worker, error) {
	bots, err := newBots(cfg)
	if err != nil {
		return nil, err
	}
	return &worker{
		cfg: cfg, state: cfg.Game.NewState(), bots: bots,
		legal: make([]games.Action, 0, 64),
		tally: NewTally(cfg.Game.Seats(), len(cfg.Game.Metrics())),
	}, nil
}

// play plays games lo … hi-1 into the worker's tally.
func (w *worker) play(lo, hi int64) (err error) {
	var i int64
	defer func() {
		if r := recover(); r != nil {
			err = &GameError{Game: w.cfg.Game.Name(), Index: i, Seed: w.cfg.Seed, Err: fmt.Errorf("panic: %v", r)}
		}
	}()
	for i = lo; i < hi; i++ {
		if err := w.playOne(i); err != nil {
			return err
		}
	}
	return nil
}

func (w *worker) playOne(i int64) error {
	seed := w.cfg.Seed
	s := w.state
	s.Reset(GameSeed(seed, i))
	for seat, b := range w.bots {
		b.Begin(BotSeed(seed, i, seat))
	}
	var err error
	if w.legal, err = Play(s, w.bots, w.legal); err != nil {
		var ie *IllegalError
		if errors.As(err, &ie) {
			return &GameError{Game: w.cfg.Game.Name(), Index: i, Seed: seed, Action: fmt.Sprint(ie.Action),
				Err: fmt.Errorf("strategy %s in seat %d chose an illegal action", w.cfg.Players[ie.Seat].Strategy.Name, ie.Seat)}
		}
		return err
	}
	t := w.tally
	t.Games++
	for seat := range t.Seats {
		o := s.Outcome(seat)
		st := &t.Seats[seat]
		st.Score.Add(int64(o.Score))
		switch o.Result {
		case games.Win:
			st.Wins++
		case games.Draw:
			st.Draws++
		default:
			if p, ok := w.bots[seat].(strategies.Prover); ok && p.Undecided() {
				st.Undecided++
			}
		}
	}
	w.metrics = s.Metrics(w.metrics)
	for k, v := range w.metrics {
		t.Metrics[k].Add(v)
	}
	return nil
}

// IllegalError reports a bot that chose an action not among the legal ones.
type IllegalError struct {
	Seat   int
	Action games.Action
	Legal  []games.Action
}

func (e *IllegalError) Error() string {
	return fmt.Sprintf("seat %d chose illegal action %d (legal: %v)", e.Seat, e.Action, e.Legal)
}

// Play plays the game dealt on s to the end, asking bots[seat] for every
// decision of seat, and returns the grown buffer of legal actions. The
// caller deals (Reset or Deal) and begins the bots. A bot's choice that is
// not legal stops the game with an *IllegalError.
func Play(s games.State, bots []strategies.Strategy, legal []games.Action) ([]games.Action, error) {
	for {
		seat := s.Turn()
		if seat == games.Terminal {
			return legal, nil
		}
		legal = s.Legal(legal)
		a := bots[seat].Choose(s.View(seat), legal)
		if _, ok := slices.BinarySearch(legal, a); !ok {
			return legal, &IllegalError{Seat: seat, Action: a, Legal: slices.Clone(legal)}
		}
		s.Apply(a)
	}
}
