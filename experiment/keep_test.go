package experiment_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/sim"
)

// breakOut is a Meter that, once a session has played its last deal, puts
// a file in the place of the directory that holds --out, so that writing
// the outputs fails after every deal is played, as a full disk or a
// directory removed by someone else would make it.
type breakOut struct{ parent string }

func (b breakOut) Plan(int64) {}
func (b breakOut) Play(ctx context.Context, s *sim.Session, _ string) (*sim.Result, error) {
	res, err := s.Play(ctx)
	if err == nil {
		if rerr := os.RemoveAll(b.parent); rerr != nil {
			return nil, rerr
		}
		if werr := os.WriteFile(b.parent, []byte("not a directory"), 0o644); werr != nil {
			return nil, werr
		}
	}
	return res, err
}
func (breakOut) Logf(string, ...any) {}
func (breakOut) Finish()             {}

// summaryJSON returns a summary as JSON without the figures that differ
// between two runs of the same deals (wall time, workers).
func summaryJSON(t *testing.T, s *sim.Summary) string {
	t.Helper()
	s.Manifest.WallSeconds, s.Manifest.Workers = 0, 0
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestNothingLostWhenOutFails: a comparison whose --out cannot be written
// once every deal is played keeps its tally and says where; the same
// command resumed from what it kept writes the summary a run that never
// failed writes, without playing a deal again. With a checkpoint of its
// own, that checkpoint is what it names.
func TestNothingLostWhenOutFails(t *testing.T) {
	t.Chdir(t.TempDir())
	spec := toyRun(700)
	spec.CheckpointEvery = 0
	newRunner := func() *experiment.Runner { return toyRunner(2) }
	whole, err := newRunner().Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	want := summaryJSON(t, whole.Summary)
	kept := regexp.MustCompile(`kept in (?:checkpoint )?"([^"]+)"`)
	for _, own := range []bool{false, true} {
		parent := filepath.Join(t.TempDir(), "results")
		out := filepath.Join(parent, "nora")
		s := spec
		if own {
			s.Checkpoint, s.CheckpointEvery = filepath.Join(t.TempDir(), "run.ckpt"), experiment.Duration(time.Hour)
		}
		r := newRunner()
		r.Meter = breakOut{parent}
		_, err := r.Run(context.Background(), s, out)
		m := kept.FindStringSubmatch(errString(err))
		if err == nil || m == nil || !strings.Contains(err.Error(), "--out") || !strings.Contains(err.Error(), "--resume writes the outputs") {
			t.Fatalf("checkpoint %v: %v; want the --out error, where the deals are kept and how to write the outputs", own, err)
		}
		if own && m[1] != s.Checkpoint {
			t.Errorf("kept in %q, not in the run's own checkpoint %q", m[1], s.Checkpoint)
		}
		played := 0
		r = newRunner()
		r.Meter = counter{&played}
		s.Checkpoint, s.Resume, s.CheckpointEvery = m[1], true, experiment.Duration(time.Hour)
		again, err := r.Run(context.Background(), s, filepath.Join(t.TempDir(), "again"))
		if err != nil {
			t.Fatalf("resuming from %s: %v", m[1], err)
		}
		if played != 0 {
			t.Errorf("the resumed run played %d deals, want none", played)
		}
		if got := summaryJSON(t, again.Summary); got != want {
			t.Errorf("checkpoint %v: the summary written from what was kept differs from the run's", own)
		}
	}
}

// counter is a Meter that counts the deals its sessions play.
type counter struct{ n *int }

func (c counter) Plan(int64) {}
func (c counter) Play(ctx context.Context, s *sim.Session, _ string) (*sim.Result, error) {
	progress := s.Config.Progress
	s.Config.Progress = func(d int64) {
		*c.n += int(d)
		if progress != nil {
			progress(d)
		}
	}
	return s.Play(ctx)
}
func (counter) Logf(string, ...any) {}
func (counter) Finish()             {}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
