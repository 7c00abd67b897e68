package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/cardsim/cardsim/sim"
)

// Tune is a race of rule variants toward a target (cardsim tune): every
// candidate's figure over the deals it played, where it stands (leading,
// tied, unresolved, dropped), its gap from the leader with the paired
// interval of that gap, and what the race cost against a sweep of every
// candidate.
type Tune struct {
	Game      string            `json:"game"`
	GameTitle string            `json:"game_title"`
	Rules     []string          `json:"rules,omitempty"` // the rules every candidate shares
	Strategy  string            `json:"strategy"`
	Figure    sim.VariantFigure `json:"figure"`
	// Goal is "highest", "lowest" or "nearest" (Target).
	Goal   string  `json:"goal"`
	Target float64 `json:"target,omitempty"`
	// Keys are the rules the candidates vary, in order.
	Keys       []string        `json:"keys"`
	Candidates []TuneCandidate `json:"candidates"`
	Leader     int             `json:"leader"`
	// Outcome is "decided" (one candidate left), "equivalent" (those left
	// all within the margin of the leader: ties) or "out of budget".
	Outcome string `json:"outcome"`
	// Looks are the deals at each look of the race, Deals those played
	// by the candidates left, Plays the games played in all (each
	// candidate's deals, summed), and Sweep the games a sweep of every
	// candidate at the budget would have played.
	Looks      []int64 `json:"looks"`
	Budget     int64   `json:"budget"` // the most deals a candidate could play
	Deals      int64   `json:"deals"`
	Plays      int64   `json:"plays"`
	Sweep      int64   `json:"sweep_plays"`
	Confidence float64 `json:"confidence"` // that the best candidate is not dropped
	// Statements is the number of intervals the error rate 1 − Confidence
	// was split over, Nominal the confidence of each at the last look.
	Statements int     `json:"statements"`
	Nominal    float64 `json:"nominal_confidence"`
	Seed       uint64  `json:"seed"`
	Best       int     `json:"best"` // how many of the best the sentence names
	Sentence   string  `json:"sentence"`
	// WallSeconds is the race's wall time, resumed runs included.
	WallSeconds float64 `json:"wall_seconds"`
}

// TuneCandidate is one candidate of a tune: its rule values, and its
// standing when the race ended.
type TuneCandidate struct {
	Label  string            `json:"label"`
	Values map[string]string `json:"values"`
	Status string            `json:"status"` // leading, tied, unresolved or dropped
	Deals  int64             `json:"deals"`  // deals played: all of the race's, or those before its drop
	Mean   float64           `json:"mean"`
	CILow  float64           `json:"ci_low"`
	CIHigh float64           `json:"ci_high"`
	// Gap is how much worse than the leader it is, when last judged:
	// positive for worse, 0 for the leader; with the interval of the
	// paired difference from the leader (of distances from the target,
	// for nearest).
	Gap     float64 `json:"gap"`
	GapLow  float64 `json:"gap_ci_low"`
	GapHigh float64 `json:"gap_ci_high"`
}

// Ranked returns the candidates' indices best first: the leader, then
// those left by their gap, then those dropped, the latest dropped first.
func (t *Tune) Ranked() []int {
	idx := make([]int, len(t.Candidates))
	for i := range idx {
		idx[i] = i
	}
	rank := func(i int) int {
		switch c := &t.Candidates[i]; {
		case i == t.Leader:
			return 0
		case c.Status != "dropped":
			return 1
		}
		return 2
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ra, rb := rank(a), rank(b)
		if ra != rb {
			return ra - rb
		}
		ca, cb := &t.Candidates[a], &t.Candidates[b]
		if ra == 2 && ca.Deals != cb.Deals {
			return int(cb.Deals - ca.Deals)
		}
		switch {
		case ca.Gap < cb.Gap:
			return -1
		case ca.Gap > cb.Gap:
			return 1
		}
		return 0
	})
	return idx
}

// goalWords says what the race looks for: "the highest win rate", "the
// mean score nearest 300.00".
func (t *Tune) goalWords() string {
	what := figureWhat(&t.Figure)
	switch t.Goal {
	case "lowest":
		return "the lowest " + what
	case "nearest":
		return "the " + what + " nearest " + t.targetText()
	}
	return "the highest " + what
}

// targetText writes the target of a race to the nearest value: a rate in
// %, any other figure as given.
func (t *Tune) targetText() string {
	if t.Figure.Rate {
		return pct(t.Target)
	}
	return strconv.FormatFloat(t.Target, 'g', -1, 64)
}

// gapWords names a gap from the leader: "lower by", "farther from the
// target by".
func (t *Tune) gapWords() string {
	switch t.Goal {
	case "lowest":
		return "higher by"
	case "nearest":
		return "farther from the target by"
	}
	return "lower by"
}

// TuneSentence says in a few sentences what a tune found: the leader and
// its figure, how it stands against the next best with the paired
// interval of their gap (decided, tied within the margin, or not told
// apart within the budget), and the games the race played against those
// a sweep of every candidate would have.
func TuneSentence(t *Tune) string {
	if len(t.Candidates) == 0 {
		return "No candidate was played."
	}
	f := &t.Figure
	rank := t.Ranked()
	l := &t.Candidates[t.Leader]
	var b strings.Builder
	fmt.Fprintf(&b, "%s has %s for %s: %s (%s to %s) over %s deals. ", l.Label, t.goalWords(), t.Strategy, figureValue(f, l.Mean),
		figureValue(f, l.CILow), figureValue(f, l.CIHigh), grouped(l.Deals))
	gapRange := func(c *TuneCandidate) string {
		return fmt.Sprintf("%s (%s to %s)", figureSize(f, c.Gap), figureBound(f, c.GapLow), figureBound(f, c.GapHigh))
	}
	switch t.Outcome {
	case "decided":
		fmt.Fprintf(&b, "Every other candidate was dropped, decided worse (at %s confidence that the best was kept)", levelText(t.Confidence))
		if len(rank) > 1 {
			r := &t.Candidates[rank[1]]
			fmt.Fprintf(&b, "; the last dropped, %s, was %s %s after %s deals", r.Label, t.gapWords(), gapRange(r), grouped(r.Deals))
		}
		b.WriteString(". ")
	case "equivalent":
		var tied []string
		for _, i := range rank {
			if t.Candidates[i].Status == "tied" {
				tied = append(tied, t.Candidates[i].Label)
			}
		}
		fmt.Fprintf(&b, "It ties with %s: each within ±%s of it, paired on the same deals, so none of them is better by more than the margin. ", strings.Join(tied, ", "), figureSize(f, f.Margin))
	default:
		var open []string
		for _, i := range rank {
			if c := &t.Candidates[i]; i != t.Leader && c.Status != "dropped" {
				open = append(open, fmt.Sprintf("%s (%s %s)", c.Label, t.gapWords(), gapRange(c)))
			}
		}
		fmt.Fprintf(&b, "It leads, but the budget of %s deals ran out before %s could be told apart from it: not decided. ", grouped(t.Deals), strings.Join(open, "; "))
	}
	fmt.Fprintf(&b, "The race played %s games where a sweep of the %d candidates at the budget of %s deals each would play %s.", grouped(t.Plays), len(t.Candidates), grouped(t.Budget), grouped(t.Sweep))
	return b.String()
}

// WriteTuneTable writes a tune for a terminal: the candidates best first
// with their figures, standings and gaps from the leader, then the
// sentence.
func WriteTuneTable(w io.Writer, t *Tune) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s, seed %d, %s: %s; race of %d candidates, at most %s deals each\n", t.GameTitle, t.Seed, t.Strategy, t.goalWords(), len(t.Candidates), grouped(t.Budget))
	fmt.Fprintf(tw, "rank\tcandidate\tstanding\tdeals\t%s\tinterval\tgap from the leader\tpaired interval\n", figureWhat(&t.Figure))
	for r, i := range t.Ranked() {
		c := &t.Candidates[i]
		gap := "—"
		iv := ""
		if i != t.Leader {
			gap = figureDiff(&t.Figure, c.Gap)
			iv = figureBound(&t.Figure, c.GapLow) + " … " + figureBound(&t.Figure, c.GapHigh)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s … %s\t%s\t%s\n", r+1, c.Label, c.Status, grouped(c.Deals), figureValue(&t.Figure, c.Mean),
			figureValue(&t.Figure, c.CILow), figureValue(&t.Figure, c.CIHigh), gap, iv)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "(each interval the one a candidate was last judged by: %s for the race as a whole, its error split over %d intervals)\n\n%s\n",
		levelText(t.Confidence), t.Statements, t.Sentence)
	return err
}

// WriteTuneCSV writes a row per candidate, best first: its rule values
// (each rule a column), standing, deals, figure with interval, and gap
// from the leader with its paired interval.
func WriteTuneCSV(w io.Writer, t *Tune) error {
	c := newCSVWriter(w)
	var head []string
	for _, k := range t.Keys {
		head = append(head, snake(k))
	}
	head = append(head, "rank", "candidate", "status", "figure", "goal", "target", "deals", "mean", "ci_low", "ci_high", "gap", "gap_ci_low", "gap_ci_high")
	c.Write(head)
	for r, i := range t.Ranked() {
		cd := &t.Candidates[i]
		var row []string
		for _, k := range t.Keys {
			row = append(row, cd.Values[k])
		}
		target := ""
		if t.Goal == "nearest" {
			target = ftoa(t.Target)
		}
		row = append(row, itoa(int64(r+1)), cd.Label, cd.Status, t.Figure.Name, t.Goal, target, itoa(cd.Deals),
			ftoa(cd.Mean), ftoa(cd.CILow), ftoa(cd.CIHigh), ftoa(cd.Gap), ftoa(cd.GapLow), ftoa(cd.GapHigh))
		c.Write(row)
	}
	c.Flush()
	return c.Error()
}

// TuneChart draws every candidate's figure with its interval, in the
// order the candidates were given (a rule's values in order), those still
// in the race when it ended in colour and those dropped in grey, rates in
// %, with the target as a reference line for a race to the nearest value.
// Each interval is the one the candidate was last judged by: a repeated
// interval of the race's plan, at the race's error rate split over its
// intervals.
func TuneChart(t *Tune) (Chart, error) {
	f := &t.Figure
	scale := 1.0
	if f.Rate {
		scale = 100
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s\n%s · race of %d candidates · seed %d", t.GameTitle, t.goalWords(), t.Strategy, len(t.Candidates), t.Seed)
	label := f.Description
	if f.Rate {
		label += " (%)"
	}
	p.Y.Label.Text = label
	n := len(t.Candidates)
	kept, dropped := make(plotter.Values, n), make(plotter.Values, n)
	labels := make([]string, n)
	eb := errorBars{XYs: make(plotter.XYs, n), YErrors: make(plotter.YErrors, n)}
	for i := range t.Candidates {
		c := &t.Candidates[i]
		v, lo, hi := c.Mean*scale, c.CILow*scale, c.CIHigh*scale
		if math.Abs(lo) > 1e300 || math.Abs(hi) > 1e300 {
			lo, hi = v, v // never judged: no interval to draw
		}
		if c.Status == "dropped" {
			dropped[i] = v
		} else {
			kept[i] = v
		}
		var vals []string
		for _, k := range t.Keys {
			if x, ok := c.Values[k]; ok {
				vals = append(vals, x)
			}
		}
		labels[i] = strings.Join(vals, ", ")
		eb.XYs[i] = plotter.XY{X: float64(i), Y: v}
		eb.YErrors[i] = struct{ Low, High float64 }{v - lo, hi - v}
	}
	width := vg.Points(math.Max(4, math.Min(20, 300/float64(n))))
	var bars []plot.Plotter
	for _, s := range []struct {
		vals plotter.Values
		col  color.Color
		name string
	}{{kept, barColor, "in the race at its end"}, {dropped, droppedColor, "dropped"}} {
		b, err := plotter.NewBarChart(s.vals, width)
		if err != nil {
			return Chart{}, err
		}
		b.Color, b.LineStyle.Width = s.col, 0
		bars = append(bars, b)
		p.Legend.Add(s.name, b)
	}
	ebars, err := plotter.NewYErrorBars(eb)
	if err != nil {
		return Chart{}, err
	}
	ebars.LineStyle.Color, ebars.LineStyle.Width = intervalColor, vg.Points(1.5)
	p.Add(plotter.NewGrid())
	p.Add(bars...)
	p.Add(ebars)
	p.Legend.Add("interval ("+levelText(t.Confidence)+" for the race)", intervalKey{})
	p.NominalX(labels...)
	p.X.Label.Text = strings.Join(t.Keys, ", ")
	if t.Goal == "nearest" {
		addRefLine(p, t.Target*scale, false, "target "+t.targetText())
	}
	return Chart{Name: "tune", Plot: p}, nil
}

// droppedColor fills the bars of candidates a race dropped.
var droppedColor = color.RGBA{R: 190, G: 190, B: 190, A: 255}

// WriteTuneDir writes a tune into dir: tune.json, tune.csv and its chart
// as SVG, PNG and PDF, each file atomically.
func WriteTuneDir(dir string, t *Tune) ([]string, error) {
	var out outputs
	js, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return nil, err
	}
	out.put("tune.json", append(js, '\n'))
	var b bytes.Buffer
	if err := WriteTuneCSV(&b, t); err != nil {
		return nil, err
	}
	out.put("tune.csv", b.Bytes())
	c, err := TuneChart(t)
	if err != nil {
		return nil, err
	}
	if err := out.charts("chart_", []Chart{c}); err != nil {
		return nil, err
	}
	return out.write(dir)
}
