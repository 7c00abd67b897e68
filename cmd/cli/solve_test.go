package cli

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSolveWritesPolicy solves a small deck and checks the files and that
// every row's actions follow from its own values.
func TestSolveWritesPolicy(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := t.TempDir()
	code, out, errs := run(t, "solve", "nora", "--rule", "ranks=3", "--rule", "rounds=2", "--samples", "1000", "--cap", "12", "--fresh", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"expected game score, optimal policy", "upper bound", "ip cap 12"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	for _, name := range []string{"policy.csv", "round_values.csv", "pass_dists.csv", "chart_frontier.svg", "chart_frontier.png"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s missing or empty: %v", name, err)
		}
	}
	f, err := os.Open(filepath.Join(dir, "policy.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// 3 ranks and the jokers: 19 non-empty compositions, 2 rounds, ip 0…12.
	if got, want := len(rows)-1, 19*2*13; got != want {
		t.Errorf("policy.csv has %d states, want %d", got, want)
	}
	for _, row := range rows[1:] {
		stop, _ := strconv.ParseFloat(row[6], 64)
		shuffle, _ := strconv.ParseFloat(row[7], 64)
		if (row[8] == "true") != (stop >= shuffle) {
			t.Errorf("row %v: stop=%s but stop value %g, shuffle value %g", row, row[8], stop, shuffle)
		}
		ip, _ := strconv.Atoi(row[5])
		if row[9] == "true" && ip < 1 {
			t.Errorf("row %v: insures without the price", row)
		}
	}
}

func TestSolveErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "spite"}, "solve knows only nora"},
		{[]string{"solve", "nosuch"}, "nosuch"},
		{[]string{"solve", "nora", "--samples", "0"}, "--samples 0"},
		{[]string{"solve", "nora", "--rule", "insure=-1"}, "insure"},
		{[]string{"run", "nora", "--strategy", "upper-bound", "--games", "10"}, "clairvoyant"},
	}
	for _, tt := range tests {
		code, _, errs := run(t, tt.args...)
		if code == 0 || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error mentioning %q", tt.args, code, errs, tt.want)
		}
	}
}

// TestAnalyzeWritesReport writes the report of a small deck and checks that
// the page is self-contained and every table is there.
func TestAnalyzeWritesReport(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := t.TempDir()
	code, _, errs := run(t, "analyze", "nora", "--rule", "ranks=2", "--rule", "rounds=2", "--games", "400",
		"--sweep-games", "40", "--samples", "4000", "--sweep-samples", "4000", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range []string{"report.md", "report.html", "strategies.csv", "comparisons.csv", "score_distribution.csv",
		"ip_economy.csv", "marginal_ip.csv", "price_curves.csv", "earning_rules.csv", "chart_price_curves.svg", "chart_ip_earned.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	h, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(h)
	if n := strings.Count(html, "<svg"); n != 6 {
		t.Errorf("report.html embeds %d SVG charts, want 6", n)
	}
	if strings.Contains(html, "src=") || strings.Contains(html, "<?xml") {
		t.Errorf("report.html is not self-contained")
	}
	for _, w := range []string{"INSURE at 1 ip adds", "One extra starting ip is worth", "upper-bound", "Switching off"} {
		if !strings.Contains(html, w) {
			t.Errorf("report.html lacks %q", w)
		}
	}
}

// TestAnalyzeDispatch: analyze runs the analyzer registered for the game
// and names those there are for any other.
func TestAnalyzeDispatch(t *testing.T) {
	f := NewFactory(strings.NewReader(""), new(strings.Builder), new(strings.Builder))
	called := ""
	opts := &AnalyzeOptions{Games: 10, Samples: 1, SweepSamples: 1, Workers: 1, Confidence: 0.95, Out: t.TempDir(),
		Analyzers: map[string]Analyzer{
			"flip": func(_ context.Context, _ *Factory, o *AnalyzeOptions) error { called = o.Game; return nil },
			"nora": func(_ context.Context, _ *Factory, o *AnalyzeOptions) error { called = o.Game; return nil },
		}}
	tests := []struct {
		game, called, err string
	}{
		{"flip", "flip", ""},
		{"nora", "nora", ""},
		{"spite", "", "there is one for: flip, nora"},
		{"nosuch", "", "nosuch"},
	}
	for _, tt := range tests {
		called = ""
		opts.Game = tt.game
		err := runAnalyze(context.Background(), f, opts)
		if called != tt.called || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("analyze %s: called %q, error %v; want %q, %q", tt.game, called, err, tt.called, tt.err)
		}
	}
}
