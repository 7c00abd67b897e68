package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cardsim/cardsim/experiment"
)

// A run is one experiment started from the workbench. Its outputs go into
// Dir/<id>/, its records (a run or a comparison of at most RecordsMaxRows
// rows) into Dir/<id>.records.csv, and Dir/<id>.json records its Spec,
// how it ended and the figures its pages show, so the runs of earlier
// sessions are listed too. Only an id with such a record is served.
type run struct {
	ID      string          `json:"id"`
	Spec    experiment.Spec `json:"spec"`
	Started time.Time       `json:"started"`
	Ended   time.Time       `json:"ended,omitzero"`
	State   string          `json:"state"` // running, done, failed, cancelled
	Message string          `json:"message,omitempty"`
	Title   string          `json:"title"`
	// Changed lists the rules not at their defaults, key=value (a swept
	// rule with its values).
	Changed []string `json:"changed,omitempty"`
	// Answers, Tables, Arms and Glance read the figures of a finished
	// run: its sentences, its tables, each arm's headline figure, and a
	// report's answers.
	Answers []string `json:"answers,omitempty"`
	Table   string   `json:"table,omitempty"` // the text table of runs kept by earlier workbenches
	Tables  []table  `json:"tables,omitempty"`
	Arms    []arm    `json:"arms,omitempty"`
	Glance  []glance `json:"glance,omitempty"`
	// Series is each arm's figure against the deals played, as the live
	// chart drew it.
	Series []Series `json:"series,omitempty"`

	meter    *meter
	cancel   context.CancelFunc
	finished chan struct{}
}

// runs keeps the runs of the workbench: those under way in memory, every
// one on disk, read through root so that nothing outside Dir is reached.
type runs struct {
	dir  string
	root *os.Root
	keep int           // runs that keep their records
	slot chan struct{} // one token per run that may be under way
	mu   sync.Mutex
	live map[string]*run
	wg   sync.WaitGroup
	once sync.Once
}

// RecordsSuffix ends the name of a run's records file, beside its
// directory: one row per seat of every game, as cardsim run --records
// writes them.
const RecordsSuffix = ".records.csv"

// errBusy reports that as many runs as allowed are under way.
var errBusy = errors.New("as many runs as this workbench takes at once are under way: wait for one to end, or cancel it")

// leftover matches what a run killed mid-way leaves in Dir: its record's
// or its records' temporary file, its outputs' staging directory, its lock.
var leftover = regexp.MustCompile(`^\.\d{8}-\d{6}-[0-9a-f]{6}\.(json\.tmp|lock|records\.csv\..*\.tmp|cardsim-new-.*)$`)

// openRuns opens the runs kept in dir, removing what runs killed mid-way
// left there and the records of all but the keep most recent runs.
func openRuns(dir string, concurrent, keep int) (*runs, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	rs := &runs{dir: dir, root: root, keep: keep, slot: make(chan struct{}, concurrent), live: map[string]*run{}}
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		root.Close()
		return nil, err
	}
	for _, e := range entries {
		if leftover.MatchString(e.Name()) {
			if err := root.RemoveAll(e.Name()); err != nil {
				root.Close()
				return nil, fmt.Errorf("removing %s, left by a run that was killed: %w", e.Name(), err)
			}
		}
	}
	rs.prune()
	return rs, nil
}

// close lets the directory go.
func (rs *runs) close() { rs.once.Do(func() { rs.root.Close() }) }

// newID returns a run's name: when it started, then a random tag, so that
// names sort by time.
func newID(now time.Time) string {
	var b [3]byte
	rand.Read(b[:])
	return now.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// start runs spec in the background with runner, if a slot is free, the
// meter stopping it past maxDeals deals.
func (rs *runs) start(ctx context.Context, runner *experiment.Runner, spec experiment.Spec, r *run, maxDeals int64) error {
	select {
	case rs.slot <- struct{}{}:
	default:
		return errBusy
	}
	now := time.Now()
	r.ID, r.Spec, r.Started, r.State, r.finished = newID(now), spec, now, "running", make(chan struct{})
	ctx, stop := context.WithCancelCause(ctx)
	r.cancel = func() { stop(context.Canceled) }
	target := spec.Target
	if len(spec.Variants) > 0 && len(spec.Figures) > 0 && spec.Precision == 0 {
		target = spec.Figures[0] // a comparison of variants' main figure
	}
	r.meter = &meter{begun: now, limit: maxDeals, stop: stop, target: target, conf: spec.Confidence,
		series: spec.Kind == experiment.Run || spec.Kind == experiment.Compare || spec.Kind == experiment.Sweep}
	if keepsRecords(runner, spec) && rs.keep > 0 {
		// Every seat of every game, beside the outputs (never inside
		// them: they are replaced whole when the run ends).
		spec.Records = filepath.Join(rs.dir, r.ID+RecordsSuffix)
	}
	if err := rs.save(r); err != nil {
		<-rs.slot
		return err
	}
	runner.Meter = r.meter
	rs.mu.Lock()
	rs.live[r.ID] = r
	rs.mu.Unlock()
	rs.wg.Add(1)
	go func() {
		defer rs.wg.Done()
		defer func() { <-rs.slot }()
		res, err := runner.Run(ctx, spec, filepath.Join(rs.dir, r.ID))
		f := readFigures(res)
		rs.mu.Lock()
		end := *r // the run as it ended, saved before it is shown
		rs.mu.Unlock()
		end.Answers, end.Tables, end.Arms, end.Glance, end.Series = f.answers, f.tables, f.arms, f.glance, r.meter.allSeries()
		end.Ended = time.Now()
		switch cause := context.Cause(ctx); {
		case err == nil:
			end.State = "done"
		case errors.Is(cause, errOverBudget):
			end.State, end.Message = "failed", fmt.Sprintf("stopped after %d deals: this workbench plays at most %d deals a run (--max-deals); nothing was kept. Run it from the command line: %s",
				r.meter.played.Load(), maxDeals, Command(r.Spec))
		case errors.Is(err, context.Canceled):
			end.State, end.Message = "cancelled", "cancelled: nothing was kept"
		default:
			end.State, end.Message = "failed", err.Error()
		}
		rs.save(&end)
		rs.prune()
		rs.mu.Lock()
		r.Answers, r.Tables, r.Arms, r.Glance, r.Series = end.Answers, end.Tables, end.Arms, end.Glance, end.Series
		r.Ended, r.State, r.Message = end.Ended, end.State, end.Message
		rs.mu.Unlock()
		close(r.finished)
	}()
	return nil
}

// keepsRecords reports whether a run of spec writes its records: a run or
// a comparison of at most RecordsMaxRows rows, counted from above as
// deals × seats × seatings (every strategy in every seat, or each
// rotation of the seats).
func keepsRecords(runner *experiment.Runner, spec experiment.Spec) bool {
	if spec.Kind != experiment.Run && spec.Kind != experiment.Compare || len(spec.Variants) > 0 {
		return false // a comparison of variants writes no records
	}
	g, err := runner.Game(spec.Game, spec.Rules)
	if err != nil {
		return false
	}
	seats := int64(g.Seats())
	rows := seats * max(seats, int64(len(spec.Strategies)))
	return plannedDeals(spec) <= RecordsMaxRows/rows
}

// plannedDeals returns the most deals a run, comparison or sweep of spec
// plays, every point of a sweep and every variant of a comparison
// together.
func plannedDeals(spec experiment.Spec) int64 {
	deals := spec.Games
	if spec.Precision > 0 {
		deals = spec.MaxGames
	}
	return deals * arms(spec)
}

// arms returns how many times a run of spec plays its deals: once for
// every point of a sweep, once for every variant of a comparison (the
// rules as written among them unless a variant is the baseline), else
// once.
func arms(spec experiment.Spec) int64 {
	switch {
	case spec.Kind == experiment.Sweep:
		if _, pts, _, err := experiment.Grid(spec.Rules); err == nil {
			return int64(len(pts))
		}
	case len(spec.Variants) > 0:
		n := int64(len(spec.Variants))
		if spec.Baseline == "" {
			n++
		}
		return n
	}
	return 1
}

// save writes the record of r beside its outputs.
func (rs *runs) save(r *run) error {
	rs.mu.Lock()
	b, err := json.MarshalIndent(r, "", "  ")
	rs.mu.Unlock()
	if err != nil {
		return err
	}
	tmp := "." + r.ID + ".json.tmp"
	if err := rs.root.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return rs.root.Rename(tmp, r.ID+".json")
}

// validID reports whether id names a run as newID does: never a path.
func validID(id string) bool {
	return runID.MatchString(id)
}

var runID = regexp.MustCompile(`^\d{8}-\d{6}-[0-9a-f]{6}$`)

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

// regular reports whether name, in Dir, is a file and not a link to one.
func (rs *runs) regular(name string) bool {
	fi, err := rs.root.Lstat(name)
	return err == nil && fi.Mode().IsRegular()
}

// read reads the record of the run named id: a file of Dir, not a link.
// A record left "running" by a workbench that was stopped reads as
// cancelled.
func (rs *runs) read(id string) (*run, error) {
	if !rs.regular(id + ".json") {
		return nil, os.ErrNotExist
	}
	b, err := rs.root.ReadFile(id + ".json")
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
	entries, _ := fs.ReadDir(rs.root.FS(), ".")
	var out []*run
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || !validID(id) {
			continue
		}
		if r, err := rs.get(id); err == nil {
			out = append(out, rs.snapshot(r)) // read while the run may end
		}
	}
	slices.SortFunc(out, func(a, b *run) int {
		if c := b.Started.Compare(a.Started); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out
}

// status returns the progress of r as the page shows it.
func (rs *runs) status(r *run) Progress {
	var p Progress
	if r.meter != nil {
		p = r.meter.progress(nil)
	}
	rs.mu.Lock()
	p.State, p.Message = r.State, r.Message
	if p.Series == nil {
		p.Series = r.Series // the series as the run ended
	}
	rs.mu.Unlock()
	return p
}

// snapshot returns a copy of r as it stands, read under the lock that its
// run's goroutine writes the fields of an ended run with: a page reads
// the copy while the run may end.
func (rs *runs) snapshot(r *run) *run {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	c := *r
	return &c
}

// outputs reports whether the run named id has its outputs directory: a
// directory of Dir, not a link.
func (rs *runs) outputs(id string) bool {
	fi, err := rs.root.Lstat(id)
	return err == nil && fi.IsDir()
}

// files returns the names of the files run id wrote, sorted: the regular
// files of its directory, not links.
func (rs *runs) files(id string) []string {
	if !validID(id) || !rs.outputs(id) {
		return nil
	}
	entries, _ := fs.ReadDir(rs.root.FS(), id)
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out
}

// hasRecords reports whether run id's records are kept.
func (rs *runs) hasRecords(id string) bool {
	return validID(id) && rs.regular(id+RecordsSuffix)
}

// open opens a file of Dir for a page: name, a run's file "id/file" or
// its records, only if the run has a record and the file and the folder it
// is in are what they seem (a directory and a regular file, no link).
func (rs *runs) open(id, name string) (*os.File, fs.FileInfo, error) {
	if _, err := rs.get(id); err != nil {
		return nil, nil, os.ErrNotExist
	}
	if dir, _ := filepath.Split(name); dir != "" && !rs.outputs(id) {
		return nil, nil, os.ErrNotExist
	}
	if !rs.regular(name) {
		return nil, nil, os.ErrNotExist
	}
	f, err := rs.root.Open(name)
	if err != nil {
		return nil, nil, os.ErrNotExist
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, os.ErrNotExist
	}
	return f, fi, nil
}

// size returns the bytes run id keeps on disk: its outputs, its records
// and its record.
func (rs *runs) size(id string) int64 {
	var n int64
	for _, name := range append([]string{id + ".json", id + RecordsSuffix}, prefixed(id, rs.files(id))...) {
		if fi, err := rs.root.Lstat(name); err == nil && fi.Mode().IsRegular() {
			n += fi.Size()
		}
	}
	return n
}

// prefixed returns each name under the folder dir.
func prefixed(dir string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = dir + "/" + n
	}
	return out
}

// errRunning refuses to delete a run under way.
var errRunning = errors.New("the run is under way: cancel it first")

// remove deletes run id: its outputs, its records and its record.
func (rs *runs) remove(id string) error {
	r, err := rs.get(id)
	if err != nil {
		return err
	}
	rs.mu.Lock()
	running := r.State == "running"
	if !running {
		delete(rs.live, id)
	}
	rs.mu.Unlock()
	if running {
		return errRunning
	}
	if rs.outputs(id) {
		if err := rs.root.RemoveAll(id); err != nil {
			return err
		}
	}
	if err := rs.root.Remove(id + RecordsSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return rs.root.Remove(id + ".json")
}

// prune removes the records of every run but the keep written last, never
// those of a run under way.
func (rs *runs) prune() {
	entries, _ := fs.ReadDir(rs.root.FS(), ".")
	type written struct {
		id   string
		when time.Time
	}
	var recs []written
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), RecordsSuffix); ok && validID(id) {
			if fi, err := e.Info(); err == nil {
				recs = append(recs, written{id, fi.ModTime()})
			}
		}
	}
	slices.SortFunc(recs, func(a, b written) int {
		if c := b.when.Compare(a.when); c != 0 {
			return c
		}
		return strings.Compare(b.id, a.id)
	})
	for i, rec := range recs {
		id := rec.id
		rs.mu.Lock()
		r, live := rs.live[id]
		running := live && r.State == "running" && r.Ended.IsZero()
		rs.mu.Unlock()
		if i >= rs.keep && !running {
			rs.root.Remove(id + RecordsSuffix)
		}
	}
}

// cancelAll cancels every run under way.
func (rs *runs) cancelAll() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, r := range rs.live {
		if r.cancel != nil {
			r.cancel()
		}
	}
}
