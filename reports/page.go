package reports

import "strings"

// WritePage writes r into dir as a page: report.md (its charts as SVG, PNG
// and PDF files beside it, as every chart is written), report.html
// (self-contained: the charts embedded as SVG) and r.Files, each
// atomically. Each study is a section: its title, its sentences as one
// paragraph, its charts and its table as given (first row the header). It
// returns the names written.
func WritePage(dir string, r *Report) ([]string, error) {
	var out outputs
	var charts []Chart
	for _, st := range r.Studies {
		charts = append(charts, st.Charts...)
	}
	if err := out.charts("chart_", charts); err != nil {
		return nil, err
	}
	out.put("report.md", pageMarkdown(r))
	out.put("report.html", pageHTML(r, func(c Chart) []byte { return out.data["chart_"+c.Name+".svg"] }))
	out.files(r.Files)
	return out.write(dir)
}

// pageText returns a study's sentences as the one paragraph of its section
// of a page.
func pageText(st *Study) string { return strings.Join(st.Answer, " ") }
