package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// Chart is a drawn chart, ready to save as SVG, PNG and PDF.
type Chart struct {
	Name string // file name without extension
	Plot *plot.Plot
	// lines is set for charts of lines, whose y axis gets a margin below
	// the data as well as above it even where it starts at zero (bars stand
	// on zero).
	lines bool
}

// Render returns the chart in one of ChartFormats, its legend beside the
// data rather than over it (see drawChart).
func (c Chart) Render(format string) ([]byte, error) {
	var b bytes.Buffer
	if err := writeTo(c.Plot, format, &b, c.lines); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

type errUnknownFormat string

func (e errUnknownFormat) Error() string {
	return fmt.Sprintf("chart format %q: want svg, png or pdf", string(e))
}

// Charts returns the charts of s: the score distribution, in a game of
// several players the win rate of each seat (seatChart), and one bar chart
// per metric group (metrics named "group.member") of the mean per game with
// its interval.
func Charts(s *sim.Summary) ([]Chart, error) {
	var out []Chart
	c, err := scoreChart(s)
	if err != nil {
		return nil, err
	}
	out = append(out, c)
	if len(s.Seats) > 1 {
		c, err := seatChart(s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	for _, g := range metricGroups(s.MetricOrder) {
		if !worthCharting(s, g.members) {
			continue
		}
		c, err := groupChart(s, g.name, g.members)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// worthCharting reports whether a metric group's chart would show
// something: more than one bar, and not every bar at zero.
func worthCharting(s *sim.Summary, members []string) bool {
	ents := entries(s)
	if len(ents)*len(members) < 2 {
		return false
	}
	for _, e := range ents {
		for _, m := range members {
			if ms := e.metrics[m]; ms.Mean != 0 || ms.CIHigh != 0 {
				return true
			}
		}
	}
	return false
}

// caption names the run a chart comes from: the game by its name in prose,
// strategies, deals, seed and the rules changed from their defaults but
// those the chart's axis varies, except (the strategies' parameters and
// every rule are in the manifest beside it).
func caption(s *sim.Summary, except ...string) string {
	var names []string
	for _, e := range entries(s) {
		names = append(names, e.name)
	}
	c := fmt.Sprintf("%s · %s · %d deals · seed %d", gameTitle(s), strings.Join(names, ", "), s.Manifest.Games, s.Manifest.Seed)
	m := s.Manifest
	m.RulesChanged = slices.DeleteFunc(slices.Clone(m.RulesChanged), func(k string) bool { return slices.Contains(except, k) })
	if r := changedRules(&m); r != "" {
		c += " · rules " + r
	}
	return c
}

// title puts what a chart shows above the run it comes from.
func title(what string, s *sim.Summary) string {
	return what + "\n" + caption(s)
}

// scoreChart draws the score distribution: bars for one strategy, a step
// line per strategy when several played the same deals.
func scoreChart(s *sim.Summary) (Chart, error) {
	ents := entries(s)
	p := plot.New()
	p.Title.Text = title("Score distribution", s)
	p.X.Label.Text = "game score (points)"
	unit := "share of games"
	if scoreUnit(s) == "seat_games" {
		unit = "share of seat-games (each seat's score in each game)"
	}
	p.Y.Label.Text = unit
	lo, hi := ents[0].score.Min, ents[0].score.Max
	for _, e := range ents[1:] {
		lo, hi = min(lo, e.score.Min), max(hi, e.score.Max)
	}
	// Scores are integers, and in some games only every other one (or
	// every k-th) can be scored: bins of a whole number of those steps
	// each, so that no bin holds more possible scores than its neighbours
	// (bins of 9 points on Nora's even scores drew a saw-tooth).
	var scores []int64
	for _, e := range ents {
		for _, b := range e.score.Histogram {
			scores = append(scores, b.Value)
		}
	}
	step := scoreStep(lo, scores)
	width := scoreBinWidth(lo, hi, step)
	nbins := (hi-lo)/width + 1
	if width > 1 {
		p.Y.Label.Text = fmt.Sprintf("%s, bins of %d points", unit, width)
	}
	shares := func(e entryFigures) []plotter.HistogramBin {
		bins := make([]plotter.HistogramBin, nbins)
		for i := range bins {
			l := float64(lo+int64(i)*width) - float64(step)/2
			bins[i] = plotter.HistogramBin{Min: l, Max: l + float64(width)}
		}
		for _, b := range e.score.Histogram {
			bins[(b.Value-lo)/width].Weight += float64(b.Count) / float64(e.score.N)
		}
		return bins
	}
	p.Add(plotter.NewGrid())
	perfect := func() {
		if b := s.Manifest.ScoreBounds; len(s.Seats) == 0 && b[1] > b[0] {
			addRefLine(p, float64(b[1]), true, fmt.Sprintf("perfect score (%d)", b[1]))
		}
	}
	if len(ents) == 1 {
		h := &plotter.Histogram{Bins: shares(ents[0]), Width: float64(width), FillColor: barColor}
		h.LineStyle.Width = 0
		p.Add(h)
		perfect()
		return Chart{Name: "score", Plot: p}, nil
	}
	for i, e := range ents {
		bins := shares(e)
		xy := make(plotter.XYs, 0, 2*len(bins))
		for _, b := range bins {
			xy = append(xy, plotter.XY{X: b.Min, Y: b.Weight}, plotter.XY{X: b.Max, Y: b.Weight})
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return Chart{}, err
		}
		l.Color = paletteColor(i)
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(e.name, l)
	}
	perfect()
	return Chart{Name: "score", Plot: p}, nil
}

// words writes a snake_case name as words for a chart: "jokers in first
// hand".
func words(name string) string { return strings.ReplaceAll(name, "_", " ") }

// scoreStep returns the step of the lattice the scores lie on from lo:
// the greatest common divisor of their distances from it (1 where there
// is no distance).
func scoreStep(lo int64, scores []int64) int64 {
	g := int64(0)
	for _, v := range scores {
		a, b := v-lo, g
		for b != 0 {
			a, b = b, a%b
		}
		g = a
	}
	return max(g, 1)
}

// scoreBinWidth returns the width of the bins of a score chart from lo to
// hi, scores step apart: about 60 bins, each a whole number of steps.
func scoreBinWidth(lo, hi, step int64) int64 {
	w := (hi - lo + 60) / 60
	return (w + step - 1) / step * step
}

type group struct {
	name    string
	members []string
}

// metricGroups gathers metrics named "group.member" by group, in order.
func metricGroups(names []string) []group {
	var gs []group
	for _, n := range names {
		g, _, ok := strings.Cut(n, ".")
		if !ok {
			continue
		}
		if len(gs) == 0 || gs[len(gs)-1].name != g {
			gs = append(gs, group{name: g})
		}
		gs[len(gs)-1].members = append(gs[len(gs)-1].members, n)
	}
	return gs
}

// errorBars draws the interval of each bar.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// groupChart draws the mean per game of each member of a metric group with
// its interval: one bar per member, side by side for each strategy.
func groupChart(s *sim.Summary, name string, members []string) (Chart, error) {
	ents := entries(s)
	p := plot.New()
	p.Title.Text = title(words(name)+" per game", s)
	p.Y.Label.Text = "mean per game (bars: " + fmt.Sprintf("%g%%", s.Manifest.Confidence*100) + " interval)"
	labels := make([]string, len(members))
	for i, m := range members {
		labels[i] = words(strings.TrimPrefix(m, name+"."))
	}
	if len(ents) == 1 {
		vals := make(plotter.Values, len(members))
		eb := errorBars{XYs: make(plotter.XYs, len(members)), YErrors: make(plotter.YErrors, len(members))}
		for i, m := range members {
			ms := s.Lead().Metrics[m]
			vals[i] = ms.Mean
			eb.XYs[i] = plotter.XY{X: float64(i), Y: ms.Mean}
			eb.YErrors[i] = struct{ Low, High float64 }{ms.Mean - ms.CILow, ms.CIHigh - ms.Mean}
		}
		addIntervalKey(p, s.Manifest.Confidence)
		return barChart(p, vals, labels, eb, name, words(name))
	}
	// Several strategies: a group of bars per member, one bar per strategy,
	// each offset from the member's tick.
	const barWidth = 14
	p.Add(plotter.NewGrid())
	for i, e := range ents {
		vals := make(plotter.Values, len(members))
		eb := errorBars{XYs: make(plotter.XYs, len(members)), YErrors: make(plotter.YErrors, len(members))}
		offset := (float64(i) - float64(len(ents)-1)/2) * barWidth
		for j, m := range members {
			ms := e.metrics[m]
			vals[j] = ms.Mean
			eb.XYs[j] = plotter.XY{X: float64(j), Y: ms.Mean}
			eb.YErrors[j] = struct{ Low, High float64 }{ms.Mean - ms.CILow, ms.CIHigh - ms.Mean}
		}
		bars, err := plotter.NewBarChart(vals, vg.Points(barWidth))
		if err != nil {
			return Chart{}, err
		}
		bars.Color = paletteColor(i)
		bars.LineStyle.Width = 0
		bars.Offset = vg.Points(offset)
		ebars, err := plotter.NewYErrorBars(eb)
		if err != nil {
			return Chart{}, err
		}
		ebars.LineStyle.Color = intervalColor
		ebars.LineStyle.Width = vg.Points(1)
		p.Add(bars, offsetErrorBars{ebars, vg.Points(offset)})
		p.Legend.Add(e.name, bars)
	}
	addIntervalKey(p, s.Manifest.Confidence)
	p.NominalX(labels...)
	p.X.Label.Text = words(name)
	return Chart{Name: name, Plot: p}, nil
}

// offsetErrorBars draws error bars shifted sideways, over the bar of a
// group they belong to.
type offsetErrorBars struct {
	*plotter.YErrorBars
	dx vg.Length
}

// Plot draws the error bars shifted by dx.
func (o offsetErrorBars) Plot(c draw.Canvas, p *plot.Plot) {
	c.Push()
	defer c.Pop()
	c.Translate(vg.Point{X: o.dx})
	o.YErrorBars.Plot(c, p)
}

// fade returns a light, translucent version of a colour, for interval bands.
func fade(r, g, b uint32) color.Color {
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 60}
}

// entryChart draws each strategy's mean score or win rate with its interval.
func entryChart(st *Study, fig string) (Chart, error) {
	s := st.Summary
	ents := entries(s)
	p := plot.New()
	what := map[string]string{"score": "mean score (points)", "win": "win rate (%)"}[fig]
	p.Title.Text = title(strings.TrimSuffix(what, " (%)")+" by strategy", s)
	p.Y.Label.Text = what + " (bars: " + fmt.Sprintf("%g%%", s.Manifest.Confidence*100) + " interval)"
	vals := make(plotter.Values, len(ents))
	labels := make([]string, len(ents))
	eb := errorBars{XYs: make(plotter.XYs, len(ents)), YErrors: make(plotter.YErrors, len(ents))}
	for i, e := range ents {
		m, lo, hi := e.score.Mean, e.score.CILow, e.score.CIHigh
		if fig == "win" {
			m, lo, hi = 100*e.win.Rate, 100*e.win.CILow, 100*e.win.CIHigh
		}
		vals[i], labels[i] = m, e.name
		eb.XYs[i] = plotter.XY{X: float64(i), Y: m}
		eb.YErrors[i] = struct{ Low, High float64 }{m - lo, hi - m}
	}
	addIntervalKey(p, s.Manifest.Confidence)
	c, err := barChart(p, vals, labels, eb, "entry_"+fig, "strategy")
	if err == nil && fig == "win" && len(s.Seats) > 1 {
		fair, name := fairShare(s)
		addRefLine(p, 100*fair, false, name) // over the bars
	}
	return c, err
}

// featureChart draws the win rate of seats against a deal feature's value,
// with the number of seats dealt it under each value (clear of the interval
// bars, which a count over a bar ran into) and the fair share (the games not drawn shared among the seats) as
// a reference. Values held by fewer than 1% of seats are pooled at either
// end ("≤2", "≥7").
func featureChart(st *Study, f sim.FeatureSummary) (Chart, error) {
	s := st.Summary
	p := plot.New()
	p.Title.Text = title("win rate against "+words(f.Name)+" dealt", s)
	p.Y.Label.Text = "win rate of the seat (%)"
	bins := poolFeature(f.Values, s.Manifest.Confidence)
	vals := make(plotter.Values, len(bins))
	labels := make([]string, len(bins))
	eb := errorBars{XYs: make(plotter.XYs, len(bins)), YErrors: make(plotter.YErrors, len(bins))}
	for i, b := range bins {
		vals[i], labels[i] = 100*b.rate, fmt.Sprintf("%s\n%d", b.label, b.games)
		eb.XYs[i] = plotter.XY{X: float64(i), Y: 100 * b.rate}
		eb.YErrors[i] = struct{ Low, High float64 }{100 * (b.rate - b.lo), 100 * (b.hi - b.rate)}
	}
	addIntervalKey(p, s.Manifest.Confidence)
	c, err := barChart(p, vals, labels, eb, "feature_"+f.Name, words(f.Name)+" dealt to the seat (below each value: seats)")
	if err != nil || len(bins) == 0 {
		return c, err
	}
	if len(s.Seats) > 1 {
		fair, name := fairShare(s)
		addRefLine(p, 100*fair, false, name) // over the bars
	}
	return c, nil
}

// featureBin is one bar of a feature chart: a value, or values pooled.
type featureBin struct {
	label        string
	games        int64
	rate, lo, hi float64
}

// poolFeature pools the values of a feature held by fewer than 1% of the
// seats at either end, each pool growing inwards until it holds 1% of them.
// A pool's interval is the Wilson interval, at level confidence, of its
// wins in its seats (undecided games counted both ways), as the rates of
// sparse values are.
func poolFeature(vs []sim.FeatureValue, confidence float64) []featureBin {
	var total int64
	for _, v := range vs {
		total += v.Games
	}
	sparse := func(v sim.FeatureValue) bool { return v.Games*100 < total }
	pool := func(group []sim.FeatureValue, label string) featureBin {
		b := featureBin{label: label}
		var wins, undecided int64
		for _, v := range group {
			b.games += v.Games
			wins += v.Win.Count
			undecided += v.Win.Undecided
		}
		b.rate = float64(wins) / float64(b.games)
		b.lo, _ = stat.Wilson(wins, b.games, confidence)
		_, b.hi = stat.Wilson(wins+undecided, b.games, confidence)
		return b
	}
	i, j := 0, len(vs)-1
	var out, high []featureBin
	if len(vs) > 0 && sparse(vs[0]) {
		var n int64
		for i < len(vs) && n*100 < total {
			n += vs[i].Games
			i++
		}
		out = append(out, pool(vs[:i], fmt.Sprintf("≤%d", vs[i-1].Value)))
	}
	if j >= i && sparse(vs[j]) {
		var n int64
		k := j
		for k >= i && n*100 < total {
			n += vs[k].Games
			k--
		}
		high = append(high, pool(vs[k+1:j+1], fmt.Sprintf("≥%d", vs[k+1].Value)))
		j = k
	}
	for _, v := range vs[i : j+1] {
		out = append(out, featureBin{label: fmt.Sprint(v.Value), games: v.Games, rate: v.Win.Rate, lo: v.Win.CILow, hi: v.Win.CIHigh})
	}
	return append(out, high...)
}

func barChart(p *plot.Plot, vals plotter.Values, labels []string, eb errorBars, name, xlabel string) (Chart, error) {
	if len(vals) == 0 {
		vals, labels = plotter.Values{0}, []string{"none"}
		eb = errorBars{XYs: plotter.XYs{{}}, YErrors: plotter.YErrors{{}}}
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(20))
	if err != nil {
		return Chart{}, err
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	ebars, err := plotter.NewYErrorBars(eb)
	if err != nil {
		return Chart{}, err
	}
	ebars.LineStyle.Color = intervalColor
	ebars.LineStyle.Width = vg.Points(1.5)
	p.Add(plotter.NewGrid(), bars, ebars)
	p.NominalX(labels...)
	p.X.Label.Text = xlabel
	return Chart{Name: name, Plot: p}, nil
}

// StudyCharts draws a study's charts: for a comparison, the mean score and
// win rate of each strategy with intervals, and each deal feature's win rate
// against its value; for a sweep, its line charts.
func StudyCharts(st *Study) ([]Chart, error) {
	if st.Sweep != nil {
		return SweepCharts(st.Sweep, st.Game)
	}
	var out []Chart
	s := st.Summary
	ents := entries(s)
	anyWin := false
	for _, e := range ents {
		anyWin = anyWin || e.win.Count > 0 || e.win.Undecided > 0
	}
	if len(ents) > 1 {
		figs := []string{"score"}
		if anyWin {
			figs = append(figs, "win")
		}
		for _, fig := range figs {
			c, err := entryChart(st, fig)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	} else {
		c, err := scoreChart(s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	for _, f := range s.Features {
		if len(f.Values) < 2 {
			continue // one value dealt to every seat: nothing to compare
		}
		c, err := featureChart(st, f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
