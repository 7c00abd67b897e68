package reports

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games/flip"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
	flipbots "github.com/cardsim/cardsim/strategies/flip"
)

// TestUndecidedPrintedEverywhere: where a solver's win rate appears (the
// terminal table, figures.csv, the report's sentence, a sweep's table and
// CSV) the games it left undecided are printed beside it, with their share.
// Flip's solver on a 16-card deck with a budget of 10 positions leaves many.
func TestUndecidedPrintedEverywhere(t *testing.T) {
	g, err := flip.Definition().New([]string{"ranks=4", "forced-play=false"})
	if err != nil {
		t.Fatal(err)
	}
	r := new(strategies.Registry)
	flipbots.Register(r)
	d, err := r.Lookup(g, "clairvoyant")
	if err != nil {
		t.Fatal(err)
	}
	cfg := sim.Config{Game: g, Seed: 1, Games: 200, Lineup: []sim.Player{{Strategy: d, Params: []string{"budget=10", "win-budget=10"}}}}
	tally, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := sim.Summarize(&cfg, tally, 0.95)
	s.Manifest = sim.NewManifest(&cfg, tally.Games, 0.95)
	sv := s.Lead().Solver
	if sv == nil || sv.Games != 200 || sv.Undecided == 0 || sv.Undecided != s.Lead().Win.Undecided {
		t.Fatalf("solver %+v, win %+v: want every game solved and some undecided", sv, s.Lead().Win)
	}
	k := sv.Undecided
	share := fmt.Sprintf("%.2f%%", 100*float64(k)/200)

	var table bytes.Buffer
	if err := WriteTable(&table, &s); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%d of 200 (%s)", k, share); !strings.Contains(table.String(), want) {
		t.Errorf("table lacks %q:\n%s", want, table.String())
	}
	var rows []string
	for _, f := range Figures(&s) {
		if f.Metric == "solver" || f.Statistic == "undecided" {
			rows = append(rows, fmt.Sprintf("%s/%s=%g", f.Metric, f.Statistic, f.Value))
		}
	}
	if want := []string{fmt.Sprintf("win/undecided=%d", k), fmt.Sprintf("solver/undecided_share=%g", float64(k)/200)}; strings.Join(rows, " ") != strings.Join(want, " ") {
		t.Errorf("figures.csv rows %v, want %v", rows, want)
	}
	answer := strings.Join(Answers(&Study{Game: "flip", Summary: &s}), "\n")
	if want := fmt.Sprintf("the solver left %d of 200 games undecided (%s)", k, share); !strings.Contains(answer, want) {
		t.Errorf("answer lacks %q:\n%s", want, answer)
	}

	sw := &Sweep{Keys: []string{"ranks"}, Points: []SweepPoint{{Values: map[string]string{"ranks": "4"}, Summary: s}}}
	var st, sc bytes.Buffer
	if err := WriteSweepTable(&st, sw); err != nil {
		t.Fatal(err)
	}
	// Under the line naming the run: the columns, then the point.
	if lines := strings.Split(strings.TrimSpace(st.String()), "\n"); !strings.Contains(lines[1], "undecided") || !strings.HasSuffix(strings.TrimSpace(lines[2]), fmt.Sprint(k)) {
		t.Errorf("sweep table without the undecided games:\n%s", st.String())
	}
	if err := WriteSweepCSV(&sc, sw); err != nil {
		t.Fatal(err)
	}
	head, row, _ := strings.Cut(sc.String(), "\n")
	cols, vals := strings.Split(head, ","), strings.Split(strings.TrimSpace(row), ",")
	for i, c := range cols {
		if c == "win_undecided" && vals[i] != fmt.Sprint(k) {
			t.Errorf("sweep.csv win_undecided %s, want %d", vals[i], k)
		}
	}
	if !strings.Contains(head, "win_undecided") {
		t.Errorf("sweep.csv header %s lacks win_undecided", head)
	}
}

// TestReportSaysWhyAStudyStopped: a study whose run stopped before its
// deals were played (a precision target, or the most deals reached first)
// says so under its table, so a reader knows what the interval stands on.
func TestReportSaysWhyAStudyStopped(t *testing.T) {
	s := summaryOf(t, nora.Definition(), nil, 100, "stop-at")
	s.Manifest.Stopped = "--max-games 100 reached before precision 0.0005"
	dir := t.TempDir()
	if err := WriteReportDir(dir, &Report{Title: "t", Studies: []Study{{Game: "nora", Title: "odds", Summary: s}}}); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "stopped: --max-games 100 reached before precision 0.0005"; !strings.Contains(string(md), want) {
		t.Errorf("report.md lacks %q:\n%s", want, md)
	}
}

// TestStudyTableReadableAndTidy: a study with a table of its own shows it
// readable on the page (no number past four significant digits) while
// report.csv has each figure in full, in the columns of the same names,
// with the study's run keys.
func TestStudyTableReadableAndTidy(t *testing.T) {
	rows := [][]string{
		{"rules", "strategy", "metric", "statistic", "feature", "feature_value", "value", "ci_low", "ci_high", "n", "holders"},
		{"players=2", "greedy", "game_win", "rate", "face_cards", "3", "0.16791361485120487", "0.11721378644576919", "0.2546908432989318", "140", "12"},
	}
	dir := t.TempDir()
	st := Study{Game: "roundup", Title: "face cards", Rows: rows, Seed: 7, Deals: 300, Note: "n"}
	if err := WriteReportDir(dir, &Report{Title: "t", Studies: []Study{st}}); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	if !strings.Contains(string(page), "<td>players=2</td><td>greedy</td><td>game_win</td><td>rate</td><td>face_cards</td><td>3</td><td>0.1679</td><td>0.1172</td><td>0.2547</td><td>140</td><td>12</td>") {
		t.Errorf("report.html's table is not readable:\n%s", page)
	}
	// report.md links to the table rather than holding it.
	if md, _ := os.ReadFile(filepath.Join(dir, "report.md")); strings.Contains(string(md), "0.1679") || !strings.Contains(string(md), "report.html#s1") {
		t.Errorf("report.md holds the raw table or lacks its link:\n%s", md)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "report.csv"))
	got := readStrict(t, b)
	want := []map[string]string{
		{"game": "roundup", "rules": "players=2", "seed": "7", "deals": "300", "strategy": "greedy", "metric": "game_win", "statistic": "rate",
			"feature": "face_cards", "feature_value": "3", "value": "0.16791361485120487", "ci_low": "0.11721378644576919", "ci_high": "0.2546908432989318", "n": "140"},
		{"game": "roundup", "rules": "players=2", "seed": "7", "deals": "300", "strategy": "greedy", "metric": "game_win", "statistic": "holders",
			"feature": "face_cards", "feature_value": "3", "value": "12"},
	}
	if len(got) != len(want) {
		t.Fatalf("report.csv rows %v, want %v", got, want)
	}
	for i, w := range want {
		for k, v := range w {
			if got[i][k] != v {
				t.Errorf("row %d, %s = %q, want %q", i, k, got[i][k], v)
			}
		}
	}
}

// TestStudyChartsSkipOneValueFeatures: a deal feature every seat is dealt
// alike (Round-up's 13 cards a hand) gets no chart, the others one each.
func TestStudyChartsSkipOneValueFeatures(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=4"}, 40, "greedy")
	charts, err := StudyCharts(&Study{Game: "roundup", Summary: s})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, f := range s.Features {
		if len(f.Values) > 1 {
			want++
		}
	}
	if got := len(charts) - 1; got != want || want == len(s.Features) { // the score chart, then features
		t.Errorf("%d feature charts of %d features, %d of them with several values", got, len(s.Features), want)
	}
}

// TestPairUndecidedPrintedEverywhere: when two strategies are compared and
// the solver left games of one undecided, the comparison says how many of
// each it counted both ways, in the table, the report's sentence and
// figures.csv (a row per strategy, naming the other).
func TestPairUndecidedPrintedEverywhere(t *testing.T) {
	g, err := flip.Definition().New([]string{"ranks=4", "forced-play=false"})
	if err != nil {
		t.Fatal(err)
	}
	r := new(strategies.Registry)
	flipbots.Register(r)
	var lineup []sim.Player
	for _, p := range []struct {
		name   string
		params []string
	}{{"clairvoyant", []string{"budget=10", "win-budget=10"}}, {"greedy", nil}} {
		d, err := r.Lookup(g, p.name)
		if err != nil {
			t.Fatal(err)
		}
		lineup = append(lineup, sim.Player{Strategy: d, Params: p.params})
	}
	cfg := sim.Config{Game: g, Seed: 1, Games: 200, Lineup: lineup}
	tally, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := sim.Summarize(&cfg, tally, 0.95)
	s.Manifest = sim.NewManifest(&cfg, tally.Games, 0.95)
	if len(s.Comparisons) != 1 {
		t.Fatalf("%d comparisons, want 1", len(s.Comparisons))
	}
	c := s.Comparisons[0]
	k := s.Entries[0].Win.Undecided
	if k == 0 || c.UndecidedA != k || c.UndecidedB != 0 {
		t.Fatalf("undecided %d and %d in the comparison, clairvoyant's %d: want clairvoyant's alone, and some", c.UndecidedA, c.UndecidedB, k)
	}
	var table bytes.Buffer
	if err := WriteTable(&table, &s); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(`clairvoyant − greedy: undecided games \(counted both ways\) +%d, 0 *\n`, k); !regexp.MustCompile(want).MatchString(table.String()) {
		t.Errorf("table lacks %s:\n%s", want, table.String())
	}
	answer := strings.Join(Answers(&Study{Game: "flip", Summary: &s}), "\n")
	if want := fmt.Sprintf("with %d undecided games counted both ways", k); !strings.Contains(answer, want) {
		t.Errorf("answer lacks %q:\n%s", want, answer)
	}
	var rows []string
	for _, f := range Figures(&s) {
		if f.Statistic == "undecided" && f.Versus != "" {
			rows = append(rows, fmt.Sprintf("%s vs %s: %g", f.Strategy, f.Versus, f.Value))
		}
	}
	if want := fmt.Sprintf("clairvoyant vs greedy: %d", k); strings.Join(rows, "; ") != want {
		t.Errorf("figures.csv undecided rows %q, want %q", rows, want)
	}
}
