package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

// run runs cardsim with args and returns its exit status, stdout and stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errw bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errw)
	return code, out.String(), errw.String()
}

func TestListCommands(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"games"}, []string{"nora", "Nora's pairs solitaire"}},
		{[]string{"rules", "nora"}, []string{"rounds", "insure", "removal", "max-ip", "quad-chain"}},
		{[]string{"rules", "nora", "--rule", "insure=3"}, []string{"insure         3"}},
		{[]string{"strategies", "nora"}, []string{"stop-at", "--param cards=30", "cautious", "rescuer", "random (any game)"}},
		{[]string{"version"}, []string{"cardsim 0."}},
	}
	for _, tt := range tests {
		code, out, errs := run(t, tt.args...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", tt.args, code, errs)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, out)
			}
		}
	}
}

var volatile = regexp.MustCompile(`"(wall_seconds|workers)": [0-9.e+-]+`)

// TestRunSameForAnyWorkers: the same command and seed give a byte-identical
// summary.json, apart from wall time and workers, for 1 and 2 workers.
func TestRunSameForAnyWorkers(t *testing.T) {
	t.Setenv(reports.ChartFormatsEnv, "") // every format: the test looks for PNG and PDF files
	var sums []string
	for _, w := range []string{"1", "2"} {
		dir := t.TempDir()
		code, _, errs := run(t, "run", "nora", "--strategy", "rescuer", "--games", "600", "--seed", "7", "--workers", w, "--out", dir, "--quiet")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, volatile.ReplaceAllString(string(b), ""))
		for _, f := range []string{"figures.csv", "score_histogram.csv", "chart_score.svg", "chart_score.png", "chart_ip_earned.svg", "chart_ip_spent.png"} {
			if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
				t.Errorf("--out lacks %s: %v", f, err)
			}
		}
	}
	if sums[0] != sums[1] {
		t.Error("summary.json differs between 1 and 2 workers")
	}
}

func TestRunJSON(t *testing.T) {
	code, out, errs := run(t, "run", "nora", "--strategy", "stop-at", "--param", "cards=20", "--rule", "insure=2", "--rule", "rounds=5", "--games", "500", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s struct {
		Manifest struct {
			Game       string
			Rules      map[string]any // typed: numbers stay numbers
			Strategies []struct {
				Name   string
				Params map[string]string
			}
			Seed  uint64
			Games int64
		}
		Entries []struct {
			Score struct {
				Mean      float64
				Histogram []struct{ Value, Count int64 }
			}
			Win     struct{ Rate float64 }
			Metrics map[string]struct {
				Total int64
				Mean  float64
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Entries) != 1 {
		t.Fatalf("%d entries, want the one strategy's", len(s.Entries))
	}
	e, m := s.Entries[0], s.Manifest
	if m.Game != "nora" || m.Rules["insure"] != 2.0 || m.Rules["rounds"] != 5.0 || m.Rules["removal"] != "max-ip" || m.Rules["quad-chain"] != true || m.Games != 500 || m.Seed != 1 ||
		len(m.Strategies) != 1 || m.Strategies[0].Name != "stop-at" || m.Strategies[0].Params["cards"] != "20" {
		t.Errorf("manifest %+v", m)
	}
	var games int64
	for _, b := range e.Score.Histogram {
		games += b.Count
		if b.Value < 0 || b.Value > 5*54 {
			t.Errorf("score %d outside [0, 270]", b.Value)
		}
	}
	if games != 500 {
		t.Errorf("histogram counts %d games, want 500", games)
	}
	if e.Metrics["ip_spent.insure"].Total != 0 || e.Metrics["passes"].Mean < 5 {
		t.Errorf("stop-at spent ip or played under one pass a round: %+v", e.Metrics)
	}
}

// TestTraceReplaysRun: tracing games 0 and 1 of a run gives the scores the
// run counted.
func TestTraceReplaysRun(t *testing.T) {
	code, out, errs := run(t, "run", "nora", "--strategy", "rescuer", "--games", "2", "--seed", "9", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s struct {
		Entries []struct {
			Score struct {
				Histogram []struct{ Value, Count int64 }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || len(s.Entries) != 1 {
		t.Fatalf("%v: %d entries, want 1", err, len(s.Entries))
	}
	want := map[int64]int64{}
	for _, b := range s.Entries[0].Score.Histogram {
		want[b.Value] += b.Count
	}
	got := map[int64]int64{}
	for _, i := range []string{"0", "1"} {
		code, out, errs := run(t, "trace", "nora", "--strategy", "rescuer", "--seed", "9", "--index", i, "--format", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var tr struct {
			Events  []map[string]any
			Outcome []struct{ Score int64 }
		}
		if err := json.Unmarshal([]byte(out), &tr); err != nil {
			t.Fatal(err)
		}
		got[tr.Outcome[0].Score]++
		passes := 0
		for _, e := range tr.Events {
			if e["type"] == "pass" {
				passes++
				ip, ok := e["ip"].(map[string]any)
				if !ok || ip["total"] == nil || ip["joke"] == nil || e["removed"] == nil || e["round"] == nil || e["pass"] == nil {
					t.Fatalf("pass event lacks round, pass, removed or ip: %v", e)
				}
			}
		}
		if passes < 10 {
			t.Errorf("trace of game %s has %d passes, fewer than the 10 rounds", i, passes)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("traced scores %v, run counted %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("traced scores %v, run counted %v", got, want)
		}
	}
}

func TestTraceText(t *testing.T) {
	code, out, errs := run(t, "trace", "nora", "--seed", "42", "--index", "17")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"round 1 pass 1: 54 cards", "order: ", "round 10 ", "seat 0: score"} {
		if !strings.Contains(out, w) {
			t.Errorf("trace lacks %q", w)
		}
	}
}

const fullDeal = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD JK " +
	"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"

func TestTraceDeal(t *testing.T) {
	code, out, errs := run(t, "trace", "nora", "--deal", fullDeal, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var tr struct {
		Events []map[string]any
	}
	json.Unmarshal([]byte(out), &tr)
	if len(tr.Events) == 0 || tr.Events[0]["order"] != fullDeal || tr.Events[0]["dead"] != true {
		t.Errorf("first event %v, want the dead pass of the given order", tr.Events[0])
	}
}

// TestBadInput: each bad input gives one clear error line, a non-zero exit
// status, and no files.
func TestBadInput(t *testing.T) {
	unwritable := "/proc/cardsim/out" // no one, not even root, can create it
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, []byte("x"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "poker"}, `unknown game "poker" (known: nora`},
		{[]string{"run", "nora", "--strategy", "psychic"}, `unknown strategy "psychic" for nora`},
		{[]string{"run", "nora", "--rule", "jokers=3"}, "rule jokers=3: want an integer from 0 to 2"},
		{[]string{"run", "nora", "--rule", "colour=red"}, `unknown rule "colour"`},
		{[]string{"run", "nora", "--rule", "insure"}, "want key=value"},
		{[]string{"run", "nora", "--strategy", "stop-at", "--param", "cards=x"}, "parameter cards=x"},
		{[]string{"run", "nora", "--strategy", "stop-at", "--param", "depth=3"}, `unknown parameter "depth"`},
		{[]string{"run", "nora", "--games", "0"}, "--games 0"},
		{[]string{"run", "nora", "--games", "-5"}, "--games -5"},
		{[]string{"run", "nora", "--workers", "0"}, "--workers 0"},
		{[]string{"run", "nora", "--format", "xml"}, `--format "xml"`},
		{[]string{"run", "nora", "--games", "10", "--out", notDir}, "output directory"},
		{[]string{"run", "nora", "--games", "10", "--out", unwritable}, "output directory"},
		{[]string{"trace", "nora", "--deal", "AS AH"}, "deal has 2 cards, want 54"},
		{[]string{"trace", "nora", "--deal", strings.Replace(fullDeal, "KS", "QS", 1)}, "QS appears more often"},
		{[]string{"trace", "nora", "--deal", strings.Replace(fullDeal, "KS", "KX", 1)}, `unknown suit "X"`},
		{[]string{"rules"}, "accepts 1 arg"},
		{[]string{"compare", "spite", "--strategies", "planner,greedy,random", "--games", "10"}, "3 strategies for spite's 2 seats"},
		{[]string{"run", "nora", "--strategy", "upper-bound", "--games", "10"}, "clairvoyant"},
		{[]string{"analyze", "nora", "--opt", "games=1", "--out", notDir}, "option games=1"},
		{[]string{"solve", "nora", "--opt", "samples=0"}, "option samples=0"},
	}
	for _, tt := range tests {
		code, out, errs := run(t, tt.args...)
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		if code == 0 || len(lines) != 1 || !strings.Contains(errs, tt.want) || !strings.HasPrefix(errs, "cardsim: ") {
			t.Errorf("%v: exit %d, stderr %q; want one line with %q", tt.args, code, errs, tt.want)
		}
		if out != "" {
			t.Errorf("%v: wrote to stdout: %q", tt.args, out)
		}
	}
	if ents, _ := os.ReadDir(filepath.Dir(notDir)); len(ents) != 1 {
		t.Errorf("files left beside the file given as --out: %v", ents)
	}
}
