package reports

import (
	"regexp"
	"slices"
	"strconv"
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

// pathStyles returns the style of every path of an SVG, in drawing order.
func pathStyles(svg string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<path d="([^"]*)"\s+style="([^"]*)"`).FindAllStringSubmatch(svg, -1) {
		out = append(out, m[2])
	}
	return out
}

// TestBandsUnderLines: every interval band is drawn before any line, in
// line charts and in sweep charts, so that no band is laid over another
// series' line (which then no longer has its legend's colour).
func TestBandsUnderLines(t *testing.T) {
	band := func(label string, y float64) LineSeries {
		return LineSeries{Label: label, X: []float64{2, 3, 4}, Y: []float64{y, y, y}, Lo: []float64{y - 0.1, y - 0.1, y - 0.1}, Hi: []float64{y + 0.1, y + 0.1, y + 0.1}}
	}
	line, err := LineChart("l", "t", "players", "edge", []LineSeries{band("greedy", 0.02), band("defender", 0.03)})
	if err != nil {
		t.Fatal(err)
	}
	sweep, err := SweepCharts(sweepOf(t, "roundup", "players", []string{"2", "3"}, 30, "greedy", "defender"), "roundup")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Chart{line, sweep[0]} {
		lastBand, firstLine := -1, -1
		for i, st := range pathStyles(svgOf(t, c)) {
			if strings.Contains(st, "fill-opacity:0.23529") { // a series' band, not the legend's grey key
				lastBand = i
			}
			if strings.Contains(st, "stroke:#0072B2") && firstLine < 0 { // the first series' line
				firstLine = i
			}
		}
		if lastBand < 0 || firstLine < 0 || lastBand > firstLine {
			t.Errorf("chart %s: the last band is path %d, the first line path %d: want every band under the lines", c.Name, lastBand, firstLine)
		}
	}
}

// TestCategoricalSweepAsPoints: a sweep over a rule whose values are not
// numbers (true/false, or named readings) draws each value's points with
// interval bars, side by side, and joins nothing: there is nothing
// between two readings. Its default is named at its tick.
func TestCategoricalSweepAsPoints(t *testing.T) {
	sw := sweepOf(t, "nora", "removal", []string{"max-ip", "left-to-right"}, 40, "cautious", "rescuer")
	sw.Defaults["removal"] = "max-ip"
	cs, err := SweepCharts(sw, "nora")
	if err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, cs[0])
	if !hasText(svg, "max-ip (default)") || !hasText(svg, "left-to-right") || hasText(svg, "default removal=max-ip") {
		t.Errorf("the ticks do not read the readings, the default named at its own")
	}
	d := regexp.MustCompile(`<path d="([^"]*)"\s+style="[^"]*stroke:#(0072B2|E69F00)[^"]*"`)
	strokes := d.FindAllStringSubmatch(svg, -1)
	if len(strokes) < 4 {
		t.Fatalf("%d strokes in the series' colours: want an interval bar and its caps at each point", len(strokes))
	}
	for _, m := range strokes {
		xs := regexp.MustCompile(`[ML]([0-9.]+),`).FindAllStringSubmatch(m[1], -1)
		lo, hi := 1e9, -1e9
		for _, x := range xs {
			v, _ := strconv.ParseFloat(x[1], 64)
			lo, hi = min(lo, v), max(hi, v)
		}
		if hi-lo > 20 { // an interval bar's cap is a few points wide
			t.Errorf("a stroke in a series' colour spans %.0f points across: the readings are joined by a line", hi-lo)
		}
	}
	if strings.Contains(svg, "fill-opacity:0.23529") {
		t.Error("an interval band between readings")
	}
}

// TestLineChartPercent: a chart of rates with Percent draws them, their
// bands, fair shares and horizontal reference lines in %, the fair share
// still named by its fraction of the games.
func TestLineChartPercent(t *testing.T) {
	series := []LineSeries{{Label: "a", X: []float64{2, 4}, Y: []float64{0.61, 0.37}, Lo: []float64{0.55, 0.30}, Hi: []float64{0.67, 0.44}, FairShare: 0.25}}
	plain, err := LineChart("l", "t", "players", "win rate", series)
	if err != nil {
		t.Fatal(err)
	}
	pct, err := LineChart("l", "t", "players", "win rate (%)", series, LineOptions{Percent: true, Refs: []RefLine{{Label: "half", At: 0.5}, {Label: "at 3", At: 3, Vertical: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Plot.Y.Max > 1 || pct.Plot.Y.Max < 67 || pct.Plot.Y.Min > 25 || pct.Plot.X.Max != plain.Plot.X.Max {
		t.Errorf("y from %g to %g (plain %g to %g), x to %g; want the rates ×100, the fair share of 25 within, x unchanged",
			pct.Plot.Y.Min, pct.Plot.Y.Max, plain.Plot.Y.Min, plain.Plot.Y.Max, pct.Plot.X.Max)
	}
	if svg := svgOf(t, pct); !hasText(svg, "fair share (1/4)") {
		t.Error("the fair share is not named 1/4")
	}
}
