package experiment

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardsim/cardsim/sim"
)

// checkpointPlace says where a run writes besides its checkpoint, for
// checkCheckpoint.
type checkpointPlace struct {
	flag      string // the flag that names the checkpoint, such as "--checkpoint"
	resume    bool   // the run carries on from the checkpoint
	overwrite bool   // the run may replace a checkpoint it does not resume
	out       string // --out, a directory the run replaces whole; "" for none
	part      string // the shard part the run writes; "" for none
	dir       bool   // the checkpoint is a directory of them, one per point of a sweep
}

// checkCheckpoint checks, before any deal is played, that the checkpoint
// at path may be written: an existing one is only replaced when resumed or
// when overwriting was asked for (it may hold hours of play, or be a shard
// part given by mistake), and it must not lie where the run's own outputs
// go: inside an output directory, which is replaced whole when the run
// ends, or at the path of the shard part the run writes.
func checkCheckpoint(path string, pl checkpointPlace) error {
	stat := os.Lstat // a checkpoint file is replaced: never a link, a pipe or a device
	if pl.dir {
		stat = os.Stat // a directory of checkpoints is written into, wherever it leads
	}
	fi, err := stat(path)
	switch {
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: %w", pl.flag, err)
	case err != nil: // a new checkpoint
	case pl.dir && !fi.IsDir():
		return fmt.Errorf("%s %s is a file: give a directory, which holds a checkpoint per point", pl.flag, path)
	case pl.dir:
		if found, _ := filepath.Glob(filepath.Join(path, "point-*-of-*.json")); len(found) > 0 && !pl.resume && !pl.overwrite {
			return fmt.Errorf("%s %s holds checkpoints of a sweep: give --resume to carry on from them, or --overwrite-checkpoint to start afresh", pl.flag, path)
		}
	case fi.IsDir():
		return fmt.Errorf("%s %s is a directory: give a file", pl.flag, path)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s %s exists and is not a regular file (a link, a named pipe or a device): name a checkpoint file, new or to replace", pl.flag, path)
	case !pl.resume && !pl.overwrite:
		return fmt.Errorf("%s %s exists: give --resume to carry on from it, or --overwrite-checkpoint to start afresh", pl.flag, path)
	}
	abs := resolved(path)
	if pl.out != "" {
		if out := resolved(pl.out); abs == out || strings.HasPrefix(abs, out+string(filepath.Separator)) {
			return fmt.Errorf("%s %s is inside --out %s, which is replaced whole when the run ends: put the checkpoint elsewhere", pl.flag, path, pl.out)
		}
	}
	if pl.part != "" && abs == resolved(pl.part) {
		return fmt.Errorf("%s %s is the part this shard writes: put the checkpoint elsewhere", pl.flag, path)
	}
	return nil
}

// redoCheckpoint says how to redo a checkpoint that err refused as one of
// another version of cardsim: nothing for any other error.
func redoCheckpoint(err error) string {
	if !errors.Is(err, sim.ErrPartFormat) {
		return ""
	}
	return ": start afresh with this cardsim, giving --overwrite-checkpoint in place of --resume"
}

// errLocked reports a lock another process holds.
var errLocked = errors.New("locked by another process")

// lockCheckpoint takes, for the life of the run, the lock of the checkpoint
// at path (a hidden lock file beside it, or inside a directory of a
// sweep's checkpoints), whose directory exists, and checks the checkpoint
// again under it: a second run given the same checkpoint is refused while
// the first holds it, and a checkpoint written by a run that ended in the
// meantime is seen. unlock lets go of it.
func lockCheckpoint(path string, pl checkpointPlace) (unlock func(), err error) {
	lock := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
	if pl.dir {
		lock = filepath.Join(path, ".cardsim.lock")
	}
	unlock, err = lockFile(lock)
	switch {
	case errors.Is(err, errLocked):
		return nil, fmt.Errorf("%s %s is in use by another cardsim run: wait for it to end, or give another checkpoint", pl.flag, path)
	case err != nil:
		return nil, fmt.Errorf("%s %s: cannot lock it: %w", pl.flag, path, err)
	}
	if err := checkCheckpoint(path, pl); err != nil {
		unlock()
		return nil, err
	}
	return unlock, nil
}

// resolved returns path made absolute, with the links of its longest
// existing ancestor resolved, so that two names of one place compare equal.
func resolved(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		if dir == filepath.Dir(dir) {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// lockOut takes, for the life of the run, the lock of the output path out
// (a directory, or a shard's part file): a hidden lock file beside it,
// whose directory is made if need be. A second run given the same --out
// is refused while the first holds it, rather than both playing and the
// last to end replacing the other's outputs. unlock lets go of it.
func lockOut(out string) (unlock func(), err error) {
	out = filepath.Clean(out)
	dir := filepath.Dir(out)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory %q: %w", out, err)
	}
	unlock, err = lockFile(filepath.Join(dir, "."+filepath.Base(out)+".lock"))
	switch {
	case errors.Is(err, errLocked):
		return nil, fmt.Errorf("--out %q is in use by another cardsim run: wait for it to end, or give another directory", out)
	case err != nil:
		return nil, fmt.Errorf("--out %q: cannot lock it: %w", out, err)
	}
	return unlock, nil
}
