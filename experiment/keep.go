package experiment

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// A run may play for hours and then fail to write its outputs: a full
// disk, a directory gone, a closed pipe on stdout. What it played is never
// lost to that. A run or a comparison keeps its tally as a checkpoint, from
// which the same command with --resume writes the outputs without playing
// again (its own --checkpoint when it has one, which holds every deal at
// the end); a shard keeps its part; a sweep, a tournament or a skill
// ladder keeps its figures as JSON. Whatever is kept goes into a new file
// beside --out, else in the working directory, else in the system's
// temporary directory, and the error says where and what to do with it.

// keepPattern is the name of a file a result is kept in, for os.CreateTemp.
const keepPattern = "cardsim-kept-*.json"

// keepDirs returns the directories a result is kept in, in the order they
// are tried: beside out (if given), the working directory, the system's
// temporary directory.
func keepDirs(out string) []string {
	var dirs []string
	if out != "" {
		dirs = append(dirs, filepath.Dir(filepath.Clean(out)))
	}
	return append(dirs, ".", os.TempDir())
}

// keepFile writes data into a new file in the first of dirs that takes it
// and returns its path.
func keepFile(dirs []string, data []byte) (string, error) {
	var errs []error
	for _, dir := range dirs {
		f, err := os.CreateTemp(dir, keepPattern)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		_, err = f.Write(data)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(f.Name())
			errs = append(errs, err)
			continue
		}
		return f.Name(), nil
	}
	return "", errors.Join(errs...)
}

// kept is what a result can keep when its outputs fail, set by the Runner.
type kept struct {
	out        string    // where the outputs were written, "" if they were not
	part       *sim.Part // the tally of a run or a comparison (or a shard's part), sealed
	checkpoint string    // the run's own checkpoint, which holds part
}

// keepRun keeps the tally of a run or a comparison whose outputs could not
// be written (cause), and returns cause with where it is kept and how to
// write the outputs from it.
func keepRun(spec *Spec, part *sim.Part, out string, cause error) error {
	deals := fmt.Sprintf("the %d deals played", part.Played())
	if spec.Checkpoint != "" {
		return fmt.Errorf("%w; %s are kept in checkpoint %q: the same command with --resume writes the outputs without playing them again", cause, deals, spec.Checkpoint)
	}
	b, err := json.Marshal(part)
	if err != nil {
		return fmt.Errorf("%w; %s could not be kept either: %w", cause, deals, err)
	}
	path, err := keepFile(keepDirs(out), append(b, '\n'))
	if err != nil {
		return fmt.Errorf("%w; %s could not be kept either: %w", cause, deals, err)
	}
	if spec.Shard != "" {
		return fmt.Errorf("%w; the shard's part is kept in %q: move it to %q for cardsim merge", cause, path, PartPath(out, part.Shard, part.Shards))
	}
	how := fmt.Sprintf("the same command with --checkpoint %q --resume writes the outputs without playing them again", path)
	if spec.Records != "" {
		how += " (without --records)"
	}
	return fmt.Errorf("%w; %s are kept in %q: %s", cause, deals, path, how)
}

// keepFigures keeps the figures of a sweep, a tournament or a skill ladder
// whose outputs could not be written (cause) as JSON, and returns cause
// with where they are kept.
func keepFigures(v any, out string, cause error) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err == nil {
		var path string
		if path, err = keepFile(keepDirs(out), append(b, '\n')); err == nil {
			return fmt.Errorf("%w; the figures are kept in %q", cause, path)
		}
	}
	return fmt.Errorf("%w; the figures could not be kept either: %w", cause, err)
}

// Keep keeps what res holds when printing it failed with cause, and
// returns cause with where it is: in the output directory if one was
// written, else kept as the Runner keeps a result whose outputs fail
// (a checkpoint of a run, the figures of a sweep). A result with nothing
// to keep returns cause.
func (res *Result) Keep(cause error) error {
	switch {
	case res.kept.out != "":
		return fmt.Errorf("%w; the outputs are in %q", cause, res.kept.out)
	case res.kept.part != nil:
		spec := res.Spec
		if res.kept.checkpoint == "" {
			spec.Checkpoint = ""
		}
		return keepRun(&spec, res.kept.part, "", cause)
	case res.Sweep != nil:
		return keepFigures(res.Sweep, "", cause)
	case res.Tournament != nil:
		return keepFigures(res.Tournament, "", cause)
	case res.Skill != nil:
		return keepFigures(res.Skill, "", cause)
	}
	return cause
}

// writePart writes a shard's part to path, keeping it elsewhere if that
// fails.
func writePart(spec *Spec, path string, p *sim.Part, out string) error {
	if err := reports.WritePart(path, p); err != nil {
		return keepRun(spec, p, out, err)
	}
	return nil
}
