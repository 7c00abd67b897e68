package reports

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/sim"
)

// TestChartsSkipEmptyGroups: a metric group is charted only where it has
// more than one bar and not every bar is zero.
func TestChartsSkipEmptyGroups(t *testing.T) {
	ms := func(mean float64) sim.MetricSummary {
		return sim.MetricSummary{N: 10, Mean: mean, CILow: mean * 0.9, CIHigh: mean * 1.1}
	}
	s := &sim.Summary{
		Manifest: sim.Manifest{Game: "g", Games: 10, Confidence: 0.95, Strategies: []sim.StrategyRecord{{Name: "bot"}}},
		Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "bot"},
			Score: sim.ScoreSummary{N: 10, Min: 0, Max: 4, Mean: 2, Histogram: []sim.Bin{{Value: 0, Count: 5}, {Value: 4, Count: 5}}},
			Metrics: map[string]sim.MetricSummary{
				"kept.a": ms(1), "kept.b": ms(2),
				"zero.a": ms(0), "zero.b": ms(0),
				"single.a": ms(3),
			}}},
		MetricOrder: []string{"kept.a", "kept.b", "zero.a", "zero.b", "single.a"},
	}
	cs, err := Charts(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := chartNames(cs); !slices.Equal(got, []string{"score", "kept"}) {
		t.Errorf("charts %v, want [score kept]: no chart of all-zero bars or of a single bar", got)
	}
}

// TestNoraScoreChartPerfectScore: the score chart of a solitaire bounded
// above draws the perfect score.
func TestNoraScoreChartPerfectScore(t *testing.T) {
	for _, names := range [][]string{{"stop-at"}, {"cautious", "rescuer"}} {
		s := summaryOf(t, nora.Definition(), nil, 100, names...)
		cs, err := Charts(s)
		if err != nil {
			t.Fatal(err)
		}
		if cs[0].Name != "score" || !hasText(svgOf(t, cs[0]), "perfect score (540)") {
			t.Errorf("%v: the score chart draws no perfect score (540)", names)
		}
	}
}

// TestFeatureChartReferences: a deal feature's chart of a game of several
// seats draws the fair share (the games not drawn shared among the seats),
// the count of seats under each value, and the interval level.
func TestFeatureChartReferences(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=4"}, 200, "greedy")
	if len(s.Features) == 0 {
		t.Fatal("roundup reports no deal features")
	}
	c, err := featureChart(&Study{Game: "roundup", Summary: s}, s.Features[0])
	if err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, c)
	fair, name := fairShare(s)
	if !hasText(svg, name) || !strings.HasPrefix(name, "fair share (") || math.Abs(fair*4-(1-s.Balance.DrawRate)) > 1e-12 {
		t.Errorf("feature chart: no fair share line %q (%g)", name, fair)
	}
	// Each value's count of seats is the second line of its tick label,
	// under the axis, where no interval bar reaches.
	var ticks []string
	for _, tk := range c.Plot.X.Tick.Marker.Ticks(c.Plot.X.Min, c.Plot.X.Max) {
		ticks = append(ticks, tk.Label)
	}
	bins := poolFeature(s.Features[0].Values, 0.95)
	for i, b := range bins {
		if want := fmt.Sprintf("%s\n%d", b.label, b.games); i >= len(ticks) || ticks[i] != want || !hasText(svg, fmt.Sprint(b.games)) {
			t.Errorf("feature chart: tick labels %q, want %q (the value, then its seats) at %d", ticks, want, i)
		}
	}
	if want := words(s.Features[0].Name) + " dealt to the seat (below each value: seats)"; !hasText(svg, want) || strings.Contains(svg, ">n=") {
		t.Errorf("feature chart: no axis title %q, or counts over the bars", want)
	}
	if !hasText(svg, "95% interval") {
		t.Errorf("feature chart: no interval level")
	}
}

// TestChartTextInWords: the charts of a run name their axes and groups in
// words, not in the snake_case of the metrics' and features' names.
func TestChartTextInWords(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=3"}, 60, "greedy", "defender")
	cs, err := Charts(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range s.Features {
		c, err := featureChart(&Study{Game: "roundup", Summary: s}, f)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	snake := regexp.MustCompile(`>[^<]*[a-z]_[a-z][^<]*<`)
	for _, c := range cs {
		if m := snake.FindString(svgOf(t, c)); m != "" {
			t.Errorf("chart %s writes %s", c.Name, m)
		}
	}
	if len(cs) < 5 {
		t.Errorf("%d charts: want the metric groups' and the features'", len(cs))
	}
}

// sweepOf sweeps rule key of game (nora or roundup) over values, running
// the strategies at each.
func sweepOf(t *testing.T, game, key string, values []string, games int64, names ...string) *Sweep {
	t.Helper()
	def := nora.Definition()
	if game == "roundup" {
		def = roundup.Definition()
	}
	sw := &Sweep{Keys: []string{key}, Defaults: map[string]string{}}
	for _, v := range values {
		s := summaryOf(t, def, []string{key + "=" + v}, games, names...)
		sw.Points = append(sw.Points, SweepPoint{Values: map[string]string{key: v}, Summary: *s})
	}
	return sw
}

// TestSweepChartsSkipAndReferences: a sweep draws the default rule value;
// a win chart is left out where nobody wins, and where one strategy plays
// every seat of a game of several (its win rate is the fair share by
// construction); a win chart of strategies against each other draws the
// fair share, at each player count where the rule sets it.
func TestSweepChartsSkipAndReferences(t *testing.T) {
	sw := sweepOf(t, "nora", "insure", []string{"0", "1", "2"}, 60, "rescuer")
	sw.Defaults["insure"] = "1"
	for i := range sw.Points {
		s := &sw.Points[i].Summary
		s.Lead().Win = sim.RateSummary{Games: s.Manifest.Games}
	}
	cs, err := SweepCharts(sw, "nora")
	if err != nil {
		t.Fatal(err)
	}
	if got := chartNames(cs); !slices.Equal(got, []string{"sweep_insure_score"}) {
		t.Errorf("no wins: charts %v, want the score chart alone", got)
	}
	if !hasText(svgOf(t, cs[0]), "default insure=1") {
		t.Errorf("sweep chart: no line at the default insure=1")
	}

	self := sweepOf(t, "roundup", "players", []string{"2", "3", "4"}, 40, "greedy")
	cs, err = SweepCharts(self, "roundup")
	if err != nil {
		t.Fatal(err)
	}
	if got := chartNames(cs); !slices.Equal(got, []string{"sweep_players_score"}) {
		t.Errorf("greedy against itself: charts %v, want the score chart alone", got)
	}

	vs := sweepOf(t, "roundup", "players", []string{"2", "3", "4"}, 40, "greedy", "defender")
	cs, err = SweepCharts(vs, "roundup")
	if err != nil {
		t.Fatal(err)
	}
	if got := chartNames(cs); !slices.Equal(got, []string{"sweep_players_score", "sweep_players_win"}) {
		t.Fatalf("greedy against defender: charts %v, want score and win", got)
	}
	if svg := svgOf(t, cs[1]); !strings.Contains(svg, ">fair share (") {
		t.Errorf("win chart of several seats: no fair share")
	}
	if svg := svgOf(t, cs[0]); strings.Contains(svg, ">fair share (") {
		t.Errorf("score chart: a fair share of wins")
	}

	one := sweepOf(t, "roundup", "players", []string{"3"}, 40, "greedy", "defender")
	cs, err = SweepCharts(one, "roundup")
	if err != nil {
		t.Fatal(err)
	}
	_, name := fairShare(&one.Points[0].Summary)
	if svg := svgOf(t, cs[1]); !hasText(svg, name) {
		t.Errorf("win chart at 3 players: no %q", name)
	}
}

// TestChartFilesInEveryFormat: every directory of charts holds each chart
// as SVG, PNG and PDF.
func TestChartFilesInEveryFormat(t *testing.T) {
	sw := sweepOf(t, "nora", "insure", []string{"0", "1"}, 40, "rescuer")
	dir := filepath.Join(t.TempDir(), "sweep")
	names, err := WriteSweepDir(dir, sw, "nora")
	if err != nil {
		t.Fatal(err)
	}
	sk := &Skill{Game: "nora", Strategy: "s", Games: 10, Confidence: 0.95, Rows: []SkillRow{
		{Budget: 1, Figure: SkillScore, Value: 1, CILow: 0.5, CIHigh: 1.5}, {Budget: 10, Figure: SkillScore, Value: 2, CILow: 1.5, CIHigh: 2.5}}}
	skillDir := filepath.Join(t.TempDir(), "skill")
	skillNames, err := WriteSkillDir(skillDir, sk)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct {
		dir   string
		names []string
	}{{dir, names}, {skillDir, skillNames}} {
		svgs := 0
		for _, n := range d.names {
			if base, ok := strings.CutSuffix(n, ".svg"); ok {
				svgs++
				for _, format := range []string{"png", "pdf"} {
					if _, err := os.Stat(filepath.Join(d.dir, base+"."+format)); err != nil {
						t.Errorf("%s beside %s: %v", format, n, err)
					}
				}
			}
		}
		if svgs == 0 {
			t.Errorf("%s: no chart written", d.dir)
		}
	}
}

// TestScoreBinsOnLattice: the score histogram's bins hold the same number
// of possible scores each: Nora's scores are all even, so its bins are an
// even number of points wide (9-point bins held four and five scores in
// turn, a saw-tooth of the binning, not of the game).
func TestScoreBinsOnLattice(t *testing.T) {
	for _, tt := range []struct {
		lo     int64
		scores []int64
		step   int64
	}{{0, []int64{0, 2, 480, 54}, 2}, {5, []int64{5}, 1}, {3, []int64{3, 9, 15}, 6}, {1, []int64{1, 4, 6}, 1}} {
		if got := scoreStep(tt.lo, tt.scores); got != tt.step {
			t.Errorf("scoreStep(%d, %v) = %d, want %d", tt.lo, tt.scores, got, tt.step)
		}
	}
	for _, tt := range []struct{ lo, hi, step, width int64 }{{0, 480, 2, 10}, {0, 480, 1, 9}, {0, 30, 2, 2}, {0, 30, 1, 1}, {100, 540, 2, 8}} {
		if got := scoreBinWidth(tt.lo, tt.hi, tt.step); got != tt.width {
			t.Errorf("scoreBinWidth(%d, %d, %d) = %d, want %d", tt.lo, tt.hi, tt.step, got, tt.width)
		}
	}
	s := summaryOf(t, nora.Definition(), nil, 300, "rescuer")
	c, err := scoreChart(s)
	if err != nil {
		t.Fatal(err)
	}
	var width int
	label := c.Plot.Y.Label.Text
	if _, err := fmt.Sscanf(label[max(strings.Index(label, "bins of "), 0):], "bins of %d points", &width); err != nil || width%2 != 0 {
		t.Errorf("Nora's score chart: %q, want bins an even number of points wide", label)
	}
}
