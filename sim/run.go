package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/strategies"
)

// DefaultChunk is the number of deals a worker plays between looks at the
// shared counter: large enough that coordination is negligible, small enough
// that progress and checkpoints come often.
const DefaultChunk = 512

// SearchChunk is the number of deals of a chunk when a strategy of the
// lineup searches at its decisions (strategies.Definition.Search), whose
// deals take from milliseconds to seconds: a chunk is the unit a checkpoint
// saves, so a slow run interrupted after a minute still keeps what it
// played.
const SearchChunk = 1

// DefaultBatch is the number of chunks of DefaultChunk deals between two
// calls of Config.after (checks of a precision target, checkpoints). A run
// with smaller chunks has as many more of them in a batch, so a batch is
// BatchDeals deals whatever the chunks, and a run with a precision target
// stops at the same deal.
const DefaultBatch = 64

// BatchDeals is the number of deals of a batch when Config.Batch is zero and
// the chunks divide it.
const BatchDeals = DefaultChunk * DefaultBatch

// Player is one entry of a lineup: a strategy with its parameters
// (strategies.Registry.Lineup builds them from names).
type Player = strategies.Player

// Config describes a run.
type Config struct {
	Game games.Game
	// Title is the game's name in prose (games.Definition.Title),
	// recorded in the manifest for titles of charts; "" for none.
	Title  string
	Lineup []Player // the strategies compared; see Seatings
	// Seatings lists how each deal is played (seat → lineup entry); nil
	// means Seatings(seats, len(Lineup)).
	Seatings [][]int
	Seed     uint64
	First    int64 // index of the first deal (shards, resumed runs); usually 0
	Games    int64 // deals to play, indices First … First+Games-1
	Workers  int   // goroutines; GOMAXPROCS if zero
	Chunk    int   // deals per chunk; if zero, SearchChunk for a lineup with a searching strategy and DefaultChunk otherwise, halved for a run of few deals (MinChunks)
	Batch    int   // chunks per batch; if zero, BatchDeals deals' worth (DefaultBatch if the chunks do not divide it)
	// Progress, if not nil, is called after each chunk with the number of
	// deals it played. It may be called from several goroutines at once.
	Progress func(deals int64)
	// Records, if not nil, receives a record of every seat of every game,
	// in deal order.
	Records RecordSink

	// The hooks a Session sets to resume, stop at a precision and save
	// checkpoints: the run's own, never the caller's.
	//
	// start, if not nil, is the tally of deals already played (a resumed
	// run); the run adds to it.
	start *Tally
	// after, if not nil, is called after each batch, in index order, with
	// the tally so far and the index of the next deal to play. Returning
	// true stops the run there. The batches do not depend on the number of
	// workers, so neither does where a run stops.
	after func(t *Tally, next int64) (stop bool, err error)
	// onChunk, if not nil, is called after every chunk, one call at a
	// time, with the run's state: what a checkpoint saves. It must not keep
	// the snapshot's tally, which the run goes on adding to.
	onChunk func(s Snapshot) error
	// done lists the first deals of chunks of the first batch that were
	// already played (a run resumed from a Snapshot taken mid-batch, whose
	// tally is start); Run skips them.
	done []int64
}

// Snapshot is a run's state between two chunks: the tally of every deal
// played (Start included), and where to resume: the first deal of the batch
// under way and the first deals of its chunks already played. Tallies merge
// exactly in any order, so a run resumed from a snapshot ends with the same
// tally as one never stopped, whatever the workers did.
type Snapshot struct {
	Tally *Tally
	Next  int64
	Done  []int64
}

// GameError reports a game that could not be played: a bot panicked or chose
// an illegal action, or the game panicked. The game under Rules, dealt as
// deal Index of a run with Seed and played by Seats, replays it.
type GameError struct {
	Game   string
	Rules  []games.Setting // every rule, with its value in force
	Seats  []Player        // the strategy in each seat of the failing game
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
	return s + ": " + e.Err.Error()
}

func (e *GameError) Unwrap() error { return e.Err }

func (cfg *Config) seatings() [][]int {
	if cfg.Seatings != nil {
		return cfg.Seatings
	}
	return Seatings(cfg.Game.Seats(), len(cfg.Lineup))
}

// NewTallyFor returns an empty tally shaped for cfg.
func NewTallyFor(cfg *Config) *Tally {
	nf := len(cfg.Game.Capabilities().DealFeatures)
	return NewTally(cfg.Game.Seats(), len(cfg.Lineup), len(cfg.Game.Metrics()), nf)
}

// MinChunks is the fewest chunks a run of few deals is cut into (unless
// Config.Chunk says otherwise): a run of 300 deals in one chunk of
// DefaultChunk would leave every worker but one idle, which costs a study
// of a few hundred slow deals (Nora's optimal policy plays 8 ms a game)
// most of its machine.
const MinChunks = 16

// chunk returns the deals per chunk of the run: Chunk, or its default for
// the lineup, halved while the run's deals would make fewer than
// MinChunks chunks. A power of two up to DefaultChunk divides BatchDeals,
// so the batches, and the deal at which a precision target stops a run,
// are the same whatever the chunk; so is the tally.
func (cfg *Config) chunk() int {
	if cfg.Chunk > 0 {
		return cfg.Chunk
	}
	for _, p := range cfg.Lineup {
		if p.Strategy.Search {
			return SearchChunk
		}
	}
	c := DefaultChunk
	for c > 1 && int64(c)*MinChunks > cfg.Games {
		c /= 2
	}
	return c
}

// batch returns the chunks per batch of a run of chunks of the given size.
func (cfg *Config) batch(chunk int) int {
	switch {
	case cfg.Batch > 0:
		return cfg.Batch
	case BatchDeals%chunk == 0:
		return BatchDeals / chunk
	}
	return DefaultBatch
}

// Run plays the deals of cfg and returns their tally (added to cfg.start).
// The tally is the same for any number of workers and any size of chunks.
// If ctx is cancelled, each worker stops after the deal it is playing,
// leaving its chunk unfinished and untallied, and Run returns ctx's error
// with the tally of every chunk finished (Config.onChunk has seen where to
// resume from).
func Run(ctx context.Context, cfg Config) (*Tally, error) {
	if cfg.Game == nil {
		panic("sim: Run without a game")
	}
	if err := games.CanDeal(cfg.Game); err != nil {
		return nil, err
	}
	if len(cfg.Lineup) == 0 {
		return nil, errors.New("no strategy given")
	}
	if err := checkLineup(len(cfg.Lineup)); err != nil {
		return nil, err
	}
	if seats := cfg.Game.Seats(); seats > 1 && len(cfg.Lineup) > seats && cfg.Seatings == nil {
		return nil, fmt.Errorf("%d strategies for %s's %d seats: compare at most %d at a time (cardsim tournament plays every pair)", len(cfg.Lineup), cfg.Game.Name(), seats, seats)
	}
	for _, s := range cfg.seatings() {
		if len(s) != cfg.Game.Seats() {
			return nil, fmt.Errorf("a seating of %d seats for %s, which has %d", len(s), cfg.Game.Name(), cfg.Game.Seats())
		}
	}
	if cfg.Games < 1 {
		return nil, errors.New("the number of games must be at least 1")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	cfg.Chunk = cfg.chunk()
	cfg.Batch = cfg.batch(cfg.Chunk)
	// Check the strategies' parameters once, before any goroutine starts,
	// and let them prepare under ctx (strategies.Preparer).
	bots, err := newBots(&cfg)
	if err != nil {
		return nil, err
	}
	for i, b := range bots {
		if p, ok := b.(strategies.Preparer); ok {
			if err := p.Prepare(ctx); err != nil {
				return nil, fmt.Errorf("strategy %s: %w", cfg.Lineup[i].Strategy.Name, err)
			}
		}
	}
	total := cfg.start
	if total == nil {
		total = NewTallyFor(&cfg)
	}
	workers := make([]*worker, cfg.Workers)
	for i := range workers {
		w, err := newWorker(&cfg)
		if err != nil {
			return nil, err
		}
		workers[i] = w
	}
	if cfg.First < 0 || cfg.Games > math.MaxInt64-cfg.First {
		return nil, fmt.Errorf("deals %d to %d+%d: beyond the indices a run can number", cfg.First, cfg.First, cfg.Games)
	}
	end := cfg.First + cfg.Games
	batch := int64(cfg.Chunk) * int64(cfg.Batch)
	state := &runState{total: total, done: slices.Clone(cfg.done)}
	if cfg.Records != nil {
		state.records = newRecordQueue(cfg.Records, cfg.First, end, cfg.Chunk, cfg.Workers, cfg.done)
	}
	for lo := cfg.First; lo < end; {
		hi := lo + min(batch, end-lo) // never past end, so never past MaxInt64
		state.next = lo
		if err := playBatch(ctx, &cfg, workers, state, lo, hi); err != nil {
			return total, err
		}
		state.done = state.done[:0]
		if cfg.after != nil {
			stop, err := cfg.after(total, hi)
			if err != nil || stop {
				return total, err
			}
		}
		lo = hi
	}
	return total, nil
}

// runState is what the workers of a run share: the tally of every chunk
// played, and the chunks of the batch under way already played.
type runState struct {
	mu      sync.Mutex
	total   *Tally
	next    int64   // first deal of the batch under way
	done    []int64 // first deals of its chunks played
	records *recordQueue
}

// add merges the tally of the chunk that starts at deal a, then reports
// the new state to cfg.onChunk.
func (st *runState) add(cfg *Config, a int64, t *Tally) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if err := st.total.add(t); err != nil {
		return fmt.Errorf("the run's tally: %w", err)
	}
	st.done = append(st.done, a)
	if cfg.onChunk == nil {
		return nil
	}
	return cfg.onChunk(Snapshot{Tally: st.total, Next: st.next, Done: st.done})
}

// playBatch plays deals lo … hi-1 on the workers, chunk by chunk, and adds
// each chunk's tally to the run's as soon as it is played. Chunks already
// done (a resumed run) are skipped.
func playBatch(ctx context.Context, cfg *Config, workers []*worker, st *runState, lo, hi int64) error {
	chunk := int64(cfg.Chunk)
	chunks := (hi - lo + chunk - 1) / chunk
	skip := slices.Clone(st.done)
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for _, w := range workers {
		g.Go(func() error {
			for gctx.Err() == nil {
				c := next.Add(1) - 1
				if c >= chunks {
					return nil
				}
				a := lo + c*chunk
				if slices.Contains(skip, a) {
					continue
				}
				b := a + min(chunk, hi-a)
				if st.records != nil {
					w.recs = st.records.get(a)
				}
				if err := w.play(gctx.Done(), a, b); err != nil {
					stopped := errors.Is(err, errStopped)
					if stopped {
						// Cancelled, or another worker failed: the
						// unfinished chunk is dropped, and the cause is
						// what the run returns.
						err = context.Cause(gctx)
						w.tally = NewTallyFor(cfg)
					}
					if st.records != nil {
						st.records.fail(err)
					}
					if stopped {
						return nil
					}
					return err
				}
				if st.records != nil {
					w.recs.slices(len(w.tally.Features), len(cfg.Game.Metrics()))
					if err := st.records.put(w.recs); err != nil {
						return err
					}
				}
				if err := st.add(cfg, a, w.tally); err != nil {
					return err
				}
				w.tally = NewTallyFor(cfg)
				if cfg.Progress != nil {
					cfg.Progress(b - a)
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}

func newBots(cfg *Config) ([]strategies.Strategy, error) {
	bots := make([]strategies.Strategy, len(cfg.Lineup))
	for i, p := range cfg.Lineup {
		b, err := p.Strategy.New(cfg.Game, p.Params)
		if err != nil {
			return nil, fmt.Errorf("strategy %s: %w", p.Strategy.Name, err)
		}
		bots[i] = b
	}
	return bots, nil
}

// worker plays chunks of deals with its own state, bots and buffers, so the
// games themselves allocate nothing.
type worker struct {
	cfg           *Config
	seatings      [][]int
	state         games.State
	entries       []strategies.Strategy // one bot per lineup entry and seat
	bots          []strategies.Strategy // the bots of the current seating
	byEntry       [][]strategies.Strategy
	legal         []games.Action
	metrics       []int64
	features      [][]int64 // per seat, this deal
	roundFeatures []int64
	// sums gathers a deal's totals for intervals clustered by deal; nil
	// where every deal counts one play of each figure (solitaires).
	sums    *dealSums
	recs    *chunkRecords // the records of the chunk under way, if records are kept
	cards   []cards.Card
	key     []byte  // a seat's feature vector as text, the key of Tally.Joint
	slots   []int64 // per entry, its seats over all seatings of a deal
	score   []int64 // per entry, this deal
	wins    []int64
	undec   []int64 // per entry, this deal: games a solver left undecided
	seating int     // the seating under way, for errors
	tally   *Tally
	// The state's optional interfaces, asserted once from the game's
	// Capabilities; nil where the game does not offer them.
	featured games.FeaturedState
	starter  games.Starter
	rounds   games.RoundFeaturedState
}

// gameError reports that deal i could not be played in the seating under
// way.
func (w *worker) gameError(i int64, action string, err error) *GameError {
	seats := make([]Player, len(w.seatings[w.seating]))
	for seat, e := range w.seatings[w.seating] {
		seats[seat] = w.cfg.Lineup[e]
	}
	return &GameError{Game: w.cfg.Game.Name(), Rules: w.cfg.Game.Rules(), Seats: seats, Index: i, Seed: w.cfg.Seed, Action: action, Err: err}
}

func newWorker(cfg *Config) (*worker, error) {
	w := &worker{
		cfg: cfg, seatings: cfg.seatings(), state: cfg.Game.NewState(),
		legal: make([]games.Action, 0, 64),
		score: make([]int64, len(cfg.Lineup)), wins: make([]int64, len(cfg.Lineup)), undec: make([]int64, len(cfg.Lineup)),
		bots:     make([]strategies.Strategy, cfg.Game.Seats()),
		features: make([][]int64, cfg.Game.Seats()),
		slots:    slots(cfg, len(cfg.Lineup)),
		tally:    NewTallyFor(cfg),
	}
	caps := cfg.Game.Capabilities()
	if caps.DealFeatures != nil {
		w.featured, _ = w.state.(games.FeaturedState)
	}
	if caps.FirstSeat {
		w.starter, _ = w.state.(games.Starter)
	}
	if caps.Rounds {
		w.rounds, _ = w.state.(games.RoundFeaturedState)
	}
	if cfg.Game.Seats() > 1 || w.rounds != nil {
		w.sums = newDealSums(len(cfg.Lineup), cfg.Game.Seats(), len(cfg.Game.Metrics()), len(w.tally.Features))
	}
	// A bot per (entry, seat), so an entry sitting in two seats of one
	// game has two independent bots.
	w.byEntry = make([][]strategies.Strategy, len(cfg.Lineup))
	for e := range w.byEntry {
		for range cfg.Game.Seats() {
			bots, err := newBots(cfg)
			if err != nil {
				return nil, err
			}
			w.byEntry[e] = append(w.byEntry[e], bots[e])
		}
	}
	return w, nil
}

// play plays deals lo … hi-1 into the worker's tally. Once stop is
// closed it returns errStopped before the next deal: the chunk is
// unfinished and its tally must not be used.
func (w *worker) play(stop <-chan struct{}, lo, hi int64) (err error) {
	var i int64
	defer func() {
		if r := recover(); r != nil {
			err = w.gameError(i, "", fmt.Errorf("panic: %v", r))
		}
	}()
	for i = lo; i < hi; i++ {
		select {
		case <-stop:
			return errStopped
		default:
		}
		if err := w.playDeal(i); err != nil {
			return err
		}
	}
	return nil
}

// errStopped reports a chunk left unfinished because the run was stopped
// (cancelled, or another worker failed); the run returns the cause.
var errStopped = errors.New("sim: chunk left unfinished")

// playDeal plays deal i in every seating and tallies it.
func (w *worker) playDeal(i int64) error {
	t := w.tally
	seed := w.cfg.Seed
	clear(w.score)
	clear(w.wins)
	clear(w.undec)
	if w.sums != nil {
		w.sums.reset()
	}
	featured, starter, rounds := w.featured, w.starter, w.rounds
	for k, seating := range w.seatings {
		w.seating = k
		s := w.state
		s.Reset(GameSeed(seed, i))
		if k == 0 {
			w.cards = dealtCards(s, w.cards)
			t.Fingerprint ^= fingerprint(i, w.cards)
		}
		if featured != nil && len(t.Features) > 0 {
			for seat := range seating {
				w.features[seat] = featured.SeatFeatures(seat, w.features[seat])
			}
		}
		for seat, e := range seating {
			w.bots[seat] = w.byEntry[e][seat]
			w.bots[seat].Begin(BotSeed(seed, i, seat))
		}
		var err error
		if w.legal, err = Play(s, w.bots, w.legal); err != nil {
			var ie *IllegalError
			if errors.As(err, &ie) {
				return w.gameError(i, s.ActionString(ie.Action),
					fmt.Errorf("strategy %s in seat %d chose an illegal action", w.cfg.Lineup[seating[ie.Seat]].Strategy.Name, ie.Seat))
			}
			return err
		}
		t.Plays++
		w.metrics = s.Metrics(w.metrics)
		for seat, e := range seating {
			o := s.Outcome(seat)
			pr := proofOf(w.bots[seat], o)
			undecided := pr.undecided
			t.Seats[seat].add(o, pr)
			t.Entries[e].add(o, pr)
			w.score[e] += int64(o.Score)
			if o.Result == games.Win {
				w.wins[e]++
			}
			if undecided {
				w.undec[e]++
			}
			play := outcomeOf(o)
			if w.recs != nil {
				var fs []int64
				if featured != nil {
					fs = w.features[seat][:len(t.Features)]
				}
				w.recs.add(Record{Index: i, Seating: k, Seat: seat, Entry: e, Score: o.Score, Result: o.Result, Undecided: undecided}, fs, w.metrics)
			}
			if w.sums != nil {
				w.sums.seats[seat].add(play)
				w.sums.entries[e].add(play)
			}
			if !slices.Contains(seating[:seat], e) {
				for m, v := range w.metrics {
					t.Metrics[e][m].Add(v)
					if w.sums != nil {
						w.sums.metrics[e][m].n++
						w.sums.metrics[e][m].s += v
					}
				}
			}
			if featured != nil && len(t.Features) > 0 {
				w.key = w.key[:0]
				for f, v := range w.features[seat][:len(t.Features)] {
					t.Features[f].cell(v).add(o, pr)
					if w.sums != nil {
						w.sums.features[f].add(v, play)
					}
					if f > 0 {
						w.key = append(w.key, ',')
					}
					w.key = strconv.AppendInt(w.key, v, 10)
				}
				w.joint(o)
			}
		}
		if starter != nil && len(seating) > 1 {
			o := s.Outcome(starter.FirstSeat())
			t.Starter.add(o, proof{})
			w.sums.starter.add(outcomeOf(o))
		}
		if rounds != nil && len(t.Features) > 0 {
			w.tallyRounds(rounds, len(seating))
		}
	}
	t.Games++
	if w.sums != nil {
		w.sums.flush(t)
	}
	n, c, wins, undec := len(w.score), w.slots, w.wins, w.undec
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			t.Pairs[a*n+b].Add(c[b]*w.score[a] - c[a]*w.score[b])
			t.PairWins[a*n+b].Add(c[b]*wins[a] - c[a]*wins[b])
			t.PairWinsLow[a*n+b].Add(c[b]*wins[a] - c[a]*(wins[b]+undec[b]))
			t.PairWinsHigh[a*n+b].Add(c[b]*(wins[a]+undec[a]) - c[a]*wins[b])
		}
	}
	return nil
}

// tallyRounds counts every seat's result in every round of the game just
// played by the features of that round's deal.
func (w *worker) tallyRounds(rs games.RoundFeaturedState, seats int) {
	t := w.tally
	if t.RoundFeatures == nil {
		t.RoundFeatures = make([]FeatureTally, len(t.Features))
	}
	for r := range rs.Rounds() {
		for seat := range seats {
			w.roundFeatures = rs.RoundFeatures(r, seat, w.roundFeatures)
			o := rs.RoundOutcome(r, seat)
			play := outcomeOf(o)
			for f, v := range w.roundFeatures[:len(t.RoundFeatures)] {
				t.RoundFeatures[f].cell(v).add(o, proof{})
				w.sums.rounds[f].add(v, play)
			}
		}
	}
}

// joint counts o in the joint cell of the feature vector in w.key.
func (w *worker) joint(o games.Outcome) {
	t := w.tally
	if t.Joint == nil {
		t.Joint = map[string]*JointCell{}
	}
	c := t.Joint[string(w.key)] // no allocation for the lookup
	if c == nil {
		c = &JointCell{}
		t.Joint[string(w.key)] = c
	}
	c.Games++
	c.ScoreSum += int64(o.Score)
	if o.Result == games.Win {
		c.Wins++
	}
}

// proof is what a solving strategy proved of one game it played.
type proof struct {
	solver    bool  // the strategy is a strategies.Prover
	undecided bool  // it could not settle whether the game can be won
	bounded   bool  // it bounds the best score (strategies.Bounder)
	exact     bool  // the score played is the best the deal allows
	best      int64 // at least the best score the deal allows
}

// proofOf returns what bot proved of the game it just played, ending in o.
func proofOf(bot strategies.Strategy, o games.Outcome) proof {
	var pr proof
	if p, ok := bot.(strategies.Prover); ok {
		pr.solver = true
		pr.undecided = o.Result != games.Win && p.Undecided()
	}
	if b, ok := bot.(strategies.Bounder); ok {
		best, exact := b.ScoreBound()
		pr.bounded, pr.exact, pr.best = true, exact, int64(max(best, o.Score))
		if exact {
			pr.best = int64(o.Score)
		}
	}
	return pr
}

func (o *Outcomes) add(r games.Outcome, pr proof) {
	o.Games++
	o.Score.Add(int64(r.Score))
	switch r.Result {
	case games.Win:
		o.Wins++
	case games.Draw:
		o.Draws++
	default:
		if pr.undecided {
			o.Undecided++
		}
	}
	if pr.solver {
		o.Solved++
	}
	if pr.bounded {
		o.Best.Add(pr.best)
		if pr.exact {
			o.Exact++
		}
	}
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
