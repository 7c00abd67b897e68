package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// interruptWhen runs cardsim with args in this process and interrupts it
// once ready reports true, as Ctrl-C would; it returns the exit status,
// stdout and stderr.
func interruptWhen(t *testing.T, ready func() bool, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			if ready() {
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	var out, errw bytes.Buffer
	code := NewFactory(strings.NewReader(""), &out, &errw).execute(ctx, args)
	return code, out.String(), errw.String()
}

// exists reports whether path exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestInterruptedRunKeepsFinishedOut: a run or a sweep interrupted with
// a checkpoint never replaces a finished result in --out with its
// partial one, and says so; over an earlier partial result, or into a new
// directory, the partial result is written. It used to replace a complete
// 2,000-deal result with a partial summary.
func TestInterruptedRunKeepsFinishedOut(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	mustRun(t, "run", "nora", "--games", "20", "-q", "--out", good)
	before, err := os.ReadFile(filepath.Join(good, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(dir, "run.ckpt")
	long := []string{"run", "nora", "--games", "30000000", "-q", "--checkpoint", ckpt, "--checkpoint-every", "10ms"}
	code, _, errs := interruptWhen(t, func() bool { return exists(ckpt) }, append(long, "--out", good)...)
	after, _ := os.ReadFile(filepath.Join(good, "summary.json"))
	if code != 130 || !bytes.Equal(after, before) || !strings.Contains(errs, "holds a finished result, left as it was") || strings.Count(errs, "\n") != 1 {
		t.Errorf("interrupted run over a finished --out: exit %d, %q; the finished summary kept: %v", code, errs, bytes.Equal(after, before))
	}
	// Into a new directory, and then over its own partial result, the
	// partial result is written.
	fresh := filepath.Join(dir, "fresh")
	os.Remove(ckpt)
	for _, extra := range [][]string{nil, {"--resume"}} {
		start := time.Now()
		saved := func() bool { fi, err := os.Stat(ckpt); return err == nil && fi.ModTime().After(start) }
		code, _, errs := interruptWhen(t, saved, append(append(long, "--out", fresh), extra...)...)
		b, err := os.ReadFile(filepath.Join(fresh, "summary.json"))
		if code != 130 || err != nil || !strings.Contains(string(b), "partial") || strings.Contains(errs, "left as it was") {
			t.Errorf("interrupted run into --out %v: exit %d, %q, summary %.80s", extra, code, errs, b)
		}
	}

	sweep := filepath.Join(dir, "sweep")
	args := []string{"sweep", "nora", "--rule", "insure=0,1", "-q"}
	mustRun(t, append(args, "--games", "20", "--out", sweep)...)
	before, _ = os.ReadFile(filepath.Join(sweep, "sweep.json"))
	points := filepath.Join(dir, "points")
	code, _, errs = interruptWhen(t, func() bool { return exists(filepath.Join(points, "point-2-of-2.json")) },
		append(args, "--games", "20000", "--out", sweep, "--checkpoint", points, "--checkpoint-every", "10ms")...)
	after, _ = os.ReadFile(filepath.Join(sweep, "sweep.json"))
	if code != 130 || !bytes.Equal(after, before) || !strings.Contains(errs, "holds a finished result, left as it was") {
		t.Errorf("interrupted sweep over a finished --out: exit %d, %q; the finished sweep kept: %v", code, errs, bytes.Equal(after, before))
	}
}

// TestCheckpointLocked: two runs given one checkpoint never both play:
// the second is refused with one line while the first holds it, whatever
// its flags. They used to both pass the check that the checkpoint did not
// exist yet, and one run's progress was lost.
func TestCheckpointLocked(t *testing.T) {
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "run.ckpt")
	first := []string{"run", "nora", "--games", "30000000", "-q", "--checkpoint", ckpt, "--checkpoint-every", "10ms"}
	var second struct {
		code int
		errs string
	}
	done := false
	code, _, _ := interruptWhen(t, func() bool {
		if done || !exists(ckpt) {
			return done
		}
		for _, extra := range [][]string{{"--seed", "2", "--overwrite-checkpoint"}, {"--resume"}} {
			second.code, _, second.errs = run(t, append([]string{"run", "nora", "--games", "1000", "-q", "--checkpoint", ckpt}, extra...)...)
			if second.code != 1 || !strings.Contains(second.errs, "in use by another cardsim run") || strings.Count(second.errs, "\n") != 1 {
				t.Errorf("a second run on a checkpoint in use (%v): exit %d, %q", extra, second.code, second.errs)
			}
		}
		done = true
		return true
	}, first...)
	if code != 130 || !done {
		t.Fatalf("first run: exit %d, second tried %v", code, done)
	}
	// Once the first run has ended, the checkpoint is free again.
	mustRun(t, "run", "nora", "--games", "1000", "-q", "--checkpoint", ckpt, "--overwrite-checkpoint")
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files beside the checkpoint after the runs: %v; want the checkpoint alone", entries)
	}
}

// TestOverwriteCheckpointOnlyRegular: --overwrite-checkpoint replaces a
// checkpoint file, never a named pipe, a device or a link put at its
// place (it used to replace /dev/full, as root, with a JSON file).
func TestOverwriteCheckpointOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	// A device is refused the same way; the test does not put one at
	// risk (as root, a regression would replace it).
	for _, path := range []string{fifo, link} {
		for _, extra := range []string{"--overwrite-checkpoint", "--resume"} {
			code, _, errs := run(t, "run", "nora", "--games", "100", "-q", "--checkpoint", path, extra)
			if code != 1 || !strings.Contains(errs, "not a regular file") || strings.Count(errs, "\n") != 1 {
				t.Errorf("--checkpoint %s %s: exit %d, %q; want one line saying it is not a regular file", path, extra, code, errs)
			}
		}
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the named pipe was replaced")
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Error("the link's target was changed")
	}
}

// TestFlipTableIdentifiedByContents: shards of a Flip run on one table
// merge whatever path spelled it or whichever copy of it they read (a copy
// with CRLF line endings included), giving the one run's summary; and a
// checkpoint resumes under another spelling of the path. They used to be
// refused at merge as "another run".
func TestFlipTableIdentifiedByContents(t *testing.T) {
	dir := t.TempDir()
	table := "AC/2C 2C/3C 3C/AC AD/2D 2D/3D 3D/AD AH/2H 2H/3H 3H/AH AS/2S 2S/3S 3S/AS\n"
	t1, copied := filepath.Join(dir, "t1.txt"), filepath.Join(dir, "copy", "t1.txt")
	os.WriteFile(t1, []byte(table), 0o644)
	os.MkdirAll(filepath.Dir(copied), 0o755)
	os.WriteFile(copied, []byte(strings.ReplaceAll(table, " ", "\r\n")), 0o644)
	base := []string{"run", "flip", "--rule", "ranks=3", "--games", "900", "-q"}
	parts := filepath.Join(dir, "parts")
	for k, path := range []string{t1, dir + "/./t1.txt", copied} { // two spellings of one path, and a copy
		mustRun(t, append(base, "--rule", "mapping=file:"+path, "--shard", fmt.Sprintf("%d/3", k), "--out", parts)...)
	}
	whole, merged := filepath.Join(dir, "whole"), filepath.Join(dir, "merged")
	mustRun(t, append(base, "--rule", "mapping=file:"+t1, "--out", whole)...)
	mustRun(t, "merge", parts, "--out", merged)
	if summaryOf(t, merged) != summaryOf(t, whole) {
		t.Error("shards of one table under three spellings merge into another summary than one run's")
	}
	ckpt := filepath.Join(dir, "run.ckpt")
	mustRun(t, append(base, "--rule", "mapping=file:"+t1, "--checkpoint", ckpt)...)
	mustRun(t, append(base, "--rule", "mapping=file:"+copied, "--checkpoint", ckpt, "--resume")...)
}

// TestResumeRefusesEditedCheckpoint: a checkpoint edited and resealed is
// refused with one line naming it and the impossible figure; it used to be
// carried on from.
func TestResumeRefusesEditedCheckpoint(t *testing.T) {
	ckpt := filepath.Join(t.TempDir(), "run.ckpt")
	args := []string{"run", "nora", "--games", "600", "-q", "--checkpoint", ckpt}
	mustRun(t, args...)
	p, err := sim.ReadPart(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []*sim.Outcomes{&p.Tally.Entries[0], &p.Tally.Seats[0]} {
		lo, _, _ := o.Score.Range()
		o.Score.AddN(lo, -1)
		o.Score.AddN(541, 1)
	}
	p.Seal()
	if err := reports.WritePart(ckpt, p); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, append(args, "--resume")...)
	if code != 1 || !strings.Contains(errs, "--resume: "+ckpt+": entry 0 (") || !strings.Contains(errs, "score 541 outside 0…540") || strings.Count(errs, "\n") != 1 {
		t.Errorf("resuming an edited checkpoint: exit %d, %q", code, errs)
	}
}
