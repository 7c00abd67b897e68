package reports

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/cardsim/cardsim/sim"
)

// refLine is a dashed reference line across the data at X = At (vertical)
// or Y = At (horizontal), such as the fair share 1/players or the perfect
// score. It widens the axis to show its value. Color, if set, replaces
// the grey of reference lines; Dotted draws it dotted (a reference of one
// series among several).
type refLine struct {
	At       float64
	Vertical bool
	Color    color.Color
	Dotted   bool
}

// addRefLine adds a reference line to p with a legend entry.
func addRefLine(p *plot.Plot, at float64, vertical bool, label string) {
	r := refLine{At: at, Vertical: vertical}
	p.Add(r)
	p.Legend.Add(label, r)
}

func (r refLine) style() draw.LineStyle {
	sty := draw.LineStyle{Color: referenceColor, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	if r.Color != nil {
		sty.Color = r.Color
	}
	if r.Dotted {
		sty.Dashes = []vg.Length{vg.Points(1.5), vg.Points(2)}
	}
	return sty
}

// Plot draws the line from edge to edge of the data, bars included: the
// bars at either end of a bar chart stand out beyond the data's canvas,
// which runs from the first bar's centre to the last's.
func (r refLine) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	var a, b vg.Point
	if r.Vertical {
		x := tx(r.At)
		a, b = vg.Point{X: x, Y: c.Min.Y}, vg.Point{X: x, Y: c.Max.Y}
	} else {
		y := ty(r.At)
		a, b = vg.Point{X: c.Min.X, Y: y}, vg.Point{X: c.Max.X, Y: y}
		for _, g := range p.GlyphBoxes(p) {
			x := c.X(g.X)
			a.X, b.X = min(a.X, x+g.Rectangle.Min.X), max(b.X, x+g.Rectangle.Max.X)
		}
	}
	c.StrokeLine2(r.style(), a.X, a.Y, b.X, b.Y)
}

// DataRange includes the line's value on its axis.
func (r refLine) DataRange() (xmin, xmax, ymin, ymax float64) {
	inf := math.Inf(1)
	if r.Vertical {
		return r.At, r.At, inf, -inf
	}
	return inf, -inf, r.At, r.At
}

// Thumbnail draws the line's style in a legend.
func (r refLine) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(r.style(), c.Min.X, y, c.Max.X, y)
}

// intervalKey is a legend entry for interval bars: a short vertical bar
// with caps, as the chart draws them.
type intervalKey struct{}

// Thumbnail draws an interval bar.
func (intervalKey) Thumbnail(c *draw.Canvas) {
	sty := draw.LineStyle{Color: intervalColor, Width: vg.Points(1.2)}
	x, lo, hi := c.Center().X, c.Min.Y+1, c.Max.Y-1
	c.StrokeLine2(sty, x, lo, x, hi)
	c.StrokeLine2(sty, x-3, lo, x+3, lo)
	c.StrokeLine2(sty, x-3, hi, x+3, hi)
}

// addIntervalKey names the interval bars' level in p's legend.
func addIntervalKey(p *plot.Plot, confidence float64) {
	p.Legend.Add(fmt.Sprintf("%g%% interval", 100*confidence), intervalKey{})
}

// addRefCurve adds a dashed reference line through xys, such as the fair
// share 1/players against the rule players, with a legend entry.
func addRefCurve(p *plot.Plot, xys plotter.XYs, label string) error {
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.LineStyle = refLine{}.style()
	p.Add(l)
	p.Legend.Add(label, l)
	return nil
}

// fairShare returns a seat's fair share of the wins in the games of s, a
// game of several seats: the games not drawn shared out among the seats
// (1/seats where none is drawn), and its name for a legend.
func fairShare(s *sim.Summary) (float64, string) {
	n := len(s.Seats)
	d := 0.0
	if s.Balance != nil {
		d = s.Balance.DrawRate
	}
	if d > 1e-9 {
		return (1 - d) / float64(n), fmt.Sprintf("fair share (games not drawn / %d)", n)
	}
	return 1 / float64(n), fmt.Sprintf("fair share (1/%d)", n)
}
