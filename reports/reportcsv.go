package reports

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/cardsim/cardsim/sim"
)

// reportCSV returns report.csv: every study's figures as tidy rows, each
// under its anchor, game and title.
func reportCSV(studies []reportStudy) []byte {
	var b bytes.Buffer
	cw := newCSVWriter(&b)
	cw.Write(append([]string{"study", "point"}, FigureColumns...))
	for i := range studies {
		so := &studies[i]
		writeStudyFigures(cw, so.Anchor+" "+so.Game+": "+so.Title, &so.Study)
	}
	cw.Flush()
	return b.Bytes()
}

// writeStudyFigures writes a study's figures as tidy rows under the study
// and the sweep point (such as "insure=2"), then FigureColumns: from its
// summary, from each point of its sweep, or else from its own table (each
// cell a statistic of the figure its row names).
func writeStudyFigures(cw *csvWriter, study string, st *Study) {
	write := func(point string, s *sim.Summary) {
		keys := runKeys(s)
		for _, f := range Figures(s) {
			cw.Write(append(append([]string{study, point}, keys...), f.cells()...))
		}
	}
	switch {
	case st.Summary != nil:
		write("", st.Summary)
	case st.Sweep != nil:
		for i := range st.Sweep.Points {
			p := &st.Sweep.Points[i]
			var vals []string
			for _, k := range st.Sweep.Keys {
				vals = append(vals, k+"="+p.Values[k])
			}
			write(strings.Join(vals, ";"), &p.Summary)
		}
	case len(st.Rows) > 1:
		writeTableFigures(cw, study, st)
	}
}

// writeTableFigures writes the figures of a study's own table (Study.Rows):
// a figure a row, its cells in the columns of the same name.
func writeTableFigures(cw *csvWriter, study string, st *Study) {
	head := st.Rows[0]
	col := map[string]int{}
	for j, h := range head {
		col[h] = j
	}
	metric := 0
	for _, name := range []string{"metric", "figure"} {
		if j, ok := col[name]; ok {
			metric = j
		}
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return math.NaN()
		}
		return v
	}
	named := map[string]bool{"figure": true}
	for _, c := range FigureColumns {
		named[c] = true
	}
	seed := ""
	if st.Deals > 0 {
		seed = strconv.FormatUint(st.Seed, 10)
	}
	for _, r := range st.Rows[1:] {
		cell := func(name string) string {
			if j, ok := col[name]; ok && j < len(r) {
				return r[j]
			}
			return ""
		}
		keys := []string{st.Game, cell("rules"), seed, ""}
		if st.Deals > 0 {
			keys[3] = itoa(st.Deals)
		}
		f := Figure{Strategy: cell("strategy"), Params: cell("params"), Versus: cell("versus"), Seat: cell("seat"),
			Feature: cell("feature"), FeatureValue: cell("feature_value"), Metric: r[metric], Statistic: cell("statistic"),
			Value: num(cell("value")), CILow: num(cell("ci_low")), CIHigh: num(cell("ci_high"))}
		f.N, _ = strconv.ParseInt(cell("n"), 10, 64)
		if f.Statistic == "" {
			f.Statistic = "value"
		}
		var out []Figure
		if !math.IsNaN(f.Value) {
			out = append(out, f)
		}
		for j := range r {
			if j >= len(head) || named[head[j]] || j == metric {
				continue
			}
			if v := num(r[j]); !math.IsNaN(v) {
				o := f
				o.Statistic, o.Value, o.CILow, o.CIHigh, o.N = head[j], v, math.NaN(), math.NaN(), 0
				out = append(out, o)
			}
		}
		for _, o := range out {
			cw.Write(append(append([]string{study, ""}, keys...), o.cells()...))
		}
	}
}

// RowsCSV returns rows as CSV text (RFC 4180: a field holding a comma, a
// quote or a line break quoted). The first row is the header: its headings
// are written as ColumnNames has them, in snake_case and unique, so that a
// page's table and its CSV file can share their rows.
func RowsCSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := newCSVWriter(&b)
	for i, row := range rows {
		if i == 0 {
			row = ColumnNames(row)
		}
		w.Write(row)
	}
	w.Flush()
	return b.Bytes()
}

// studiesCSV returns studies.csv: a row a study, in the report's order,
// with the CPU it took, in milliseconds (its looks together; an analysis's first
// study carries its whole analysis's) and its budget, empty where
// unknown, so that a spreadsheet or make bench-report reads where a
// report's time goes.
func studiesCSV(studies []reportStudy) []byte {
	var b bytes.Buffer
	cw := newCSVWriter(&b)
	cw.Write([]string{"study", "game", "title", "cpu_ms", "budget_ms"})
	ms := func(d time.Duration) string {
		if d <= 0 {
			return ""
		}
		return strconv.FormatInt(d.Milliseconds(), 10)
	}
	for _, so := range studies {
		cw.Write([]string{so.Anchor, so.Game, so.Title, ms(so.CPU), ms(so.Budget)})
	}
	cw.Flush()
	return b.Bytes()
}
