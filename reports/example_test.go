package reports_test

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// A summary as a table for the terminal: the main figures of the run, each
// with its interval, then the game's metrics.
func ExampleWriteTable() {
	s := &sim.Summary{
		Manifest: sim.Manifest{Game: "nora", Games: 1000, Seed: 42, Confidence: 0.95,
			Strategies: []sim.StrategyRecord{{Name: "stop-at", Params: map[string]string{"cards": "30"}}}},
		Entries: []sim.EntrySummary{{
			Strategy: sim.StrategyRecord{Name: "stop-at", Params: map[string]string{"cards": "30"}},
			Score: sim.ScoreSummary{Mean: 167.4, CILow: 165.2, CIHigh: 169.6, SD: 35.5, Min: 54, Max: 270,
				Quantiles: map[string]float64{"p50": 162}},
			Win:     sim.RateSummary{Rate: 0, CILow: 0, CIHigh: 0.0038, Games: 1000},
			Metrics: map[string]sim.MetricSummary{"passes": {Mean: 31.2, CILow: 30.9, CIHigh: 31.5}},
		}},
		MetricOrder: []string{"passes"},
	}
	var b strings.Builder
	if err := reports.WriteTable(&b, s); err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		fmt.Println(strings.TrimRight(line, " ")) // the blanks that pad empty cells
	}
	// Output:
	// nora, 1000 deals, seed 42, stop-at cards=30
	// figure                    value           95% interval
	// score (mean)              167.400         165.200 … 169.600
	// score sd                  35.500
	// score min / median / max  54 / 162 / 270
	// win rate                  0.00000         0.00000 … 0.00380
	// passes (per game)         31.2000         30.9000 … 31.5000
}

// Rows become CSV as RFC 4180 has it: a field holding a comma, a quote or a
// line break is quoted, its quotes doubled. The last column is the version
// of cardsim's CSV layouts, as in every CSV file cardsim writes.
func ExampleRowsCSV() {
	fmt.Print(string(reports.RowsCSV([][]string{
		{"rule", "value", "note"},
		{"insure", "1", `the designer's "one ip"`},
		{"mixes", "greedy,defender", ""},
	})))
	// Output:
	// rule,value,note,schema_version
	// insure,1,"the designer's ""one ip""",2
	// mixes,"greedy,defender",,2
}

// A line chart with an interval band, rendered as SVG and PNG.
func ExampleLineChart() {
	c, err := reports.LineChart("price", "Mean score by price", "price in ip", "mean score", []reports.LineSeries{{
		Label: "cautious",
		X:     []float64{0, 1, 2, 4}, Y: []float64{303, 251, 230, 210},
		Lo: []float64{300, 248, 227, 207}, Hi: []float64{306, 254, 233, 213},
	}})
	if err != nil {
		log.Fatal(err)
	}
	svg, err := c.Render("svg")
	if err != nil {
		log.Fatal(err)
	}
	png, err := c.Render("png")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Name, bytes.Contains(svg, []byte("<svg")), bytes.HasPrefix(png, []byte("\x89PNG")))
	// Output:
	// price true true
}

// A document written as a page: each study a section, a paragraph with
// optional charts and table, in Markdown and in self-contained HTML, with
// its files beside.
func ExampleWritePage() {
	dir, err := os.MkdirTemp("", "page")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	p := &reports.Report{
		Title: "Insurance", Intro: "What INSURE is worth.", Layout: reports.PageLayout,
		Studies: []reports.Study{{Game: "nora", Title: "Price", Answer: []string{"Free insurance adds 52 points."},
			Rows: [][]string{{"price", "mean score"}, {"0", "303"}, {"1", "251"}}}},
		Files: map[string][]byte{"price.csv": reports.RowsCSV([][]string{{"price", "mean score"}, {"0", "303"}})},
	}
	names, err := reports.WritePage(dir, p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(names)
	// Output:
	// [report.md report.html price.csv cardsim-outputs.json]
}
