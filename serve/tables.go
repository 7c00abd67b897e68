package serve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// table is a result's table as the page draws it: an HTML table whose
// numeric columns are aligned right and sort as numbers.
type table struct {
	Caption string     `json:"caption"`
	Head    []string   `json:"head"`
	Num     []bool     `json:"num"` // per column: numbers
	Rows    [][]string `json:"rows"`
}

// row adds a row of cells.
func (t *table) row(cells ...string) { t.Rows = append(t.Rows, cells) }

// arm is an arm's headline figure: a strategy's mean score (at a point of
// a sweep), with its interval and the deals it rests on.
type arm struct {
	Name   string  `json:"name"`
	Figure string  `json:"figure"`
	Value  float64 `json:"value"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	Deals  int64   `json:"deals"`
}

// Text writes the arm's figure as the runs list shows it.
func (a arm) Text() string {
	return fmt.Sprintf("%s: %s %s (%s to %s)", a.Name, a.Figure, f3(a.Value), f3(a.Low), f3(a.High))
}

// glance is one of a report's answers at a glance.
type glance struct {
	Game     string `json:"game"`
	Question string `json:"question"`
	Verdict  string `json:"verdict"`
	Sentence string `json:"sentence"`
}

// figures are what a run's page shows of its result.
type figures struct {
	answers []string
	tables  []table
	arms    []arm
	glance  []glance
}

// readFigures reads the figures of a result: a run's or comparison's, a
// sweep's, or a report's answers.
func readFigures(res *experiment.Result) figures {
	var f figures
	if res == nil {
		return f
	}
	st := &reports.Study{Game: res.Spec.Game}
	var verdicts []string // a comparison of variants' sentences, first
	switch {
	case res.Summary != nil:
		st.Summary = res.Summary
		f.tables = summaryTables(res.Summary)
		names := armNames(res.Summary)
		for i, e := range res.Summary.Entries {
			f.arms = append(f.arms, arm{Name: names[i], Figure: "mean score", Value: e.Score.Mean, Low: e.Score.CILow, High: e.Score.CIHigh, Deals: res.Summary.Manifest.Games})
		}
		if vs := res.Summary.Variants; vs != nil {
			// The variants' differences from the baseline come first: they
			// are what was asked. The baseline's own figures follow.
			for i := range f.tables {
				f.tables[i].Caption += ", under the baseline (" + vs.Baseline + ")"
			}
			f.tables = append([]table{variantsTable(res.Summary)}, f.tables...)
			for i := range f.arms {
				f.arms[i].Name = vs.Baseline + ": " + f.arms[i].Name
			}
			for _, va := range vs.Arms {
				names := armNames(&va.Summary)
				for i, e := range va.Summary.Entries {
					f.arms = append(f.arms, arm{Name: va.Name + ": " + names[i], Figure: "mean score", Value: e.Score.Mean, Low: e.Score.CILow, High: e.Score.CIHigh,
						Deals: va.Summary.Manifest.Games})
				}
			}
			for _, va := range vs.Arms {
				for _, d := range va.Differences {
					verdicts = append(verdicts, d.Verdict)
				}
			}
		}
	case res.Sweep != nil:
		st.Sweep = res.Sweep
		f.tables = []table{sweepTable(res.Sweep)}
		for _, p := range res.Sweep.Points {
			names := armNames(&p.Summary)
			for i, e := range p.Summary.Entries {
				f.arms = append(f.arms, arm{Name: pointName(res.Sweep.Keys, p.Values) + ": " + names[i], Figure: "mean score",
					Value: e.Score.Mean, Low: e.Score.CILow, High: e.Score.CIHigh, Deals: p.Summary.Manifest.Games})
			}
		}
	case res.Report != nil:
		t := table{Caption: "The designers' questions, answered", Head: []string{"game", "question", "verdict", "answer"}, Num: make([]bool, 4)}
		for _, s := range res.Report.Studies {
			for _, a := range s.Glance {
				f.glance = append(f.glance, glance{Game: a.Game, Question: a.Question, Verdict: a.Verdict, Sentence: a.Sentence})
				t.row(a.Game, a.Question, a.Verdict, a.Sentence)
			}
		}
		f.tables = []table{t}
		return f
	default:
		return f
	}
	f.answers = append(verdicts, reports.Answers(st)...)
	return f
}

// armNames names the entries of a summary by their strategies, numbered
// where a strategy is entered twice (as the command's table does).
func armNames(s *sim.Summary) []string {
	names := make([]string, len(s.Entries))
	for i, e := range s.Entries {
		names[i] = e.Strategy.Name
		for j, f := range s.Entries {
			if j != i && f.Strategy.Name == e.Strategy.Name {
				names[i] = fmt.Sprintf("%s#%d", e.Strategy.Name, i+1)
				break
			}
		}
	}
	return names
}

// pointName names a sweep's point by its swept values, such as
// "insure=2 revive=4".
func pointName(keys []string, values map[string]string) string {
	s := ""
	for i, k := range keys {
		if i > 0 {
			s += " "
		}
		s += k + "=" + values[k]
	}
	return s
}

// The numbers of the tables, written as the command's table writes them.
func f3(x float64) string  { return strconv.FormatFloat(x, 'f', 3, 64) }
func f4(x float64) string  { return strconv.FormatFloat(x, 'f', 4, 64) }
func f5(x float64) string  { return strconv.FormatFloat(x, 'f', 5, 64) }
func sf3(x float64) string { return fmt.Sprintf("%+.3f", x) }
func sf5(x float64) string { return fmt.Sprintf("%+.5f", x) }
func itoa(n int64) string  { return strconv.FormatInt(n, 10) }

// summaryTables returns the tables of a run or a comparison: its figures
// with their intervals, each metric by strategy, and the win rate by what
// was dealt. They hold what the command's table holds, a number a cell.
func summaryTables(s *sim.Summary) []table {
	m := &s.Manifest
	pct := strconv.FormatFloat(m.Confidence*100, 'g', -1, 64) + "%"
	main := table{Caption: fmt.Sprintf("%s, %d deals, seed %d", m.Game, m.Games, m.Seed),
		Head: []string{"strategy", "figure", "value", pct + " low", pct + " high"}, Num: []bool{false, false, true, true, true}}
	names := armNames(s)
	for i, e := range s.Entries {
		n := names[i]
		main.row(n, "mean score", f3(e.Score.Mean), f3(e.Score.CILow), f3(e.Score.CIHigh))
		main.row(n, "score sd", f3(e.Score.SD), "", "")
		main.row(n, "lowest score", itoa(int64(e.Score.Min)), "", "")
		main.row(n, "median score", strconv.FormatFloat(e.Score.Quantiles["p50"], 'g', -1, 64), "", "")
		main.row(n, "highest score", itoa(int64(e.Score.Max)), "", "")
		main.row(n, "win rate", f5(e.Win.Rate), f5(e.Win.CILow), f5(e.Win.CIHigh))
		if sv := e.Solver; sv != nil {
			main.row(n, "undecided by the solver (win interval counts them both ways)", itoa(sv.Undecided), "", "")
			if b := sv.Best; b != nil {
				main.row(n, "best score the deals allow (mean): "+reports.BestText(b, "%.3f"), f3(b.AtLeast), f3(b.CILow), f3(b.CIHigh))
			}
		} else if e.Win.Undecided > 0 {
			main.row(n, "undecided by the solver (win interval counts them both ways)", itoa(e.Win.Undecided), "", "")
		}
		if e.Draw.Count > 0 {
			main.row(n, "draw rate", f5(e.Draw.Rate), f5(e.Draw.CILow), f5(e.Draw.CIHigh))
		}
	}
	for _, c := range s.Comparisons {
		main.row(c.Label, "score difference (paired)", sf3(c.ScoreDiff), sf3(c.CILow), sf3(c.CIHigh))
		main.row(c.Label, "score difference, if unpaired", "", sf3(c.UnpairedLow), sf3(c.UnpairedHigh))
		main.row(c.Label, "win rate difference", sf5(c.WinDiff), sf5(c.WinDiffCILow), sf5(c.WinDiffCIHigh))
	}
	for _, seat := range s.Seats {
		n := "seat " + strconv.Itoa(seat.Seat)
		main.row(n, "mean score", f3(seat.Score.Mean), f3(seat.Score.CILow), f3(seat.Score.CIHigh))
		main.row(n, "win rate", f5(seat.Win.Rate), f5(seat.Win.CILow), f5(seat.Win.CIHigh))
	}
	if fp := s.FirstPlayer; fp != nil {
		main.row("first player", "win rate", f5(fp.WinRate.Rate), f5(fp.WinRate.CILow), f5(fp.WinRate.CIHigh))
		main.row("first player", "fair share (games not drawn / seats)", f5(fp.FairShare), "", "")
		main.row("first player", "edge over the fair share", sf5(fp.Edge), sf5(fp.CILow), sf5(fp.CIHigh))
	}
	if b := s.Balance; b != nil {
		main.row("every seat", "balance (1 − largest seat gap)", f5(b.Balance), "", "")
		main.row("every seat", "draw rate", f5(b.DrawRate), "", "")
		main.row("every seat", "completion (ended by the rules)", f5(b.Completion), "", "")
		if d := b.Duration; d != nil {
			main.row("every seat", "duration (turns)", strconv.FormatFloat(d.Mean, 'f', 2, 64),
				strconv.FormatFloat(d.CILow, 'f', 2, 64), strconv.FormatFloat(d.CIHigh, 'f', 2, 64))
		}
	}
	out := []table{main}
	if len(s.MetricOrder) > 0 {
		mt := table{Caption: "Metrics, per game", Head: []string{"metric"}, Num: []bool{false}}
		for _, n := range names {
			mt.Head = append(mt.Head, n, pct+" low", pct+" high")
			mt.Num = append(mt.Num, true, true, true)
		}
		for _, name := range s.MetricOrder {
			cells := []string{name}
			for _, e := range s.Entries {
				ms := e.Metrics[name]
				cells = append(cells, f4(ms.Mean), f4(ms.CILow), f4(ms.CIHigh))
			}
			mt.row(cells...)
		}
		out = append(out, mt)
	}
	feats := table{Caption: "Win rate by what was dealt", Head: []string{"dealt", "value", "seats", "win rate", pct + " low", pct + " high"},
		Num: []bool{false, true, true, true, true, true}}
	for _, f := range s.Features {
		for _, v := range f.Values {
			feats.row(f.Name, itoa(int64(v.Value)), itoa(v.Games), f5(v.Win.Rate), f5(v.Win.CILow), f5(v.Win.CIHigh))
		}
	}
	for _, f := range s.RoundFeatures {
		for _, v := range f.Values {
			feats.row(f.Name+" (in a round, won alone)", itoa(int64(v.Value)), itoa(v.Games), f5(v.Win.Rate), f5(v.Win.CILow), f5(v.Win.CIHigh))
		}
	}
	if len(feats.Rows) > 0 {
		out = append(out, feats)
	}
	return out
}

// variantsTable returns the differences of a comparison of rule variants
// from its baseline: a row per variant, strategy and figure, with the
// figure under both, the difference, its interval, whether it is paired
// deal by deal, and the verdict.
func variantsTable(s *sim.Summary) table {
	vs := s.Variants
	pct := strconv.FormatFloat(s.Manifest.Confidence*100, 'g', -1, 64) + "%"
	t := table{Caption: "Each variant against the baseline (" + vs.Baseline + "), on the same deals",
		Head: []string{"variant", "changes", "strategy", "figure", "baseline", "variant's", "difference", pct + " low", pct + " high", "deals", "paired", "verdict"},
		Num:  []bool{false, false, false, false, true, true, true, true, true, true, false, false}}
	desc, rate := map[string]string{}, map[string]bool{}
	for _, f := range vs.Figures {
		desc[f.Name], rate[f.Name] = f.Description, f.Rate
	}
	for _, va := range vs.Arms {
		changes := ruleText(va.Changes)
		for _, d := range va.Differences {
			paired := "yes"
			if !d.Paired {
				paired = "no: the variant deals other cards"
			}
			figure := desc[d.Figure]
			if figure == "" {
				figure = d.Figure
			}
			n, sn := f3, sf3
			if rate[d.Figure] {
				n, sn = f5, sf5
			}
			t.row(va.Name, changes, d.Strategy, figure, n(d.Baseline), n(d.Value), sn(d.Diff), sn(d.CILow), sn(d.CIHigh), itoa(d.Deals), paired, d.Outcome)
		}
	}
	return t
}

// ruleText writes a variant's rule changes as key=value, sorted by key.
func ruleText(changes map[string]sim.RuleValue) string {
	keys := make([]string, 0, len(changes))
	for k := range changes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + "=" + fmt.Sprint(changes[k])
	}
	return strings.Join(out, " ")
}

// sweepTable returns a sweep's table: a row per point and strategy.
func sweepTable(sw *reports.Sweep) table {
	t := table{Caption: "Every point of the sweep"}
	for _, k := range sw.Keys {
		t.Head = append(t.Head, k)
		t.Num = append(t.Num, false)
	}
	pct := "interval"
	if len(sw.Points) > 0 {
		pct = strconv.FormatFloat(sw.Points[0].Summary.Manifest.Confidence*100, 'g', -1, 64) + "%"
	}
	t.Head = append(t.Head, "strategy", "deals", "mean score", pct+" low", pct+" high", "win rate", pct+" low", pct+" high")
	t.Num = append(t.Num, false, true, true, true, true, true, true, true)
	for _, p := range sw.Points {
		names := armNames(&p.Summary)
		for i, e := range p.Summary.Entries {
			var cells []string
			for _, k := range sw.Keys {
				cells = append(cells, p.Values[k])
			}
			cells = append(cells, names[i], itoa(p.Summary.Manifest.Games), f3(e.Score.Mean), f3(e.Score.CILow), f3(e.Score.CIHigh),
				f5(e.Win.Rate), f5(e.Win.CILow), f5(e.Win.CIHigh))
			t.row(cells...)
		}
	}
	return t
}
