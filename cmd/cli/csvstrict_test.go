package cli

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

// snakeColumn is a CSV column name as every output writes it.
var snakeColumn = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// roundedByAnalysis lists the CSV files of analyses that still write their
// figures rounded (the tables of their pages, written as they are shown),
// by the analysis's output directory. The check fails if a file listed
// here turns out not to be rounded, so the list only shrinks.
var roundedByAnalysis = map[string][]string{}

// checkStrictCSV reads a CSV file as a strict reader would and returns
// what is wrong with it: rows of different lengths, column names that are
// not unique snake_case, numeric columns with a cell that is no float64,
// a last column other than the version of the layout (schema_version,
// holding reports.CSVVersion on every row).
// It returns the numeric columns that hold rounded figures separately, for
// the files known to.
func checkStrictCSV(data []byte) (problems []string, rounded []string) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 0 // every row as long as the header
	head, err := r.Read()
	if err != nil {
		return []string{"header: " + err.Error()}, nil
	}
	seen := map[string]bool{}
	for _, h := range head {
		if !snakeColumn.MatchString(h) {
			problems = append(problems, "column "+strconv.Quote(h)+" is not snake_case")
		}
		if seen[h] {
			problems = append(problems, "column "+h+" twice")
		}
		seen[h] = true
	}
	if head[len(head)-1] != reports.CSVVersionColumn {
		problems = append(problems, "last column "+strconv.Quote(head[len(head)-1])+", not "+reports.CSVVersionColumn)
	}
	cols := make([][]string, len(head))
	for {
		row, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return append(problems, err.Error()), nil
		}
		for j, c := range row {
			cols[j] = append(cols[j], c)
		}
		if v := row[len(row)-1]; head[len(head)-1] == reports.CSVVersionColumn && v != strconv.Itoa(reports.CSVVersion) {
			problems = append(problems, "version "+strconv.Quote(v)+", want "+strconv.Itoa(reports.CSVVersion))
		}
	}
	for j, col := range cols {
		// A column with a number in any row is a numeric column: every
		// other cell must be a number too, or empty (a mixed column reads
		// as text in pandas, whichever row comes first).
		numeric := false
		for _, c := range col {
			if _, err := strconv.ParseFloat(c, 64); err == nil {
				numeric = true
				break
			}
		}
		if !numeric {
			continue
		}
		long, full := 0, false
		for i, c := range col {
			if c == "" {
				continue
			}
			if _, err := strconv.ParseFloat(c, 64); err != nil {
				problems = append(problems, "column "+head[j]+" row "+strconv.Itoa(i+2)+": "+strconv.Quote(c)+" is not a number")
				continue
			}
			if strings.ContainsAny(c, ".eE") { // integers are exact
				digits := significantDigits(c)
				long += b2i(digits >= 5)
				full = full || digits >= 15
			}
			if trailingZero(c) && !slicesContains(rounded, head[j]) {
				rounded = append(rounded, head[j]+" ("+c+")")
			}
		}
		// Figures in full have 15 to 17 significant digits unless they
		// are short fractions: a column of long figures none in full was
		// cut to a fixed number of digits.
		if long >= 3 && !full {
			rounded = append(rounded, head[j])
		}
	}
	return problems, rounded
}

func slicesContains(xs []string, prefix string) bool {
	for _, x := range xs {
		if strings.HasPrefix(x, prefix+" ") {
			return true
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// mantissa returns the digits of a number before any exponent, without
// the sign.
func mantissa(s string) string {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		s = s[:i]
	}
	return strings.TrimLeft(s, "+-")
}

// trailingZero reports whether a number is written with a zero ending its
// fraction, as fixed-point formatting writes it (0.50, 2.10) and a number
// written in full never is.
func trailingZero(s string) bool {
	m := mantissa(s)
	return strings.Contains(m, ".") && strings.HasSuffix(m, "0")
}

// significantDigits counts the significant digits of a number as written.
func significantDigits(s string) int {
	m := strings.ReplaceAll(mantissa(s), ".", "")
	m = strings.TrimLeft(m, "0")
	if !strings.Contains(mantissa(s), ".") {
		m = strings.TrimRight(m, "0")
	}
	return len(m)
}

func TestCheckStrictCSV(t *testing.T) {
	for _, tt := range []struct {
		name, data string
		problems   int
		rounded    bool
	}{
		{"clean", "a,b_c,n,schema_version\nx,0.1234567890123456,3,2\ny,,4,2\n", 0, false},
		{"spaces and repeats", "mean score,ci low,ci low,schema_version\n1,2,3,2\n", 4, false},
		{"ragged", "a,b,schema_version\n1,2,3,2\n", 1, false},
		{"text in a numeric column", "a,v,schema_version\nx,1,2\ny,n/a,2\n", 1, false},
		{"text first in a numeric column", "a,v,schema_version\nx,n/a,2\ny,1,2\nz,2,2\n", 1, false},
		{"two decimals", "a,v,schema_version\nx,390.35,2\ny,12.30,2\n", 0, true},
		{"eight digits", "v,schema_version\n0.69333333,2\n0.19333333,2\n0.11333333,2\n", 0, true},
		{"short fractions", "share,schema_version\n0.5,2\n0.25,2\n0.125,2\n1e-05,2\n", 0, false},
		{"no version", "a,n\nx,3\n", 1, false},
		{"another version", "a,schema_version\nx,1\n", 1, false},
	} {
		problems, rounded := checkStrictCSV([]byte(tt.data))
		if len(problems) != tt.problems || (len(rounded) > 0) != tt.rounded {
			t.Errorf("%s: %q, rounded %v; want %d problems, rounded %v", tt.name, problems, rounded, tt.problems, tt.rounded)
		}
	}
}

// TestCSVStrict: every CSV that run, compare, sweep, report, tournament,
// skill, analyze and solve write, into --out, with --format csv and with
// --records, reads back with a strict reader. The report is of Spite's
// studies (a comparison, a sweep, seats and deal features) and Round-up's
// (an analysis); TestReport reads Nora's, which takes long to build.
// Nora's analysis and solver build their policies from the fewest samples
// they accept, and the analysis plays a deck of one rank and few deals (a
// deck of three ranks took 23 s of CPU with no policy cached, one takes
// under a second): the files' shape, not their figures, is checked here.
func TestCSVStrict(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // Nora's pass distributions, solved afresh
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	commands := []struct {
		name string
		args []string
	}{
		{"run", []string{"run", "nora", "--strategy", "rescuer", "--rule", "rounds=2", "--games", "300", "--out", out("run"), "--records", out("records.csv")}},
		{"run_seats", []string{"run", "roundup", "--strategies", "greedy,defender", "--games", "100", "--out", out("run_seats")}},
		{"compare", []string{"compare", "spite", "--strategies", "planner,greedy", "--games", "100", "--out", out("compare")}},
		{"sweep", []string{"sweep", "nora", "--strategies", "cautious,rescuer", "--rule", "insure=0,2", "--rule", "start-ip=1,2", "--rule", "rounds=2", "--games", "100", "--out", out("sweep")}},
		{"report", []string{"report", "--game", "spite", "--game", "roundup", "--scale", "0.005", "--out", out("report")}},
		{"tournament", []string{"tournament", "spite", "--strategies", "planner,greedy,random", "--games", "60", "--out", out("tournament")}},
		{"skill", []string{"skill", "spite", "--strategy", "flatmc", "--budgets", "1,2", "--games", "4", "--out", out("skill")}},
		{"analyze_nora", []string{"analyze", "nora", "--rule", "ranks=1", "--rule", "rounds=2", "--opt", "games=20", "--opt", "sweep-games=2",
			"--opt", "samples=100", "--opt", "sweep-samples=100", "--out", out("analyze_nora")}},
		{"solve_nora", []string{"solve", "nora", "--rule", "ranks=3", "--rule", "rounds=2", "--opt", "samples=100", "--out", out("solve_nora")}},
		{"analyze_roundup", []string{"analyze", "roundup", "--opt", "games=10", "--opt", "players=2,3", "--opt", "mixes=greedy,greedy+defender", "--out", out("analyze_roundup")}},
	}
	files := map[string][]byte{}
	for _, c := range commands {
		args := append(c.args, "-q")
		if c.name != "report" && !strings.HasPrefix(c.name, "analyze") && !strings.HasPrefix(c.name, "solve") {
			stdout := mustRun(t, append(args, "--format", "csv")...)
			files[c.name+" --format csv"] = []byte(stdout)
			continue
		}
		mustRun(t, args...)
	}
	walked, err := filepath.Glob(filepath.Join(dir, "*", "*.csv"))
	if err != nil {
		t.Fatal(err)
	}
	walked = append(walked, out("records.csv"))
	for _, path := range walked {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel] = data
	}
	for _, want := range []string{"run/figures.csv", "run/score_histogram.csv", "sweep/sweep.csv", "report/report.csv", "report/studies.csv", "tournament/tournament.csv",
		"tournament/ranking.csv", "skill/skill.csv", "analyze_nora/strategies.csv", "solve_nora/policy.csv", "solve_nora/round_values.csv", "solve_nora/pass_dists.csv",
		"analyze_roundup/report.csv", "records.csv"} {
		if _, ok := files[filepath.FromSlash(want)]; !ok {
			t.Errorf("no %s among the CSV files written", want)
		}
	}
	for name, data := range files {
		problems, rounded := checkStrictCSV(data)
		for _, p := range problems {
			t.Errorf("%s: %s", name, p)
		}
		dir, base := filepath.Split(name)
		known := false
		for _, f := range roundedByAnalysis[strings.TrimSuffix(dir, string(filepath.Separator))] {
			known = known || f == base
		}
		switch {
		case len(rounded) > 0 && !known:
			t.Errorf("%s: numbers written rounded in %s", name, strings.Join(rounded, ", "))
		case known && len(rounded) == 0:
			t.Errorf("%s: written in full now: take it off roundedByAnalysis", name)
		}
	}
	t.Logf("%d CSV files read", len(files))
}
