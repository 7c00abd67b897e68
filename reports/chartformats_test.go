package reports

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestChartFormatsFromTheEnvironment(t *testing.T) {
	tests := []struct {
		env     string
		want    []string
		wantErr bool
	}{
		{"", []string{"svg", "png", "pdf"}, false},
		{"svg", []string{"svg"}, false},
		{"pdf, SVG", []string{"svg", "pdf"}, false},
		{"svg,png,svg", []string{"svg", "png"}, false},
		{"png", nil, true},      // pages embed the SVG
		{"svg,jpeg", nil, true}, // no such format
		{"svg,", nil, true},
	}
	for _, tt := range tests {
		t.Setenv(ChartFormatsEnv, tt.env)
		got, err := ChosenChartFormats()
		if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) {
			t.Errorf("%s=%q: %v, %v; want %v (error %v)", ChartFormatsEnv, tt.env, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestChartFormatsWritten: a page written with the PNG and PDF left out
// holds its charts as SVG only, and one with a format no chart is written
// in is refused before a file is written.
func TestChartFormatsWritten(t *testing.T) {
	for _, tt := range []struct {
		env  string
		want []string
	}{
		{"svg", []string{"chart_line.svg"}},
		{"svg,pdf", []string{"chart_line.svg", "chart_line.pdf"}},
	} {
		t.Setenv(ChartFormatsEnv, tt.env)
		dir := t.TempDir()
		if _, err := WritePage(dir, testPage(t)); err != nil {
			t.Fatal(err)
		}
		got, _ := filepath.Glob(filepath.Join(dir, "chart_line.*"))
		for i := range got {
			got[i] = filepath.Base(got[i])
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tt.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s=%s: chart files %v, want %v", ChartFormatsEnv, tt.env, got, want)
		}
	}
	t.Setenv(ChartFormatsEnv, "gif")
	dir := filepath.Join(t.TempDir(), "page")
	if _, err := WritePage(dir, testPage(t)); err == nil {
		t.Errorf("%s=gif: page written", ChartFormatsEnv)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s=gif: %s made (%v)", ChartFormatsEnv, dir, err)
	}
}

// testPage returns a page with one line chart.
func testPage(t *testing.T) *Report {
	t.Helper()
	line, err := LineChart("line", "a line", "x", "y", []LineSeries{{Label: "a", X: []float64{0, 1}, Y: []float64{1, 3}}})
	if err != nil {
		t.Fatal(err)
	}
	return &Report{Title: "T", Studies: []Study{{Title: "one", Answer: []string{"x"}, Charts: []Chart{line}}}, Layout: PageLayout}
}
