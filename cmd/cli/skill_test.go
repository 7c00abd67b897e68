package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

// TestSkill plays small budgets on a few deals and checks the CSV rows per
// budget, the table and the files written.
func TestSkill(t *testing.T) {
	t.Setenv(reports.ChartFormatsEnv, "") // every format: the test looks for PNG and PDF files
	tests := []struct {
		game, strategy string
		games          string
		want           []string // figures per budget after the first
	}{
		{"flip", "ismcts", "6", []string{"score", "win", "score_gain"}},
		{"chriscross", "flatmc", "6", []string{"score", "win", "score_gain"}},
		{"spite", "ismcts", "2", []string{"win_vs_previous", "draw"}},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			dir := t.TempDir()
			code, out, errs := run(t, "skill", tt.game, "--strategy", tt.strategy, "--budgets", "1,2,4",
				"--games", tt.games, "--format", "csv", "--out", dir)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(rows[0], []string{"budget", "figure", "value", "ci_low", "ci_high", "schema_version"}) {
				t.Fatalf("header %v", rows[0])
			}
			figures := map[string][]string{}
			for _, r := range rows[1:] {
				figures[r[0]] = append(figures[r[0]], r[1])
			}
			for _, b := range []string{"1", "2", "4"} {
				want := tt.want
				switch {
				case b == "1" && want[0] == "win_vs_previous":
					want = []string{"win_vs_random", "draw"} // the first budget plays random
				case b == "1":
					want = want[:2] // no gain over a previous budget
				}
				if !slices.Equal(figures[b], want) {
					t.Errorf("budget %s: figures %v, want %v", b, figures[b], want)
				}
			}
			file, err := os.ReadFile(filepath.Join(dir, "skill.csv"))
			if err != nil || string(file) != out {
				t.Errorf("skill.csv differs from stdout (%v)", err)
			}
			charts := []string{"chart_skill_score.svg", "chart_skill_score.png", "chart_skill_win.svg", "chart_skill_win.png"}
			if tt.want[0] == "win_vs_previous" {
				charts = []string{"chart_skill_win_vs_previous.svg", "chart_skill_win_vs_previous.png"}
			}
			for _, name := range charts {
				if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
					t.Errorf("%s not written: %v", name, err)
				}
			}
			code, js, errs := run(t, "skill", tt.game, "--strategy", tt.strategy, "--budgets", "1,2,4", "--games", tt.games, "--format", "json")
			if code != 0 {
				t.Fatalf("json: exit %d: %s", code, errs)
			}
			var sk struct {
				Game     string
				Strategy string
				Games    int64
				Rows     []struct {
					Budget int
					Figure string
					Value  float64
					CILow  float64 `json:"ci_low"`
					CIHigh float64 `json:"ci_high"`
				}
			}
			if err := json.Unmarshal([]byte(js), &sk); err != nil {
				t.Fatal(err)
			}
			if sk.Game != tt.game || sk.Strategy != tt.strategy || strconv.FormatInt(sk.Games, 10) != tt.games || len(sk.Rows) != len(rows)-1 {
				t.Fatalf("json: %+v", sk)
			}
			for i, r := range sk.Rows { // the same rows as the CSV, in full
				c := rows[i+1]
				if strconv.Itoa(r.Budget) != c[0] || r.Figure != c[1] || r.Value != parse(t, c[2]) || r.CILow != parse(t, c[3]) || r.CIHigh != parse(t, c[4]) {
					t.Errorf("json row %+v, csv row %v", r, c)
				}
			}
			code, table, errs := run(t, "skill", tt.game, "--strategy", tt.strategy, "--budgets", "1,2,4", "--games", tt.games)
			if code != 0 {
				t.Fatalf("table: exit %d: %s", code, errs)
			}
			if n, want := strings.Count(table, "\n"), len(rows)+1; n != want && n != want+1 {
				t.Errorf("table has %d lines, want a title (and a line on even play), a header and %d rows:\n%s", n, len(rows)-1, table)
			}
		})
	}
}

func TestSkillBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"skill", "flip", "--budgets", "4,2"}, "ascending"},
		{[]string{"skill", "flip", "--budgets", "0,2"}, "positive"},
		{[]string{"skill", "flip", "--games", "1"}, "--games"},
		{[]string{"skill", "flip", "--format", "xml"}, "--format"},
		{[]string{"skill", "flip", "--param", "budget=3"}, "--budgets"},
		{[]string{"skill", "flip", "--strategy", "random"}, "no budget parameter"},
		{[]string{"skill", "flip", "--param", "rollout=nosuch"}, "rollout=nosuch"},
		{[]string{"skill", "nosuch"}, "unknown game"},
	}
	for _, tt := range tests {
		code, _, errs := run(t, tt.args...)
		if code != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %q", tt.args, code, errs, tt.want)
		}
	}
}

// parse reads a number of a CSV cell.
func parse(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("cell %q: %v", s, err)
	}
	return v
}
