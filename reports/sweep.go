package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// SweepPoint is one point of a rule sweep: the swept rules' values and the
// summary of the run there.
type SweepPoint struct {
	Values  map[string]string `json:"values"` // swept rule → value
	Summary sim.Summary       `json:"summary"`
	// Deals, if not nil, holds the point's figures deal by deal, for
	// comparing it with another point on the same deals (a report's
	// answers); it is not saved.
	Deals *sim.DealFigures `json:"-"`
	// Differences are the point's figures less the reference point's,
	// strategy by strategy; none at the reference point.
	Differences []PointDifference `json:"differences,omitempty"`
}

// Sweep is a rule sweep: the rules swept, in order, and every grid point.
type Sweep struct {
	Keys   []string     `json:"keys"`
	Points []SweepPoint `json:"points"`
	// Defaults holds each swept rule's default value, drawn as a reference
	// line where it is among the values; nil for none.
	Defaults map[string]string `json:"defaults,omitempty"`
	// Meanings holds what each swept rule is (its usage in cardsim rules),
	// for the charts' axes; nil for none. It is the game's, not the
	// sweep's, and is not saved.
	Meanings map[string]string `json:"-"`
	// Stopped says why the sweep holds only some of its grid's points (an
	// interruption); empty when it holds them all.
	Stopped string `json:"stopped,omitempty"`
	// Reference is the index among the grid's points (in the order of
	// the grid, finished or not) of the point every other is set against:
	// the one where every swept rule has its default, else the first.
	Reference int `json:"reference"`
}

// WriteSweepCSV writes one row per grid point and strategy: the swept
// values (each rule a column, its name in snake_case), the deals, the mean score and win rate with their intervals, the
// mean of every metric, and the deal fingerprint (equal where the rules
// dealt the same cards).
func WriteSweepCSV(w io.Writer, sw *Sweep) error {
	c := newCSVWriter(w)
	if len(sw.Points) == 0 {
		c.Flush()
		return c.Error()
	}
	var head []string
	for _, k := range sw.Keys {
		head = append(head, snake(k))
	}
	head = append(head, "strategy", "params", "games", "score_mean", "score_ci_low", "score_ci_high", "win_rate", "win_ci_low", "win_ci_high", "win_undecided")
	metrics := sw.Points[0].Summary.MetricOrder
	for _, m := range metrics {
		head = append(head, "metric_"+snake(m))
	}
	head = append(head, "deal_fingerprint")
	c.Write(head)
	for _, p := range sw.Points {
		for _, e := range entries(&p.Summary) {
			row := make([]string, 0, len(head))
			for _, k := range sw.Keys {
				row = append(row, p.Values[k])
			}
			row = append(row, e.name, e.params, itoa(p.Summary.Manifest.Games),
				ftoa(e.score.Mean), ftoa(e.score.CILow), ftoa(e.score.CIHigh),
				ftoa(e.win.Rate), ftoa(e.win.CILow), ftoa(e.win.CIHigh), itoa(e.win.Undecided))
			for _, m := range metrics {
				row = append(row, ftoa(e.metrics[m].Mean))
			}
			row = append(row, p.Summary.Fingerprint)
			c.Write(row)
		}
	}
	c.Flush()
	return c.Error()
}

// SweepCharts draws, for each swept rule, the mean score and the win rate
// against the rule's value, with interval bands: one line per strategy and
// per combination of the other swept rules' values. The win-rate chart is
// left out where nobody wins, and where one strategy plays every seat of a
// game of several at every point: its win rate is then the fair share by
// construction, and the chart would show nothing of the rule. A sweep of
// joint points (fewer than its grid) gets one chart a figure instead: each
// point's difference from the reference point (jointChart).
func SweepCharts(sw *Sweep, game string) ([]Chart, error) {
	var out []Chart
	anyWin := false
	selfPlay := len(sw.Points) > 0
	for _, pt := range sw.Points {
		for _, e := range entries(&pt.Summary) {
			anyWin = anyWin || e.win.Count > 0 || e.win.Undecided > 0
		}
		selfPlay = selfPlay && len(pt.Summary.Seats) > 1 && len(pt.Summary.Entries) <= 1
	}
	figs := []string{"score"}
	if anyWin && !selfPlay {
		figs = append(figs, "win")
	}
	if jointPoints(sw) {
		for _, fig := range figs {
			c, err := jointChart(sw, game, fig)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
	for _, key := range sw.Keys {
		for _, fig := range figs {
			c, err := sweepChart(sw, game, key, fig)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}

func sweepChart(sw *Sweep, game, key, fig string) (Chart, error) {
	p := plot.New()
	what := map[string]string{"score": "mean score (points)", "win": "win rate (%)"}[fig]
	axis := ruleAxis(key, sw.Meanings[key])
	p.Title.Text = fmt.Sprintf("%s: %s against %s", game, strings.TrimSuffix(what, " (%)"), axis)
	if len(sw.Points) > 0 {
		// The caption names the game, in prose where the manifest can.
		p.Title.Text = fmt.Sprintf("%s against %s\n%s", strings.TrimSuffix(what, " (%)"), axis, caption(&sw.Points[0].Summary, sw.Keys...))
	}
	p.X.Label.Text = axis
	p.Y.Label.Text = what
	// x positions: numeric values where all are numbers, else their order.
	var values []string
	for _, pt := range sw.Points {
		v := pt.Values[key]
		if !slices.Contains(values, v) {
			values = append(values, v)
		}
	}
	numeric := true
	for _, v := range values {
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			numeric = false
		}
	}
	xOf := func(v string) float64 {
		if numeric {
			x, _ := strconv.ParseFloat(v, 64)
			return x
		}
		for i, u := range values {
			if u == v {
				return float64(i)
			}
		}
		return 0
	}
	if !numeric {
		// Values that are not numbers are categories: nothing lies between
		// them, so their points are not joined. The default is named at
		// its tick.
		labels := slices.Clone(values)
		for i, v := range values {
			if d, ok := sw.Defaults[key]; ok && d == v {
				labels[i] = v + " (default)"
			}
		}
		p.NominalX(labels...)
		p.X.Min, p.X.Max = -0.5, float64(len(values))-0.5
	} else {
		ticks := make([]plot.Tick, len(values))
		for i, v := range values {
			ticks[i] = plot.Tick{Value: xOf(v), Label: v}
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	lines := map[string]*sweepLine{}
	var order []string
	fairName := "" // the fair share's name in the legend
	for _, pt := range sw.Points {
		var other []string
		for _, k := range sw.Keys {
			if k != key {
				other = append(other, k+"="+pt.Values[k])
			}
		}
		for _, e := range entries(&pt.Summary) {
			name := strings.Join(append([]string{e.name}, other...), " ")
			s := lines[name]
			if s == nil {
				s = &sweepLine{}
				lines[name] = s
				order = append(order, name)
			}
			m, lo, hi := e.score.Mean, e.score.CILow, e.score.CIHigh
			if fig == "win" {
				m, lo, hi = 100*e.win.Rate, 100*e.win.CILow, 100*e.win.CIHigh
			}
			x := xOf(pt.Values[key])
			s.mid = append(s.mid, plotter.XY{X: x, Y: m})
			s.lo = append(s.lo, plotter.XY{X: x, Y: lo})
			s.hi = append(s.hi, plotter.XY{X: x, Y: hi})
			if fig == "win" && len(pt.Summary.Seats) > 1 {
				f, name := fairShare(&pt.Summary)
				s.fair = append(s.fair, plotter.XY{X: x, Y: 100 * f})
				switch {
				case fairName == "":
					fairName = name
				case fairName != name && (strings.Contains(name, "drawn") || strings.Contains(fairName, "drawn")):
					fairName = "fair share (games not drawn / seats)"
				case fairName != name:
					fairName = "fair share (1/seats)"
				}
			}
		}
	}
	p.Add(plotter.NewGrid())
	level := 0.95
	if len(sw.Points) > 0 {
		level = sw.Points[0].Summary.Manifest.Confidence
	}
	plotLines := sweepPoints
	if numeric {
		plotLines = sweepLines
	}
	if err := plotLines(p, order, lines, level); err != nil {
		return Chart{}, err
	}
	// The fair share: a grey line where every line has the same at each
	// rule value, else a dotted line in each line's colour.
	fairAt := map[float64]float64{}
	shared := true
	for _, name := range order {
		for _, xy := range lines[name].fair {
			if f, ok := fairAt[xy.X]; ok && math.Abs(f-xy.Y) > 1e-12 {
				shared = false
			}
			fairAt[xy.X] = xy.Y
		}
	}
	switch {
	case len(fairAt) == 0:
	case shared && !numeric && !constant(sortedCurve(fairAt)):
		// A fair share that differs between categories: a short line at
		// each.
		for x, f := range fairAt {
			l, err := plotter.NewLine(plotter.XYs{{X: x - 0.4, Y: f}, {X: x + 0.4, Y: f}})
			if err != nil {
				return Chart{}, err
			}
			l.LineStyle = refLine{}.style()
			p.Add(l)
			if x == 0 {
				p.Legend.Add(fairName, l)
			}
		}
	case shared:
		curve := sortedCurve(fairAt)
		if constant(curve) {
			addRefLine(p, curve[0].Y, false, fairName)
		} else if err := addRefCurve(p, curve, fairName); err != nil {
			return Chart{}, err
		}
	default:
		for i, name := range order {
			if f := lines[name].fair; len(f) > 0 {
				l, err := plotter.NewLine(f)
				if err != nil {
					return Chart{}, err
				}
				l.LineStyle = refLine{Color: paletteColor(i), Dotted: true}.style()
				p.Add(l)
			}
		}
		p.Legend.Add("fair share of each line (dotted, its colour)", refLine{Dotted: true})
	}
	if d, ok := sw.Defaults[key]; ok && slices.Contains(values, d) && numeric {
		addRefLine(p, xOf(d), true, fmt.Sprintf("default %s=%s", key, d))
	}
	return Chart{Name: "sweep_" + key + "_" + fig, Plot: p, lines: true}, nil
}

// ruleAxis names a swept rule on an axis by what it is: its key, then its
// meaning up to the first semicolon ("size: rows and columns of the
// tableau"); the key alone where the meaning is not known.
func ruleAxis(key, meaning string) string {
	meaning, _, _ = strings.Cut(meaning, ";")
	if meaning = strings.TrimSpace(meaning); meaning == "" {
		return "rule " + key
	}
	return key + ": " + meaning
}

// sweepLine is one line of a sweep chart: a strategy (and the values of
// the other rules swept) at each value of the rule, with the interval's
// ends and, in a win chart of a game of several seats, the fair share.
type sweepLine struct{ mid, lo, hi, fair plotter.XYs }

// sweepLines draws the line with points of each of names, its interval
// band under every line so that no line takes another's colour.
func sweepLines(p *plot.Plot, names []string, series map[string]*sweepLine, level float64) error {
	var bands, lines []plot.Plotter
	var lastBand *plotter.Polygon
	for i, name := range names {
		mid, lo, hi := series[name].mid, series[name].lo, series[name].hi
		col := paletteColor(i)
		band, err := plotter.NewPolygon(append(append(plotter.XYs{}, lo...), reversed(hi)...))
		if err != nil {
			return err
		}
		r, g, b, _ := col.RGBA()
		band.Color = fade(r, g, b)
		band.LineStyle.Width = 0
		line, points, err := plotter.NewLinePoints(mid)
		if err != nil {
			return err
		}
		line.Color, points.Color = col, col
		points.Shape = draw.CircleGlyph{}
		bands = append(bands, band)
		lines = append(lines, line, points)
		p.Legend.Add(name, line, points)
		lastBand = band
	}
	p.Add(bands...)
	p.Add(lines...)
	var key plot.Thumbnailer = bandKey{} // grey, for bands of several colours
	if len(bands) == 1 {
		key = lastBand
	}
	if lastBand != nil {
		p.Legend.Add(fmt.Sprintf("%g%% interval (band)", 100*level), key)
	}
	return nil
}

// sweepPoints draws the points of each of names at categories x = 0, 1, …,
// side by side within each category, each with its interval as a bar in
// its colour, and nothing joining them.
func sweepPoints(p *plot.Plot, names []string, series map[string]*sweepLine, level float64) error {
	for i, name := range names {
		mid, lo, hi := series[name].mid, series[name].lo, series[name].hi
		dx := 0.0
		if len(names) > 1 {
			dx = -0.3 + 0.6*float64(i)/float64(len(names)-1)
		}
		eb := errorBars{XYs: make(plotter.XYs, len(mid)), YErrors: make(plotter.YErrors, len(mid))}
		for j := range mid {
			eb.XYs[j] = plotter.XY{X: mid[j].X + dx, Y: mid[j].Y}
			eb.YErrors[j] = struct{ Low, High float64 }{mid[j].Y - lo[j].Y, hi[j].Y - mid[j].Y}
		}
		col := paletteColor(i)
		bars, err := plotter.NewYErrorBars(eb)
		if err != nil {
			return err
		}
		bars.LineStyle.Color, bars.LineStyle.Width = col, vg.Points(1.2)
		points, err := plotter.NewScatter(eb.XYs)
		if err != nil {
			return err
		}
		points.Color, points.Shape, points.Radius = col, draw.CircleGlyph{}, vg.Points(3)
		p.Add(bars, points)
		p.Legend.Add(name, points)
	}
	p.Legend.Add(fmt.Sprintf("%g%% interval (bar in the point's colour)", 100*level), intervalKey{})
	return nil
}

// sortedCurve returns the points of a curve y(x) in the order of x.
func sortedCurve(ys map[float64]float64) plotter.XYs {
	var curve plotter.XYs
	for _, x := range slices.Sorted(maps.Keys(ys)) {
		curve = append(curve, plotter.XY{X: x, Y: ys[x]})
	}
	return curve
}

// constant reports whether every point of xy has the same Y.
func constant(xy plotter.XYs) bool {
	for _, p := range xy {
		if p.Y != xy[0].Y {
			return false
		}
	}
	return true
}

func reversed(xy plotter.XYs) plotter.XYs {
	out := make(plotter.XYs, len(xy))
	for i := range xy {
		out[i] = xy[len(xy)-1-i]
	}
	return out
}

// WriteSweepDir writes a sweep into dir: sweep.json (every point's full
// summary), sweep.csv (one row per point and strategy), differences.csv
// (every point's differences from the reference point, and the strategies'
// differences at each point) and the charts as SVG, PNG and PDF, each file
// atomically. It returns the names written. A sweep
// that holds only some of its points (Stopped set) is written marked
// partial, and never replaces a finished result (ErrFinishedOutput).
func WriteSweepDir(dir string, sw *Sweep, game string) ([]string, error) {
	out := outputs{partial: sw.Stopped != ""}
	js, err := json.MarshalIndent(sw, "", "  ")
	if err != nil {
		return nil, err
	}
	out.put("sweep.json", append(js, '\n'))
	var b bytes.Buffer
	if err := WriteSweepCSV(&b, sw); err != nil {
		return nil, err
	}
	out.put("sweep.csv", b.Bytes())
	var d bytes.Buffer
	if err := WriteSweepDifferencesCSV(&d, sw); err != nil {
		return nil, err
	}
	out.put("differences.csv", d.Bytes())
	charts, err := SweepCharts(sw, game)
	if err != nil {
		return nil, err
	}
	if err := out.charts("chart_", charts); err != nil {
		return nil, err
	}
	return out.write(dir)
}

// WriteSweepTable writes one line per point and strategy for a terminal.
func WriteSweepTable(w io.Writer, sw *Sweep) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(sw.Points) > 0 {
		// What every point shares: the game, seed, rules changed but those
		// swept, and the strategies.
		m := sw.Points[0].Summary.Manifest
		rules := ""
		m.RulesChanged = slices.DeleteFunc(slices.Clone(m.RulesChanged), func(k string) bool { return slices.Contains(sw.Keys, k) })
		if r := changedRules(&m); r != "" {
			rules = "rules " + r + ", "
		}
		fmt.Fprintf(tw, "%s sweep of %s, seed %d, %s%s\n", m.Game, strings.Join(sw.Keys, ", "), m.Seed, rules, strategyList(&m))
	}
	solver := false // a solver played: its undecided games get a column
	for _, p := range sw.Points {
		for _, e := range entries(&p.Summary) {
			solver = solver || e.solver != nil || e.win.Undecided > 0
		}
	}
	head := "%s\tstrategy\tdeals\tmean score\tinterval\twin rate\tinterval"
	if solver {
		head += "\tundecided (counted both ways)"
	}
	fmt.Fprintf(tw, head+"\n", strings.Join(sw.Keys, "\t"))
	for _, p := range sw.Points {
		for _, e := range entries(&p.Summary) {
			var vals []string
			for _, k := range sw.Keys {
				vals = append(vals, p.Values[k])
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.3f\t%.3f … %.3f\t%.5f\t%.5f … %.5f", strings.Join(vals, "\t"), e.name,
				p.Summary.Manifest.Games, e.score.Mean, e.score.CILow, e.score.CIHigh, e.win.Rate, e.win.CILow, e.win.CIHigh)
			if solver {
				fmt.Fprintf(tw, "\t%d", e.win.Undecided)
			}
			fmt.Fprintln(tw)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return writeSweepDifferences(w, sw)
}

// MarshalJSON writes the point with each swept value in its rule's kind (a
// number as a JSON number, a yes-or-no as true or false), as the summary's
// manifest writes the rules.
func (p SweepPoint) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Values      map[string]sim.RuleValue `json:"values"`
		Summary     sim.Summary              `json:"summary"`
		Differences []PointDifference        `json:"differences,omitempty"`
	}{typedValues(p.Values, p.Summary.Manifest.Rules), p.Summary, p.Differences})
}

// UnmarshalJSON reads a point written by MarshalJSON.
func (p *SweepPoint) UnmarshalJSON(b []byte) error {
	var v struct {
		Values      map[string]sim.RuleValue `json:"values"`
		Summary     sim.Summary              `json:"summary"`
		Differences []PointDifference        `json:"differences"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	p.Values, p.Summary, p.Differences = textValues(v.Values), v.Summary, v.Differences
	return nil
}

// sweepJSON is Sweep as JSON writes it, the defaults typed.
type sweepJSON struct {
	Keys      []string                 `json:"keys"`
	Points    []SweepPoint             `json:"points"`
	Defaults  map[string]sim.RuleValue `json:"defaults,omitempty"`
	Stopped   string                   `json:"stopped,omitempty"`
	Reference int                      `json:"reference"`
}

// MarshalJSON writes the sweep with each rule's default in its kind, as
// the points' values.
func (sw Sweep) MarshalJSON() ([]byte, error) {
	var rules map[string]sim.RuleValue
	if len(sw.Points) > 0 {
		rules = sw.Points[0].Summary.Manifest.Rules
	}
	return json.Marshal(sweepJSON{sw.Keys, sw.Points, typedValues(sw.Defaults, rules), sw.Stopped, sw.Reference})
}

// UnmarshalJSON reads a sweep written by MarshalJSON.
func (sw *Sweep) UnmarshalJSON(b []byte) error {
	var v sweepJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*sw = Sweep{Keys: v.Keys, Points: v.Points, Defaults: textValues(v.Defaults), Stopped: v.Stopped, Reference: v.Reference}
	return nil
}

// typedValues gives each rule's value the kind the rules in force say it
// has (text when they do not name it).
func typedValues(values map[string]string, rules map[string]sim.RuleValue) map[string]sim.RuleValue {
	if values == nil {
		return nil
	}
	out := make(map[string]sim.RuleValue, len(values))
	for k, v := range values {
		kind := rules[k].Kind
		if kind == "" {
			kind = games.Text
		}
		out[k] = sim.RuleValue{Text: v, Kind: kind}
	}
	return out
}

// textValues returns the text of each value.
func textValues(values map[string]sim.RuleValue) map[string]string {
	if values == nil {
		return nil
	}
	out := make(map[string]string, len(values))
	for k, v := range values {
		out[k] = v.Text
	}
	return out
}
