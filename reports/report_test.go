package reports

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteDirLayouts: a Report is written in its Layout, and the studies
// an analysis returns as a page embed in the designers' report as they
// are: their sentences, their charts, and their table's figures in
// report.csv.
func TestWriteDirLayouts(t *testing.T) {
	chart, err := LineChart("price", "Mean score by price", "price", "mean score",
		[]LineSeries{{Label: "optimal", X: []float64{0, 1}, Y: []float64{303.5, 251}}})
	if err != nil {
		t.Fatal(err)
	}
	studies := []Study{{Game: "nora", Title: "Price", Answer: []string{"Free insurance adds 52 points.", "Each point costs more."},
		Charts: []Chart{chart}, Rows: [][]string{{"metric", "value"}, {"mean score", "303.5"}}}}
	files := map[string][]byte{"price.csv": []byte("price,mean_score\n0,303.5\n")}
	tests := []struct {
		name   string
		r      *Report
		want   map[string]string // file → a line it holds
		absent []string
	}{
		{"page", &Report{Title: "Insurance", Intro: "What INSURE is worth.", Studies: studies, Files: files, Layout: PageLayout},
			map[string]string{
				"report.md":       "Free insurance adds 52 points. Each point costs more.",
				"report.html":     "<h2>Price</h2>",
				"chart_price.svg": "<svg",
				"price.csv":       "0,303.5",
			}, []string{"report.csv", "s1_price.png"}},
		{"report", &Report{Title: "Designers", Intro: "Every game.", Studies: studies, Files: files},
			map[string]string{
				"report.md":   "- Each point costs more.",
				"report.html": "<li>Free insurance adds 52 points.</li>",
				"report.csv":  "s1 nora: Price,",
				"price.csv":   "0,303.5",
			}, []string{"chart_price.svg"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := tt.r.WriteDir(dir); err != nil {
				t.Fatal(err)
			}
			for name, line := range tt.want {
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Error(err)
					continue
				}
				if !strings.Contains(string(b), line) {
					t.Errorf("%s does not hold %q", name, line)
				}
			}
			for _, name := range tt.absent {
				if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
					t.Errorf("%s written in the %s layout", name, tt.name)
				}
			}
			if tt.name == "report" {
				// The table's figure, a row of report.csv under the study.
				b, _ := os.ReadFile(filepath.Join(dir, "report.csv"))
				found := false
				for _, row := range strings.Split(string(b), "\n") {
					found = found || strings.HasPrefix(row, "s1 nora: Price,") && strings.Contains(row, ",mean score,") && strings.Contains(row, ",303.5,")
				}
				if !found {
					t.Errorf("report.csv has no row of the figure mean score = 303.5:\n%s", b)
				}
			}
		})
	}
}
