package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckpointNotOverwritten: a checkpoint or shard part is never
// replaced by a run that does not resume it unless told so, and a
// checkpoint that the run's own outputs would clobber is refused, in
// every case before any deal is played.
func TestCheckpointNotOverwritten(t *testing.T) {
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "run.ckpt")
	base := []string{"run", "nora", "--games", "300", "-q"}
	mustRun(t, append(base, "--checkpoint", ckpt)...)
	saved, err := os.ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	parts := filepath.Join(dir, "parts")
	mustRun(t, append(base, "--shard", "0/2", "--out", parts)...)
	part := filepath.Join(parts, "part-0-of-2.json")
	savedPart, _ := os.ReadFile(part)
	out := filepath.Join(dir, "out")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--checkpoint", ckpt}, "--checkpoint " + ckpt + " exists: give --resume to carry on from it, or --overwrite-checkpoint"},
		{[]string{"--checkpoint", ckpt, "--seed", "2"}, "exists"},
		{[]string{"--checkpoint", part}, "--checkpoint " + part + " exists"},
		{[]string{"--checkpoint", ckpt, "--resume", "--overwrite-checkpoint"}, "--overwrite-checkpoint cannot be combined with --resume"},
		{[]string{"--overwrite-checkpoint"}, "--overwrite-checkpoint goes with --checkpoint FILE"},
		{[]string{"--checkpoint", dir, "--overwrite-checkpoint"}, "is a directory"},
		{[]string{"--checkpoint", filepath.Join(out, "run.ckpt"), "--out", out}, "inside --out " + out},
		{[]string{"--checkpoint", out, "--out", out}, "inside --out"},
		{[]string{"--checkpoint", part, "--overwrite-checkpoint", "--shard", "0/2", "--out", parts}, "the part this shard writes"},
	} {
		code, stdout, errs := run(t, append(base, tt.args...)...)
		if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 || stdout != "" {
			t.Errorf("%v: exit %d, %q; want one line with %q", tt.args, code, errs, tt.want)
		}
	}
	if b, _ := os.ReadFile(ckpt); !bytes.Equal(b, saved) {
		t.Error("the checkpoint was changed by a refused run")
	}
	if b, _ := os.ReadFile(part); !bytes.Equal(b, savedPart) {
		t.Error("the shard part was changed by a refused run")
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused run wrote --out")
	}
	// Told to, a run starts afresh over the old checkpoint; a checkpoint in
	// the directory of the shard parts, beside them, is fine.
	mustRun(t, append(base, "--checkpoint", ckpt, "--overwrite-checkpoint", "--seed", "3")...)
	if b, _ := os.ReadFile(ckpt); bytes.Equal(b, saved) {
		t.Error("--overwrite-checkpoint left the old checkpoint")
	}
	mustRun(t, append(base, "--shard", "1/2", "--out", parts, "--checkpoint", filepath.Join(parts, "shard1.ckpt"))...)
}
