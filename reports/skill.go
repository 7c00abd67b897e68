package reports

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// The figures of a skill study.
const (
	SkillScore         = "score"           // mean score at the budget (solitaires)
	SkillWin           = "win"             // win rate at the budget (solitaires)
	SkillScoreGain     = "score_gain"      // paired mean score gain over the previous budget (solitaires)
	SkillWinVsPrevious = "win_vs_previous" // win rate against the previous budget, seats rotated
	SkillWinVsRandom   = "win_vs_random"   // win rate of the first budget against random, seats rotated
	SkillDraw          = "draw"            // draw rate of the games behind the win rate before it (several players)
)

// SkillRow is one figure of a skill study at one budget, with its interval.
type SkillRow struct {
	Budget int     `json:"budget"`
	Figure string  `json:"figure"`
	Value  float64 `json:"value"`
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
}

// Skill is a skill-depth study: how a search strategy's play improves with
// its budget, every budget on the same deals.
type Skill struct {
	Game  string `json:"game"`
	Title string `json:"title,omitempty"` // the game's name in prose, for charts
	// Rules lists the rules changed from their defaults, "key=value"
	// separated by spaces; empty for the rules as written.
	Rules      string     `json:"rules,omitempty"`
	Seats      int        `json:"seats"` // in a game of several, even play wins 1/Seats of the games
	Strategy   string     `json:"strategy"`
	Params     []string   `json:"params,omitempty"` // besides the budget
	Seed       uint64     `json:"seed"`
	Games      int64      `json:"games"` // deals per budget (or per pair of budgets)
	Confidence float64    `json:"confidence"`
	Rows       []SkillRow `json:"rows"`
}

// WriteSkillCSV writes the rows of sk as CSV: budget, figure, value, ci_low,
// ci_high.
func WriteSkillCSV(w io.Writer, sk *Skill) error {
	c := newCSVWriter(w)
	c.Write([]string{"budget", "figure", "value", "ci_low", "ci_high"})
	for _, r := range sk.Rows {
		c.Write([]string{strconv.Itoa(r.Budget), r.Figure, ftoa(r.Value), ftoa(r.CILow), ftoa(r.CIHigh)})
	}
	c.Flush()
	return c.Error()
}

// WriteSkillTable writes the rows of sk for a terminal, one per budget and
// figure, after a title (and, for a game of several players, the win rate of
// even play).
func WriteSkillTable(w io.Writer, sk *Skill) error {
	rules := ""
	if sk.Rules != "" {
		rules = "rules " + sk.Rules + ", "
	}
	fmt.Fprintf(w, "%s, %s%s by budget, %d deals each, seed %d, %g%% intervals\n",
		sk.Game, rules, sk.Strategy, sk.Games, sk.Seed, sk.Confidence*100)
	if sk.Seats > 1 {
		fmt.Fprintf(w, "win rates per seat and game, seats rotated: even play wins %.4f\n", 1/float64(sk.Seats))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "budget\tfigure\tvalue\tinterval")
	for _, r := range sk.Rows {
		fmt.Fprintf(tw, "%d\t%s\t%.4f\t%.4f … %.4f\n", r.Budget, r.Figure, r.Value, r.CILow, r.CIHigh)
	}
	return tw.Flush()
}

// skillTitles names the charted figures.
var skillTitles = map[string]string{
	SkillScore:         "mean score",
	SkillWin:           "win rate",
	SkillWinVsPrevious: "win rate vs the previous budget",
}

// SkillCharts returns a line chart with an interval band, against the
// budget on a log scale, of each figure of sk that has a point: the mean
// score and the win rate for a solitaire, the win rate against the previous
// budget for a game of several players.
func SkillCharts(sk *Skill) ([]Chart, error) {
	var out []Chart
	for _, fig := range []string{SkillScore, SkillWin, SkillWinVsPrevious} {
		var mid, lo, hi plotter.XYs
		unit, label := 1.0, skillTitles[fig]
		if fig != SkillScore { // a rate, charted in %
			unit, label = 100, label+" (%)"
		}
		for _, r := range sk.Rows {
			if r.Figure == fig {
				x := float64(r.Budget)
				mid = append(mid, plotter.XY{X: x, Y: unit * r.Value})
				lo = append(lo, plotter.XY{X: x, Y: unit * r.CILow})
				hi = append(hi, plotter.XY{X: x, Y: unit * r.CIHigh})
			}
		}
		if len(mid) == 0 {
			continue
		}
		p := plot.New()
		game := sk.Game
		if sk.Title != "" {
			game = sk.Title
		}
		if sk.Rules != "" {
			game += " (rules " + sk.Rules + ")"
		}
		p.Title.Text = fmt.Sprintf("%s: %s of %s by budget — %d deals each, seed %d", game, skillTitles[fig], sk.Strategy, sk.Games, sk.Seed)
		p.X.Label.Text = "budget (log scale)"
		p.Y.Label.Text = label
		p.X.Scale = plot.LogScale{}
		var ticks plot.ConstantTicks
		for _, xy := range mid {
			ticks = append(ticks, plot.Tick{Value: xy.X, Label: strconv.FormatFloat(xy.X, 'g', -1, 64)})
		}
		p.X.Tick.Marker = ticks
		band := append(append(plotter.XYs{}, lo...), reversed(hi)...)
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, err
		}
		r, g, b, _ := barColor.RGBA()
		poly.Color = fade(r, g, b)
		poly.LineStyle.Width = 0
		line, points, err := plotter.NewLinePoints(mid)
		if err != nil {
			return nil, err
		}
		line.Color, points.Color = barColor, barColor
		points.Shape = draw.CircleGlyph{}
		p.Add(plotter.NewGrid(), poly, line, points)
		p.Legend.Add(fmt.Sprintf("%g%% interval (band)", sk.Confidence*100), poly)
		if fig == SkillWinVsPrevious && sk.Seats > 1 {
			addRefLine(p, 100/float64(sk.Seats), false, fmt.Sprintf("even play (1/%d)", sk.Seats))
		}
		if len(mid) == 1 {
			// A lone budget: widen the log axis around it.
			p.X.Min, p.X.Max = mid[0].X/2, mid[0].X*2
		}
		out = append(out, Chart{Name: "skill_" + fig, Plot: p, lines: true})
	}
	return out, nil
}

// WriteSkillDir writes sk into dir: skill.csv and each chart as SVG, PNG
// and PDF, all rendered first and each written atomically. It returns the
// names written.
func WriteSkillDir(dir string, sk *Skill) ([]string, error) {
	var out outputs
	var b bytes.Buffer
	if err := WriteSkillCSV(&b, sk); err != nil {
		return nil, err
	}
	out.put("skill.csv", b.Bytes())
	charts, err := SkillCharts(sk)
	if err != nil {
		return nil, err
	}
	if err := out.charts("chart_", charts); err != nil {
		return nil, err
	}
	return out.write(dir)
}
