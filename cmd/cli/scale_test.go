package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

func summaryOf(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	return volatile.ReplaceAllString(string(b), "")
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := run(t, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	return out
}

// TestShardMergeIdentical: n shards merged give byte for byte the summary of
// one run, for n = 1, 3, 8 (printed as JSON: --out would draw every chart).
func TestShardMergeIdentical(t *testing.T) {
	base := []string{"run", "nora", "--strategies", "cautious,rescuer", "--games", "601", "--seed", "11", "-q"}
	want := volatile.ReplaceAllString(mustRun(t, append(base, "--format", "json")...), "")
	if !strings.Contains(want, `"entries"`) {
		t.Fatalf("the run printed %.200q, not a summary", want)
	}
	for _, n := range []int{1, 3, 8} {
		parts := t.TempDir()
		var files []string
		for k := range n {
			mustRun(t, append(base, "--shard", fmt.Sprintf("%d/%d", k, n), "--out", parts, "--workers", fmt.Sprint(1+k%2))...)
			files = append(files, filepath.Join(parts, fmt.Sprintf("part-%d-of-%d.json", k, n)))
		}
		merged := mustRun(t, append([]string{"merge", "--format", "json"}, files...)...)
		if got := volatile.ReplaceAllString(merged, ""); got != want {
			t.Errorf("%d shards merged differ from one run", n)
		}
	}
}

func TestShardAuto(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("JOB_COMPLETION_INDEX", "2")
	mustRun(t, "run", "nora", "--games", "40", "--shard", "auto/4", "--out", dir, "-q")
	if _, err := os.Stat(filepath.Join(dir, "part-2-of-4.json")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "9")
	if code, _, errs := run(t, "run", "nora", "--games", "40", "--shard", "auto/4", "--out", dir); code == 0 || !strings.Contains(errs, "JOB_COMPLETION_INDEX") {
		t.Errorf("index 9 of 4 accepted: %s", errs)
	}
}

// TestMergeErrors: missing, duplicate, foreign, damaged and incomplete parts
// are refused with a clear error and nothing written.
func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	base := []string{"run", "nora", "--games", "300", "-q", "--out", dir}
	for k := range 3 {
		mustRun(t, append(base, "--shard", fmt.Sprintf("%d/3", k))...)
	}
	other := t.TempDir()
	mustRun(t, "run", "nora", "--games", "300", "-q", "--out", other, "--shard", "1/3", "--seed", "2")
	p := func(k int) string { return filepath.Join(dir, fmt.Sprintf("part-%d-of-3.json", k)) }
	b, _ := os.ReadFile(p(2))
	truncated := filepath.Join(t.TempDir(), "part-2-of-3.json")
	os.WriteFile(truncated, b[:len(b)/2], 0o644)
	tampered := filepath.Join(t.TempDir(), "part-2-of-3.json")
	os.WriteFile(tampered, []byte(strings.Replace(string(b), `"wins":0`, `"wins":1`, 1)), 0o644)
	fifo := filepath.Join(t.TempDir(), "part-2-of-3.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		files []string
		want  string
	}{
		{[]string{p(0), p(1)}, "missing shard(s) [2]"},
		{[]string{p(0), p(1), p(1), p(2)}, "shard 1 given twice"},
		{[]string{p(0), filepath.Join(other, "part-1-of-3.json"), p(2)}, "belongs to another run"},
		{[]string{p(0), p(1), truncated}, "corrupt or truncated"},
		{[]string{p(0), p(1), tampered}, "checksum"},
		{[]string{p(0), p(1), filepath.Join(dir, "nosuch.json")}, "no such file"},
		{[]string{p(0), p(1), "/dev/zero"}, "not a regular file"}, // endless: never read
		{[]string{p(0), p(1), fifo}, "not a regular file"},        // no writer: would block
	}
	for _, tt := range tests {
		out := t.TempDir()
		code, _, errs := run(t, append([]string{"merge", "--out", out}, tt.files...)...)
		if code == 0 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("merge %v: exit %d, %q; want an error with %q", tt.files, code, errs, tt.want)
		}
		if ents, _ := os.ReadDir(out); len(ents) != 0 {
			t.Errorf("merge %v wrote %v", tt.files, ents)
		}
	}
}

// TestPrecision: --precision plays until the interval is narrow enough,
// and says so. Flip's greedy bot needs three batches of deals (98,304) to
// know its mean score to ±0.1, in a quarter of a second of CPU. That a run
// stops at the same deal on any number of workers is experiment's
// TestPrecisionStopsAtTheSameDeal.
func TestPrecision(t *testing.T) {
	raw := []string{mustRun(t, "run", "flip", "--strategy", "greedy", "--precision", "0.1", "--format", "json", "-q")}
	var s struct {
		Manifest struct {
			Games   int64
			Stopped string
		}
		Entries []struct {
			Score struct {
				Mean   float64
				CILow  float64 `json:"ci_low"`
				CIHigh float64 `json:"ci_high"`
			}
		}
	}
	if err := json.Unmarshal([]byte(raw[0]), &s); err != nil || len(s.Entries) != 1 {
		t.Fatalf("%v: %d entries, want 1", err, len(s.Entries))
	}
	if sc := s.Entries[0].Score; !strings.Contains(s.Manifest.Stopped, "precision 0.1 on score reached") || sc.CIHigh-sc.Mean > 0.1 ||
		s.Manifest.Games <= sim.BatchDeals || s.Manifest.Games >= 10_000_000 {
		t.Errorf("manifest %+v, score %+v", s.Manifest, sc)
	}
	out := mustRun(t, "run", "nora", "--precision", "0.0001", "--max-games", "5000", "--format", "json", "-q")
	if !strings.Contains(out, "--max-games 5000 reached before precision") {
		t.Error("a run that hit --max-games does not say so")
	}
}

// buildCardsim builds the cardsim command for tests that run it as a
// process of its own, and returns its path.
func buildCardsim(t *testing.T, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "cardsim")
	args := append(append([]string{"build", "-o", bin}, flags...), "github.com/cardsim/cardsim/cmd/cardsim")
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// waitForCheckpoint waits until the run of cmd, playing deals in all, has
// written a checkpoint of some of them at path, killing cmd and failing
// the test after timeout. A run that writes its first checkpoint only
// when it has played every deal fails the test too: it took none while
// it played.
func waitForCheckpoint(t *testing.T, cmd *exec.Cmd, path string, deals int64, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		if p, err := sim.ReadPart(path); err == nil {
			if p.Played() >= deals {
				cmd.Process.Kill()
				t.Fatalf("the first checkpoint seen holds all %d deals: none was taken while the run played", deals)
			}
			return
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no %s written in %v", filepath.Base(path), timeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestInterruptResume kills a real cardsim process mid-run with SIGINT, then
// resumes it, and checks the result against an uninterrupted run. 20,000
// deals take under a second on two workers: the interrupt comes after the
// first checkpoint, some tens of milliseconds in.
func TestInterruptResume(t *testing.T) {
	t.Parallel()
	bin := cardsimBinary(t)
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "run.ckpt")
	args := []string{"run", "nora", "--strategy", "stop-at", "--games", "20000", "--seed", "5", "-q",
		"--checkpoint", ckpt, "--checkpoint-every", "50ms", "--out", filepath.Join(dir, "out")}
	cmd := exec.Command(bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForCheckpoint(t, cmd, ckpt, 20000, 60*time.Second) // interrupt once the first checkpoint is on disk
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if err == nil {
		t.Skip("the run finished before the signal arrived")
	}
	if msg := stderr.String(); !strings.Contains(msg, "kept: the deals played, in checkpoint "+ckpt+", and a partial summary in "+filepath.Join(dir, "out")) ||
		!strings.Contains(msg, "; run the same command with --resume to carry on") || strings.Contains(msg, "context canceled") {
		t.Errorf("interrupted run says %q; want it to tell what it kept and how to resume", msg)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "summary.json")); err != nil {
		t.Errorf("no partial summary after the interruption: %v", err)
	}
	resumed := exec.Command(bin, append(args, "--resume")...)
	if out, err := resumed.CombinedOutput(); err != nil {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	whole := t.TempDir()
	if out, err := exec.Command(bin, "run", "nora", "--strategy", "stop-at", "--games", "20000", "--seed", "5", "-q", "--out", whole).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	if summaryOf(t, filepath.Join(dir, "out")) != summaryOf(t, whole) {
		t.Error("interrupted and resumed run differs from an uninterrupted one")
	}
}

// TestCheckpointMidBatch: a slow run interrupted before its first batch
// of 32,768 deals is done keeps the chunks it played (the checkpoint is
// taken between chunks), and resumed gives the uninterrupted result. A
// strategy that searches at its decisions plays chunks of one deal; these
// 1,000 deals (flatmc at budget 1) are all in the first batch, and take
// about half a second on two workers.
func TestCheckpointMidBatch(t *testing.T) {
	t.Parallel()
	bin := cardsimBinary(t)
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "run.ckpt")
	args := []string{"run", "chriscross", "--strategy", "flatmc", "--param", "budget=1", "--games", "1000", "--seed", "4", "-q",
		"--checkpoint", ckpt, "--checkpoint-every", "10ms", "--format", "json"}
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForCheckpoint(t, cmd, ckpt, 1000, 120*time.Second)
	cmd.Process.Signal(syscall.SIGINT)
	if err := cmd.Wait(); err == nil {
		t.Skip("the run finished before the signal arrived")
	}
	part, err := sim.ReadPart(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	if part.Played() == 0 || part.Played() >= 1000 {
		t.Fatalf("the checkpoint holds %d of 1000 deals, want some but not all", part.Played())
	}
	resumed, err := exec.Command(bin, append(args, "--resume")...).Output()
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	whole, err := exec.Command(bin, "run", "chriscross", "--strategy", "flatmc", "--param", "budget=1", "--games", "1000", "--seed", "4", "-q", "--format", "json").Output()
	if err != nil {
		t.Fatalf("uninterrupted run: %v", err)
	}
	if volatile.ReplaceAllString(string(resumed), "") != volatile.ReplaceAllString(string(whole), "") || !strings.Contains(string(whole), `"entries"`) {
		t.Error("interrupted and resumed run differs from an uninterrupted one")
	}
}

// TestClusterLocally runs the command of deploy/slurm/run.sbatch (with fewer
// games) as n concurrent processes, each told its shard by
// SLURM_ARRAY_TASK_ID as Slurm would, merges their directory as
// deploy/slurm/merge.sbatch does, and checks the result against one run.
func TestClusterLocally(t *testing.T) {
	t.Parallel()
	sbatch, err := os.ReadFile("../../deploy/slurm/run.sbatch")
	if err != nil || !strings.Contains(string(sbatch), `--shard "auto/$shards"`) {
		t.Fatalf("deploy/slurm/run.sbatch does not shard with auto/N: %v", err)
	}
	bin := cardsimBinary(t)
	const n = 4
	args := []string{"run", "nora", "--strategy", "rescuer", "--games", "1200", "--seed", "42", "--workers", "1", "--quiet"}
	parts := t.TempDir()
	var procs []*exec.Cmd
	for k := range n {
		cmd := exec.Command(bin, append(args, "--shard", fmt.Sprintf("auto/%d", n), "--out", parts)...)
		cmd.Env = append(os.Environ(), fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", k))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		procs = append(procs, cmd)
	}
	for _, p := range procs {
		if err := p.Wait(); err != nil {
			t.Fatalf("shard process: %v", err)
		}
	}
	merged, err := exec.Command(bin, "merge", parts, "--format", "json").Output()
	if err != nil {
		t.Fatalf("merge: %v", err)
	}
	whole, err := exec.Command(bin, append(args, "--format", "json")...).Output()
	if err != nil {
		t.Fatalf("one run: %v", err)
	}
	if volatile.ReplaceAllString(string(merged), "") != volatile.ReplaceAllString(string(whole), "") || !strings.Contains(string(whole), `"entries"`) {
		t.Error("the merged shards differ from one run")
	}
}

// TestMergeRefusesEditedParts: parts edited by hand and resealed, as a
// hostile or careless user might, are refused with an error rather than a
// panic or a summary labelled with what was never played.
func TestMergeRefusesEditedParts(t *testing.T) {
	dir := t.TempDir()
	for k := range 3 {
		mustRun(t, "run", "roundup", "--strategies", "greedy,defender", "--rule", "players=3", "--games", "30", "-q", "--out", dir, "--shard", fmt.Sprintf("%d/3", k))
	}
	p := func(k int) string { return filepath.Join(dir, fmt.Sprintf("part-%d-of-3.json", k)) }
	edited := func(edit func(*sim.Part)) string {
		part, err := sim.ReadPart(p(2))
		if err != nil {
			t.Fatal(err)
		}
		edit(part)
		part.Seal()
		path := filepath.Join(t.TempDir(), "part-2-of-3.json")
		if err := reports.WritePart(path, part); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tt := range []struct {
		name string
		file string
		want string
	}{
		{"negative shards", edited(func(p *sim.Part) { p.Shards = -1 }), "shards: want 1 to"},
		{"10^15 shards", edited(func(p *sim.Part) { p.Shards = 1_000_000_000_000_000 }), "shards: want 1 to"},
		{"another range", edited(func(p *sim.Part) { p.First-- }), "holds deals"},
		{"another seed", edited(func(p *sim.Part) { p.Manifest.Seed = 99 }), "describes another run"},
		{"another rule", edited(func(p *sim.Part) { p.Manifest.Rules["players"] = sim.RuleValue{Text: "4", Kind: "integer"} }), "describes another run"},
		{"another strategy", edited(func(p *sim.Part) { p.Manifest.Strategies[1].Name = "greedy" }), "describes another run"},
	} {
		code, _, errs := run(t, "merge", p(0), p(1), tt.file)
		if code != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, %q; want an error with %q", tt.name, code, errs, tt.want)
		}
	}
	// Every part claiming another game, consistently: its tally is not
	// shaped for that game.
	var nora []string
	for k := range 3 {
		part, err := sim.ReadPart(p(k))
		if err != nil {
			t.Fatal(err)
		}
		part.Manifest.Game, part.Manifest.Rules = "nora", map[string]sim.RuleValue{}
		for i := range part.Manifest.Strategies {
			part.Manifest.Strategies[i] = sim.StrategyRecord{Name: "rescuer", Params: map[string]string{}}
		}
		part.Seal()
		path := filepath.Join(t.TempDir(), fmt.Sprintf("part-%d-of-3.json", k))
		reports.WritePart(path, part)
		nora = append(nora, path)
	}
	if code, _, errs := run(t, append([]string{"merge"}, nora...)...); code != 1 || !strings.Contains(errs, "another command") {
		t.Errorf("parts relabelled as nora: exit %d, %q", code, errs)
	}
	// Every part resealed with a figure the summary would use as it is
	// (a confidence of 1.5 used to panic in the interval code).
	for _, tt := range []struct {
		name string
		edit func(*sim.Part)
		want string
	}{
		{"confidence 1.5", func(p *sim.Part) { p.Manifest.Confidence = 1.5 }, "confidence 1.5: want a level above 0 and at most 0.999999"},
		{"confidence 1", func(p *sim.Part) { p.Manifest.Confidence = 1 }, "confidence 1: want"},
		{"confidence -1", func(p *sim.Part) { p.Manifest.Confidence = -1 }, "confidence -1: want"},
		{"workers -5", func(p *sim.Part) { p.Manifest.Workers = -5 }, "-5 workers"},
		{"wall time", func(p *sim.Part) { p.Manifest.WallSeconds = -1e300 }, "wall time -1e+300 s"},
	} {
		var parts []string
		for k := range 3 {
			part, err := sim.ReadPart(p(k))
			if err != nil {
				t.Fatal(err)
			}
			tt.edit(part)
			part.Seal()
			path := filepath.Join(t.TempDir(), fmt.Sprintf("part-%d-of-3.json", k))
			if err := reports.WritePart(path, part); err != nil {
				t.Fatal(err)
			}
			parts = append(parts, path)
		}
		if code, _, errs := run(t, append([]string{"merge"}, parts...)...); code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s in every part: exit %d, %q; want one line with %q", tt.name, code, errs, tt.want)
		}
	}
}

// TestResumeFinishedPrecisionRun: resuming a run that stopped on its
// precision target plays nothing more and reports the same result.
func TestResumeFinishedPrecisionRun(t *testing.T) {
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "run.ckpt")
	args := []string{"run", "flip", "--strategy", "greedy", "--precision", "0.3", "--seed", "2", "-q", "--checkpoint", ckpt}
	mustRun(t, append(args, "--out", filepath.Join(dir, "first"))...)
	mustRun(t, append(args, "--resume", "--out", filepath.Join(dir, "again"))...)
	first, again := summaryOf(t, filepath.Join(dir, "first")), summaryOf(t, filepath.Join(dir, "again"))
	if first != again || !strings.Contains(again, "precision 0.3 on score reached") {
		t.Errorf("the resumed finished run differs or kept playing:\n%.300s\n%.300s", first, again)
	}
}

// TestFlipTableRunsNeverMix: a Flip run whose pairing is read from a table
// (mapping=file:) is told apart by the table's contents, not its path:
// shards or a checkpoint played on another table at the same path are
// refused, and parts of one table merge without the file at hand.
func TestFlipTableRunsNeverMix(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "pairs.txt")
	write := func(text string) {
		t.Helper()
		if err := os.WriteFile(table, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Two pairings of the 12-card deck of ranks A, 2, 3: each rank's dark
	// face is the next rank of its suit, or the one before.
	next := "AC/2C 2C/3C 3C/AC AD/2D 2D/3D 3D/AD AH/2H 2H/3H 3H/AH AS/2S 2S/3S 3S/AS"
	prev := "AC/3C 2C/AC 3C/2C AD/3D 2D/AD 3D/2D AH/3H 2H/AH 3H/2H AS/3S 2S/AS 3S/2S"
	base := []string{"run", "flip", "--rule", "ranks=3", "--rule", "mapping=file:" + table, "--games", "900", "-q"}
	shard := func(out string, k int) string {
		mustRun(t, append(base, "--shard", fmt.Sprintf("%d/3", k), "--out", out)...)
		return filepath.Join(out, fmt.Sprintf("part-%d-of-3.json", k))
	}
	parts := filepath.Join(dir, "parts")
	write(next)
	p0, p1 := shard(parts, 0), shard(parts, 1)
	write(prev)
	other := shard(filepath.Join(dir, "other"), 2)
	if code, _, errs := run(t, "merge", p0, p1, other); code != 1 || !strings.Contains(errs, "belongs to another run") {
		t.Errorf("shards of two tables merged: exit %d, %q", code, errs)
	}

	write(next)
	p2 := shard(parts, 2)
	whole := filepath.Join(dir, "whole")
	mustRun(t, append(base, "--out", whole)...)
	if err := os.Remove(table); err != nil {
		t.Fatal(err)
	}
	merged := filepath.Join(dir, "merged")
	mustRun(t, "merge", "--out", merged, p0, p1, p2)
	if summaryOf(t, merged) != summaryOf(t, whole) {
		t.Error("the shards of one table, merged without the file, differ from one run")
	}
	// With another table at the path the parts still merge (merge deals
	// nothing), but the recorded rules cannot be played: one line says why,
	// before any deal (it used to be a panic in the first deal).
	write(prev)
	mustRun(t, "merge", "--out", merged, p0, p1, p2)
	if summaryOf(t, merged) != summaryOf(t, whole) {
		t.Error("the shards of one table, merged beside a changed file, differ from one run")
	}
	var sum struct {
		Manifest struct {
			Rules map[string]any `json:"rules"`
		} `json:"manifest"`
	}
	b, _ := os.ReadFile(filepath.Join(merged, "summary.json"))
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	recorded := fmt.Sprint(sum.Manifest.Rules["mapping"])
	for _, args := range [][]string{
		{"run", "flip", "--rule", "ranks=3", "--rule", "mapping=" + recorded, "--games", "10"},
		{"trace", "flip", "--rule", "ranks=3", "--rule", "mapping=" + recorded},
	} {
		if code, _, errs := run(t, args...); code != 1 || !strings.Contains(errs, "contents have changed") || strings.Contains(errs, "panic") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s on a changed table: exit %d, %q; want one line saying it changed", args[0], code, errs)
		}
	}

	ckpt := filepath.Join(dir, "run.ckpt")
	write(next)
	mustRun(t, append(base, "--checkpoint", ckpt)...)
	write(prev)
	if code, _, errs := run(t, append(base, "--checkpoint", ckpt, "--resume")...); code != 1 || !strings.Contains(errs, "another command") {
		t.Errorf("a checkpoint resumed on another table: exit %d, %q", code, errs)
	}
}

// TestInterruptedShardLeavesParts: a shard interrupted with a checkpoint
// keeps its record in the checkpoint and writes nothing into the parts
// directory, whose other shards' parts stay as they were (it used to try a
// partial summary there and fail, blaming the other parts).
func TestInterruptedShardLeavesParts(t *testing.T) {
	dir := t.TempDir()
	parts := filepath.Join(dir, "parts")
	mustRun(t, "run", "nora", "--strategy", "rescuer", "--games", "30", "--shard", "0/3", "--out", parts, "-q")
	part0 := filepath.Join(parts, "part-0-of-3.json")
	before, err := os.ReadFile(part0)
	if err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(dir, "shard1.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // interrupt once the checkpoint holds a few deals
		for ctx.Err() == nil {
			if p, err := sim.ReadPart(ckpt); err == nil && p.Played() >= 2 {
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	var out, errw bytes.Buffer
	code := NewFactory(strings.NewReader(""), &out, &errw).execute(ctx, []string{"run", "nora", "--strategy", "rescuer",
		"--games", "3000000", "--shard", "1/3", "--out", parts, "--checkpoint", ckpt, "--checkpoint-every", "10ms", "-q"})
	if code != 130 || !strings.Contains(errw.String(), "--resume") || strings.Contains(errw.String(), "could not be written") {
		t.Errorf("interrupted shard: exit %d, %q; want 130 and a hint to resume", code, errw.String())
	}
	entries, err := os.ReadDir(parts)
	if err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(part0)
	if err != nil || len(entries) != 1 || !bytes.Equal(after, before) {
		t.Errorf("parts directory after the interruption: %v; want part-0-of-3.json alone, unchanged", entries)
	}
}
