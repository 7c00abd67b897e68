package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnalyzeRoundup: the analysis writes its page and a table with every
// player count and mix, answering both of the designer's questions.
func TestAnalyzeRoundup(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, "analyze", "roundup", "--games", "150", "--players", "2,3", "--mixes", "greedy,greedy+defender", "--out", dir, "-q")
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dealt more face cards", "most useful face card by regression", "starting seat", "With 3 players (greedy+defender)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	f, err := os.Open(filepath.Join(dir, "report.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		if m := r[col["metric"]]; strings.HasSuffix(m, "uplift_per_card|queen") && r[col["statistic"]] == "value" {
			seen[strings.Fields(m)[0]+" "+strings.Fields(m)[1]] = true
		}
	}
	if len(seen) != 4 {
		t.Errorf("queen uplift for %v, want 2 player counts × 2 mixes", seen)
	}
	if code, _, errs := run(t, "analyze", "roundup", "--players", "7", "--out", dir); code == 0 || !strings.Contains(errs, "2 to 6 players") {
		t.Errorf("7 players accepted: %q", errs)
	}
}
