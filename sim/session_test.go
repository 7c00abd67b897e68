package sim

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// diceSession is a session of the dice solitaire, "take the die" against
// "take 2", in batches of 8 deals (chunks of 4).
func diceSession(deals int64, workers int) *Session {
	return &Session{
		Config: Config{Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("die", 0)}, {Strategy: fixedDef("two", 1)}},
			Seed: 5, Workers: workers, Chunk: 4, Batch: 2},
		Deals: deals, Confidence: 0.95,
	}
}

// roundTrip returns a copy of p as read back from its file.
func roundTrip(t testing.TB, p *Part) *Part {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var q Part
	if err := json.Unmarshal(b, &q); err != nil {
		t.Fatal(err)
	}
	return &q
}

// TestSessionPrecision: a precision target stops the run at the first batch
// whose interval is narrow enough, the same batch for any number of workers.
func TestSessionPrecision(t *testing.T) {
	const precision = 0.6
	var first *Result
	for _, workers := range []int{1, 3} {
		s := diceSession(10000, workers)
		s.Precision, s.Target = precision, TargetScore
		r, err := s.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = r
		} else if !reflect.DeepEqual(r.Tally, first.Tally) || r.Stopped != first.Stopped {
			t.Fatalf("%d workers stopped elsewhere: %q, not %q", workers, r.Stopped, first.Stopped)
		}
	}
	n := first.Tally.Games
	if n%8 != 0 || n >= 10000 || !strings.Contains(first.Stopped, "precision 0.6 on score reached after") {
		t.Fatalf("stopped after %d deals: %q", n, first.Stopped)
	}
	// The printed interval: the run stopped where its half-width first fell
	// to the precision, not a batch later.
	half := func(r *Result) float64 {
		s := r.Summary()
		sc := s.Lead().Score
		return math.Max(sc.Mean-sc.CILow, sc.CIHigh-sc.Mean)
	}
	if h := half(first); h > precision {
		t.Errorf("stopped at half-width %g > %g", h, precision)
	}
	s := diceSession(n-8, 1)
	r, err := s.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if h := half(r); h <= precision {
		t.Errorf("half-width %g ≤ %g a batch earlier, after %d deals: the run went on too long", h, precision, n-8)
	}
	// A target out of reach plays every deal and says so.
	s = diceSession(40, 2)
	s.Precision, s.Target = 1e-9, TargetWin
	if r, err = s.Play(context.Background()); err != nil || r.Tally.Games != 40 || r.Stopped != "--max-games 40 reached before precision 1e-09" {
		t.Errorf("unreachable precision: %d deals, %q, %v", r.Tally.Games, r.Stopped, err)
	}
}

// TestSessionInterruptResume: a session cancelled midway returns every
// chunk played, saved; a session resumed from that checkpoint ends with
// the tally of a run never interrupted.
func TestSessionInterruptResume(t *testing.T) {
	whole, err := diceSession(2000, 2).Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := diceSession(2000, 2)
	var played atomic.Int64 // Progress is called from several workers at once
	s.Config.Progress = func(n int64) {
		if played.Add(n) >= 600 {
			cancel()
		}
	}
	var saved *Part
	s.Checkpoint = func(p *Part) error { saved = roundTrip(t, p); return nil }
	s.CheckpointEvery = time.Hour
	r, err := s.Play(ctx)
	if !errors.Is(err, context.Canceled) || r == nil || saved == nil {
		t.Fatalf("interrupted session: result %v, checkpoint %v, error %v", r != nil, saved != nil, err)
	}
	if r.Tally.Games == 0 || r.Tally.Games >= 2000 || r.Tally.Games%4 != 0 || saved.Played() != r.Tally.Games || saved.Tally.Games != r.Tally.Games {
		t.Fatalf("interrupted after %d deals, checkpoint of %d deals with %d tallied", r.Tally.Games, saved.Played(), saved.Tally.Games)
	}
	s = diceSession(2000, 1)
	s.Resume = saved
	resumed, err := s.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(resumed.Tally, whole.Tally) {
		t.Error("resumed session differs from one never interrupted")
	}
	if resumed.Part.Next != 2000 || resumed.Part.Tally.Games != 2000 {
		t.Errorf("resumed part ends at %d with %d deals", resumed.Part.Next, resumed.Part.Tally.Games)
	}
	// A checkpoint of another run is refused.
	other := diceSession(2000, 1)
	other.Config.Seed = 6
	other.Resume = saved
	if _, err := other.Play(context.Background()); !errors.Is(err, ErrForeignCheckpoint) {
		t.Errorf("a checkpoint of seed 5 resumed seed 6: %v", err)
	}
}

// TestSessionCheckpointEvery: checkpoints are taken between chunks once
// CheckpointEvery has passed since the last, and once more at the end, each
// holding more deals than the one before.
func TestSessionCheckpointEvery(t *testing.T) {
	for _, tt := range []struct {
		every    time.Duration
		min, max int // 20 chunks; the clock moves a second at each look
	}{{0, 21, 21}, {time.Hour, 1, 1}, {3 * time.Second, 2, 20}} {
		s := diceSession(80, 1)
		clock := time.Unix(0, 0)
		s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
		var played []int64
		s.Checkpoint = func(p *Part) error { played = append(played, p.Played()); return nil }
		s.CheckpointEvery = tt.every
		if _, err := s.Play(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(played) < tt.min || len(played) > tt.max || played[len(played)-1] != 80 {
			t.Errorf("every %v: checkpoints of %v deals, want %d to %d ending at 80", tt.every, played, tt.min, tt.max)
		}
		for i := 1; i < len(played)-1; i++ {
			if played[i] <= played[i-1] {
				t.Errorf("every %v: checkpoints of %v deals, not increasing", tt.every, played)
			}
		}
	}
	s := diceSession(80, 1)
	s.Checkpoint = func(*Part) error { return errors.New("disk full") }
	if _, err := s.Play(context.Background()); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("a failed checkpoint: %v", err)
	}
}

// TestSessionShards: the parts of a run's shards merge into the tally of the
// whole run; a shard with no deals is an error.
func TestSessionShards(t *testing.T) {
	whole, err := diceSession(101, 2).Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Part
	for k := range 3 {
		s := diceSession(101, 1+k%2)
		s.Shard, s.Shards = k, 3
		r, err := s.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, roundTrip(t, r.Part))
	}
	merged, err := MergeParts(&diceSession(101, 1).Config, parts)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(merged)
	b, _ := json.Marshal(whole.Tally)
	if string(a) != string(b) {
		t.Errorf("three shards merged differ from the whole run:\n%s\n%s", a, b)
	}
	s := diceSession(2, 1)
	s.Shard, s.Shards = 0, 3
	if _, err := s.Play(context.Background()); err == nil || !strings.Contains(err.Error(), "holds no deals") {
		t.Errorf("an empty shard: %v", err)
	}
}

// TestSessionGameError: a failing bot stops the session with the game's
// error, not a partial result.
func TestSessionGameError(t *testing.T) {
	s := diceSession(100, 2)
	s.Config.Lineup[1].Strategy.New = func(games.Game, []string) (strategies.Strategy, error) { return panicky{}, nil }
	r, err := s.Play(context.Background())
	var ge *GameError
	if r != nil || !errors.As(err, &ge) || ge.Seats[0].Strategy.Name != "two" {
		t.Errorf("result %v, error %v; want the GameError of strategy two", r, err)
	}
}

// TestSessionSummary: the result's summary carries the manifest of the run
// with why it stopped.
func TestSessionSummary(t *testing.T) {
	s := diceSession(1000, 2)
	s.Precision, s.Target = 0.5, TargetScore
	r, err := s.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sum := r.Summary()
	if m := sum.Manifest; m.Game != "dice" || m.Games != r.Tally.Games || m.Stopped != r.Stopped || m.Seed != 5 || m.Confidence != 0.95 || len(m.Strategies) != 2 {
		t.Errorf("manifest %+v", m)
	}
	if want := Summarize(&r.Config, r.Tally, 0.95); !reflect.DeepEqual(sum.Comparisons, want.Comparisons) {
		t.Error("the result's summary differs from Summarize's")
	}
}

func TestParseTarget(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Target
		ok   bool
	}{{"score", TargetScore, true}, {"win", TargetWin, true}, {"mean", "", false}, {"", "", false}} {
		got, err := ParseTarget(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseTarget(%q) = %q, %v", tt.in, got, err)
		}
	}
}
