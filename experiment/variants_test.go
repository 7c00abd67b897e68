package experiment_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/sim"
)

// toyVariants is a comparison of the toy's rule variants: greedy against
// high, under the rules as written and two variants, on the same deals.
func toyVariants(games int64) experiment.Spec {
	return experiment.Spec{Kind: experiment.Compare, Game: toygame.Name, Strategies: []string{"greedy", "high"},
		Variants: []experiment.Variant{{Name: "short", Rules: []string{"hand=2"}}, {Rules: []string{"ranks=5", "hand=4"}}},
		Figures:  []string{"score", "win", "ties"}, Games: games, Seed: 7, Confidence: 0.95, CheckpointEvery: 1}
}

var wallAndWorkers = regexp.MustCompile(`"(wall_seconds|workers)":[0-9.e+-]+`)

// figuresJSON returns a summary's JSON without its wall times and workers.
func figuresJSON(t *testing.T, s *sim.Summary) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return wallAndWorkers.ReplaceAllString(string(b), "")
}

// TestVariantsSameForAnyWorkers: a comparison of variants gives the same
// figures, differences and verdicts on one worker and on three (whose
// batches are larger); every arm's summary is the one a comparison of the
// strategies under that variant's rules gives, played whole by a session;
// and each variant has every strategy's difference on every figure, equal
// to the difference of the two arms' figures, unpaired: the toy's rules
// deal other cards, unmarked (its deals' fingerprints tell).
func TestVariantsSameForAnyWorkers(t *testing.T) {
	spec := toyVariants(9000)
	var got []string
	var s *sim.Summary
	for _, w := range []int{1, 3} {
		res, err := toyRunner(w).Run(context.Background(), spec, "")
		if err != nil {
			t.Fatal(err)
		}
		s = res.Summary
		got = append(got, figuresJSON(t, s))
	}
	if got[0] != got[1] {
		t.Error("the comparison differs between 1 and 3 workers")
	}
	vs := s.Variants
	if vs == nil || vs.Baseline != experiment.AsWritten || len(vs.Arms) != 2 || vs.Arms[0].Name != "short" || vs.Arms[1].Name != "ranks=5 hand=4" {
		t.Fatalf("variants %+v", vs)
	}
	arms := []struct {
		rules []string
		sum   *sim.Summary
	}{{nil, s}, {[]string{"hand=2"}, &vs.Arms[0].Summary}, {[]string{"ranks=5", "hand=4"}, &vs.Arms[1].Summary}}
	for _, a := range arms {
		alone, err := toyRunner(2).Run(context.Background(), experiment.Spec{Kind: experiment.Compare, Game: toygame.Name,
			Strategies: spec.Strategies, Rules: a.rules, Games: spec.Games, Seed: spec.Seed, Confidence: 0.95}, "")
		if err != nil {
			t.Fatal(err)
		}
		mine := *a.sum
		mine.Variants = nil
		if figuresJSON(t, &mine) != figuresJSON(t, alone.Summary) {
			t.Errorf("the arm %v differs from a comparison under its rules alone", a.rules)
		}
	}
	for _, a := range vs.Arms {
		if len(a.Differences) != 2*3 {
			t.Errorf("%s: %d differences, want 2 strategies × 3 figures", a.Name, len(a.Differences))
		}
		for _, d := range a.Differences {
			if math.Abs(d.Diff-(d.Value-d.Baseline)) > 1e-12 || !(d.CILow <= d.Diff && d.Diff <= d.CIHigh) || d.Paired || d.Deals != spec.Games {
				t.Errorf("%s %s %s: %+v", a.Name, d.Strategy, d.Figure, d)
			}
		}
	}
}

// cancelAfter is a Meter that counts the deals a comparison plays outside
// sessions (experiment.Counter) and cancels its context once they pass n.
type cancelAfter struct {
	n      int64
	cancel context.CancelFunc
	played atomic.Int64
}

func (c *cancelAfter) Plan(int64) {}
func (c *cancelAfter) Play(ctx context.Context, s *sim.Session, _ string) (*sim.Result, error) {
	return s.Play(ctx)
}
func (c *cancelAfter) Logf(string, ...any) {}
func (c *cancelAfter) Finish()             {}
func (c *cancelAfter) Count(string, int64) (func(int64), func(int64)) {
	return func(d int64) {
		if c.played.Add(d) > c.n {
			c.cancel()
		}
	}, func(int64) {}
}

// TestVariantsResume: a comparison of variants and a tune, each
// interrupted after some of their batches, keep the whole batches in
// their checkpoint, and carried on with Resume (on another number of
// workers) end with the figures, verdicts and standings of a run never
// interrupted.
func TestVariantsResume(t *testing.T) {
	cmp := toyVariants(24000)
	tune := experiment.Spec{Kind: experiment.Tune, Game: toygame.Name, Strategy: "greedy", Rules: []string{"hand=3", "ranks=5..8"},
		Figures: []string{"ties"}, Goal: "0.17", Games: 16000, Seed: 2, Confidence: 0.95, CheckpointEvery: 1}
	for _, spec := range []experiment.Spec{cmp, tune} {
		whole, err := toyRunner(2).Run(context.Background(), spec, "")
		if err != nil {
			t.Fatal(err)
		}
		spec.Checkpoint = filepath.Join(t.TempDir(), "ckpt")
		ctx, cancel := context.WithCancel(context.Background())
		r := toyRunner(2)
		r.Meter = &cancelAfter{n: 30000, cancel: cancel}
		_, err = r.Run(ctx, spec, "")
		cancel()
		var ie *experiment.InterruptedError
		if !errors.As(err, &ie) || ie.Kept == "nothing" || regexp.MustCompile(`the 0 deals`).MatchString(ie.Kept) {
			t.Fatalf("%s interrupted: %v", spec.Kind, err)
		}
		spec.Resume = true
		resumed, err := toyRunner(1).Run(context.Background(), spec, "")
		if err != nil {
			t.Fatalf("%s resumed: %v", spec.Kind, err)
		}
		if spec.Kind == experiment.Tune {
			a, b := *whole.Tune, *resumed.Tune
			a.WallSeconds, b.WallSeconds = 0, 0
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) {
				t.Errorf("the resumed tune differs from one never interrupted:\n%s\n%s", jb, ja)
			}
			continue
		}
		if figuresJSON(t, resumed.Summary) != figuresJSON(t, whole.Summary) {
			t.Errorf("the resumed comparison differs from one never interrupted")
		}
		if whole.Summary.Manifest.Games < 2000 || whole.Summary.Manifest.Games > 24000 {
			t.Errorf("played %d deals to the precision", whole.Summary.Manifest.Games)
		}
	}
}

// TestTuneFindsTheSweepsBest: on a case with close contenders (the toy's
// ties per game nearest 0.17, between 6 ranks, about 0.178, and 7, about
// 0.152), the race finds the candidate an exhaustive sweep of every
// candidate at the race's budget finds nearest, playing fewer games.
func TestTuneFindsTheSweepsBest(t *testing.T) {
	const budget = 64000
	spec := experiment.Spec{Kind: experiment.Tune, Game: toygame.Name, Strategy: "greedy", Rules: []string{"hand=3", "ranks=4..9"},
		Figures: []string{"ties"}, Goal: "0.17", Games: budget, Seed: 1, Confidence: 0.95}
	res, err := toyRunner(0).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	tn := res.Tune
	// The sweep: every candidate at the budget, on the same deals.
	sweep := experiment.Spec{Kind: experiment.Compare, Game: toygame.Name, Strategies: []string{"greedy"}, Rules: []string{"hand=3"},
		Figures: []string{"ties"}, Games: budget, Seed: 1, Confidence: 0.95}
	for r := 4; r <= 9; r++ {
		if r != 6 { // the toy's default, the comparison's rules as written
			sweep.Variants = append(sweep.Variants, experiment.Variant{Rules: []string{"ranks=" + string(rune('0'+r))}})
		}
	}
	all, err := toyRunner(0).Run(context.Background(), sweep, "")
	if err != nil {
		t.Fatal(err)
	}
	dist := map[string]float64{"ranks=6": math.Abs(all.Summary.Entries[0].Metrics["ties"].Mean - 0.17)}
	best, second := "ranks=6", ""
	for _, a := range all.Summary.Variants.Arms {
		dist[a.Name] = math.Abs(a.Differences[0].Value - 0.17)
		if dist[a.Name] < dist[best] {
			best = a.Name
		}
	}
	for name := range dist {
		if name != best && (second == "" || dist[name] < dist[second]) {
			second = name
		}
	}
	sweepPlays := int64(len(dist)) * budget
	t.Logf("sweep: %s is nearest 0.17 (%.4f away), %s next (%.4f away): a gap of %.4f ties a game, from %d games (%d candidates × %d deals)",
		best, dist[best], second, dist[second], dist[second]-dist[best], sweepPlays, len(dist), budget)
	t.Logf("tune: %s, %s, %d games (%d deals at most a candidate)", tn.Candidates[tn.Leader].Label, tn.Outcome, tn.Plays, tn.Deals)
	if got := tn.Candidates[tn.Leader].Label; got != best || tn.Outcome != "decided" {
		t.Errorf("the race found %s (%s), the sweep %s", got, tn.Outcome, best)
	}
	if tn.Plays >= sweepPlays {
		t.Errorf("the race played %d games, the sweep %d", tn.Plays, sweepPlays)
	}
	if dist[second]-dist[best] > 0.02 {
		t.Errorf("the contenders are %.4f apart: not a close case", dist[second]-dist[best])
	}
}

// TestSelfPlayVariantsCompareLength: with one strategy in every seat of a
// game of two, a comparison of variants compares the mean score and the
// game's length (the toy's turns: twice the hand, so hand=2 plays 4 turns
// to the rules' 6), never the win rate, which in self-play is each seat's
// share of the games not tied and says nothing else about the rules.
func TestSelfPlayVariantsCompareLength(t *testing.T) {
	spec := experiment.Spec{Kind: experiment.Compare, Game: toygame.Name, Strategies: []string{"greedy"},
		Variants: []experiment.Variant{{Name: "short", Rules: []string{"hand=2"}}}, Games: 200, Seed: 1, Confidence: 0.95}
	res, err := toyRunner(2).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range res.Summary.Variants.Figures {
		names = append(names, f.Name)
	}
	if slices.Contains(names, "win") || !slices.Contains(names, "turns") {
		t.Fatalf("self-play compares %v; want turns, not win", names)
	}
	for _, d := range res.Summary.Variants.Arms[0].Differences {
		if d.Figure == "turns" && d.Diff != -2 {
			t.Errorf("hand=2 changes the turns by %g, want -2 (4 cards played instead of 6)", d.Diff)
		}
	}
}
