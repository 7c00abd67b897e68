package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWorkersBound: a number of workers beyond MaxWorkers is refused, by
// every command that takes --workers, before anything is allocated.
func TestWorkersBound(t *testing.T) {
	for _, args := range [][]string{
		{"run", "nora"},
		{"compare", "nora", "--strategies", "cautious,rescuer"},
		{"sweep", "nora", "--rule", "insure=0,1"},
		{"tournament", "spite", "--strategies", "greedy,random"},
		{"skill", "spite", "--strategy", "flatmc"},
		{"analyze", "nora", "--out", t.TempDir()},
		{"report", "--game", "nora", "--out", t.TempDir()},
	} {
		code, _, errs := run(t, append(args, "--workers", "1000000000")...)
		if code != 1 || !strings.Contains(errs, "--workers 1000000000: want 1 to 1024") {
			t.Errorf("%v --workers 1000000000: exit %d, %q", args, code, errs)
		}
	}
	mustRun(t, "run", "nora", "--games", "10", "--workers", "1024", "-q")
}

// TestSweepGridBound: a grid of more than MaxSweepPoints points is refused
// with its size, before any point is built.
func TestSweepGridBound(t *testing.T) {
	values := func(n int) string {
		v := make([]string, n)
		for i := range v {
			v[i] = fmt.Sprint(i)
		}
		return strings.Join(v, ",")
	}
	// 40×30 points, and a strategy that does not exist: the grid's size is
	// the first thing said.
	code, _, errs := run(t, "sweep", "nora", "--rule", "insure="+values(40), "--rule", "rounds="+values(30), "--strategy", "nosuch")
	if code != 1 || !strings.Contains(errs, "a grid of 40×30 points is more than the 1000") {
		t.Errorf("40×30 grid: exit %d, %q", code, errs)
	}
	var args []string
	for i := range 10 {
		args = append(args, "--rule", fmt.Sprintf("r%d=%s", i, values(100)))
	}
	code, _, errs = run(t, append([]string{"sweep", "nora"}, args...)...)
	if code != 1 || !strings.Contains(errs, "a grid of 100×100×100×100×100×100×100×100×100×100 points") {
		t.Errorf("10 rules of 100 values: exit %d, %q", code, errs)
	}
}

// TestInterruptEveryCommand: every command that plays many deals stops
// soon after an interrupt (here its context cancelled once it is under
// way), with status 130 and a line saying it was interrupted and what it
// kept (never Go's "context canceled").
func TestInterruptEveryCommand(t *testing.T) {
	long := "1000000000"
	for _, args := range [][]string{
		{"run", "nora", "--games", long},
		{"compare", "nora", "--strategies", "cautious,rescuer", "--games", long},
		{"sweep", "nora", "--rule", "insure=0,1,2", "--games", long},
		{"tournament", "spite", "--strategies", "greedy,random,planner", "--games", long},
		{"skill", "spite", "--strategy", "flatmc", "--games", long},
		{"analyze", "roundup", "--opt", "games=" + long, "--out", filepath.Join(t.TempDir(), "out")},
		{"report", "--game", "nora", "--scale", "10000", "--out", filepath.Join(t.TempDir(), "out")},
	} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			t.Parallel() // each waits a tenth of a second before its interrupt
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			var out, errw bytes.Buffer
			f := NewFactory(strings.NewReader(""), &out, &errw)
			start := time.Now()
			code := f.execute(ctx, append(args, "-q", "--workers", "2"))
			took := time.Since(start)
			cancel()
			if code != 130 || !strings.Contains(errw.String(), "cardsim: interrupted") || took > 30*time.Second {
				t.Errorf("%v: exit %d after %v, stderr %q; want 130 soon after the interrupt", args[:2], code, took.Round(time.Millisecond), errw.String())
			}
			if msg := errw.String(); strings.Contains(msg, "context canceled") || !strings.Contains(msg, "; kept: ") || strings.Count(msg, "\n") != 1 {
				t.Errorf("%v: stderr %q; want one line saying what was kept, not the context's error", args[:2], msg)
			}
			if i := indexOf(args, "--out"); i >= 0 {
				if _, err := os.Stat(args[i+1]); err == nil && args[0] != "sweep" {
					t.Errorf("%v: wrote %s though interrupted", args[:2], args[i+1])
				}
			}
		})
	}
}

// indexOf returns the index of s in list, or -1.
func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
