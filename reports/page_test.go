package reports

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWritePageSelfContained writes a page with two charts and checks that
// the HTML embeds both as SVG and links to nothing, and that the Markdown
// points at chart files that exist.
func TestWritePageSelfContained(t *testing.T) {
	line, err := LineChart("line", "a line", "x", "y", []LineSeries{{Label: "a & b", X: []float64{0, 1, 2}, Y: []float64{1, 3, 2},
		Lo: []float64{0, 2, 1}, Hi: []float64{2, 4, 3}}})
	if err != nil {
		t.Fatal(err)
	}
	bars, err := StackedBars("bars", "bars", "y", []string{"p", "q"}, []BarStack{{"u", []float64{1, 2}}, {"v", []float64{3, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	p := &Report{Title: "T <1>", Intro: "intro", Studies: []Study{
		{Title: "one", Answer: []string{"x < y"}, Charts: []Chart{line}},
		{Title: "two", Answer: []string{"t"}, Charts: []Chart{bars}, Rows: [][]string{{"h1", "h2"}, {"1", "a,b"}}},
	}, Files: map[string][]byte{"t.csv": RowsCSV([][]string{{"a", "b, c"}, {"1", "x,y"}})}, Layout: PageLayout}
	names, err := WritePage(dir, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 10 || names[9] != ManifestName {
		t.Errorf("wrote %v, want 6 chart files (SVG, PNG and PDF), report.md, report.html, t.csv and the manifest", names)
	}
	h, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	html := string(h)
	if strings.Count(html, "<svg") != 2 || strings.Contains(html, "src=") || strings.Contains(html, "<?xml") {
		t.Errorf("report.html does not embed exactly two inline SVG charts")
	}
	if !strings.Contains(html, "T &lt;1&gt;") || !strings.Contains(html, "x &lt; y") {
		t.Errorf("report.html does not escape text")
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, f := range []string{"chart_line.svg", "chart_bars.svg"} {
		if !strings.Contains(string(md), "]("+f+")") {
			t.Errorf("report.md does not show %s", f)
		}
		// Each chart beside the page in every format, the PDF for a
		// document as run, sweep, skill and report write it.
		for _, format := range ChartFormats {
			if _, err := os.Stat(filepath.Join(dir, strings.TrimSuffix(f, ".svg")+"."+format)); err != nil {
				t.Error(err)
			}
		}
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "t.csv"))
	if string(csv) != "a,b_c,schema_version\n1,\"x,y\",2\n" {
		t.Errorf("t.csv = %q", csv)
	}
}
