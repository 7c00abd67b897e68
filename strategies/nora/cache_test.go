package nora

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// forget drops the shuffles and policies kept in memory, as a new process
// would start.
func forget() {
	dists.reset()
	policies.reset()
}

// TestCorruptCacheIsRebuilt: a cache file damaged anywhere (one byte
// changed by one) is never trusted: the shuffles read back are those drawn
// afresh, and the file is rewritten whole. Before the checksum, a changed
// digit in a probability (a dead chance of 0.99, say) was read as if true.
func TestCorruptCacheIsRebuilt(t *testing.T) {
	dir := t.TempDir()
	r := smallRules(t, "ranks=2")
	forget()
	want, err := Dists(dir, r, 60, PlanWholePass)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "nora-*"))
	if len(files) != 1 {
		t.Fatalf("cache files %v, want one", files)
	}
	good, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []int{0, 10, len(good) / 7, len(good) / 3, len(good) / 2, 2 * len(good) / 3, len(good) - 40, len(good) - 1} {
		bad := append([]byte(nil), good...)
		bad[at]++
		if err := os.WriteFile(files[0], bad, 0o644); err != nil {
			t.Fatal(err)
		}
		forget()
		got, err := Dists(dir, r, 60, PlanWholePass)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Dists, want.Dists) {
			t.Fatalf("byte %d changed: the shuffles read back differ from those drawn", at)
		}
		if now, _ := os.ReadFile(files[0]); string(now) != string(good) {
			t.Errorf("byte %d changed: the cache file was not rebuilt", at)
		}
	}
}

// TestCacheChecksEveryField: a file whose checksum is right (written by a
// buggy or older program, or for other rules) is still refused when a
// field breaks what the rules allow.
func TestCacheChecksEveryField(t *testing.T) {
	r := smallRules(t, "ranks=2")
	d, err := EstimatePassDists(r, 300, 1, 1, PlanWholePass)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeCache(encodeCache(d, &r), &r, d.Key, d.Planner); err != nil {
		t.Fatalf("a sound file is refused: %v", err)
	}
	last := len(d.Dists) - 1 // the full deck, sampled
	tests := []struct {
		name  string
		spoil func(d *PassDists)
	}{
		{"a pass to a deck as large", func(d *PassDists) { d.Dists[last].live.Choices[0].Next = uint8(last) }},
		{"a weight of zero", func(d *PassDists) { d.Dists[last].live.Weight[0] = 0 }},
		{"a top card class out of range", func(d *PassDists) { d.Dists[last].live.Top[0] = numTops }},
		{"a rank of four on top of the jokers alone", func(d *PassDists) { d.Dists[1].live.Top[0] = TopFour }},
		{"more ip than the cards can earn", func(d *PassDists) { d.Dists[2].live.Choices[0].Net = 200 }},
		{"a plan needing less than its switches cost", func(d *PassDists) {
			ss := &d.Dists[last].dead
			for i := range ss.Choices {
				ss.Choices[i].Need, ss.Choices[i].Net = 0, -2
			}
		}},
		{"a plan without a switch needing ip", func(d *PassDists) { d.Dists[last].live.Choices[0].Need = 1 }},
		{"a plan needing more than any plan may", func(d *PassDists) { d.Dists[last].dead.Choices[0].Need = searchMaxNeed + 1 }},
		{"a live shuffle opening with a switch", func(d *PassDists) { d.Dists[last].live.Choices[0].Flags = choiceSwitch }},
		{"a shuffle too many", func(d *PassDists) { d.Dists[last].live.Weight[0]++ }},
		{"an unknown flag", func(d *PassDists) {
			ss := &d.Dists[last].dead
			for i := range ss.Choices {
				ss.Choices[i].Flags |= 8
			}
		}},
	}
	sound := encodeCache(d, &r)
	for _, tt := range tests {
		bad, err := decodeCache(sound, &r, d.Key, d.Planner) // a copy of d to spoil
		if err != nil {
			t.Fatal(err)
		}
		tt.spoil(bad)
		if _, err := decodeCache(encodeCache(bad, &r), &r, d.Key, d.Planner); !errors.Is(err, errCache) {
			t.Errorf("%s: read back without complaint (%v)", tt.name, err)
		}
	}
	other := smallRules(t, "ranks=3")
	if _, err := decodeCache(encodeCache(d, &r), &other, PassKey(other, Budget(300), 1, d.Planner), d.Planner); !errors.Is(err, errCache) {
		t.Errorf("a file for other rules is read back (%v)", err)
	}
	if _, err := decodeCache(encodeCache(d, &r), &r, PassKey(r, Budget(301), 1, d.Planner), d.Planner); !errors.Is(err, errCache) {
		t.Errorf("a file for another sampling is read back (%v)", err)
	}
}

// TestCacheKeepsNoDeadChance: the chance of a dead shuffle read back is the
// exact one, whatever was computed when the file was written.
func TestCacheKeepsNoDeadChance(t *testing.T) {
	r := smallRules(t, "ranks=2")
	d, err := EstimatePassDists(r, 300, 1, 1, PlanWholePass)
	if err != nil {
		t.Fatal(err)
	}
	d.Dists[len(d.Dists)-1].Dead = 0.99
	back, err := decodeCache(encodeCache(d, &r), &r, d.Key, d.Planner)
	if err != nil {
		t.Fatal(err)
	}
	c := back.Dists[len(back.Dists)-1].Comp
	if got, want := back.Dists[len(back.Dists)-1].Dead, nora.DeadChance(c.N4, c.N2, c.Jokers); got != want {
		t.Errorf("dead chance read back %g, want the exact %g", got, want)
	}
}

// TestBuildStopsWhenCancelled: the build of the shuffles and of the policy
// returns the context's error soon after it is cancelled, and leaves no
// cache file behind.
func TestBuildStopsWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	forget()
	r := nora.DefaultRules()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := PolicyContext(ctx, dir, r, Budget(DefaultSamples), DefaultIPCap, VariantOptimal); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v, want context.Canceled", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := EstimatePassDistsContext(ctx, r, Budget(DefaultSamples), DistSeed, 2, PlanWholePass)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled during the build: %v, want context.DeadlineExceeded", err)
	}
	// The longest step between two looks at the context is one shuffle's
	// plans: far below a second.
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the build stopped %v after it began, 100ms after cancellation was asked", d)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "nora-*"))
	if len(files) != 0 {
		t.Errorf("a cancelled build left %v", files)
	}
}

// TestRunStopsDuringBuild: a run of the optimal bot whose context ends
// while the policy is being built (the slow part, before any game) returns
// the context's error soon after, not once the build is done: the bot is
// made without its policy and sim.Run prepares it under the run's context.
func TestRunStopsDuringBuild(t *testing.T) {
	dir := t.TempDir()
	forget()
	reg := new(strategies.Registry)
	Register(reg, Setup{CacheDir: dir})
	g := nora.New(nora.DefaultRules())
	def, err := reg.Lookup(g, "optimal")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	cfg := sim.Config{Game: g, Lineup: []sim.Player{{Strategy: def}}, Seed: 1, Games: 10}
	if _, err := sim.Run(ctx, cfg); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("run cancelled during the build: %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the run stopped %v after it began, 100ms after cancellation was asked", d)
	}
}

// TestUnpreparedBotBuildsAtBegin: a bot played without Prepare (as a
// single traced game is) builds its policy at its first game and plays as
// a prepared one.
func TestUnpreparedBotBuildsAtBegin(t *testing.T) {
	dir := t.TempDir()
	forget()
	reg := new(strategies.Registry)
	Register(reg, Setup{CacheDir: dir})
	g := nora.New(smallRules(t, "ranks=2"))
	def, err := reg.Lookup(g, "optimal")
	if err != nil {
		t.Fatal(err)
	}
	bot, err := def.New(g, []string{"samples=300"})
	if err != nil {
		t.Fatal(err)
	}
	if bot.(*Optimal).sol != nil {
		t.Fatal("New built the policy: a command could not interrupt it")
	}
	bot.Begin(1)
	want, err := Policy(dir, g.RuleValues(), 300, DefaultIPCap, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := bot.(*Optimal).sol; got != want {
		t.Errorf("the bot plays %p, not the policy built for its rules %p", got, want)
	}
}

// TestCacheNotAFile: a named pipe in the cache file's place is neither
// waited on nor trusted: the distributions are drawn again, alike, and a
// regular cache file replaces the pipe.
func TestCacheNotAFile(t *testing.T) {
	dir := t.TempDir()
	r := smallRules(t, "ranks=2")
	forget()
	want, err := Dists(dir, r, 300, PlanWholePass)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "nora-*"))
	if len(files) != 1 {
		t.Fatalf("cache files %v, want one", files)
	}
	if err := os.Remove(files[0]); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(files[0], 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	forget()
	done := make(chan error, 1)
	go func() {
		got, err := Dists(dir, r, 300, PlanWholePass)
		if err == nil && !reflect.DeepEqual(got.Dists, want.Dists) {
			err = errors.New("the shuffles drawn again differ")
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("still waiting on the named pipe after a minute")
	}
	if fi, err := os.Lstat(files[0]); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("cache %s after the rebuild: %v, %v; want a regular file", files[0], fi, err)
	}
}

// BenchmarkPolicyFromCache is what a run of optimal does before its first
// deal on a warm cache: the default rules' shuffles read from their file
// and checked in full (readCache), then the policy solved over them. The
// file is built once, before the loop, at the default budget (a cold
// build: BenchmarkPolicyBuild).
func BenchmarkPolicyFromCache(b *testing.B) {
	dir := b.TempDir()
	r := nora.DefaultRules()
	sm := Budget(DefaultSamples)
	if _, err := DistsContext(b.Context(), dir, r, sm, DistSeed, PlanWholePass); err != nil {
		b.Fatal(err)
	}
	key := PassKey(r, sm, DistSeed, PlanWholePass)
	path := cachePath(dir, key)
	b.Run("read", func(b *testing.B) {
		start := processCPU()
		for b.Loop() {
			if _, err := readCache(path, &r, key, PlanWholePass); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
	b.Run("read+solve", func(b *testing.B) {
		start := processCPU()
		for b.Loop() {
			d, err := readCache(path, &r, key, PlanWholePass)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := SolveContext(b.Context(), r, d, DefaultIPCap, VariantOptimal); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
}
