package cli

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// readDeals reads a run's --records CSV of a solitaire played by one
// strategy: each deal's score and whether it was won, by deal index.
func readDeals(t *testing.T, path string) (scores map[int64]float64, won map[int64]bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	scores, won = map[int64]float64{}, map[int64]bool{}
	for _, r := range rows[1:] {
		i, err1 := strconv.ParseInt(r[col["index"]], 10, 64)
		s, err2 := strconv.ParseFloat(r[col["score"]], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("record %q: %v %v", r, err1, err2)
		}
		if _, twice := scores[i]; twice {
			t.Fatalf("deal %d recorded twice: not a solitaire of one strategy", i)
		}
		scores[i], won[i] = s, r[col["result"]] == "win"
	}
	return scores, won
}

// wilson is Wilson's score interval of k successes in n at the normal
// quantile z (Wilson 1927).
func wilson(k, n, z float64) (lo, hi float64) {
	p := k / n
	c := (p + z*z/(2*n)) / (1 + z*z/n)
	h := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return c - h, c + h
}

// TestVariantsPairedByHand: a comparison of a rule variant with the rules
// as written gives the figures two run --records files give when paired
// by hand, deal by deal: the mean score difference with Student's t
// interval of the per-deal differences, and the win rate difference with
// Newcombe's paired interval (his method 10, with Fagerland, Lydersen and
// Laake's continuity correction of the correlation), both computed here
// from the records alone.
func TestVariantsPairedByHand(t *testing.T) {
	dir := t.TempDir()
	base, variant := filepath.Join(dir, "base.csv"), filepath.Join(dir, "variant.csv")
	common := []string{"chriscross", "--strategy", "greedy", "--games", "3000", "--seed", "4", "-q"}
	mustRun(t, append([]string{"run", "--records", base}, common...)...)
	mustRun(t, append([]string{"run", "--records", variant, "--rule", "diagonals=false"}, common...)...)
	out := mustRun(t, "compare", "chriscross", "--strategies", "greedy", "--variant", "diagonals=false", "--games", "3000", "--seed", "4", "-q", "--format", "json")
	var s sim.Summary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Variants == nil || len(s.Variants.Arms) != 1 {
		t.Fatalf("no variant in the comparison: %.300s", out)
	}
	got := map[string]sim.VariantDifference{}
	for _, d := range s.Variants.Arms[0].Differences {
		got[d.Figure] = d
	}

	bs, bw := readDeals(t, base)
	vs, vw := readDeals(t, variant)
	n := float64(len(bs))
	if len(bs) != 3000 || len(vs) != 3000 {
		t.Fatalf("%d and %d deals recorded", len(bs), len(vs))
	}
	var sum, sumSq float64
	var both, onlyV, onlyB float64
	for i, x := range bs {
		d := vs[i] - x
		sum += d
		sumSq += d * d
		switch {
		case vw[i] && bw[i]:
			both++
		case vw[i]:
			onlyV++
		case bw[i]:
			onlyB++
		}
	}
	mean := sum / n
	sd := math.Sqrt((sumSq - sum*sum/n) / (n - 1))
	tq := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile(0.975)
	lo, hi := mean-tq*sd/math.Sqrt(n), mean+tq*sd/math.Sqrt(n)
	t.Logf("score: %+.4f (%+.4f to %+.4f) by hand; %+.4f (%+.4f to %+.4f) compared", mean, lo, hi, got["score"].Diff, got["score"].CILow, got["score"].CIHigh)
	if d := got["score"]; !d.Paired || math.Abs(d.Diff-mean) > 1e-9 || math.Abs(d.CILow-lo) > 1e-9 || math.Abs(d.CIHigh-hi) > 1e-9 {
		t.Errorf("score difference %+v, by hand %g (%g to %g)", d, mean, lo, hi)
	}

	// Newcombe's paired interval of the win rates p1 (variant), p2 (base).
	z := distuv.UnitNormal.Quantile(0.975)
	s1, s2 := both+onlyV, both+onlyB
	p1, p2 := s1/n, s2/n
	l1, u1 := wilson(s1, n, z)
	l2, u2 := wilson(s2, n, z)
	neither := n - both - onlyV - onlyB
	a := both*neither - onlyV*onlyB
	var phi float64
	switch den := math.Sqrt(s1 * (n - s1) * s2 * (n - s2)); {
	case a > n/2:
		phi = (a - n/2) / den
	case a < 0:
		phi = a / den
	}
	wd := p1 - p2
	wlo := wd - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2)-2*phi*(p1-l1)*(u2-p2))
	whi := wd + math.Sqrt((p2-l2)*(p2-l2)+(u1-p1)*(u1-p1)-2*phi*(p2-l2)*(u1-p1))
	t.Logf("win: %+.5f (%+.5f to %+.5f) by hand, %v won by both, %v by the variant alone, %v by the rules as written alone", wd, wlo, whi, both, onlyV, onlyB)
	if d := got["win"]; !d.Paired || math.Abs(d.Diff-wd) > 1e-12 || math.Abs(d.CILow-wlo) > 1e-9 || math.Abs(d.CIHigh-whi) > 1e-9 {
		t.Errorf("win difference %+v, by hand %g (%g to %g)", d, wd, wlo, whi)
	}
	if onlyV+onlyB < 50 {
		t.Errorf("only %v deals told the two rules apart: no test of the pairing", onlyV+onlyB)
	}
}

// TestSweepPairsLikeCompare: a sweep's difference of a point from the
// default point is the comparison of that variant with the rules as
// written, by two ways of playing (the points one after another, each
// kept deal by deal; the arms side by side in batches): the same paired
// differences and intervals, strategy by strategy, and the sweep's
// strategy differences at each point are the comparison's.
func TestSweepPairsLikeCompare(t *testing.T) {
	common := []string{"nora", "--strategies", "cautious,rescuer", "--games", "2000", "--seed", "9", "-q", "--format", "json"}
	var sw reports.Sweep
	if err := json.Unmarshal([]byte(mustRun(t, append([]string{"sweep", "--rule", "switch=2..3"}, common...)...)), &sw); err != nil {
		t.Fatal(err)
	}
	var s sim.Summary
	if err := json.Unmarshal([]byte(mustRun(t, append([]string{"compare", "--variant", "switch=3", "--figure", "score,win"}, common...)...)), &s); err != nil {
		t.Fatal(err)
	}
	if sw.Reference != 0 || len(sw.Points) != 2 || len(sw.Points[1].Differences) != 4 {
		t.Fatalf("sweep: reference %d, %d points", sw.Reference, len(sw.Points))
	}
	want := s.Variants.Arms[0].Differences
	for i, g := range sw.Points[1].Differences {
		w := want[i]
		if g.Figure != w.Figure || g.Entry != w.Entry || !g.Paired || !w.Paired ||
			math.Abs(g.Diff-w.Diff) > 1e-12 || math.Abs(g.CILow-w.CILow) > 1e-9 || math.Abs(g.CIHigh-w.CIHigh) > 1e-9 {
			t.Errorf("sweep %+v\ncompare %+v", g, w)
		}
	}
	if c, d := sw.Points[1].Summary.Comparisons, s.Variants.Arms[0].Summary.Comparisons; len(c) != 1 || len(d) != 1 || c[0] != d[0] {
		t.Errorf("the strategies at switch=3: sweep %+v, compare %+v", c, d)
	}
	table := mustRun(t, "sweep", "nora", "--strategies", "cautious,rescuer", "--rule", "switch=2..3", "--games", "2000", "--seed", "9", "-q")
	for _, want := range []string{"difference from switch=2", "switch=3", "at each point", "cautious − rescuer"} {
		if !strings.Contains(table, want) {
			t.Errorf("the sweep's table lacks %q:\n%s", want, table)
		}
	}
}

// TestVariantsOutputs: a comparison of variants writes its table, its
// tidy rows, summary.json with the variants (which rerun plays again to
// the same table) and a chart per figure; a
// variant that changes the deal is compared unpaired and says so; and a
// sweep of joint points sets each against the default point.
func TestVariantsOutputs(t *testing.T) {
	t.Setenv(reports.ChartFormatsEnv, "") // every format: the test looks for PNG and PDF files
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	table := mustRun(t, "compare", "roundup", "--variant", "three:players=3", "--variant", "goal=12", "--figure", "turns,score",
		"--margin", "turns=5", "--reference", "turns=400", "--games", "400", "-q", "--out", out)
	for _, want := range []string{"Round-up, 400 deals", "baseline: the rules as written", "three", "goal=12",
		"unpaired, as players=3 deals other cards", "paired on the same 400 deals", "no (deals differ)"} {
		if !strings.Contains(table, want) {
			t.Errorf("the table lacks %q:\n%s", want, table)
		}
	}
	if again := mustRun(t, "rerun", out, "-q"); again != table {
		t.Errorf("rerun of the comparison's summary.json prints\n%s\nnot\n%s", again, table)
	}
	for _, f := range []string{"summary.json", "variants.csv", "figures.csv", "chart_variants_turns.svg", "chart_variants_score.png", "chart_variants_turns.pdf"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("--out lacks %s: %v", f, err)
		}
	}
	rows, err := csv.NewReader(strings.NewReader(mustRun(t, "compare", "roundup", "--variant", "goal=12", "--figure", "turns",
		"--games", "400", "-q", "--format", "csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || strings.Join(rows[0], ",") != strings.Join(append(reports.VariantColumns, reports.CSVVersionColumn), ",") {
		t.Errorf("variants.csv: %q", rows)
	}
	var s sim.Summary
	b, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	vs := s.Variants
	if vs == nil || len(vs.Arms) != 2 || !vs.Arms[0].ChangesDeal || vs.Arms[1].ChangesDeal || vs.Figures[0].Margin != 5 || vs.Figures[0].Reference == nil {
		t.Fatalf("summary.json's variants: %+v", vs)
	}
	for _, d := range vs.Arms[0].Differences {
		if d.Paired || !strings.Contains(d.Verdict, "unpaired") {
			t.Errorf("players=3 %s: paired %v, %q", d.Figure, d.Paired, d.Verdict)
		}
	}
	pts := mustRun(t, "sweep", "roundup", "--point", "players=3", "--point", "goal=12", "--point", "goal=10", "--games", "300", "-q")
	if !strings.Contains(pts, "difference from players=4 goal=10") || !strings.Contains(pts, "no: intervals combined") {
		t.Errorf("a sweep of joint points:\n%s", pts)
	}
}

// TestVariantsRefused: a comparison of variants that cannot be played is
// refused before any deal, with one line saying why.
func TestVariantsRefused(t *testing.T) {
	many := []string{"compare", "nora", "-q", "--strategies", "rescuer,cautious"}
	for i := range 32 {
		many = append(many, "--variant", "insure="+strconv.Itoa(i))
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{many, "33 variants × 2 strategies make 66 arms, want at most 64"},
		{[]string{"compare", "nora", "--variant", "insure=2,insure=3"}, "rule insure given twice"},
		{[]string{"compare", "nora", "--variant", "insure=2", "--baseline", "dear"}, "--baseline dear: no variant of that name"},
		{[]string{"compare", "nora", "--variant", "insure=2", "--figure", "wins"}, "--figure wins: not a figure of nora"},
		{[]string{"compare", "nora", "--variant", "insure=2", "--margin", "win=2"}, "the margin of a rate is a share"},
		{[]string{"compare", "nora", "--variant", "insure=2", "--reference", "turns=2"}, "turns is not among the figures compared"},
		{[]string{"compare", "nora", "--variant", "insure=-2"}, "variant insure=-2: rule insure=-2"},
		{[]string{"compare", "nora", "--variant", "x:insure=2", "--variant", "x:insure=3"}, `two variants named "x"`},
		{[]string{"compare", "nora", "--variant", "insure=2", "--pilot", "--format", "csv"}, `--format "csv": a pilot is written as table or json`},
		{[]string{"tune", "nora", "--rule", "insure=1,2"}, "--goal: say what to look for"},
		{[]string{"tune", "nora", "--rule", "insure=1,2", "--goal", "2", "--figure", "win"}, "the win is a share from 0 to 1"},
		{[]string{"tune", "nora", "--rule", "insure=1,01", "--goal", "highest"}, "are the same rules"},
		{[]string{"tune", "nora", "--rule", "insure=1", "--goal", "highest"}, "nothing to sweep"},
		{[]string{"tune", "nora", "--rule", "insure=0..64", "--goal", "highest"}, "65 candidates × 1 strategies: a tune races at most 64 arms"},
		{[]string{"tune", "nora", "--rule", "insure=1,2", "--goal", "highest", "--shard", "0/2"}, "unknown flag: --shard"},
		{[]string{"tune", "nora", "--rule", "insure=1,2", "--goal", "highest", "--precision", "1"}, "unknown flag: --precision"},
	} {
		code, _, errs := run(t, tt.args...)
		if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want %q", tt.args, code, errs, tt.want)
		}
	}
}

// TestTuneCommand: tune parses its flags into the options (the test seam
// NewCmdTune(f, runF)), and a race of Round-up's goals for the length of
// a game in turns prints its candidates best first, writes tune.json,
// tune.csv and its chart, and plays fewer games than a sweep would.
func TestTuneCommand(t *testing.T) {
	t.Setenv(reports.ChartFormatsEnv, "") // every format: the test looks for PNG and PDF files
	var got *TuneOptions
	cmd := NewCmdTune(NewFactory(strings.NewReader(""), new(strings.Builder), new(strings.Builder)), func(o *TuneOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"nora", "--rule", "insure=0..4", "--figure", "win", "--goal", "0.05", "--best", "2", "--point", "x=1"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got == nil || got.Game != "nora" || got.Goal != "0.05" || got.Best != 2 || got.Figures[0] != "win" || got.Kind != experiment.Tune || got.Points[0] != "x=1" {
		t.Fatalf("options %+v", got)
	}
	out := filepath.Join(t.TempDir(), "out")
	table := mustRun(t, "tune", "roundup", "--rule", "goal=8..11", "--figure", "turns", "--goal", "400", "--games", "4000", "-q", "--out", out)
	if !strings.Contains(table, "rank  candidate") || !strings.Contains(table, "The race played") {
		t.Errorf("tune's table:\n%s", table)
	}
	var tn reports.Tune
	b, _ := os.ReadFile(filepath.Join(out, "tune.json"))
	if err := json.Unmarshal(b, &tn); err != nil {
		t.Fatal(err)
	}
	if len(tn.Candidates) != 4 || tn.Plays >= tn.Sweep || tn.Sentence == "" || tn.Figure.Name != "turns" {
		t.Errorf("tune.json: %d candidates, %d games of %d, %q", len(tn.Candidates), tn.Plays, tn.Sweep, tn.Sentence)
	}
	for _, f := range []string{"tune.csv", "chart_tune.svg", "chart_tune.png", "chart_tune.pdf"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("--out lacks %s: %v", f, err)
		}
	}
	pilot := mustRun(t, "tune", "roundup", "--rule", "goal=8..11", "--figure", "turns", "--goal", "400", "--games", "4000", "-q", "--pilot")
	if !strings.Contains(pilot, "pilot: Round-up, 2,000 deals of 4 arms") || !strings.Contains(pilot, "The race would play about") {
		t.Errorf("tune --pilot:\n%s", pilot)
	}
}
