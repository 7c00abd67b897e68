package reports

import (
	"bytes"
	"fmt"
	"html"
	"image/color"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette holds ten colours told apart easily (Tableau 10).
var palette = []color.RGBA{
	{31, 119, 180, 255}, {255, 127, 14, 255}, {44, 160, 44, 255}, {214, 39, 40, 255}, {148, 103, 189, 255},
	{140, 86, 75, 255}, {227, 119, 194, 255}, {127, 127, 127, 255}, {188, 189, 34, 255}, {23, 190, 207, 255},
}

// paletteColor returns the i-th colour, cycling.
func paletteColor(i int) color.RGBA { return palette[i%len(palette)] }

// LineSeries is one line of a line chart: Y against X, with an optional
// interval band from Lo to Hi (nil for none).
type LineSeries struct {
	Label  string
	X, Y   []float64
	Lo, Hi []float64
}

// LineChart draws series as lines with points, each with its interval band
// shaded in its own colour.
func LineChart(name, title, xLabel, yLabel string, series []LineSeries) (Chart, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	for i, s := range series {
		if len(s.X) != len(s.Y) || (s.Lo != nil && len(s.Lo) != len(s.X)) || (s.Hi != nil && len(s.Hi) != len(s.X)) {
			return Chart{}, fmt.Errorf("chart %s: series %q has mismatched lengths", name, s.Label)
		}
		if len(s.X) == 0 {
			continue
		}
		col := paletteColor(i)
		if s.Lo != nil && s.Hi != nil {
			band := make(plotter.XYs, 0, 2*len(s.X))
			for j := range s.X {
				band = append(band, plotter.XY{X: s.X[j], Y: s.Lo[j]})
			}
			for j := len(s.X) - 1; j >= 0; j-- {
				band = append(band, plotter.XY{X: s.X[j], Y: s.Hi[j]})
			}
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return Chart{}, err
			}
			poly.Color = color.NRGBA{R: col.R, G: col.G, B: col.B, A: 60}
			poly.LineStyle.Width = 0
			p.Add(poly)
		}
		xys := make(plotter.XYs, len(s.X))
		for j := range s.X {
			xys[j] = plotter.XY{X: s.X[j], Y: s.Y[j]}
		}
		l, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return Chart{}, err
		}
		l.Color = col
		l.Width = vg.Points(1.5)
		l.Dashes = plotutil.Dashes(i / len(palette))
		pts.Color = col
		pts.Shape = draw.CircleGlyph{}
		pts.Radius = vg.Points(2)
		p.Add(l, pts)
		if s.Label != "" {
			p.Legend.Add(s.Label, l, pts)
		}
	}
	// Leave room above the lines for the legend.
	p.Y.Max += 0.4 * (p.Y.Max - p.Y.Min)
	return Chart{Name: name, Plot: p}, nil
}

// BarStack is one layer of a stacked bar chart: its value in every category.
type BarStack struct {
	Label  string
	Values []float64
}

// StackedBars draws one bar per category, made of the stacks' values one on
// top of the other.
func StackedBars(name, title, yLabel string, categories []string, stacks []BarStack) (Chart, error) {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = yLabel
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	var below *plotter.BarChart
	for i, s := range stacks {
		if len(s.Values) != len(categories) {
			return Chart{}, fmt.Errorf("chart %s: stack %q has %d values for %d categories", name, s.Label, len(s.Values), len(categories))
		}
		b, err := plotter.NewBarChart(plotter.Values(s.Values), vg.Points(28))
		if err != nil {
			return Chart{}, err
		}
		b.Color = paletteColor(i)
		b.LineStyle.Width = 0
		if below != nil {
			b.StackOn(below)
		}
		below = b
		p.Add(b)
		p.Legend.Add(s.Label, b)
	}
	p.NominalX(categories...)
	p.Legend.Left = true
	p.Y.Max += 0.6 * (p.Y.Max - p.Y.Min)
	return Chart{Name: name, Plot: p}, nil
}

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

// WritePage writes p into dir as report.md (charts as SVG and PNG files
// beside it), report.html (self-contained: the charts embedded as SVG) and
// p.Files, each atomically. It returns the names written.
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
			svg, err := s.Chart.Render("svg")
			if err != nil {
				return nil, fmt.Errorf("chart %s: %v", s.Chart.Name, err)
			}
			png, err := s.Chart.Render("png")
			if err != nil {
				return nil, fmt.Errorf("chart %s: %v", s.Chart.Name, err)
			}
			put("chart_"+s.Chart.Name+".svg", svg)
			put("chart_"+s.Chart.Name+".png", png)
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

// RowsCSV returns rows as CSV text (fields holding a comma or quote quoted).
func RowsCSV(rows [][]string) []byte {
	var b bytes.Buffer
	for _, row := range rows {
		for i, f := range row {
			if i > 0 {
				b.WriteByte(',')
			}
			if strings.ContainsAny(f, ",\"\n") {
				f = `"` + strings.ReplaceAll(f, `"`, `""`) + `"`
			}
			b.WriteString(f)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// FormatNum formats v with the given decimals, or "" if v is NaN.
func FormatNum(v float64, decimals int) string {
	if math.IsNaN(v) {
		return ""
	}
	return fmt.Sprintf("%.*f", decimals, v)
}
