package reports

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
	roundupbots "github.com/cardsim/cardsim/strategies/roundup"
)

func TestRecordsFormatOf(t *testing.T) {
	tests := []struct {
		path, format, want string
		ok                 bool
	}{
		{"r.csv", "", "csv", true},
		{"out/R.PARQUET", "", "parquet", true},
		{"r.data", "parquet", "parquet", true},
		{"r.csv", "parquet", "parquet", true}, // the flag wins
		{"r.data", "", "", false},
		{"r", "", "", false},
		{"r.csv", "xlsx", "", false},
	}
	for _, tt := range tests {
		got, err := RecordsFormatOf(tt.path, tt.format)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("RecordsFormatOf(%q, %q) = %q, %v; want %q, ok %v", tt.path, tt.format, got, err, tt.want, tt.ok)
		}
	}
}

// recordsConfig returns a Round-up run of three seats for records.
func recordsConfig(t *testing.T) *sim.Config {
	t.Helper()
	g, err := roundup.Definition().New([]string{"players=3"})
	if err != nil {
		t.Fatal(err)
	}
	r := new(strategies.Registry)
	roundupbots.Register(r)
	d, _ := r.Lookup(g, "greedy")
	return &sim.Config{Game: g, Seed: 7, Lineup: []sim.Player{{Strategy: d}}}
}

// TestRecordsFileInOneGo: the records file appears only on Commit, whole;
// Abort leaves nothing.
func TestRecordsFileInOneGo(t *testing.T) {
	cfg := recordsConfig(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "r.csv")
	f, err := CreateRecords(path, "", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write(fakeRecords(cfg, 0, 10)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("records file there before Commit: %v", err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // a no-op once committed
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if rows := readStrict(t, data); len(rows) != 10 {
		t.Errorf("%d rows, want 10", len(rows))
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	if err := f.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}

	g, err := CreateRecords(filepath.Join(dir, "s.parquet"), "", cfg)
	if err != nil {
		t.Fatal(err)
	}
	g.Write(fakeRecords(cfg, 0, 10))
	g.Abort()
	if left, _ := os.ReadDir(dir); len(left) != 1 || left[0].Name() != "sub" {
		t.Errorf("after Abort the directory holds %v", left)
	}
}

// fakeRecords returns n records of deals from first, one seat each, with
// their features and metrics all 1.
func fakeRecords(cfg *sim.Config, first, n int64) []sim.Record {
	nf := len(cfg.Game.Capabilities().DealFeatures)
	nm := len(cfg.Game.Metrics())
	ones := func(k int) []int64 {
		v := make([]int64, k)
		for i := range v {
			v[i] = 1
		}
		return v
	}
	rs := make([]sim.Record, n)
	for i := range rs {
		rs[i] = sim.Record{Index: first + int64(i), Score: 1, Result: games.Win, Features: ones(nf), Metrics: ones(nm)}
	}
	return rs
}

// TestRecordsParquetRowGroups: Parquet records come in row groups of at
// most recordsRowGroup rows, each written out when full, so a long run's
// records are not held in memory.
func TestRecordsParquetRowGroups(t *testing.T) {
	cfg := recordsConfig(t)
	path := filepath.Join(t.TempDir(), "r.parquet")
	f, err := CreateRecords(path, "", cfg)
	if err != nil {
		t.Fatal(err)
	}
	const n = recordsRowGroup + recordsRowGroup/8
	for first := int64(0); first < n; first += 1000 {
		if err := f.Write(fakeRecords(cfg, first, min(1000, n-first))); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	pf, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	fi, _ := pf.Stat()
	file, err := parquet.OpenFile(pf, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	groups := file.RowGroups()
	if len(groups) != 2 || groups[0].NumRows() != recordsRowGroup || file.NumRows() != n {
		t.Errorf("%d rows in %d row groups (first %d), want %d in 2 (first %d)", file.NumRows(), len(groups), groups[0].NumRows(), n, recordsRowGroup)
	}
}

// TestRecordsParquetMemoryFlat: a Parquet records file holds at most one
// row group in memory, and that is bounded: with half a row group of
// Round-up's records held, the heap is less than 40 MB above where it
// started (131,072-row groups held about 57 MB), and eight more row groups
// later it has grown by less than 4 MB (it does not grow with the rows).
func TestRecordsParquetMemoryFlat(t *testing.T) {
	cfg := recordsConfig(t)
	heap := func() int64 {
		runtime.GC()
		runtime.GC() // a second cycle empties the sync.Pools the first only moved aside
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	base := heap()
	f, err := CreateRecords(filepath.Join(t.TempDir(), "r.parquet"), "", cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Commit()
	var first int64
	write := func(rows int64) int64 {
		for end := first + rows; first < end; first += min(1000, end-first) {
			if err := f.Write(fakeRecords(cfg, first, min(1000, end-first))); err != nil {
				t.Fatal(err)
			}
		}
		return heap()
	}
	const group = recordsRowGroup
	flushed := write(2 * group)
	half := write(group / 2)
	later := write(8 * group)
	if held := half - base; held > 40<<20 {
		t.Errorf("half a row group of %d rows written, %d bytes held (%d with the groups before it flushed)", group, held, flushed-base)
	}
	if grown := later - half; grown > 4<<20 {
		t.Errorf("the heap grew by %d bytes over 8 more row groups of %d rows", grown, group)
	}
}
