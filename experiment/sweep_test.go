package experiment_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
)

// TestSweepPointsAreRuns: every point of a sweep plays its own rules: the
// leader of a one-card deal wins each point's exact chance, and each
// point's figures are those of a run of its rules on the same seed.
func TestSweepPointsAreRuns(t *testing.T) {
	spec := experiment.Spec{Kind: experiment.Sweep, Game: toygame.Name, Strategy: "greedy", Rules: []string{"ranks=2,6,13", "hand=1"},
		Games: 3000, Seed: 4, Confidence: 0.95}
	res, err := toyRunner(2).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	sw := res.Sweep
	if sw == nil || len(sw.Points) != 3 || len(sw.Keys) != 1 || sw.Keys[0] != "ranks" || sw.Stopped != "" {
		t.Fatalf("sweep %+v, want the 3 points of ranks", sw)
	}
	for i, ranks := range []int{2, 6, 13} {
		pt := sw.Points[i]
		if pt.Values["ranks"] != strconv.Itoa(ranks) {
			t.Errorf("point %d is %v, want ranks=%d", i, pt.Values, ranks)
		}
		if fp := pt.Summary.FirstPlayer; fp == nil || !near(fp.WinRate.Rate, leaderOdds(ranks), fp.WinRate.Games) {
			t.Errorf("ranks=%d: the leader won %+v, want near %.4f", ranks, fp, leaderOdds(ranks))
		}
		run := experiment.Spec{Kind: experiment.Run, Game: toygame.Name, Strategy: "greedy", Rules: []string{"ranks=" + strconv.Itoa(ranks), "hand=1"},
			Games: 3000, Seed: 4, Confidence: 0.95}
		alone, err := toyRunner(1).Run(context.Background(), run, "")
		if err != nil {
			t.Fatal(err)
		}
		got, want := pt.Summary, *alone.Summary
		if summaryJSON(t, &got) != summaryJSON(t, &want) {
			t.Errorf("ranks=%d: the sweep's point differs from a run of its rules", ranks)
		}
	}
}

// TestSweepResumeIsUninterrupted: a sweep interrupted during its second
// point returns the first, marked partial, and keeps each point's deals
// in its checkpoint directory; the same sweep resumed gives the sweep
// never interrupted.
func TestSweepResumeIsUninterrupted(t *testing.T) {
	const deals = 20_000
	spec := experiment.Spec{Kind: experiment.Sweep, Game: toygame.Name, Strategies: []string{"greedy", "high"}, Rules: []string{"hand=2,3,4"},
		Games: deals, Seed: 6, Confidence: 0.95, CheckpointEvery: experiment.Duration(time.Hour)}
	whole, err := toyRunner(2).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	spec.Checkpoint = filepath.Join(dir, "ckpt")
	out := filepath.Join(dir, "out")
	ctx, cancel := context.WithCancel(context.Background())
	r := toyRunner(2)
	r.Meter = newInterrupter(cancel, deals+1) // within the second point
	partial, err := r.Run(ctx, spec, out)
	cancel()
	var ie *experiment.InterruptedError
	if !errors.As(err, &ie) || !strings.Contains(ie.Done, "during point hand=3 (2 of 3)") {
		t.Fatalf("interrupted sweep: %v; want it interrupted during the second point", err)
	}
	if partial == nil || partial.Sweep == nil || len(partial.Sweep.Points) != 1 || !strings.Contains(partial.Sweep.Stopped, "partial") {
		t.Fatalf("interrupted sweep returned %+v; want its first point, marked partial", partial)
	}
	if b, err := os.ReadFile(filepath.Join(out, "sweep.json")); err != nil || !strings.Contains(string(b), "partial") {
		t.Errorf("the partial sweep in --out: %v", err)
	}

	spec.Resume = true
	m := newInterrupter(nil, 0)
	r = toyRunner(1)
	r.Meter = m
	again, err := r.Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	// It lacks the second point's deals past its checkpoint and the third
	// point: under 2×deals. The second point is the reference (hand=3, the
	// default), and its figures deal by deal and the first point's, to pair
	// them, were not kept: both are played again, 2×deals more. Playing a
	// point's tally again from the start goes past 4×deals.
	if p := m.played.Load(); p >= 4*deals {
		t.Errorf("the resumed sweep played %d deals: it played the first point or the second's checkpoint again beyond the replays that pair them", p)
	}
	if len(again.Sweep.Points) != 3 || again.Sweep.Stopped != "" {
		t.Fatalf("resumed sweep: %d points, stopped %q", len(again.Sweep.Points), again.Sweep.Stopped)
	}
	for i := range again.Sweep.Points {
		got, want := again.Sweep.Points[i].Summary, whole.Sweep.Points[i].Summary
		if summaryJSON(t, &got) != summaryJSON(t, &want) {
			t.Errorf("point %d of the resumed sweep differs from the uninterrupted sweep's", i+1)
		}
	}
}
