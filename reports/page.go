package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"math"
	"sort"
	"strings"
)

// PageSection is one part of a report page: a heading, a paragraph of plain
// reading, and optionally a chart and a table (first row the header).
type PageSection struct {
	Title string
	Text  string
	Chart *Chart
	Table [][]string
}

// Page is a report: a title, an introduction, sections, and CSV files
// written beside it.
type Page struct {
	Title    string
	Intro    string
	Sections []PageSection
	Files    map[string][]byte // extra files by name, such as CSV tables
}

// WritePage writes p into dir as report.md (charts as SVG, PNG and PDF
// files beside it, as every chart is written), report.html
// (self-contained: the charts embedded as SVG) and p.Files, each
// atomically. It returns the names written.
func WritePage(dir string, p *Page) ([]string, error) {
	var out outputs
	put := out.put
	var md, h bytes.Buffer
	fmt.Fprintf(&md, "# %s\n\n%s\n\n", p.Title, p.Intro)
	fmt.Fprintf(&h, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n", html.EscapeString(p.Title))
	h.WriteString("<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}" +
		"table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}" +
		"th{background:#eee}svg{max-width:100%;height:auto}</style></head><body>\n")
	fmt.Fprintf(&h, "<h1>%s</h1>\n<p>%s</p>\n", html.EscapeString(p.Title), html.EscapeString(p.Intro))
	for _, s := range p.Sections {
		fmt.Fprintf(&md, "## %s\n\n%s\n\n", s.Title, s.Text)
		fmt.Fprintf(&h, "<h2>%s</h2>\n<p>%s</p>\n", html.EscapeString(s.Title), html.EscapeString(s.Text))
		if s.Chart != nil {
			if err := out.charts("chart_", []Chart{*s.Chart}); err != nil {
				return nil, err
			}
			svg := out.data["chart_"+s.Chart.Name+".svg"]
			fmt.Fprintf(&md, "![%s](chart_%s.svg)\n\n", s.Title, s.Chart.Name)
			h.WriteString("<figure>")
			h.Write(stripXMLHeader(svg))
			h.WriteString("</figure>\n")
		}
		if len(s.Table) > 0 {
			pageMarkdownTable(&md, s.Table)
			pageHTMLTable(&h, s.Table)
		}
	}
	// Marks how many charts the browser drew, for the headless-browser test.
	h.WriteString(`<script>window.addEventListener("load", function () {
  var svgs = Array.prototype.slice.call(document.querySelectorAll("figure svg"));
  var ok = svgs.filter(function (s) { var r = s.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length;
  document.body.setAttribute("data-charts", ok + "/" + svgs.length);
});</script>
`)
	h.WriteString("</body></html>\n")
	put("report.md", md.Bytes())
	put("report.html", h.Bytes())
	extra := make([]string, 0, len(p.Files))
	for name := range p.Files {
		extra = append(extra, name)
	}
	sort.Strings(extra)
	for _, name := range extra {
		put(name, p.Files[name])
	}
	return out.write(dir)
}

// WriteDir writes p into dir, as WritePage does.
func (p *Page) WriteDir(dir string) error {
	_, err := WritePage(dir, p)
	return err
}

// stripXMLHeader drops the XML declaration and doctype of an SVG document
// so that it can be embedded in HTML.
func stripXMLHeader(svg []byte) []byte {
	if i := bytes.Index(svg, []byte("<svg")); i > 0 {
		return svg[i:]
	}
	return svg
}

func pageMarkdownTable(b *bytes.Buffer, t [][]string) {
	for i, row := range t {
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" ---: |", len(row)) + "\n")
		}
	}
	b.WriteString("\n")
}

func pageHTMLTable(b *bytes.Buffer, t [][]string) {
	b.WriteString("<table>\n")
	for i, row := range t {
		tag := "td"
		if i == 0 {
			tag = "th"
		}
		b.WriteString("<tr>")
		for _, c := range row {
			fmt.Fprintf(b, "<%s>%s</%s>", tag, html.EscapeString(c), tag)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}

// RowsCSV returns rows as CSV text (RFC 4180: a field holding a comma, a
// quote or a line break quoted). The first row is the header: its headings
// are written as ColumnNames has them, in snake_case and unique, so that a
// page's table and its CSV file can share their rows.
func RowsCSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	for i, row := range rows {
		if i == 0 {
			row = ColumnNames(row)
		}
		w.Write(row)
	}
	w.Flush()
	return b.Bytes()
}

// FormatNum formats v with the given decimals, or "" if v is NaN.
func FormatNum(v float64, decimals int) string {
	if math.IsNaN(v) {
		return ""
	}
	return fmt.Sprintf("%.*f", decimals, v)
}
