package serve

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// MaxSideBySide is the most runs set side by side.
const MaxSideBySide = 12

// sidePage is what the page of runs set side by side shows: their
// settings and headline figures a column each, whether they are paired,
// their figures overlaid on one axis per game, and their live charts on
// one chart.
type sidePage struct {
	Runs    []runRow
	Paired  bool
	Verdict string
	Forests []forest
	Series  []Series
	Error   string
}

// forest is the figures of several runs on one axis: a row per arm, its
// interval a bar, its value a dot.
type forest struct {
	Game, Figure string
	Rows         []forestRow
	Ticks        []forestTick
	Height       int
}

// forestRow is an arm of a run in a forest, placed in the chart's
// coordinates (a 640-wide view box).
type forestRow struct {
	Label         string
	Run           int // from 1, for its colour
	Y             int
	X, Low, High  float64
	Value, Spread string
}

// forestTick is a tick of a forest's axis.
type forestTick struct {
	X     float64
	Label string
}

// The forest's frame: its plot runs from forestLeft to forestRight.
const (
	forestLeft, forestRight = 20.0, 620.0
	forestRowHeight         = 38
)

func (s *Server) sideBySide(w http.ResponseWriter, r *http.Request) {
	var p sidePage
	ids := r.URL.Query()["run"]
	for _, id := range ids {
		if len(p.Runs) == MaxSideBySide {
			break
		}
		if slices.ContainsFunc(p.Runs, func(x runRow) bool { return x.ID == id }) {
			continue
		}
		if run, err := s.runs.get(id); err == nil {
			p.Runs = append(p.Runs, s.row(s.runs.snapshot(run)))
		}
	}
	if len(p.Runs) < 2 {
		p.Error = "Tick two runs or more in the runs list to set them side by side."
		s.render(w, http.StatusBadRequest, "compare.html", p)
		return
	}
	p.Paired, p.Verdict = paired(p.Runs)
	byGame := map[string]*forest{}
	for i, row := range p.Runs {
		for _, a := range row.Arms {
			f := byGame[row.GameName()]
			if f == nil {
				f = &forest{Game: row.GameName(), Figure: a.Figure}
				byGame[row.GameName()] = f
			}
			f.Rows = append(f.Rows, forestRow{Label: fmt.Sprintf("run %d · %s", i+1, a.Name), Run: i + 1,
				X: a.Value, Low: a.Low, High: a.High, Value: f3(a.Value), Spread: f3(a.Low) + " to " + f3(a.High)})
		}
		for _, sr := range row.Series {
			p.Series = append(p.Series, Series{Name: fmt.Sprintf("run %d · %s", i+1, sr.Name), Points: sr.Points})
		}
	}
	for _, row := range p.Runs {
		if f := byGame[row.GameName()]; f != nil {
			f.place()
			p.Forests = append(p.Forests, *f)
			delete(byGame, row.GameName())
		}
	}
	s.render(w, http.StatusOK, "compare.html", p)
}

// paired reports whether runs share their game, seed and deals, so that
// deal i is dealt alike in each, and says so.
func paired(runs []runRow) (bool, string) {
	var games, seeds, deals []string
	for _, r := range runs {
		games = appendNew(games, r.GameName())
		seeds = appendNew(seeds, strconv.FormatUint(r.Spec.Seed, 10))
		deals = appendNew(deals, grouped(r.Deals))
	}
	if len(games) > 1 {
		return false, "Not paired: the runs play different games (" + strings.Join(games, ", ") + "); set side by side only."
	}
	if len(seeds) == 1 && len(deals) == 1 {
		return true, fmt.Sprintf("Paired: every run has seed %s and %s deals, so deal i is dealt alike in each wherever the rules deal alike, "+
			"and a difference between them is measured on the same deals (cardsim compare gives its paired interval).", seeds[0], deals[0])
	}
	var why []string
	if len(seeds) > 1 {
		why = append(why, "the seeds differ ("+strings.Join(seeds, ", ")+")")
	}
	if len(deals) > 1 {
		why = append(why, "the deals differ ("+strings.Join(deals, ", ")+")")
	}
	return false, "Not paired: " + strings.Join(why, " and ") + ", so the runs are independent samples: compare their intervals, not their deals."
}

// appendNew appends v to list unless it holds it.
func appendNew(list []string, v string) []string {
	if slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}

// place puts the forest's rows and ticks in the chart's coordinates.
func (f *forest) place() {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range f.Rows {
		for _, x := range []float64{r.Low, r.High, r.X} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	if hi-lo < 1e-9 {
		lo, hi = lo-0.5, hi+0.5
	}
	pad := (hi - lo) * 0.05
	lo, hi = lo-pad, hi+pad
	at := func(x float64) float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			x = lo
		}
		return math.Round((forestLeft+(x-lo)/(hi-lo)*(forestRight-forestLeft))*10) / 10
	}
	for i := range f.Rows {
		r := &f.Rows[i]
		r.Y = 16 + i*forestRowHeight
		r.X, r.Low, r.High = at(r.X), at(r.Low), at(r.High)
	}
	step := niceStep((hi - lo) / 5)
	for t := math.Ceil(lo/step) * step; t <= hi; t += step {
		f.Ticks = append(f.Ticks, forestTick{X: at(t), Label: strconv.FormatFloat(t, 'g', 6, 64)})
	}
	f.Height = 16 + len(f.Rows)*forestRowHeight + 24
}

// niceStep returns a step of 1, 2 or 5 times a power of ten near x.
func niceStep(x float64) float64 {
	if x <= 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}
