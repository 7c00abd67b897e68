package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
)

// summaryScores reads from summary.json the deals played, the plays per
// deal, and each strategy's score total (from its exact histogram).
func summaryScores(t *testing.T, path string) (deals, seatings int64, totals map[string]int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	type score struct {
		Histogram []struct{ Value, Count int64 }
	}
	var s struct {
		Manifest struct {
			Games, Seatings int64
			Strategies      []struct{ Name string }
		}
		Entries []struct {
			Strategy struct{ Name string }
			Score    score
		}
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	sum := func(sc score) (n int64) {
		for _, b := range sc.Histogram {
			n += b.Value * b.Count
		}
		return n
	}
	totals = map[string]int64{}
	for _, e := range s.Entries {
		totals[e.Strategy.Name] = sum(e.Score)
	}
	return s.Manifest.Games, s.Manifest.Seatings, totals
}

// recordScores reads a records file: its rows, and each strategy's score
// total. CSV is read strictly (every row as wide as the header).
func recordScores(t *testing.T, path string) (rows int64, totals map[string]int64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	totals = map[string]int64{}
	if strings.HasSuffix(path, ".csv") {
		r := csv.NewReader(bytes.NewReader(data))
		all, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		head := all[0]
		col := func(name string) int {
			for i, h := range head {
				if h == name {
					return i
				}
			}
			t.Fatalf("%s: no column %s in %q", path, name, head)
			return -1
		}
		si, ci := col("strategy"), col("score")
		for _, row := range all[1:] {
			v, err := strconv.ParseInt(row[ci], 10, 64)
			if err != nil {
				t.Fatalf("%s: score %q", path, row[ci])
			}
			totals[row[si]] += v
		}
		return int64(len(all) - 1), totals
	}
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	type rec struct {
		Strategy string `parquet:"strategy"`
		Score    int64  `parquet:"score"`
	}
	rr := parquet.NewGenericReader[rec](f)
	buf := make([]rec, 256)
	for {
		n, err := rr.Read(buf)
		for _, r := range buf[:n] {
			totals[r.Strategy] += r.Score
		}
		rows += int64(n)
		if err != nil {
			break
		}
	}
	return rows, totals
}

// TestRunRecords: the records file of a run has one row per seat of every
// game, and its scores add up to summary.json's, for each strategy, in a
// solitaire and in a game of two seats rotated over every deal, as CSV and
// as Parquet.
func TestRunRecords(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		seats int64
		file  string
	}{
		{"solitaire csv", []string{"run", "nora", "--strategy", "rescuer", "--games", "300"}, 1, "r.csv"},
		{"solitaire compared parquet", []string{"compare", "nora", "--strategies", "cautious,rescuer", "--games", "300"}, 1, "r.parquet"},
		{"two seats csv", []string{"compare", "spite", "--strategies", "planner,greedy", "--games", "40"}, 2, "r.csv"},
		{"two seats, format flag", []string{"compare", "spite", "--strategies", "planner,greedy", "--games", "40", "--records-format", "parquet"}, 2, "r.data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			records := filepath.Join(dir, tt.file)
			args := append(tt.args, "--seed", "3", "--workers", "2", "--quiet", "--out", filepath.Join(dir, "out"), "--records", records)
			if code, _, errs := run(t, args...); code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			deals, seatings, want := summaryScores(t, filepath.Join(dir, "out", "summary.json"))
			rows, got := recordScores(t, records)
			if rows != deals*seatings*tt.seats {
				t.Errorf("%d records, want %d deals × %d seatings × %d seats", rows, deals, seatings, tt.seats)
			}
			if len(got) != len(want) {
				t.Errorf("records of strategies %v, summary of %v", got, want)
			}
			for name, w := range want {
				if got[name] != w {
					t.Errorf("%s: records score %d in all, summary.json %d", name, got[name], w)
				}
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
			if len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestRunRecordsRefused: records that cannot be written in one go, or in a
// format not known, are refused before any deal is played, and leave no
// file.
func TestRunRecordsRefused(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--records", "r.csv", "--checkpoint", filepath.Join(dir, "c.ckpt")}, "cannot be combined with --checkpoint or --resume"},
		{[]string{"--records", "r.csv", "--checkpoint", filepath.Join(dir, "c.ckpt"), "--resume"}, "cannot be combined with --checkpoint or --resume"},
		{[]string{"--records", "r.xlsx"}, "name it .csv or .parquet"},
		{[]string{"--records", "r.csv", "--records-format", "xlsx"}, `records format "xlsx"`},
		{[]string{"--records-format", "csv"}, "--records-format goes with --records"},
	}
	for _, tt := range tests {
		for i, a := range tt.args {
			if strings.HasPrefix(a, "r.") {
				tt.args[i] = filepath.Join(dir, a)
			}
		}
		code, _, errs := run(t, append([]string{"run", "nora", "--games", "100", "--quiet"}, tt.args...)...)
		if code != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tt.args, code, errs, tt.want)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("files left: %v", left)
	}
}

// TestRunRecordsInterrupted: a run interrupted before its end leaves no
// records file, not even a part of one.
func TestRunRecordsInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errw bytes.Buffer
	root := NewCmdRoot(NewFactory(strings.NewReader(""), &out, &errw))
	root.SetArgs([]string{"run", "nora", "--games", "100000", "--quiet", "--records", filepath.Join(dir, "r.csv")})
	if err := root.ExecuteContext(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want an interruption", err)
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("files left: %v", left)
	}
}

// TestRecordsPlace: a records file that would land inside the --out
// directory (replaced whole when the run ends, so the run would be lost or
// two runs mixed) or that names something other than a regular file (a
// named pipe, a device) is refused before a deal is played: the runs asked
// for a billion deals, and come back at once.
func TestRecordsPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	out := filepath.Join(dir, "out")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--records", filepath.Join(out, "r.csv"), "--out", out}, "is inside --out"},
		{[]string{"--records", filepath.Join(dir, ".", "out", "sub", "..", "r.csv"), "--out", out}, "is inside --out"},
		{[]string{"--records", fifo}, "is not a regular file"},
	} {
		// A run that is not refused is interrupted after 5 s (exit 130).
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		var o, e bytes.Buffer
		code := NewFactory(strings.NewReader(""), &o, &e).execute(ctx, append([]string{"run", "nora", "--games", "1000000000", "-q"}, tt.args...))
		cancel()
		stdout, errs := o.String(), e.String()
		if code != 1 || !strings.Contains(errs, tt.want) || stdout != "" {
			t.Errorf("%v: exit %d, %q; want one line with %q", tt.args, code, errs, tt.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s written by a refused run", out)
	}
}
