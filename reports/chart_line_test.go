package reports

import (
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

// TestLineChartTicksAtXValues: a line chart over players 2 and 4 marks 2
// and 4 on its x axis and nothing at 3, where there is no point; many
// values get round ticks instead.
func TestLineChartTicksAtXValues(t *testing.T) {
	c, err := LineChart("l", "t", "players", "win rate", []LineSeries{
		{Label: "a", X: []float64{2, 4}, Y: []float64{0.61, 0.37}},
		{Label: "b", X: []float64{4, 2}, Y: []float64{0.13, 0.29}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var labelled []string
	for _, tk := range c.Plot.X.Tick.Marker.Ticks(1.5, 4.5) {
		if tk.Label != "" {
			labelled = append(labelled, tk.Label)
		}
	}
	if !slices.Equal(labelled, []string{"2", "4"}) {
		t.Errorf("x ticks %v, want [2 4]", labelled)
	}
	svg := svgOf(t, c)
	if !hasText(svg, "2") || !hasText(svg, "4") || hasText(svg, "3") {
		t.Errorf("the x axis does not read 2 and 4 alone")
	}
	xs := make([]float64, 31)
	for i := range xs {
		xs[i] = float64(i)
	}
	many, err := LineChart("m", "t", "ip", "y", []LineSeries{{X: xs, Y: xs}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := many.Plot.X.Tick.Marker.(plot.ConstantTicks); ok {
		t.Errorf("31 x values each marked, want round ticks")
	}
}

// TestLineChartLegendAndReferences: the legend names the bands' interval
// level, the reference lines a caller passes, and the series' fair shares;
// a chart given no options draws no reference line.
func TestLineChartLegendAndReferences(t *testing.T) {
	band := func(label string, fair float64) LineSeries {
		return LineSeries{Label: label, X: []float64{2, 3}, Y: []float64{0.4, 0.3}, Lo: []float64{0.35, 0.25}, Hi: []float64{0.45, 0.35}, FairShare: fair}
	}
	plain, err := LineChart("p", "t", "x", "y", []LineSeries{band("a", 0)})
	if err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, plain)
	if !hasText(svg, "interval (band)") {
		t.Errorf("no legend entry for the bands")
	}
	if strings.Contains(svg, "fair share") || strings.Contains(svg, "no change") {
		t.Errorf("a reference line nobody asked for")
	}
	refs, err := LineChart("r", "t", "x", "y", []LineSeries{band("a", 0), band("b", 0)},
		LineOptions{Level: 0.95, Refs: []RefLine{FairShareRef(4), NoChangeRef(), {Label: "default x=3", At: 3, Vertical: true}}})
	if err != nil {
		t.Fatal(err)
	}
	svg = svgOf(t, refs)
	for _, want := range []string{"95% interval (band)", "fair share (1/4)", "no change (0)", "default x=3"} {
		if !hasText(svg, want) {
			t.Errorf("legend has no %q", want)
		}
	}
	same, err := LineChart("s", "t", "x", "y", []LineSeries{band("a", 0.25), band("b", 0.25)})
	if err != nil {
		t.Fatal(err)
	}
	if svg := svgOf(t, same); !hasText(svg, "fair share (1/4)") || strings.Count(svg, "fair share") != 1 {
		t.Errorf("two series of one fair share: want one line named fair share (1/4)")
	}
	each, err := LineChart("e", "t", "x", "y", []LineSeries{band("2 players", 0.5), band("3 players", 1.0/3)})
	if err != nil {
		t.Fatal(err)
	}
	if svg := svgOf(t, each); !hasText(svg, "fair share of each line (dotted, its colour)") {
		t.Errorf("series of different fair shares: no legend entry for their lines")
	}
}
