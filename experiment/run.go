package experiment

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// runSession plays a run or a comparison: every deal, a shard of them
// (whose part goes into out), or to a precision; with a checkpoint, saving
// its progress and resuming it; with records, writing every seat of every
// game. Unless planned, its deals are added to the meter's plan. The
// summary goes into out when the run ends.
func (r *Runner) runSession(ctx context.Context, spec *Spec, out string, planned bool) (*Result, error) {
	if spec.Shard != "" && out == "" {
		return nil, errors.New("--shard writes a part file: give --out DIR")
	}
	cfg, err := r.config(spec, spec.Rules)
	if err != nil {
		return nil, err
	}
	s := r.newSession(cfg, spec, spec.Games)
	if spec.Shard != "" {
		if s.Shard, s.Shards, err = ParseShard(spec.Shard, r.getenv); err != nil {
			return nil, err
		}
	}
	if spec.Checkpoint != "" {
		pl := checkpointPlace{flag: "--checkpoint", resume: spec.Resume, overwrite: spec.OverwriteCheckpoint, out: out}
		if spec.Shard != "" {
			pl.out, pl.part = "", PartPath(out, s.Shard, s.Shards)
		}
		if err := checkCheckpoint(spec.Checkpoint, pl); err != nil {
			return nil, err
		}
	}
	if out != "" {
		check := reports.CheckDir
		if spec.Shard != "" {
			check = reports.CheckFileDir // parts of every shard share it
		}
		if err := check(out); err != nil {
			return nil, err
		}
	}
	if spec.Shard != "" {
		unlock, err := lockOut(PartPath(out, s.Shard, s.Shards))
		if err != nil {
			return nil, err
		}
		defer unlock()
	}
	if spec.Checkpoint != "" {
		if err := reports.CheckFileDir(filepath.Dir(spec.Checkpoint)); err != nil {
			return nil, fmt.Errorf("--checkpoint: %w", err)
		}
		pl := checkpointPlace{flag: "--checkpoint", resume: spec.Resume, overwrite: spec.OverwriteCheckpoint}
		unlock, err := lockCheckpoint(spec.Checkpoint, pl)
		if err != nil {
			return nil, err
		}
		defer unlock()
		s.Checkpoint = func(p *sim.Part) error { return reports.WritePart(spec.Checkpoint, p) }
		s.CheckpointEvery = time.Duration(spec.CheckpointEvery)
	}
	if spec.Resume {
		if s.Resume, err = sim.ReadPart(spec.Checkpoint); err != nil {
			return nil, fmt.Errorf("--resume: %w%s", err, redoCheckpoint(err))
		}
	}
	if spec.Records != "" {
		if out != "" && spec.Shard == "" {
			if abs, o := resolved(spec.Records), resolved(out); abs == o || strings.HasPrefix(abs, o+string(filepath.Separator)) {
				return nil, fmt.Errorf("--records %q is inside --out %q, which is replaced whole when the run ends: put the records elsewhere", spec.Records, out)
			}
		}
		if out != "" && spec.Shard != "" && isPart(resolved(spec.Records), resolved(out)) {
			return nil, fmt.Errorf("--records %q is the part of a shard in --out %q, where cardsim merge reads parts: put the records elsewhere", spec.Records, out)
		}
		rf, err := reports.CreateRecords(spec.Records, spec.RecordsFormat, &cfg)
		if err != nil {
			return nil, fmt.Errorf("--records: %w", err)
		}
		defer rf.Abort() // no trace of records of a run that did not end
		s.Config.Records = rf
	}
	m := r.meter()
	defer m.Finish()
	if !planned {
		m.Plan(s.ToPlay())
	}
	res, err := r.play(ctx, s, spec.Game)
	var bad *sim.CheckpointError
	switch {
	case errors.Is(err, sim.ErrForeignCheckpoint):
		return nil, fmt.Errorf("--resume: %s was %w", spec.Checkpoint, err)
	case errors.As(err, &bad):
		return nil, fmt.Errorf("--resume: %s: %w", spec.Checkpoint, bad.Err)
	case err != nil && res != nil && errors.Is(err, context.Canceled):
		return interruptedRun(spec, s, res, out)
	case err != nil:
		return nil, err
	}
	// Records that cannot be written lose nothing else: the run's outputs
	// are written and shown, then the error returned.
	var recErr error
	if rf, ok := s.Config.Records.(*reports.RecordsFile); ok {
		if err := rf.Commit(); err != nil {
			recErr = fmt.Errorf("--records: %w", err)
		}
	}
	if spec.Shard != "" {
		p := res.Part
		path := PartPath(out, p.Shard, p.Shards)
		if err := writePart(spec, path, p, out); err != nil {
			return nil, err
		}
		r.notef("shard %d of %d: deals %d…%d written to %s\n", p.Shard, p.Shards, p.First, p.End-1, path)
		return &Result{Spec: *spec, Part: p}, recErr
	}
	sum := res.Summary()
	result := &Result{Spec: *spec, Summary: &sum, kept: kept{part: res.Part, checkpoint: spec.Checkpoint}}
	if out != "" {
		if _, err := reports.WriteDir(out, &sum); err != nil {
			return nil, errors.Join(keepRun(spec, res.Part, out, fmt.Errorf("--out %q: %w", out, err)), recErr)
		}
		result.kept.out = out
	}
	return result, recErr
}

// isPart reports whether path, resolved, names a file in the resolved
// directory out that cardsim merge reads as a shard's part
// (part-K-of-N.json).
func isPart(path, out string) bool {
	ok, _ := filepath.Match("part-*-of-*.json", filepath.Base(path))
	return ok && filepath.Dir(path) == out
}

// interruptedRun ends a run that an interrupt stopped having played res:
// with a checkpoint, the checkpoint holds the deals played and a partial
// summary is written into out; the error says what was kept and how to
// carry on.
func interruptedRun(spec *Spec, s *sim.Session, res *sim.Result, out string) (*Result, error) {
	lo, hi := sim.ShardRange(s.Deals, s.Shard, max(s.Shards, 1))
	ie := &InterruptedError{Done: DealsDone(res.Tally.Games, hi-lo, s.Precision > 0), Kept: "nothing", Resume: StartAfresh}
	if spec.Checkpoint == "" {
		if spec.Kind == Run {
			ie.Resume = KeepWithCheckpoint("FILE")
		}
		return nil, ie
	}
	ie.Kept = "the deals played, in checkpoint " + spec.Checkpoint
	ie.Resume = "run the same command with --resume to carry on"
	// A shard's out holds the parts of the whole run: the checkpoint is
	// its record, and a partial summary there would not be a part. A
	// finished result there is never replaced by a partial one.
	if out != "" && spec.Shard == "" && res.Tally.Games >= 2 {
		sum := res.Summary()
		sum.Manifest.Stopped = fmt.Sprintf("interrupted after %d deals: partial", res.Tally.Games)
		switch _, werr := reports.WritePartialDir(out, &sum); {
		case errors.Is(werr, reports.ErrFinishedOutput):
			ie.Kept += fmt.Sprintf("; --out %s %v", out, reports.ErrFinishedOutput)
		case werr != nil:
			return nil, fmt.Errorf("%w, but the partial summary could not be written: %w", ie, werr)
		default:
			ie.Kept += ", and a partial summary in " + out
		}
	}
	return nil, ie
}

// PartPath returns the path of the part of shard k of n in dir.
func PartPath(dir string, k, n int) string {
	return filepath.Join(dir, fmt.Sprintf("part-%d-of-%d.json", k, n))
}
