package cli

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

// update rewrites the golden files instead of comparing with them:
//
//	go test ./cmd/cli -run TestGolden -update
//
// Use it only when a change of figures is intended, and say which in the
// commit that carries the new files.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenCases are fixed commands whose outputs must not change when the code
// is reorganised: a solitaire compared under several strategies, a game of
// several players with seats and deal features, a sweep, a run stopped by
// precision, head-to-head play, tournaments, skill ladders, and the games'
// analyses. OUT in an argument is replaced by a fresh directory; files names
// what to compare in it ("-" is standard output).
var goldenCases = []struct {
	name  string
	args  []string
	files []string
}{
	{"run_nora_three", []string{"run", "nora", "--strategies", "stop-at,cautious,rescuer", "--games", "2000", "--seed", "3", "--out", "OUT", "-q"},
		[]string{"summary.json", "figures.csv", "score_histogram.csv"}},
	{"run_roundup_seats", []string{"run", "roundup", "--strategies", "greedy,defender", "--rule", "players=3", "--games", "300", "--seed", "5", "--out", "OUT", "-q"},
		[]string{"summary.json", "figures.csv"}},
	{"sweep_nora", []string{"sweep", "nora", "--strategies", "cautious,rescuer", "--rule", "insure=0,2", "--rule", "rounds=4", "--games", "300", "--seed", "2", "--out", "OUT", "-q"},
		[]string{"sweep.json", "sweep.csv"}},
	{"run_nora_precision", []string{"run", "nora", "--strategy", "rescuer", "--rule", "rounds=3", "--precision", "2", "--seed", "4", "--out", "OUT", "-q"},
		[]string{"summary.json"}},
	{"compare_spite", []string{"compare", "spite", "--strategies", "planner,greedy", "--games", "100", "--seed", "6", "--out", "OUT", "-q"},
		[]string{"summary.json"}},
	{"run_chriscross", []string{"run", "chriscross", "--strategies", "greedy,search", "--games", "200", "--seed", "7", "--out", "OUT", "-q"},
		[]string{"summary.json"}},
	{"tournament_spite", []string{"tournament", "spite", "--strategies", "greedy,random,planner", "--games", "60", "--seed", "8", "--format", "json", "--out", "OUT"},
		[]string{"-", "tournament.csv"}},
	{"skill_chriscross", []string{"skill", "chriscross", "--strategy", "flatmc", "--budgets", "1,2", "--games", "20", "--format", "csv"},
		[]string{"-"}},
	{"skill_spite", []string{"skill", "spite", "--strategy", "flatmc", "--budgets", "1,2", "--games", "4", "--format", "csv"},
		[]string{"-"}},
	{"analyze_roundup", []string{"analyze", "roundup", "--opt", "games=100", "--opt", "players=2,3", "--opt", "mixes=greedy,greedy+defender", "--out", "OUT", "-q"},
		[]string{"report.csv", "report.md"}},
	{"analyze_nora", []string{"analyze", "nora", "--rule", "ranks=2", "--rule", "rounds=2", "--opt", "games=400", "--opt", "sweep-games=40",
		"--opt", "samples=300", "--opt", "sweep-samples=300", "--out", "OUT", "-q"},
		[]string{"report.md", "strategies.csv", "comparisons.csv", "score_distribution.csv", "ip_economy.csv", "marginal_ip.csv", "price_curves.csv", "earning_rules.csv"}},
	{"solve_nora", []string{"solve", "nora", "--rule", "ranks=3", "--rule", "rounds=2", "--opt", "samples=1000", "--opt", "cap=12", "--opt", "fresh=true", "--out", "OUT", "-q"},
		[]string{"policy.csv", "round_values.csv", "pass_dists.csv"}},
}

// longGolden names the cases that run in make test-long only: Nora's
// analysis and solver build policies from thousands of pass samples
// (about 25 s of the 31 s of CPU of every case). In the quick suite
// TestCSVStrict runs both commands on fewer samples, and analyses/nora's
// tests hold their figures to exact oracles.
var longGolden = map[string]bool{"analyze_nora": true, "solve_nora": true}

// environmental lines of summary.json: how long and on how many workers a
// run took, and the toolchain and module versions it was built with. None is
// a result.
var (
	environmental = regexp.MustCompile(`(?m)^\s*"(wall_seconds|workers|go)": .*\n`)
	modulesBlock  = regexp.MustCompile(`\n\s*"modules": \{[^}]*\},?`)
)

// normalize removes what may differ between identical runs.
func normalize(b []byte) string {
	s := environmental.ReplaceAllString(string(b), "")
	return modulesBlock.ReplaceAllString(s, "")
}

// TestGolden runs each fixed command and compares its outputs with the files
// in testdata/golden, byte for byte once wall time, workers and the build's
// versions are removed. The files were written on the code before the
// commands were reorganised into sessions and analyses; a difference is a
// change of results.
func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			if longGolden[tc.name] && testing.Short() {
				t.Skip("long: runs in make test-long")
			}
			if slices.Contains(tc.files, "report.md") {
				t.Setenv(reports.ChartFormatsEnv, "") // the files a user gets: report.md shows PNGs
			}
			t.Setenv("XDG_CACHE_HOME", t.TempDir()) // Nora's pass distributions, solved afresh
			out := t.TempDir()
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "OUT", out)
			}
			stdout := mustRun(t, args...)
			for _, name := range tc.files {
				got := []byte(stdout)
				if name != "-" {
					var err error
					if got, err = os.ReadFile(filepath.Join(out, name)); err != nil {
						t.Fatal(err)
					}
				}
				file := name
				if name == "-" {
					file = "stdout"
				}
				path := filepath.Join("testdata", "golden", tc.name, file)
				if *update {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(normalize(got)), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run with -update to write it)", err)
				}
				if g := normalize(got); g != string(want) {
					t.Errorf("%s differs from %s:\n%s", file, path, firstDifference(g, string(want)))
				}
			}
		})
	}
}

// firstDifference shows the first line where got and want part.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + ":\n got  " + g[i] + "\n want " + w[i]
		}
	}
	return "one is longer: " + strconv.Itoa(len(g)) + " lines against " + strconv.Itoa(len(w))
}
