package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
)

// TestSweep: one row per grid point and strategy, the same deals at every
// point where the rules leave the cards alone, and the charts.
func TestSweep(t *testing.T) {
	t.Setenv(reports.ChartFormatsEnv, "") // every format: the test looks for PNG and PDF files
	dir := t.TempDir()
	out := mustRun(t, "sweep", "nora", "--strategies", "cautious,rescuer", "--rule", "insure=0,2", "--rule", "revive=3,5,9", "--rule", "rounds=2", "--games", "300", "--out", dir, "-q", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+2*3*2 {
		t.Fatalf("%d rows, want a header and 2×3 points × 2 strategies", len(rows))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	fp := rows[1][col["deal_fingerprint"]]
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		if r[col["deal_fingerprint"]] != fp {
			t.Errorf("point %v played other deals", r[:3])
		}
		seen[r[col["insure"]]+"/"+r[col["revive"]]+"/"+r[col["strategy"]]] = true
		if r[col["games"]] != "300" {
			t.Errorf("point %v played %s deals", r[:3], r[col["games"]])
		}
	}
	if len(seen) != 12 {
		t.Errorf("grid points %v, want 12 distinct", seen)
	}
	for _, f := range []string{"sweep.csv", "sweep.json", "chart_sweep_insure_score.svg", "chart_sweep_revive_win.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// A rule that changes the deck changes the deals.
	out = mustRun(t, "sweep", "nora", "--rule", "ranks=5,6", "--games", "50", "-q", "--format", "csv")
	rows, _ = csv.NewReader(strings.NewReader(out)).ReadAll()
	if fp := slices.Index(rows[0], "deal_fingerprint"); fp < 0 || rows[1][fp] == rows[2][fp] {
		t.Error("decks of 5 and 6 ranks gave the same deal fingerprint")
	}
}

func TestSweepPlan(t *testing.T) {
	dir := t.TempDir()
	yml := filepath.Join(dir, "plan.yaml")
	os.WriteFile(yml, []byte("game: nora\nstrategy: stop-at\nparams: [cards=20]\nrules:\n  - switch=1,3\n  - rounds=1\ngames: 200\nseed: 4\n"), 0o644)
	js := filepath.Join(dir, "plan.json")
	os.WriteFile(js, []byte(`{"game": "nora", "strategy": "stop-at", "params": ["cards=20"], "rules": ["switch=1,3", "rounds=1"], "games": 200, "seed": 4}`), 0o644)
	a := mustParse(t, NewCmdSweep, "--plan", yml).Spec
	b := mustParse(t, NewCmdSweep, "--plan", js).Spec
	c := mustParse(t, NewCmdSweep, "nora", "--strategy", "stop-at", "--param", "cards=20", "--rule", "switch=1,3", "--rule", "rounds=1", "--games", "200", "--seed", "4").Spec
	want := defaultSpec(experiment.Sweep, "nora")
	want.Strategy, want.Params, want.Rules, want.Games, want.Seed = "stop-at", []string{"cards=20"}, []string{"switch=1,3", "rounds=1"}, 200, 4
	for i, got := range []experiment.Spec{a, b, c} {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v\nwant %+v", []string{"YAML plan", "JSON plan", "flags"}[i], got, want)
		}
	}
	// Flags add to the plan's fields, a flag given in place of the plan's.
	d := mustParse(t, NewCmdSweep, "--plan", yml, "--games", "50", "--rule", "insure=2").Spec
	want.Games, want.Rules = 50, []string{"switch=1,3", "rounds=1", "insure=2"}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("plan and flags: %+v\nwant %+v", d, want)
	}
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("game: nora\nrulez: [insure=1,2]\n"), 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--plan", bad}, `unknown field "rulez"`},
		{[]string{"sweep", "--plan", filepath.Join(dir, "none.yaml")}, "--plan"},
		{[]string{"sweep", "nora", "--rule", "insure=1"}, "nothing to sweep"},
		{[]string{"sweep", "nora", "--rule", "insure=1,x"}, "rule insure=x"},
		{[]string{"sweep"}, "which game?"},
		{[]string{"compare", "nora", "--strategies", "rescuer"}, "at least two strategies"},
	} {
		code, _, errs := run(t, tt.args...)
		if code == 0 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want one line with %q", tt.args, code, errs, tt.want)
		}
	}
}

// TestSweepDefaults: the sweep records each swept rule's default, as
// cardsim rules lists it, and its charts mark it where it is among the
// values swept; a default outside the values is recorded but not drawn.
func TestSweepDefaults(t *testing.T) {
	var listing reports.RulesListing
	if err := json.Unmarshal([]byte(mustRun(t, "rules", "nora", "--format", "json")), &listing); err != nil {
		t.Fatal(err)
	}
	defaults := map[string]string{}
	for _, r := range listing.Rules {
		defaults[r.Name] = r.Default.Text
	}
	rounds, err := strconv.Atoi(defaults["rounds"])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	values := fmt.Sprintf("%d,%d", rounds-1, rounds)
	out := mustRun(t, "sweep", "nora", "--rule", "rounds="+values, "--rule", "insure=97,98", "--games", "20", "--out", dir, "-q", "--format", "json")
	var sw reports.Sweep
	if err := json.Unmarshal([]byte(out), &sw); err != nil {
		t.Fatal(err)
	}
	// The values keep their kind, as the manifest's rules do: numbers here.
	if want := fmt.Sprintf(`"rounds": %d`, rounds); !strings.Contains(out, want) || strings.Contains(out, `"insure": "`) {
		t.Errorf("sweep.json writes the rules' values as text, not in their kind (no %s)", want)
	}
	want := map[string]string{"rounds": defaults["rounds"], "insure": defaults["insure"]}
	if !maps.Equal(sw.Defaults, want) {
		t.Errorf("defaults %v, want %v (from cardsim rules)", sw.Defaults, want)
	}
	for _, tt := range []struct {
		chart, mark string
		drawn       bool
	}{
		{"chart_sweep_rounds_score.svg", "default rounds=" + defaults["rounds"], true},
		{"chart_sweep_insure_score.svg", "default insure=", false},
	} {
		svg, err := os.ReadFile(filepath.Join(dir, tt.chart))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(svg), tt.mark); got != tt.drawn {
			t.Errorf("%s marks %q: %v, want %v", tt.chart, tt.mark, got, tt.drawn)
		}
	}
}

// TestSweepInterruptResume interrupts a sweep during its second point: the
// first point is written to --out marked partial, and the same command
// with --resume gives the sweep an uninterrupted run gives. A point of
// 10,000 deals takes a quarter of a second on two workers, and the
// interrupt comes with its first checkpoint, after 50 ms.
func TestSweepInterruptResume(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ckpt, out, whole := filepath.Join(dir, "ckpt"), filepath.Join(dir, "out"), filepath.Join(dir, "whole")
	args := []string{"sweep", "nora", "--strategy", "stop-at", "--rule", "insure=0,1,2", "--games", "10000", "-q", "--format", "json"}
	with := append(slices.Clone(args), "--checkpoint", ckpt, "--checkpoint-every", "50ms", "--out", out)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // interrupt once the second point has saved progress
		for ctx.Err() == nil {
			if _, err := os.Stat(filepath.Join(ckpt, "point-2-of-3.json")); err == nil {
				cancel()
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	var stdout, stderr bytes.Buffer
	code := NewFactory(strings.NewReader(""), &stdout, &stderr).execute(ctx, with)
	if msg := stderr.String(); code != 130 || !strings.Contains(msg, "cardsim: interrupted during point insure=1 (2 of 3), after ") ||
		!strings.Contains(msg, "kept: the 1 of 3 points finished before it, printed and written to "+out+" marked partial, and the deals played at each point, in checkpoint directory "+ckpt) ||
		!strings.HasSuffix(msg, "; run the same command with --resume to carry on\n") {
		t.Fatalf("interrupted sweep: exit %d, %q", code, stderr.String())
	}
	var partial struct {
		Stopped string
		Points  []json.RawMessage
	}
	b, err := os.ReadFile(filepath.Join(out, "sweep.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &partial); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(partial.Stopped, "partial") || len(partial.Points) == 0 || len(partial.Points) == 3 {
		t.Errorf("partial sweep.json: stopped %q, %d points; want some of 3, marked partial", partial.Stopped, len(partial.Points))
	}
	if !strings.Contains(stdout.String(), `"stopped"`) {
		t.Error("the finished points were not printed marked partial")
	}
	// Without --resume the checkpoints are kept from harm.
	if code, _, errs := run(t, with...); code != 1 || !strings.Contains(errs, "holds checkpoints of a sweep") {
		t.Errorf("a new sweep over the checkpoints: exit %d, %q", code, errs)
	}
	resumed := mustRun(t, append(with, "--resume")...)
	fresh := mustRun(t, append(args, "--out", whole)...)
	if volatile.ReplaceAllString(resumed, "") != volatile.ReplaceAllString(fresh, "") {
		t.Error("the resumed sweep differs from an uninterrupted one")
	}
	a, _ := os.ReadFile(filepath.Join(out, "sweep.csv"))
	b, _ = os.ReadFile(filepath.Join(whole, "sweep.csv"))
	if !bytes.Equal(a, b) || len(a) == 0 {
		t.Error("the resumed sweep.csv differs from an uninterrupted one")
	}
}
