package experiment_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/sim"
)

// interrupter is a Meter that cancels its context once its sessions have
// played at least after deals, as a Ctrl-C in the middle of a run would,
// and counts the deals they play.
type interrupter struct {
	cancel context.CancelFunc // nil: never interrupts
	after  int64
	played *atomic.Int64
}

func newInterrupter(cancel context.CancelFunc, after int64) interrupter {
	return interrupter{cancel, after, new(atomic.Int64)}
}

func (m interrupter) Plan(int64) {}
func (m interrupter) Play(ctx context.Context, s *sim.Session, _ string) (*sim.Result, error) {
	progress := s.Config.Progress
	s.Config.Progress = func(d int64) {
		if m.played.Add(d) >= m.after && m.cancel != nil {
			m.cancel()
		}
		if progress != nil {
			progress(d)
		}
	}
	return s.Play(ctx)
}
func (interrupter) Logf(string, ...any) {}
func (interrupter) Finish()             {}

// toyRun is a run of the toy's greedy bot against high, seats rotated,
// three cards each.
func toyRun(games int64) experiment.Spec {
	return experiment.Spec{Kind: experiment.Compare, Game: toygame.Name, Strategies: []string{"greedy", "high"},
		Games: games, Seed: 9, Confidence: 0.95, CheckpointEvery: experiment.Duration(time.Hour)}
}

// TestResumeIsTheUninterruptedRun: a run interrupted in its middle keeps
// its deals in its checkpoint and says so; resumed, it plays only the
// deals the checkpoint lacks and gives the summary of the run never
// interrupted, on one worker or two.
func TestResumeIsTheUninterruptedRun(t *testing.T) {
	const deals = 40_000
	whole, err := toyRunner(2).Run(context.Background(), toyRun(deals), "")
	if err != nil {
		t.Fatal(err)
	}
	want := summaryJSON(t, whole.Summary)
	for _, workers := range []int{1, 2} {
		spec := toyRun(deals)
		spec.Checkpoint = filepath.Join(t.TempDir(), "run.ckpt")
		ctx, cancel := context.WithCancel(context.Background())
		r := toyRunner(workers)
		r.Meter = newInterrupter(cancel, 1)
		res, err := r.Run(ctx, spec, "")
		cancel()
		var ie *experiment.InterruptedError
		if res != nil || !errors.As(err, &ie) || !errors.Is(err, context.Canceled) || !strings.Contains(ie.Kept, spec.Checkpoint) {
			t.Fatalf("%d workers, interrupted: %v, %v; want an InterruptedError keeping %s", workers, res, err, spec.Checkpoint)
		}
		part, err := sim.ReadPart(spec.Checkpoint)
		if err != nil {
			t.Fatal(err)
		}
		kept := part.Played()
		if kept == 0 || kept >= deals {
			t.Fatalf("%d workers: the checkpoint holds %d of %d deals, want some", workers, kept, deals)
		}

		spec.Resume = true
		r = toyRunner(workers)
		m := newInterrupter(nil, 0)
		r.Meter = m
		again, err := r.Run(context.Background(), spec, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := summaryJSON(t, again.Summary); got != want {
			t.Errorf("%d workers: resumed after %d deals, the summary differs from the uninterrupted run's", workers, kept)
		}
		if p := m.played.Load(); p != deals-kept {
			t.Errorf("%d workers: the resumed run played %d deals, want the %d the checkpoint lacked", workers, p, deals-kept)
		}
	}
}

// TestResumeRefusesAnotherRun: a checkpoint resumed by another run (here
// another seed) is refused before a deal is played; an interruption
// without a checkpoint keeps nothing and says how to keep the deals.
func TestResumeRefusesAnotherRun(t *testing.T) {
	spec := toyRun(2000)
	spec.Checkpoint = filepath.Join(t.TempDir(), "run.ckpt")
	if _, err := toyRunner(1).Run(context.Background(), spec, ""); err != nil {
		t.Fatal(err)
	}
	other := spec
	other.Seed, other.Resume = spec.Seed+1, true
	r := toyRunner(1)
	m := newInterrupter(nil, 0)
	r.Meter = m
	if _, err := r.Run(context.Background(), other, ""); err == nil || !strings.Contains(err.Error(), "--resume") || m.played.Load() != 0 {
		t.Errorf("resuming another seed's checkpoint: %v after %d deals; want a --resume error before any deal", err, m.played.Load())
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r = toyRunner(1)
	r.Meter = newInterrupter(cancel, 1)
	plain := toyRun(1_000_000)
	plain.Kind, plain.Strategies, plain.Strategy = experiment.Run, nil, "greedy"
	_, err := r.Run(ctx, plain, "")
	var ie *experiment.InterruptedError
	if !errors.As(err, &ie) || ie.Kept != "nothing" || ie.Resume != experiment.KeepWithCheckpoint("FILE") {
		t.Errorf("a run interrupted without a checkpoint: %v; want it to keep nothing and name --checkpoint", err)
	}
}

// TestShardsMergeToTheRun: the parts of a run played in n shards, on one
// worker or two, merge into the summary of the run played whole, and
// every part holds its slice of the deals.
func TestShardsMergeToTheRun(t *testing.T) {
	const deals = 3001
	whole, err := toyRunner(2).Run(context.Background(), toyRun(deals), "")
	if err != nil {
		t.Fatal(err)
	}
	want := summaryJSON(t, whole.Summary)
	for _, n := range []int{1, 3} {
		dir := t.TempDir()
		var parts []string
		var played int64
		for k := range n {
			spec := toyRun(deals)
			spec.Shard = fmt.Sprintf("%d/%d", k, n)
			res, err := toyRunner(1+k%2).Run(context.Background(), spec, dir)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := sim.ShardRange(deals, k, n)
			if p := res.Part; p == nil || p.First != lo || p.End != hi || p.Played() != hi-lo {
				t.Fatalf("shard %d/%d: part %+v, want deals %d to %d", k, n, p, lo, hi)
			}
			played += res.Part.Played()
			parts = append(parts, experiment.PartPath(dir, k, n))
		}
		if played != deals {
			t.Errorf("%d shards played %d deals, want %d", n, played, deals)
		}
		merged, err := toyRunner(1).Merge(parts, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := summaryJSON(t, merged.Summary); got != want {
			t.Errorf("%d shards merged differ from the run played whole", n)
		}
	}
}

// TestPrecisionStopsAtTheSameDeal: a comparison to a precision on the
// first strategy's mean score stops once its interval is narrow enough,
// at the same deal on one worker and on two; one that reaches its most
// deals first says so.
func TestPrecisionStopsAtTheSameDeal(t *testing.T) {
	spec := toyRun(100_000)
	spec.Precision, spec.Target, spec.MaxGames = 0.003, "score", 10_000_000 // two batches of deals
	var figures []string
	for _, workers := range []int{1, 2} {
		res, err := toyRunner(workers).Run(context.Background(), spec, "")
		if err != nil {
			t.Fatal(err)
		}
		s := res.Summary
		sc := s.Entries[0].Score
		if !strings.Contains(s.Manifest.Stopped, "precision 0.003 on score reached") || sc.CIHigh-sc.Mean > 0.003 || sc.CIHigh-sc.Mean <= 0 ||
			s.Manifest.Games <= sim.BatchDeals || s.Manifest.Games >= spec.MaxGames {
			t.Errorf("%d workers: stopped %q after %d deals, score %+v", workers, s.Manifest.Stopped, s.Manifest.Games, sc)
		}
		figures = append(figures, summaryJSON(t, s))
	}
	if figures[0] != figures[1] {
		t.Error("the run to a precision stopped otherwise on two workers than on one")
	}
	spec.Precision, spec.MaxGames = 0.0001, 5000
	res, err := toyRunner(2).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Summary.Manifest; m.Games != 5000 || !strings.Contains(m.Stopped, "--max-games 5000 reached before precision") {
		t.Errorf("a run that reached its most deals: %d deals, stopped %q", m.Games, m.Stopped)
	}
}

// TestRunWritesOut: a run's outputs go into --out when it ends, and an
// output directory that holds something else is refused before any deal
// is played.
func TestRunWritesOut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "toy")
	if _, err := toyRunner(2).Run(context.Background(), toyRun(500), out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"summary.json", "figures.csv"} {
		if fi, err := os.Stat(filepath.Join(out, name)); err != nil || fi.Size() == 0 {
			t.Errorf("--out lacks %s: %v", name, err)
		}
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := toyRunner(1)
	m := newInterrupter(nil, 0)
	r.Meter = m
	if _, err := r.Run(context.Background(), toyRun(500), other); err == nil || m.played.Load() != 0 {
		t.Errorf("a directory of other files as --out: %v after %d deals; want it refused first", err, m.played.Load())
	}
}
