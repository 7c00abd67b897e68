package serve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
)

// A run is one experiment started from the workbench. Its outputs go into
// Dir/<id>/, and Dir/<id>.json records its Spec and how it ended, so the
// runs of earlier sessions are listed too.
type run struct {
	ID      string          `json:"id"`
	Spec    experiment.Spec `json:"spec"`
	Started time.Time       `json:"started"`
	Ended   time.Time       `json:"ended,omitzero"`
	State   string          `json:"state"` // running, done, failed, cancelled
	Message string          `json:"message,omitempty"`
	Title   string          `json:"title"`
	// Answers and Table read the figures of a finished run: its
	// sentences and its table, as the command prints it.
	Answers  []string `json:"answers,omitempty"`
	Table    string   `json:"table,omitempty"`
	meter    *meter
	cancel   context.CancelFunc
	finished chan struct{}
}

// runs keeps the runs of the workbench: those under way in memory, every
// one on disk.
type runs struct {
	dir  string
	slot chan struct{} // one token per run that may be under way
	mu   sync.Mutex
	live map[string]*run
	wg   sync.WaitGroup
}

// RecordsSuffix ends the name of a run's records file, beside its
// directory: one row per seat of every game, as cardsim run --records
// writes them.
const RecordsSuffix = ".records.csv"

// errBusy reports that as many runs as allowed are under way.
var errBusy = errors.New("as many runs as this workbench takes at once are under way: wait for one to end, or cancel it")

// newID returns a run's name: when it started, then a random tag, so that
// names sort by time.
func newID(now time.Time) string {
	var b [3]byte
	rand.Read(b[:])
	return now.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// start runs spec in the background with runner, if a slot is free.
func (rs *runs) start(ctx context.Context, runner *experiment.Runner, spec experiment.Spec, title string) (*run, error) {
	select {
	case rs.slot <- struct{}{}:
	default:
		return nil, errBusy
	}
	now := time.Now()
	r := &run{ID: newID(now), Spec: spec, Started: now, State: "running", Title: title,
		meter: &meter{begun: now}, finished: make(chan struct{})}
	if spec.Kind == experiment.Run || spec.Kind == experiment.Compare {
		// Every seat of every game, beside the outputs (never inside
		// them: they are replaced whole when the run ends).
		spec.Records = filepath.Join(rs.dir, r.ID+RecordsSuffix)
	}
	if err := rs.save(r); err != nil {
		<-rs.slot
		return nil, err
	}
	ctx, r.cancel = context.WithCancel(ctx)
	runner.Meter = r.meter
	rs.mu.Lock()
	rs.live[r.ID] = r
	rs.mu.Unlock()
	rs.wg.Add(1)
	go func() {
		defer rs.wg.Done()
		defer func() { <-rs.slot }()
		res, err := runner.Run(ctx, spec, filepath.Join(rs.dir, r.ID))
		answers, table := readings(res)
		rs.mu.Lock()
		r.Answers, r.Table = answers, table
		r.Ended = time.Now()
		switch {
		case err == nil:
			r.State = "done"
		case errors.Is(err, context.Canceled):
			r.State, r.Message = "cancelled", "cancelled: nothing was kept"
		default:
			r.State, r.Message = "failed", err.Error()
		}
		rs.mu.Unlock()
		rs.save(r)
		close(r.finished)
	}()
	return r, nil
}

// readings returns the sentences and the table of a result: those of a
// run or comparison, or of a sweep.
func readings(res *experiment.Result) (answers []string, table string) {
	if res == nil {
		return nil, ""
	}
	var b bytes.Buffer
	st := &reports.Study{Game: res.Spec.Game}
	switch {
	case res.Summary != nil:
		st.Summary = res.Summary
		reports.WriteTable(&b, res.Summary)
	case res.Sweep != nil:
		st.Sweep = res.Sweep
		reports.WriteSweepTable(&b, res.Sweep)
	default:
		return nil, ""
	}
	return reports.Answers(st), b.String()
}

// save writes the record of r beside its outputs.
func (rs *runs) save(r *run) error {
	rs.mu.Lock()
	b, err := json.MarshalIndent(r, "", "  ")
	rs.mu.Unlock()
	if err != nil {
		return err
	}
	tmp := filepath.Join(rs.dir, "."+r.ID+".json")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(rs.dir, r.ID+".json"))
}

// validID reports whether id names a run as newID does: never a path.
func validID(id string) bool {
	if len(id) != len("20060102-150405-abcdef") {
		return false
	}
	for _, c := range id {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c == '-') {
			return false
		}
	}
	return true
}

// get returns the run named id: the live one, or its record on disk.
func (rs *runs) get(id string) (*run, error) {
	if !validID(id) {
		return nil, os.ErrNotExist
	}
	rs.mu.Lock()
	r, ok := rs.live[id]
	rs.mu.Unlock()
	if ok {
		return r, nil
	}
	return rs.read(id)
}

// read reads the record of the run named id. A record left "running" by a
// workbench that was stopped reads as cancelled.
func (rs *runs) read(id string) (*run, error) {
	b, err := os.ReadFile(filepath.Join(rs.dir, id+".json"))
	if err != nil {
		return nil, err
	}
	var r run
	if err := json.Unmarshal(b, &r); err != nil || r.ID != id || r.Spec.Check() != nil {
		return nil, fmt.Errorf("%s.json is not the record of a workbench run", id)
	}
	if r.State == "running" {
		r.State, r.Message = "cancelled", "the workbench stopped while it ran"
	}
	return &r, nil
}

// list returns every run, the most recent first.
func (rs *runs) list() []*run {
	names, _ := filepath.Glob(filepath.Join(rs.dir, "*.json"))
	var out []*run
	for _, name := range names {
		id := strings.TrimSuffix(filepath.Base(name), ".json")
		if r, err := rs.get(id); err == nil {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b *run) int { return strings.Compare(b.ID, a.ID) })
	return out
}

// status returns the progress of r as the page shows it.
func (rs *runs) status(r *run) Progress {
	var p Progress
	if r.meter != nil {
		p = r.meter.progress()
	}
	rs.mu.Lock()
	p.State, p.Message = r.State, r.Message
	rs.mu.Unlock()
	return p
}

// files returns the names of the files run id wrote, sorted.
func (rs *runs) files(id string) []string {
	entries, _ := os.ReadDir(filepath.Join(rs.dir, id))
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out
}
