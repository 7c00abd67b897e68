package reports

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// jointPoints reports whether a sweep's points are a list (sweep --point)
// rather than the whole grid of its rules' values: fewer points than the
// grid holds.
func jointPoints(sw *Sweep) bool {
	size := 1
	for _, k := range sw.Keys {
		var vs []string
		for _, p := range sw.Points {
			if !slices.Contains(vs, p.Values[k]) {
				vs = append(vs, p.Values[k])
			}
		}
		size *= len(vs)
	}
	return len(sw.Points) < size
}

// pointChanges names what a point changes from the rules' defaults, such
// as "ip-joke=0", or "defaults" where it changes nothing.
func pointChanges(sw *Sweep, p *SweepPoint) string {
	var kv []string
	for _, k := range sw.Keys {
		if d, ok := sw.Defaults[k]; !ok || d != p.Values[k] {
			kv = append(kv, k+"="+p.Values[k])
		}
	}
	if len(kv) == 0 {
		return "defaults"
	}
	return strings.Join(kv, ",")
}

// jointChart draws a sweep of joint points as one bar a point and
// strategy: the point's figure less the reference point's, with its
// interval (paired on the same deals where the points dealt them), against
// a line at no change. A list of points such as "each earning rule
// switched off" reads at a glance this way, where a line a rule would
// join points that share nothing.
func jointChart(sw *Sweep, game, fig string) (Chart, error) {
	p := plot.New()
	unit := "points"
	if fig == "win" {
		unit = "pp"
	}
	ref := "the reference point"
	if sw.Reference >= 0 && sw.Reference < len(sw.Points) {
		ref = pointChanges(sw, &sw.Points[sw.Reference])
	}
	what := map[string]string{"score": "mean score", "win": "win rate"}[fig]
	if ref == "defaults" {
		ref = "the rules as written"
	}
	p.Title.Text = fmt.Sprintf("%s: %s, each point's difference from %s", game, what, ref)
	if len(sw.Points) > 0 {
		p.Title.Text = fmt.Sprintf("%s: each point's difference from %s\n%s", what, ref, caption(&sw.Points[0].Summary, sw.Keys...))
	}
	p.Y.Label.Text = fmt.Sprintf("difference (%s)", unit)
	var vals plotter.Values
	var labels []string
	var eb errorBars
	several := false
	for _, pt := range sw.Points {
		several = several || len(pt.Summary.Entries) > 1
	}
	for i := range sw.Points {
		pt := &sw.Points[i]
		for _, d := range pt.Differences {
			if d.Figure != fig {
				continue
			}
			scale := 1.0
			if fig == "win" {
				scale = 100
			}
			label := pointChanges(sw, pt)
			if several {
				label += "\n" + d.Strategy
			}
			x := float64(len(vals))
			vals, labels = append(vals, scale*d.Diff), append(labels, label)
			eb.XYs = append(eb.XYs, plotter.XY{X: x, Y: scale * d.Diff})
			eb.YErrors = append(eb.YErrors, struct{ Low, High float64 }{scale * (d.Diff - d.CILow), scale * (d.CIHigh - d.Diff)})
		}
	}
	level := 0.95
	if len(sw.Points) > 0 {
		level = sw.Points[0].Summary.Manifest.Confidence
	}
	addIntervalKey(p, level)
	c, err := barChart(p, vals, labels, eb, "sweep_points_"+fig, "rules changed")
	if err != nil {
		return Chart{}, err
	}
	// Slanted, so that names such as ip-dead-full=0 do not run into
	// their neighbours'.
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	addRefLine(p, 0, false, "no change")
	return c, nil
}
