package reports

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/sim"
)

// TestJointPointsChart: a sweep of joint points (each earning rule
// switched off alone) is drawn as one bar a point, its difference from
// the reference, named by the rule it changes; a full grid keeps its line
// charts.
func TestJointPointsChart(t *testing.T) {
	point := func(a, b string, diff, lo, hi float64) SweepPoint {
		p := SweepPoint{Values: map[string]string{"ip-a": a, "ip-b": b}, Summary: sim.Summary{Manifest: sim.Manifest{Games: 100, Confidence: 0.95},
			Entries: []sim.EntrySummary{{Strategy: sim.StrategyRecord{Name: "s"}, Score: sim.ScoreSummary{Mean: 400 + diff, CILow: 390 + diff, CIHigh: 410 + diff}}}}}
		if a != "1" || b != "1" {
			p.Differences = []PointDifference{{Strategy: "s", Figure: "score", Diff: diff, CILow: lo, CIHigh: hi, Paired: true, Deals: 100}}
		}
		return p
	}
	sw := &Sweep{Keys: []string{"ip-a", "ip-b"}, Defaults: map[string]string{"ip-a": "1", "ip-b": "1"},
		Points: []SweepPoint{point("1", "1", 0, 0, 0), point("0", "1", -20, -25, -15), point("1", "0", -2, -6, 2)}}
	if !jointPoints(sw) {
		t.Fatal("three points of a 2×2 grid: not read as joint points")
	}
	cs, err := SweepCharts(sw, "nora")
	if err != nil {
		t.Fatal(err)
	}
	if got := chartNames(cs); !slices.Equal(got, []string{"sweep_points_score"}) {
		t.Fatalf("charts %v, want the differences chart alone", got)
	}
	svg := svgOf(t, cs[0])
	for _, want := range []string{"ip-a=0", "ip-b=0", "no change", "95% interval"} {
		if !hasText(svg, want) {
			t.Errorf("chart lacks %q", want)
		}
	}
	if hasText(svg, "defaults") {
		t.Errorf("the reference point has a bar of its own")
	}
	// The whole grid is drawn as lines, a chart a rule.
	sw.Points = append(sw.Points, point("0", "0", -23, -28, -18))
	if jointPoints(sw) {
		t.Fatal("the whole 2×2 grid read as joint points")
	}
	cs, err = SweepCharts(sw, "nora")
	if err != nil {
		t.Fatal(err)
	}
	if got := chartNames(cs); !slices.Equal(got, []string{"sweep_ip-a_score", "sweep_ip-b_score"}) {
		t.Errorf("grid charts %v", got)
	}
}
