package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"
)

// Target names the figure a precision target aims at.
type Target string

// The figures a session can play to a precision.
const (
	TargetScore Target = "score" // the first lineup entry's mean score
	TargetWin   Target = "win"   // the first lineup entry's win rate
)

// ParseTarget returns the target named s.
func ParseTarget(s string) (Target, error) {
	switch t := Target(s); t {
	case TargetScore, TargetWin:
		return t, nil
	}
	return "", fmt.Errorf("%q: want %s or %s", s, TargetScore, TargetWin)
}

// ErrForeignCheckpoint reports a checkpoint that another run wrote.
var ErrForeignCheckpoint = errors.New("written by another command (game, rules, strategies, seed, games or shard differ)")

// CheckpointError reports a checkpoint of the run to resume that holds
// figures the run cannot give (see Part.Check): damaged in a way its
// checksum cannot see, or edited.
type CheckpointError struct{ Err error }

func (e *CheckpointError) Error() string { return "the checkpoint to resume: " + e.Err.Error() }

func (e *CheckpointError) Unwrap() error { return e.Err }

// Session plays one run to its end: every deal of the run or of one of its
// shards, or until a precision target is met. It resumes from a checkpoint,
// saves checkpoints as it goes, and when its context is cancelled it stops
// after the chunks under way and returns what was played, saved.
//
// Every command that plays a run goes through a session, so each gets the
// same stopping rule, checkpoints, progress and interruption handling.
type Session struct {
	// Config is the run: game, lineup, seed, workers, chunk size and
	// progress. The session sets its First, Games, Start and After.
	Config Config
	// Deals is the number of deals of the whole run, every shard together;
	// with a Precision, the most to play.
	Deals int64
	// Shard and Shards select the slice of the deals to play: shard Shard
	// of Shards (from 0). Zero Shards plays every deal.
	Shard, Shards int
	// Precision, if positive, ends the run once the interval of Target is
	// at most this wide on either side of its value. It is checked after
	// every batch, so where the run stops does not depend on the workers.
	Precision float64
	Target    Target
	// Confidence is the level of the intervals, such as 0.95.
	Confidence float64
	// Resume, if not nil, is a checkpoint of this run to carry on from.
	Resume *Part
	// Checkpoint, if not nil, saves the session's part: every
	// CheckpointEvery while deals are played, when the session ends, and
	// when it is interrupted. The part is valid only during the call.
	Checkpoint      func(*Part) error
	CheckpointEvery time.Duration
	// DealScale, if not zero, is the share of the deals its command asked
	// for that the session plays (a test's CARDSIM_DEAL_SCALE), recorded
	// in its manifests: Deals is already scaled.
	DealScale float64

	now func() time.Time // the clock; time.Now if nil
}

// Result is what a session played.
type Result struct {
	// Config is the run as the session played it.
	Config Config
	// Tally holds every deal played, those of a resumed checkpoint
	// included.
	Tally *Tally
	// Part is the tally with the slice of deals it covers, sealed: a shard
	// part for cardsim merge once the session has played every deal of its
	// shard.
	Part *Part
	// Stopped says why the session ended, when not after playing every
	// deal of its slice: the precision reached, or the most deals played
	// before it was.
	Stopped     string
	Confidence  float64
	WallSeconds float64 // this session's and those of the runs it resumed
	DealScale   float64 // the session's DealScale
}

// Summary returns the figures of the result with the manifest filled in.
func (r *Result) Summary() Summary {
	s := Summarize(&r.Config, r.Tally, r.Confidence)
	s.Manifest = NewManifest(&r.Config, r.Tally.Games, r.Confidence)
	s.Manifest.WallSeconds = r.WallSeconds
	s.Manifest.Stopped = r.Stopped
	s.Manifest.DealScale = r.DealScale
	return s
}

// Play plays the session. On an error it returns the error and, when any
// deal had been played, the result so far: after an interruption (an error
// wrapping the context's), every chunk played before it, already saved by
// Checkpoint. Invalid settings (a confidence CheckConfidence refuses, a
// negative precision, an unknown target, a precision on a shard, a shard
// out of range) are programming errors and panic.
func (s *Session) Play(ctx context.Context) (*Result, error) {
	p, err := s.start()
	if err != nil {
		return nil, err
	}
	return p.play(ctx)
}

// PlayDeals plays deals deals of the run cfg in a session of its own, at
// the given confidence: every deal, with no precision target, shard or
// checkpoint.
func PlayDeals(ctx context.Context, cfg Config, deals int64, confidence float64) (*Result, error) {
	s := &Session{Config: cfg, Deals: deals, Confidence: confidence}
	return s.Play(ctx)
}

// ToPlay returns the most deals the session has left to play: those of its
// shard not yet in the checkpoint it resumes (neither before its next batch
// nor in the chunks of that batch already played). A progress bar counts up
// to it.
func (s *Session) ToPlay() int64 {
	lo, hi := ShardRange(s.Deals, s.Shard, max(s.Shards, 1))
	if s.Resume != nil {
		return max(hi-lo-s.Resume.Played(), 0)
	}
	return max(hi-lo, 0)
}

// extra returns the settings besides the run's that determine where it
// ends, for its fingerprint.
func (s *Session) extra() string {
	if s.Precision == 0 {
		return ""
	}
	return fmt.Sprintf("precision=%g target=%s confidence=%g", s.Precision, s.Target, s.Confidence)
}

func (s *Session) check() {
	switch {
	case CheckConfidence(s.Confidence) != nil:
		panic(fmt.Sprintf("sim: session at confidence %g", s.Confidence))
	case s.Precision < 0 || math.IsNaN(s.Precision):
		panic(fmt.Sprintf("sim: session to precision %g", s.Precision))
	case s.Precision > 0 && s.Target != TargetScore && s.Target != TargetWin:
		panic(fmt.Sprintf("sim: session to a precision on %q", s.Target))
	case s.Precision > 0 && s.Shards > 1:
		panic("sim: a precision target on a shard, which cannot see the whole run's interval")
	}
}

// playing is a session under way.
type playing struct {
	s       *Session
	cfg     Config
	part    *Part
	tally   *Tally // every deal played so far
	stopped string
	now     func() time.Time
	begun   time.Time
	before  float64   // wall seconds of the runs resumed
	saved   time.Time // when the last checkpoint was taken
}

// start checks the session and places it in its run: the slice of deals of
// its shard, carried on from its checkpoint.
func (s *Session) start() (*playing, error) {
	s.check()
	k, n := s.Shard, max(s.Shards, 1)
	if s.Deals < 1 {
		return nil, fmt.Errorf("a run of %d deals: want at least 1", s.Deals)
	}
	lo, hi := ShardRange(s.Deals, k, n)
	if hi-lo < 1 {
		return nil, fmt.Errorf("shard %d of %d holds no deals: use fewer shards than the %d games", k, n, s.Deals)
	}
	p := &playing{s: s, cfg: s.Config, now: s.now}
	if p.now == nil {
		p.now = time.Now
	}
	p.cfg.First, p.cfg.Games, p.cfg.start, p.cfg.after, p.cfg.onChunk, p.cfg.done = lo, hi-lo, nil, p.after, p.onChunk, nil
	part, err := NewPart(&p.cfg, s.Deals, s.extra(), k, n)
	if err != nil {
		return nil, err
	}
	p.part = part
	if ck := s.Resume; ck != nil {
		if ck.Shard != k || ck.Shards != n {
			return nil, ErrForeignCheckpoint
		}
		if err := ck.Check(&p.cfg, s.Deals, s.extra()); errors.Is(err, errAnotherCommand) {
			return nil, ErrForeignCheckpoint
		} else if err != nil {
			return nil, &CheckpointError{err}
		}
		p.cfg.start, p.cfg.First, p.cfg.Games, p.cfg.done, p.cfg.Chunk = ck.Tally, ck.Next, hi-ck.Next, ck.Done, ck.Chunk
		p.part.Chunk = ck.Chunk
		p.part.Record(Snapshot{Tally: ck.Tally, Next: ck.Next, Done: ck.Done})
		p.tally, p.before = ck.Tally, ck.Manifest.WallSeconds
		if ck.Stopped != "" { // a finished run: report it, play nothing more
			p.cfg.Games, p.stopped, p.part.Stopped = 0, ck.Stopped, ck.Stopped
		}
	}
	return p, nil
}

// wall returns the wall seconds of the run so far.
func (p *playing) wall() float64 { return p.before + p.now().Sub(p.begun).Seconds() }

// onChunk runs after every chunk: the part follows the run, and a
// checkpoint is taken when one is due, so a slow run interrupted in its
// first batch keeps the chunks it played.
func (p *playing) onChunk(snap Snapshot) error {
	p.part.Record(snap)
	if p.s.Checkpoint != nil && p.now().Sub(p.saved) >= p.s.CheckpointEvery {
		return p.checkpoint()
	}
	return nil
}

// after runs after every batch: it stops the run once the precision
// target is met.
func (p *playing) after(t *Tally, next int64) (bool, error) {
	p.part.Record(Snapshot{Tally: t, Next: next})
	s := p.s
	if s.Precision > 0 && t.Games >= 2 {
		if half := halfWidth(&p.cfg, t, s.Target, s.Confidence); half <= s.Precision {
			p.stopped = fmt.Sprintf("precision %g on %s reached after %d deals (half-width %.6g)", s.Precision, s.Target, t.Games, half)
			p.part.Stopped = p.stopped
			return true, nil
		}
	}
	return false, nil
}

// seal brings the part's manifest up to the deals played and seals it.
func (p *playing) seal() *Part {
	part := p.part
	if part.Tally == nil {
		part.Tally = NewTallyFor(&p.cfg)
	}
	part.Manifest = NewManifest(&p.cfg, part.Tally.Games, p.s.Confidence)
	part.Manifest.WallSeconds = p.wall()
	part.Manifest.DealScale = p.s.DealScale
	part.Seal()
	return part
}

// checkpoint saves the part as it stands.
func (p *playing) checkpoint() error {
	p.saved = p.now()
	return p.s.Checkpoint(p.seal())
}

func (p *playing) play(ctx context.Context) (*Result, error) {
	p.begun, p.saved = p.now(), p.now()
	if p.cfg.Games > 0 {
		t, err := Run(ctx, p.cfg)
		if err != nil {
			return p.failed(ctx, t, err)
		}
		p.tally = t
	}
	if p.tally == nil {
		p.tally = NewTallyFor(&p.cfg)
		p.part.Record(Snapshot{Tally: p.tally, Next: p.part.End})
	}
	if p.s.Checkpoint != nil {
		if err := p.checkpoint(); err != nil {
			return nil, err
		}
	}
	if p.s.Precision > 0 && p.stopped == "" {
		p.stopped = fmt.Sprintf("--max-games %d reached before precision %g", p.s.Deals, p.s.Precision)
	}
	return p.result(), nil
}

// failed ends a session that Run stopped with err, having tallied t. An
// interruption is checkpointed; the deals played so far are returned in
// every case but a failed game or a run that could not start.
func (p *playing) failed(ctx context.Context, t *Tally, err error) (*Result, error) {
	var ge *GameError
	if errors.As(err, &ge) || t == nil {
		return nil, err
	}
	p.tally = t // every chunk played, as the part recorded it after the last one
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		if p.s.Checkpoint != nil {
			if cerr := p.checkpoint(); cerr != nil {
				return p.result(), fmt.Errorf("interrupted after %d deals, and the checkpoint could not be written: %w", p.tally.Games, cerr)
			}
		}
		return p.result(), fmt.Errorf("interrupted after %d deals: %w", p.tally.Games, err)
	}
	return p.result(), fmt.Errorf("run stopped after %d deals: %w", p.tally.Games, err)
}

func (p *playing) result() *Result {
	cfg := p.cfg
	cfg.start, cfg.after, cfg.onChunk, cfg.done = nil, nil, nil, nil
	return &Result{Config: cfg, Tally: p.tally, Part: p.seal(), Stopped: p.stopped, Confidence: p.s.Confidence, WallSeconds: p.wall(), DealScale: p.s.DealScale}
}

// halfWidth returns the larger side of the interval of the target figure of
// the first lineup entry: the interval the summary will print (clustered by
// deal where a deal counts several plays).
func halfWidth(cfg *Config, t *Tally, target Target, confidence float64) float64 {
	o := &t.Entries[0]
	if target == TargetWin {
		r, _ := summarizeOutcomes(o, confidence)
		return math.Max(r.Rate-r.CILow, r.CIHigh-r.Rate)
	}
	var bounds [2]int
	bounds[0], bounds[1] = cfg.Game.ScoreBounds()
	sc := summarizeScore(&o.Score, &o.Cluster, confidence, bounds)
	return math.Max(sc.Mean-sc.CILow, sc.CIHigh-sc.Mean)
}
