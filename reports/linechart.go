package reports

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

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
	// FairShare, if above 0, is the win rate a seat would have in a fair
	// game of this series' players, such as 1/players: drawn as a dashed
	// reference line (one grey line when every series has the same, else
	// a dotted line in the series' colour).
	FairShare float64
}

// LineOptions are a line chart's optional parts; the zero value adds none.
type LineOptions struct {
	// Level is the interval level of the series' bands, such as 0.95,
	// named in the legend ("95% interval (band)"); 0 leaves the level
	// unsaid ("interval (band)").
	Level float64
	// Refs are reference lines drawn across the data, each named in the
	// legend: no change (Y = 0), a fair share, a rule's default value.
	Refs []RefLine
	// Percent says the series are rates, or differences of rates, given
	// as fractions: they are drawn in % (percentage points), as the
	// reports' text speaks of them, with their bands, fair shares and
	// horizontal reference lines; the y label should say so.
	Percent bool
}

// RefLine is a dashed reference line of a line chart: horizontal at Y = At,
// or vertical at X = At where Vertical.
type RefLine struct {
	Label    string
	At       float64
	Vertical bool
}

// FairShareRef is the reference line of a seat's fair share of the wins
// in a game of players seats: 1/players.
func FairShareRef(players int) RefLine {
	return RefLine{Label: fmt.Sprintf("fair share (1/%d)", players), At: 1 / float64(players)}
}

// NoChangeRef is the reference line of no change: Y = 0.
func NoChangeRef() RefLine { return RefLine{Label: "no change (0)"} }

// maxXTicks is the most x values a line chart marks one by one; beyond
// it, round values are marked instead.
const maxXTicks = 12

// LineChart draws series as lines with points, each with its interval band
// shaded in its own colour under every line, the band's level named in the
// legend. The x axis is marked at the series' x values (up to maxXTicks of
// them, not too close together), so that a line between x = 2 and x = 4 is
// not read as a value at 3. opts adds reference lines and names the
// interval level.
func LineChart(name, title, xLabel, yLabel string, series []LineSeries, opts ...LineOptions) (Chart, error) {
	var opt LineOptions
	for _, o := range opts {
		if o.Level != 0 {
			opt.Level = o.Level
		}
		opt.Refs = append(opt.Refs, o.Refs...)
		opt.Percent = opt.Percent || o.Percent
	}
	unit := 1.0
	if opt.Percent {
		unit = 100
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Add(plotter.NewGrid())
	var xs []float64
	var bands []*plotter.Polygon
	var lines []plot.Plotter // drawn over every band, so each line keeps its colour
	var fair []float64       // each drawn series' fair share, 0 for none
	var colours []color.RGBA
	for i, s := range series {
		if len(s.X) != len(s.Y) || (s.Lo != nil && len(s.Lo) != len(s.X)) || (s.Hi != nil && len(s.Hi) != len(s.X)) {
			return Chart{}, fmt.Errorf("chart %s: series %q has mismatched lengths", name, s.Label)
		}
		if len(s.X) == 0 {
			continue
		}
		xs = append(xs, s.X...)
		col := paletteColor(i)
		if s.Lo != nil && s.Hi != nil {
			band := make(plotter.XYs, 0, 2*len(s.X))
			for j := range s.X {
				band = append(band, plotter.XY{X: s.X[j], Y: unit * s.Lo[j]})
			}
			for j := len(s.X) - 1; j >= 0; j-- {
				band = append(band, plotter.XY{X: s.X[j], Y: unit * s.Hi[j]})
			}
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return Chart{}, err
			}
			poly.Color = color.NRGBA{R: col.R, G: col.G, B: col.B, A: 60}
			poly.LineStyle.Width = 0
			bands = append(bands, poly)
		}
		xys := make(plotter.XYs, len(s.X))
		for j := range s.X {
			xys[j] = plotter.XY{X: s.X[j], Y: unit * s.Y[j]}
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
		lines = append(lines, l, pts)
		if s.Label != "" {
			p.Legend.Add(s.Label, l, pts)
		}
		fair = append(fair, s.FairShare)
		colours = append(colours, col)
	}
	for _, b := range bands {
		p.Add(b)
	}
	p.Add(lines...)
	if len(bands) > 0 {
		label := "interval (band)"
		if opt.Level > 0 {
			label = fmt.Sprintf("%g%% interval (band)", 100*opt.Level)
		}
		var key plot.Thumbnailer = bandKey{}
		if len(bands) == 1 {
			key = bands[0]
		}
		p.Legend.Add(label, key)
	}
	if err := addFairShares(p, fair, colours, unit); err != nil {
		return Chart{}, err
	}
	for _, r := range opt.Refs {
		at := r.At
		if !r.Vertical {
			at *= unit
		}
		addRefLine(p, at, r.Vertical, r.Label)
	}
	if t := valueTicks(xs); t != nil {
		p.X.Tick.Marker = t
	}
	return Chart{Name: name, Plot: p, lines: true}, nil
}

// addFairShares draws the series' fair shares (0: none), times unit (100
// for a chart in %): one grey line named by its value where they all have
// the same, else a dotted line in each series' colour, named once.
func addFairShares(p *plot.Plot, fair []float64, colours []color.RGBA, unit float64) error {
	var distinct []float64
	for _, f := range fair {
		if f > 0 && !slices.Contains(distinct, f) {
			distinct = append(distinct, f)
		}
	}
	switch {
	case len(distinct) == 0:
		return nil
	case len(distinct) == 1 && !slices.Contains(fair, 0):
		addRefLine(p, unit*distinct[0], false, fairShareLabel(distinct[0]))
		return nil
	}
	for i, f := range fair {
		if f <= 0 {
			continue
		}
		p.Add(refLine{At: unit * f, Color: colours[i], Dotted: true})
	}
	p.Legend.Add("fair share of each line (dotted, its colour)", refLine{Dotted: true})
	return nil
}

// fairShareLabel names a fair share: "fair share (1/4)" where it is one
// game in a whole number of them.
func fairShareLabel(f float64) string {
	if n := math.Round(1 / f); n >= 1 && math.Abs(1/f-n) < 1e-9 {
		return fmt.Sprintf("fair share (1/%d)", int(n))
	}
	return fmt.Sprintf("fair share (%.3g)", f)
}

// valueTicks marks the distinct values xs, or returns nil where they are
// too many or too close together to label each (the default round ticks
// then serve).
func valueTicks(xs []float64) plot.Ticker {
	vals := slices.Clone(xs)
	slices.Sort(vals)
	vals = slices.Compact(vals)
	if len(vals) == 0 || len(vals) > maxXTicks {
		return nil
	}
	for i := 1; i < len(vals); i++ {
		if vals[i]-vals[i-1] < (vals[len(vals)-1]-vals[0])/40 {
			return nil
		}
	}
	ticks := make(plot.ConstantTicks, len(vals))
	for i, v := range vals {
		ticks[i] = plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)}
	}
	return ticks
}

// bandKey is a legend entry for interval bands of several colours: a grey
// band.
type bandKey struct{}

// Thumbnail fills the entry with a faded grey.
func (bandKey) Thumbnail(c *draw.Canvas) {
	c.SetColor(color.NRGBA{R: 120, G: 120, B: 120, A: 70})
	c.Fill(c.Rectangle.Path())
}
