package reports

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

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
	return Chart{Name: name, Plot: p}, nil
}
