package experiment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cardsim/cardsim/internal/inputfile"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// runSweep plays a sweep: a run at every point of the grid of spec's rules
// (or of its joint points), on the same deals, each point saving its
// progress in the checkpoint directory, and each set against the
// reference point (the default point, else the first) deal by deal. study names the game of a report's study, whose deals the
// report has planned and whose progress label it starts; "" for the sweep
// command, whose points' deals are added to the meter's plan. The sweep goes into out when every point is played; after an
// interruption the points finished go there marked partial, and the Result
// holds them beside the error.
func (r *Runner) runSweep(ctx context.Context, spec *Spec, out, study string) (*Result, error) {
	keys, points, values, err := spec.points()
	if err != nil {
		return nil, err
	}
	// Check every point's rules and the strategies before playing any.
	var cfgs []sim.Config
	for _, rules := range points {
		cfg, err := r.config(spec, rules)
		if err != nil {
			return nil, err
		}
		cfgs = append(cfgs, cfg)
	}
	for i, vm := range values {
		for _, k := range keys {
			if _, ok := vm[k]; !ok {
				vm[k] = ruleValue(cfgs[i].Game, k) // a joint point that leaves k as it is
			}
		}
	}
	if err := distinctPoints(keys, values, cfgs); err != nil {
		return nil, err
	}
	if spec.Checkpoint != "" {
		pl := checkpointPlace{flag: "--checkpoint", resume: spec.Resume, overwrite: spec.OverwriteCheckpoint, out: out, dir: true}
		if err := checkCheckpoint(spec.Checkpoint, pl); err != nil {
			return nil, err
		}
	}
	if out != "" {
		if err := reports.CheckDir(out); err != nil {
			return nil, err
		}
	}
	if spec.Checkpoint != "" {
		unlock, err := prepareCheckpointDir(spec)
		if err != nil {
			return nil, err
		}
		defer unlock()
	}
	sw := &reports.Sweep{Keys: keys, Defaults: ruleDefaults(cfgs[0].Game, keys, values), Meanings: ruleMeanings(cfgs[0].Game, keys)}
	sw.Reference = referencePoint(cfgs, keys, values)
	// Every point keeps its figures deal by deal until it is set against
	// the reference point (points are played in the grid's order, so those
	// before the reference wait for it), unless a sweep's points would
	// hold more than maxPairedCells figures; a report's study keeps every
	// point's, so that its answers compare two points on the same deals.
	deals := make([]*sim.DealFigures, len(cfgs))
	most := spec.Games
	if spec.Precision > 0 {
		most = spec.MaxGames
	}
	if study != "" || r.scaled(most)*int64(len(cfgs[0].Lineup))*int64(len(cfgs)) <= maxPairedCells {
		for i := range cfgs {
			deals[i] = new(sim.DealFigures)
			cfgs[i].Records = deals[i]
		}
	}
	sessions := make([]*sim.Session, len(cfgs))
	for i, cfg := range cfgs {
		if sessions[i], err = r.pointSession(spec, cfg, i, len(cfgs)); err != nil {
			return nil, err
		}
	}
	m := r.meter()
	defer m.Finish()
	for _, s := range sessions {
		if study == "" {
			m.Plan(s.ToPlay())
		}
	}
	ref := sw.Reference
	same := func(i int) bool { return sameDeals(dealRulesOf(cfgs[ref].Game), dealRulesOf(cfgs[i].Game)) }
	// A point resumed from its checkpoint kept no figures deal by deal of
	// the deals played before: where they are needed, its deals are played
	// again for them (figures), so that a resumed sweep pairs its points as
	// one never interrupted. A point's differences, once found, are kept
	// beside its checkpoint, so that a finished point needs no figures
	// again unless it is the reference or waits for it.
	resumed := make([]bool, len(cfgs))
	for i, s := range sessions {
		resumed[i] = s.Resume != nil && s.Resume.Played() > 0
	}
	figures := func(i int) (*sim.DealFigures, error) {
		pt := &sw.Points[i]
		if deals[i] == nil || !resumed[i] || pt.Deals != nil {
			return pt.Deals, nil
		}
		cfg := cfgs[i]
		df := new(sim.DealFigures)
		cfg.Records, cfg.Workers = df, r.workers()
		again := &sim.Session{Config: cfg, Deals: pt.Summary.Manifest.Games, Confidence: spec.Confidence}
		m.Plan(again.Deals)
		if _, err := m.Play(ctx, again, pointLabel(keys, values[i])+" again, to pair it"); err != nil {
			return nil, err
		}
		pt.Deals = df
		return df, nil
	}
	differ := func(i int) error {
		if spec.Checkpoint != "" {
			if ds, ok := readDifferences(spec, i, len(cfgs)); ok && resumed[i] {
				sw.Points[i].Differences = ds
				return nil
			}
		}
		a, err := figures(ref)
		if err != nil {
			return err
		}
		b, err := figures(i)
		if err != nil {
			return err
		}
		rp, pt := sw.Points[ref], sw.Points[i]
		rp.Deals, pt.Deals = a, b
		sw.Points[i].Differences = pointDifferences(&rp, &pt, same(i))
		if spec.Checkpoint != "" {
			return writeDifferences(spec, i, len(cfgs), sw.Points[i].Differences)
		}
		return nil
	}
	for i, s := range sessions {
		label := pointLabel(keys, values[i])
		res, err := r.play(ctx, s, strings.TrimLeft(study+" ", " ")+pointProgress(i, len(cfgs), keys, values[i]))
		var bad *sim.CheckpointError
		switch {
		case errors.Is(err, sim.ErrForeignCheckpoint):
			return nil, fmt.Errorf("--resume: %s was %w", pointCheckpoint(spec, i, len(cfgs)), err)
		case errors.As(err, &bad):
			return nil, fmt.Errorf("--resume: %s: %w", pointCheckpoint(spec, i, len(cfgs)), bad.Err)
		}
		if err != nil {
			if !errors.Is(err, context.Canceled) || res == nil {
				return nil, fmt.Errorf("point %s: %w", label, err)
			}
			m.Finish()
			done := fmt.Sprintf("during point %s (%d of %d), %s", label, i+1, len(cfgs), DealsDone(res.Tally.Games, s.Deals, s.Precision > 0))
			return interruptedSweep(spec, sw, done, len(cfgs), out)
		}
		pt := reports.SweepPoint{Values: values[i], Summary: res.Summary()}
		if !resumed[i] {
			pt.Deals = deals[i]
		}
		sw.Points = append(sw.Points, pt)
		var derr error
		switch {
		case i == ref:
			for j := 0; j < i && derr == nil; j++ {
				derr = differ(j)
			}
		case i > ref:
			derr = differ(i)
		}
		if derr != nil {
			if errors.Is(derr, context.Canceled) {
				m.Finish()
				sw.Points = sw.Points[:i]
				done := fmt.Sprintf("while pairing point %s (%d of %d) with the reference", label, i+1, len(cfgs))
				return interruptedSweep(spec, sw, done, len(cfgs), out)
			}
			return nil, fmt.Errorf("point %s: %w", label, derr)
		}
		if study == "" && i >= ref {
			// Figures deal by deal no longer needed: the point's, and
			// those of the points before the reference.
			for j := range i + 1 {
				if j != ref {
					sw.Points[j].Deals = nil
				}
			}
		}
	}
	if study == "" {
		sw.Points[ref].Deals = nil
	}
	m.Finish()
	if out != "" {
		if _, err := reports.WriteSweepDir(out, sw, spec.Game); err != nil {
			return nil, keepFigures(sw, out, err)
		}
	}
	return &Result{Spec: *spec, Sweep: sw, kept: kept{out: out}}, nil
}

// differencesPath returns the path of the differences of point i of n,
// kept beside its checkpoint.
func differencesPath(spec *Spec, i, n int) string {
	return filepath.Join(spec.Checkpoint, fmt.Sprintf("point-%d-of-%d.differences.json", i+1, n))
}

// readDifferences reads the differences of point i of n kept beside its
// checkpoint, if there are any that read.
func readDifferences(spec *Spec, i, n int) ([]reports.PointDifference, bool) {
	b, err := inputfile.Read(differencesPath(spec, i, n), MaxPlanBytes)
	if err != nil {
		return nil, false
	}
	var ds []reports.PointDifference
	if json.Unmarshal(b, &ds) != nil {
		return nil, false
	}
	return ds, true
}

// writeDifferences keeps the differences of point i of n beside its
// checkpoint.
func writeDifferences(spec *Spec, i, n int, ds []reports.PointDifference) error {
	b, err := json.Marshal(ds)
	if err != nil {
		return err
	}
	return reports.WriteFileAtomic(differencesPath(spec, i, n), append(b, '\n'))
}

// maxPairedCells is the most figures (deals × strategies × points) a
// sweep keeps deal by deal to pair its points with the reference point:
// 16 million, about 400 MB. A sweep of more compares its points with the
// reference unpaired.
const maxPairedCells = 1 << 24

// referencePoint returns the point every other point of a sweep is set
// against: the one where every swept rule has its default, or else the
// first.
func referencePoint(cfgs []sim.Config, keys []string, values []map[string]string) int {
	for i, vm := range values {
		def := true
		for _, k := range keys {
			for _, st := range cfgs[i].Game.Rules() {
				if st.Name == k && !sameValue(vm[k], st.Default, st.Kind) {
					def = false
				}
			}
		}
		if def {
			return i
		}
	}
	return 0
}

// pointDifferences returns the differences of a point's figures from the
// reference point's, strategy by strategy (the same strategy at both):
// the mean score and the win rate, paired deal by deal where both points
// deal the same cards (sameDeals: no rule that changes the deal differs,
// and their deal fingerprints agree) and kept their figures from the
// first deal (sim.DealFigures.PairedDifference); otherwise, as for a point
// resumed from a checkpoint or one whose rules deal other cards, the two
// runs' intervals combined as if independent.
func pointDifferences(ref, pt *reports.SweepPoint, sameDeals bool) []reports.PointDifference {
	a, b := &ref.Summary, &pt.Summary
	var out []reports.PointDifference
	for e := range b.Entries {
		if e >= len(a.Entries) {
			break
		}
		for _, fig := range []string{"score", "win"} {
			d := reports.PointDifference{Entry: e, Strategy: b.Entries[e].Strategy.Name, Figure: fig}
			diff, lo, hi, n, ok := 0.0, 0.0, 0.0, int64(0), false
			if sameDeals && a.Fingerprint == b.Fingerprint && ref.Deals != nil && pt.Deals != nil {
				diff, lo, hi, n, ok = ref.Deals.PairedDifference(e, pt.Deals, e, fig, b.Manifest.Confidence)
			}
			if ok {
				d.Diff, d.CILow, d.CIHigh, d.Deals, d.Paired = diff, lo, hi, n, true
			} else {
				av, alo, ahi := entryFigure(&a.Entries[e], fig)
				bv, blo, bhi := entryFigure(&b.Entries[e], fig)
				d.Diff = bv - av
				d.CILow = d.Diff - math.Hypot(bv-blo, ahi-av)
				d.CIHigh = d.Diff + math.Hypot(bhi-bv, av-alo)
				if fig == "win" {
					d.CILow, d.CIHigh = math.Max(d.CILow, -1), math.Min(d.CIHigh, 1)
				}
				d.Deals = min(a.Manifest.Games, b.Manifest.Games)
			}
			out = append(out, d)
		}
	}
	return out
}

// entryFigure returns an entry's mean score or win rate with its interval.
func entryFigure(e *sim.EntrySummary, fig string) (v, lo, hi float64) {
	if fig == "win" {
		return e.Win.Rate, e.Win.CILow, e.Win.CIHigh
	}
	return e.Score.Mean, e.Score.CILow, e.Score.CIHigh
}

// pointCheckpoint returns the path of the checkpoint of point i of n.
func pointCheckpoint(spec *Spec, i, n int) string {
	return filepath.Join(spec.Checkpoint, fmt.Sprintf("point-%d-of-%d.json", i+1, n))
}

// pointSession returns the session of point i of n, saving its progress in
// the checkpoint directory and, when resuming, carrying on from what it
// saved there: a point finished plays nothing more, a point never begun
// starts afresh.
func (r *Runner) pointSession(spec *Spec, cfg sim.Config, i, n int) (*sim.Session, error) {
	s := r.newSession(cfg, spec, spec.Games)
	if spec.Checkpoint == "" {
		return s, nil
	}
	path := pointCheckpoint(spec, i, n)
	if spec.Resume {
		p, err := sim.ReadPart(path)
		switch {
		case err == nil:
			s.Resume = p
		case !errors.Is(err, os.ErrNotExist):
			return nil, fmt.Errorf("--resume: %w%s", err, redoCheckpoint(err))
		}
	}
	s.Checkpoint = func(p *sim.Part) error { return reports.WritePart(path, p) }
	s.CheckpointEvery = time.Duration(spec.CheckpointEvery)
	return s, nil
}

// prepareCheckpointDir creates the directory of the sweep's checkpoints,
// locks it for the life of the sweep and, when starting afresh over old
// checkpoints, removes them, so that a later resume never picks up a
// point of another sweep. It returns the unlock.
func prepareCheckpointDir(spec *Spec) (unlock func(), err error) {
	dir := spec.Checkpoint
	if err := reports.CheckFileDir(dir); err != nil {
		return nil, fmt.Errorf("--checkpoint: %w", err)
	}
	pl := checkpointPlace{flag: "--checkpoint", resume: spec.Resume, overwrite: spec.OverwriteCheckpoint, dir: true}
	if unlock, err = lockCheckpoint(dir, pl); err != nil {
		return nil, err
	}
	if spec.OverwriteCheckpoint {
		old, _ := filepath.Glob(filepath.Join(dir, "point-*-of-*.json"))
		for _, path := range old {
			if err := os.Remove(path); err != nil {
				unlock()
				return nil, fmt.Errorf("--overwrite-checkpoint: %w", err)
			}
		}
	}
	return unlock, nil
}

// interruptedSweep ends a sweep interrupted where done says, n points in
// all: the points finished are written to out marked partial and returned
// to be printed, and the error says what was kept and how to carry on.
func interruptedSweep(spec *Spec, sw *reports.Sweep, done string, n int, out string) (*Result, error) {
	ie := &InterruptedError{Done: done, Kept: "nothing", Resume: KeepWithCheckpoint("DIR")}
	if spec.Checkpoint != "" {
		ie.Kept = "the deals played at each point, in checkpoint directory " + spec.Checkpoint
		ie.Resume = "run the same command with --resume to carry on"
	}
	if len(sw.Points) == 0 {
		return nil, ie
	}
	sw.Stopped = fmt.Sprintf("interrupted during point %d of %d: partial, %d points finished", len(sw.Points)+1, n, len(sw.Points))
	finished := fmt.Sprintf("the %d of %d points finished before it, printed", len(sw.Points), n)
	left := ""
	if out != "" {
		// A finished sweep there is never replaced by a partial one.
		switch _, werr := reports.WriteSweepDir(out, sw, spec.Game); {
		case errors.Is(werr, reports.ErrFinishedOutput):
			left = fmt.Sprintf(" (--out %s %v)", out, reports.ErrFinishedOutput)
		case werr != nil:
			return nil, fmt.Errorf("%w; the %d points finished could not be written: %w", ie, len(sw.Points), werr)
		default:
			finished += " and written to " + out
		}
	}
	finished += " marked partial" + left
	if spec.Checkpoint == "" {
		ie.Kept = finished
	} else {
		ie.Kept = finished + ", and " + ie.Kept
	}
	return &Result{Spec: *spec, Sweep: sw}, ie
}
