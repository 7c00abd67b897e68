package cli

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cardsim/cardsim/sim"
)

// TestDecimalFlags: integer flags are read in decimal, so a leading zero
// does not make a number octal, and other bases are refused.
func TestDecimalFlags(t *testing.T) {
	if o := mustParse(t, NewCmdRun, "nora", "--games", "010", "--seed", "010"); o.Games != 10 || o.Seed != 10 {
		t.Errorf("--games 010 --seed 010 makes %d games with seed %d, want 10 and 10", o.Games, o.Seed)
	}
	if o := mustParse(t, NewCmdTrace, "nora", "--index", "010"); o.Index != 10 {
		t.Errorf("--index 010 makes game %d, want 10", o.Index)
	}
	if o := mustParse(t, NewCmdTournament, "spite", "--strategies", "greedy,random", "--games", "0100"); o.Games != 100 {
		t.Errorf("tournament --games 0100 makes %d games, want 100", o.Games)
	}
	for _, args := range [][]string{
		{"run", "nora", "--games", "0x10"},
		{"run", "nora", "--games", "1_000"},
		{"run", "nora", "--seed", "0o7"},
		{"trace", "nora", "--index", "0b11"},
		{"tournament", "spite", "--strategies", "greedy,random", "--games", "0x10"},
	} {
		code, _, errs := run(t, args...)
		if code != 1 || !strings.Contains(errs, "decimal") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want one line refusing a number not in decimal", args, code, errs)
		}
	}
}

// TestSmallInputs: inputs that used to be read as something else (no
// precision, default players, a random deal, no output) are refused.
func TestSmallInputs(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "nora", "--precision", "0"}, "--precision 0: want a positive half-width"},
		{[]string{"compare", "nora", "--strategies", "cautious,rescuer", "--precision", "-1"}, "--precision -1"},
		{[]string{"sweep", "nora", "--rule", "insure=1,2", "--precision", "0"}, "--precision 0"},
		{[]string{"run", "nora", "--strategies", ","}, "--strategies: empty strategy name"},
		{[]string{"compare", "nora", "--strategies", "cautious,,rescuer"}, "--strategies: empty strategy name"},
		{[]string{"tournament", "spite", "--strategies", "greedy, "}, "--strategies: empty strategy name"},
		{[]string{"trace", "spite", "--strategies", ",greedy"}, "--strategies: empty strategy name"},
		{[]string{"trace", "nora", "--deal", ""}, "--deal: empty"},
		{[]string{"trace", "nora", "--deal", "  "}, "--deal: empty"},
		{[]string{"run", "nora", "--strategies", ""}, `"" for "--strategies" flag: empty`},
		{[]string{"compare", "nora", "--strategies", " "}, `" " for "--strategies" flag: empty`},
		{[]string{"run", "nora", "--strategy", ""}, `"" for "-s, --strategy" flag: empty`},
		{[]string{"run", "nora", "--out", ""}, `"" for "-o, --out" flag: empty`},
		{[]string{"run", "nora", "--records", ""}, `"" for "--records" flag: empty`},
		{[]string{"run", "nora", "--checkpoint", ""}, `"" for "--checkpoint" flag: empty`},
		{[]string{"sweep", "--plan", ""}, `"" for "--plan" flag: empty`},
	} {
		code, out, errs := run(t, tt.args...)
		if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line with %q", tt.args, code, out, errs, tt.want)
		}
	}
}

// TestLongInputClipped: a huge value given on the command line or in a
// file is never echoed whole: an error line stays short.
func TestLongInputClipped(t *testing.T) {
	long := strings.Repeat("A", 120_000)
	dir := t.TempDir()
	plan := filepath.Join(dir, "plan.yaml")
	os.WriteFile(plan, []byte("game: nora\n"+long+": 1\n"), 0o644)
	for _, args := range [][]string{
		{"run", "nora", "--rule", "insure=" + long},
		{"run", "nora", "--rule", long},
		{"run", long},
		{"run", "nora", "--strategy", long},
		{"run", "nora", "--strategies", "rescuer:stop=" + long + ",cautious"},
		{"run", "nora", "--format", long},
		{"run", "nora", "--games", long},
		{"run", "nora", "--shard", long, "--out", dir},
		{"trace", "nora", "--deal", long},
		{"sweep", "nora", "--rule", "insure=1," + long},
		{"sweep", "--plan", plan},
	} {
		code, _, errs := run(t, args...)
		if code != 1 || utf8.RuneCountInString(errs) > 400 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%.60v: exit %d, %d characters on stderr (%.100q…); want one short line", args, code, len(errs), errs)
		}
	}
}

// TestShardAutoEmptyIndex: an empty JOB_COMPLETION_INDEX counts as unset, so
// the Slurm variable gives the shard.
func TestShardAutoEmptyIndex(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	mustRun(t, "run", "nora", "--games", "40", "--shard", "auto/4", "--out", dir, "-q")
	if _, err := os.Stat(filepath.Join(dir, "part-1-of-4.json")); err != nil {
		t.Fatal(err)
	}
}

// TestShardBounds: a shard count past sim.MaxShards is refused in one line
// (it used to panic in the progress bar), and the last shards of a run of
// 2⁶³−1 deals start where integer division puts them, far past shard 0
// (the range used to overflow and replay shard 0): an interrupted run's
// checkpoint says which deals it plays (under the race detector it may be
// interrupted before its first deal, so the count played is not asked).
func TestShardBounds(t *testing.T) {
	dir := t.TempDir()
	for _, shard := range []string{"0/1048577", "0/9223372036854775807", "5/0"} {
		code, _, errs := run(t, "run", "nora", "--games", "10", "--shard", shard, "--out", dir)
		if code != 1 || !strings.Contains(errs, "n from 1 to 1048576") || strings.Count(errs, "\n") != 1 {
			t.Errorf("--shard %s: exit %d, %q; want one line giving the bounds", shard, code, errs)
		}
	}
	const total = "9223372036854775807"
	for _, k := range []int64{1, 2} {
		ckpt := filepath.Join(dir, fmt.Sprintf("shard%d.ckpt", k))
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(300*time.Millisecond, cancel)
		var out, errw bytes.Buffer
		code := NewFactory(strings.NewReader(""), &out, &errw).execute(ctx, []string{"run", "nora", "--games", total,
			"--shard", fmt.Sprintf("%d/3", k), "--out", filepath.Join(dir, "parts"), "--checkpoint", ckpt, "--checkpoint-every", "10ms", "-q"})
		cancel()
		if code != 130 {
			t.Fatalf("shard %d/3: exit %d, %s; want an interrupted run", k, code, errw.String())
		}
		part, err := sim.ReadPart(ckpt)
		if err != nil {
			t.Fatal(err)
		}
		// ⌊k·(2⁶³−1)/3⌋ to ⌊(k+1)·(2⁶³−1)/3⌋, worked in big integers.
		n, _ := new(big.Int).SetString(total, 10)
		first := new(big.Int).Div(new(big.Int).Mul(n, big.NewInt(k)), big.NewInt(3))
		end := new(big.Int).Div(new(big.Int).Mul(n, big.NewInt(k+1)), big.NewInt(3))
		if part.First != first.Int64() || part.End != end.Int64() || part.Next < part.First || part.Next > part.End {
			t.Errorf("shard %d/3 plays %d to %d (next %d, %d played), want %v to %v", k, part.First, part.End, part.Next, part.Played(), first, end)
		}
	}
}
