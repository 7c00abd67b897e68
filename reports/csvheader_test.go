package reports

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestColumnNames(t *testing.T) {
	for _, tt := range []struct {
		in, want []string
	}{
		{[]string{"rule", "value", "note"}, []string{"rule", "value", "note"}},
		{[]string{"strategy", "mean score", "ci low", "ci high", "solver", "solver, fresh shuffles", "P(540)", "ci low", "ci high"},
			[]string{"strategy", "mean_score", "mean_score_ci_low", "mean_score_ci_high", "solver", "solver_fresh_shuffles", "p_540", "p_540_ci_low", "p_540_ci_high"}},
		{[]string{"comparison (paired on the same deals)", "score difference", "ci low", "ci high"},
			[]string{"comparison_paired_on_the_same_deals", "score_difference", "ci_low", "ci_high"}},
		{[]string{"Start IP", "  ", "—", "ip_earned.joke"}, []string{"start_ip", "start_ip_column", "start_ip_column_2", "ip_earned_joke"}},
		{[]string{"x", "x", "x_2"}, []string{"x", "x_3", "x_2"}},
		{[]string{"x", "x", "x"}, []string{"x", "x_2", "x_3"}},
		{[]string{"ci low", "ci low", "n"}, []string{"ci_low", "ci_low_2", "n"}},
	} {
		if got := ColumnNames(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("ColumnNames(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzColumnNames(f *testing.F) {
	f.Add("mean score", "ci low", "ci low")
	f.Add("P(60)", "", "é")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		names := ColumnNames([]string{a, b, c, a})
		seen := map[string]bool{}
		for _, n := range names {
			if seen[n] {
				t.Fatalf("ColumnNames(%q, %q, %q) = %q: %q twice", a, b, c, names, n)
			}
			seen[n] = true
			for _, r := range n {
				if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
					t.Fatalf("column name %q: rune %q", n, r)
				}
			}
		}
	})
}

// TestStudiesCSV: studies.csv has a row a study, in the report's order,
// its CPU and budget in whole milliseconds, empty where unknown.
func TestStudiesCSV(t *testing.T) {
	r := &Report{Title: "t", Studies: []Study{
		{Game: "nora", Title: "prices, and more", Answer: []string{"a"}, Rows: [][]string{{"figure", "value"}}, CPU: 1500 * time.Millisecond, Budget: 2 * time.Second},
		{Game: "spite", Title: "drawn", Answer: []string{"b"}, Rows: [][]string{{"figure", "value"}}},
	}}
	dir := t.TempDir()
	if err := WriteReportDir(dir, r); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "studies.csv"))
	if err != nil {
		t.Fatal(err)
	}
	want := "study,game,title,cpu_ms,budget_ms,schema_version\ns1,nora,\"prices, and more\",1500,2000,2\ns2,spite,drawn,,,2\n"
	if string(b) != want {
		t.Errorf("studies.csv:\n%s\nwant\n%s", b, want)
	}
}
