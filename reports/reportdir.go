package reports

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
)

// WriteDir writes r into dir in its Layout: as WriteReportDir does, or as
// WritePage does.
func (r *Report) WriteDir(dir string) error {
	if r.Layout == PageLayout {
		_, err := WritePage(dir, r)
		return err
	}
	return WriteReportDir(dir, r)
}

// WriteReportDir writes the report into dir: report.html (one self-contained
// page: tables, manifests, charts embedded), report.md with the charts as
// PNG files beside it, and report.csv with every study's figures as tidy
// rows (study, figure, statistic, value), and r.Files. Files are written
// atomically.
func WriteReportDir(dir string, r *Report) error {
	var out outputs
	studies, err := reportStudies(r, &out)
	if err != nil {
		return err
	}
	answers := r.Answers()
	rows := summaryRows(Questions(answers, r.Family))
	html, err := reportHTML(r, studies, rows)
	if err != nil {
		return err
	}
	out.put("report.html", html)
	out.put("report.md", reportMarkdown(r, studies, rows))
	out.put("report.csv", reportCSV(studies))
	out.put("studies.csv", studiesCSV(studies))
	if len(answers) > 0 {
		b, err := answersJSON(answers, r.Family)
		if err != nil {
			return err
		}
		out.put("answers.json", b)
		out.put("answers.csv", answersCSV(answers))
	}
	out.files(r.Files)
	_, err = out.write(dir)
	return err
}

// reportStudy is a study as the report shows it: under its anchor, its
// table readable, its charts rendered and its manifest line.
type reportStudy struct {
	Study
	GameName string
	Anchor   string
	Rows     [][]string
	Charts   []reportChart
	Manifest string
}

// reportChart is a rendered chart of a study: its title, its PNG file
// beside the report, and its SVG as a data URL for the HTML page.
type reportChart struct {
	Title, File string
	SVG         template.URL
}

// reportStudies prepares the studies of r for the report's writers, in
// order, each anchored "s1", "s2", …, and adds their charts to out as PNG
// and PDF files named after the anchor (an SVG file where ChartFormatsEnv
// leaves the PNG out).
func reportStudies(r *Report, out *outputs) ([]reportStudy, error) {
	var studies []reportStudy
	for i := range r.Studies {
		st := &r.Studies[i]
		so := reportStudy{Study: *st, GameName: GameName(st.Game), Anchor: fmt.Sprintf("s%d", i+1)}
		rendered, err := renderCharts(st.Charts)
		if err != nil {
			return nil, err
		}
		for k, c := range st.Charts {
			// report.md shows the PNG, or the SVG where ChartFormatsEnv
			// leaves the PNG out.
			base := so.Anchor + "_" + c.Name
			svg, file := rendered[k]["svg"], base+".png"
			if png, ok := rendered[k]["png"]; ok {
				out.put(file, png)
			} else {
				file = base + ".svg"
				out.put(file, svg)
			}
			if pdf, ok := rendered[k]["pdf"]; ok {
				out.put(base+".pdf", pdf)
			}
			so.Charts = append(so.Charts, reportChart{Title: c.Plot.Title.Text, File: file,
				SVG: template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))})
		}
		so.Rows = ReadableTable(st.Rows)
		if so.Rows == nil {
			so.Rows = studyRows(st)
		}
		so.Manifest = manifestLine(st)
		studies = append(studies, so)
	}
	return studies, nil
}

// manifestLine returns the line under a study that says how its figures
// were made: its Note, or the seed, deals, strategies, rules and version
// of its run or of its sweep's first point.
func manifestLine(st *Study) string {
	var mb bytes.Buffer
	if st.Note != "" {
		mb.WriteString(st.Note)
	} else if st.Summary != nil {
		m := st.Summary.Manifest
		fmt.Fprintf(&mb, "seed %d, %d deals, strategies %s; rules %s; cardsim %s", m.Seed, m.Games, strategyList(&m), ruleList(m.Rules, " "), m.Cardsim)
		if m.Stopped != "" {
			fmt.Fprintf(&mb, "; stopped: %s", m.Stopped)
		}
	} else if st.Sweep != nil && len(st.Sweep.Points) > 0 {
		m := st.Sweep.Points[0].Summary.Manifest
		fmt.Fprintf(&mb, "seed %d, %d deals per point, strategies %s, cardsim %s", m.Seed, m.Games, strategyList(&m), m.Cardsim)
	}
	if st.CPU > 0 {
		fmt.Fprintf(&mb, "; CPU %.1f s", st.CPU.Seconds())
		if st.Budget > 0 {
			fmt.Fprintf(&mb, " of a budget of %.0f s", st.Budget.Seconds())
			if st.CPU > st.Budget {
				mb.WriteString(" (over budget)")
			}
		}
	}
	return mb.String()
}
