package reports

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// Study is one designer's question answered by runs: a comparison of
// strategies (with seats, first-player edge and deal features where the game
// has them) or a sweep of a rule.
type Study struct {
	Game     string
	Title    string // the question, in the designer's words
	Summary  *sim.Summary
	Sweep    *Sweep
	Answer   []string // plain sentences, from the numbers
	Charts   []Chart
	Warnings []string
	// Rows, if set, is the study's table (a header, then rows, numbers in
	// full); otherwise the table is made from Summary or Sweep. The page
	// shows it readable (ReadableTable); report.csv has a figure a row,
	// where columns named as FigureColumns are (rules, strategy, metric,
	// statistic, feature, feature_value, value, ci_low, ci_high, n; a
	// column "figure" is the metric) fill those, and any other numeric
	// column is a statistic of its own.
	Rows [][]string
	// Seed and Deals are the run keys of a study with its own table, for
	// report.csv.
	Seed  uint64
	Deals int64
	// Note, if set, replaces the manifest line under the study.
	Note string
	// Quote names metrics whose mean per game the answer quotes, for
	// questions such as "how long is a round?".
	Quote []string
	// Rules are the rule options the study set over the defaults
	// ("key=value"; a swept rule lists its values), for the conditions of
	// its answers.
	Rules []string
	// Glance holds the study's answers at a glance, which open the report
	// in its Answers section and go to answers.json.
	Glance []Answer
}

// Report is a set of studies over every game.
type Report struct {
	Title   string
	Intro   string
	Studies []Study
}

// Answers returns plain sentences that read a study's figures: every
// strategy's score and odds with their intervals and counts, each pair of
// strategies as "A beats B by …" (or that they cannot be told apart), the
// first player's edge in percentage points, the trend of each deal feature
// against the fair share, and the metrics the study quotes; or, for a
// sweep, how the main figures move across each swept rule.
func Answers(st *Study) []string {
	if st.Sweep != nil {
		return sweepAnswers(st.Sweep)
	}
	s := st.Summary
	var out []string
	several := len(s.Seats) > 1
	for _, e := range entries(s) {
		if several && len(s.Entries) == 0 {
			// One strategy in every seat: its wins are shared out by
			// construction; what is left to say is how often games draw.
			d := e.draw
			out = append(out, fmt.Sprintf("%s plays against itself in every seat over %d deals: %s of the games are drawn (%d; %s to %s), and the rest are won by one seat or another.",
				e.name, s.Manifest.Games, pct(d.Rate), d.Count, pct(d.CILow), pct(d.CIHigh)))
			continue
		}
		out = append(out, entrySentence(e, s.Manifest.Games, several))
	}
	for _, c := range s.Comparisons {
		out = append(out, comparisonSentence(c, s.Manifest.Games, several))
	}
	if fp := s.FirstPlayer; fp != nil {
		fair := fp.FairShare
		share := "a fair share of " + pct(fair)
		if d := 1 - fair*float64(len(s.Seats)); d > 0 {
			share += fmt.Sprintf(" (the %s of games not drawn, shared among %d seats)", pct(1-d), len(s.Seats))
		}
		out = append(out, fmt.Sprintf("The player who moves first wins %s of %d games (%s to %s), against %s: %s.",
			pct(fp.WinRate.Rate), fp.WinRate.Games, pct(fp.WinRate.CILow), pct(fp.WinRate.CIHigh), share, EdgeText(fp.Edge, fp.CILow, fp.CIHigh)))
	}
	// A seat's fair share of the games, with draws the games not drawn
	// shared out, as the first player's edge is read.
	fair, why := 1.0, ""
	if several {
		fair, _ = fairShare(s)
		if d := 1 - fair*float64(len(s.Seats)); d > 1e-9 {
			why = fmt.Sprintf(" (the %s of games not drawn, shared among %d seats)", pct(1-d), len(s.Seats))
		}
	}
	for _, f := range s.Features {
		out = append(out, featureSentences(f, f.Usage, "a seat's chance of winning the game", "seat-games", fair, "the fair share", why)...)
	}
	for _, f := range s.RoundFeatures {
		out = append(out, featureSentences(f, "round by round, "+lowerFirst(f.Usage), "a seat's chance of winning that round alone", "seat-rounds", -1, "the average round", "")...)
	}
	for _, name := range st.Quote {
		out = append(out, quoteSentences(s, name)...)
	}
	return out
}

// quoteSentences reads a metric's mean per game for each strategy, once
// when every strategy took part in the same games (seats rotated).
func quoteSentences(s *sim.Summary, name string) []string {
	ents := entries(s)
	same := true
	for _, e := range ents[1:] {
		same = same && e.metrics[name] == ents[0].metrics[name]
	}
	var out []string
	for _, e := range ents {
		m, ok := e.metrics[name]
		if !ok {
			continue
		}
		who := ""
		if len(ents) > 1 && !same {
			who = " with " + e.name
		}
		if u, ok := strings.CutPrefix(m.Usage, "1 if "); ok && m.Min >= 0 && m.Max <= 1 {
			// A yes-or-no count: the share of games, with the Wilson
			// interval of a rate (a mean's interval says nothing at 0).
			lo, hi := stat.Wilson(m.Total, m.N, 0.95)
			out = append(out, fmt.Sprintf("%s%s: %s of games (%d of %d; %s to %s).",
				capitalize(u), who, pct(m.Mean), m.Total, m.N, pct(lo), pct(hi)))
		} else {
			out = append(out, fmt.Sprintf("%s%s: %.2f per game (%.2f to %.2f; sd %.2f, from %d to %d), over %d deals.",
				capitalize(m.Usage), who, m.Mean, m.CILow, m.CIHigh, m.SD, m.Min, m.Max, s.Manifest.Games))
		}
		if same {
			break
		}
	}
	return out
}

// entrySentence reads one strategy's score and odds.
func entrySentence(e entryFigures, deals int64, several bool) string {
	w := e.win
	var odds string
	switch {
	case w.Count == 0 && w.Undecided == 0:
		odds = fmt.Sprintf("never wins in %d games (at most %s at this confidence)", w.Games, pct(w.CIHigh))
	default:
		odds = fmt.Sprintf("wins %s of %d games (%d; %s to %s)", pct(w.Rate), w.Games, w.Count, pct(w.CILow), pct(w.CIHigh))
	}
	if sv := e.solver; sv != nil {
		odds += fmt.Sprintf(", where the solver left %d of %d games undecided (%s), counted as losses for the lower end and as wins for the upper", sv.Undecided, sv.Games, pct(sv.UndecidedShare))
	} else if w.Undecided > 0 {
		odds += fmt.Sprintf(", where the solver left %d games undecided, counted as losses for the lower end and as wins for the upper", w.Undecided)
	}
	if e.draw.Count > 0 {
		odds += fmt.Sprintf(", and draws %s (%d)", pct(e.draw.Rate), e.draw.Count)
	}
	if several {
		odds = strings.Replace(odds, " games", " seat-games", 1)
		return fmt.Sprintf("%s %s, scoring %.1f points a game on average (%.1f to %.1f), over %d deals with the seats rotated.",
			e.name, odds, e.score.Mean, e.score.CILow, e.score.CIHigh, deals)
	}
	out := fmt.Sprintf("%s scores %.1f points on average (%.1f to %.1f) and %s.", e.name, e.score.Mean, e.score.CILow, e.score.CIHigh, odds)
	if b := bestBounds(e); b != nil && b.Exact < b.Games {
		out += fmt.Sprintf(" Its scores are the best the deals allow only where proven: the best mean is at least %.1f and at most %.1f (%.1f to %.1f at this confidence; %d of %d scores proven best).",
			b.AtLeast, b.AtMost, b.CILow, b.CIHigh, b.Exact, b.Games)
	}
	return out
}

// bestBounds returns the bounds a solver proved of the best mean score,
// or nil.
func bestBounds(e entryFigures) *sim.BestBounds {
	if e.solver == nil {
		return nil
	}
	return e.solver.Best
}

// comparisonSentence reads the paired difference of two strategies with
// the better one first: by score in a solitaire, by wins in a game of
// several players.
func comparisonSentence(c sim.Comparison, deals int64, several bool) string {
	a, b, _ := strings.Cut(c.Label, " − ")
	type diff struct {
		d, lo, hi float64
		unit      string
		fmt       func(float64) string
	}
	score := diff{c.ScoreDiff, c.CILow, c.CIHigh, "points a game", func(v float64) string { return fmt.Sprintf("%.2f", v) }}
	wins := diff{c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh, "percentage points of wins", PP}
	main, other := score, wins
	if several {
		main, other = wins, score
	}
	if main.d < 0 {
		a, b = b, a
		main = diff{-main.d, -main.hi, -main.lo, main.unit, main.fmt}
		other = diff{-other.d, -other.hi, -other.lo, other.unit, other.fmt}
	}
	var out string
	if main.lo > 0 {
		out = fmt.Sprintf("On the same %d deals, %s beats %s by %s %s (%s to %s)", deals, a, b, main.fmt(main.d), main.unit, main.fmt(main.lo), main.fmt(main.hi))
	} else {
		out = fmt.Sprintf("On the same %d deals, %s and %s cannot be told apart: %s − %s is %s %s (%s to %s)", deals, a, b, a, b, main.fmt(main.d), main.unit, main.fmt(main.lo), main.fmt(main.hi))
	}
	out += fmt.Sprintf("; %s − %s is %s %s (%s to %s)", a, b, other.fmt(other.d), other.unit, other.fmt(other.lo), other.fmt(other.hi))
	if u := c.UndecidedA + c.UndecidedB; u > 0 {
		out += fmt.Sprintf(", with %d undecided games counted both ways", u)
	}
	return out + "."
}

// featureSentences reads a deal feature: the trend of winning per unit of
// the feature, and how often the seats dealt the most win against a
// reference rate (the fair share of a game, or the average round).
func featureSentences(f sim.FeatureSummary, what, chance, unit string, ref float64, refName, refWhy string) []string {
	tr := f.WinTrend
	if tr == nil {
		return nil
	}
	verdict := "no trend the interval can tell from zero"
	if tr.CILow > 0 {
		verdict = "a rise"
	} else if tr.CIHigh < 0 {
		verdict = "a fall"
	}
	var n, wins int64
	for _, v := range f.Values {
		n += v.Games
		wins += v.Win.Count
	}
	if ref < 0 {
		ref = float64(wins) / float64(n)
	}
	if len(f.Values) == 2 && f.Values[0].Value == 0 && f.Values[1].Value == 1 {
		// A yes-or-no feature: the two groups side by side, and the slope
		// is the difference between them.
		no, yes := f.Values[0], f.Values[1]
		what = strings.TrimPrefix(what, "1 if ")
		return []string{fmt.Sprintf("%s: the %s for which it holds (%d) win %s (%s to %s), the others (%d) %s (%s to %s): %s in %s.",
			capitalize(what), unit, yes.Games, pct(yes.Win.Rate), pct(yes.Win.CILow), pct(yes.Win.CIHigh), no.Games, pct(no.Win.Rate), pct(no.Win.CILow), pct(no.Win.CIHigh),
			changeText(tr.Slope, tr.CILow, tr.CIHigh), chance)}
	}
	out := []string{fmt.Sprintf("%s: each one more changes %s by %s percentage points (%s to %s; a straight-line fit over %d %s): %s.",
		capitalize(what), chance, PP(tr.Slope), PP(tr.CILow), PP(tr.CIHigh), n, unit, verdict)}
	// The seats dealt the most, pooled from the top value down until they
	// are at least 1% of all.
	var top, topWins int64
	from := int64(0)
	for i := len(f.Values) - 1; i >= 0; i-- {
		top += f.Values[i].Games
		topWins += f.Values[i].Win.Count
		from = f.Values[i].Value
		if top*100 >= n {
			break
		}
	}
	if top < 2 || ref >= 1 {
		return out
	}
	lo, hi := stat.Wilson(topWins, top, 0.95)
	return append(out, fmt.Sprintf("The %s with %s ≥ %d (%d of them) win %s (%s to %s, 95%%) against %s of %s%s: %s.",
		unit, f.Name, from, top, pct(float64(topWins)/float64(top)), pct(lo), pct(hi), refName, pct(ref), refWhy, shareVerdict(lo, hi, ref, refName)))
}

// shareVerdict says how a rate with the interval lo … hi stands against
// the reference rate ref, named refName (the fair share of the seats, or
// the average round): the yardstick of "most of the time" when seats are
// many, with a majority of games said as well where the rate has one.
func shareVerdict(lo, hi, ref float64, refName string) string {
	switch {
	case lo > ref && lo > 0.5:
		return "more often than " + refName + ", and most of the time"
	case lo > ref:
		return "more often than " + refName + ", though not most of the time"
	case hi < ref:
		return "less often than " + refName
	}
	return "no more nor less often than " + refName + " as far as the interval can tell"
}

// changeText reads a difference x of rates with its interval lo … hi in
// percentage points: "a rise of 4.90 percentage points (1.83 to 7.97)", "a
// fall of …" with the size of the fall, or "a difference the interval
// cannot tell from zero: -1.20 percentage points (-3.00 to +0.60)".
func changeText(x, lo, hi float64) string {
	switch {
	case lo > 0:
		return fmt.Sprintf("a rise of %s percentage points (%s to %s)", points(x), points(lo), points(hi))
	case hi < 0:
		return fmt.Sprintf("a fall of %s percentage points (%s to %s)", points(-x), points(-hi), points(-lo))
	}
	return fmt.Sprintf("a difference the interval cannot tell from zero: %s percentage points (%s to %s)", PP(x), PP(lo), PP(hi))
}

// EdgeText reads an edge x over a fair share, with its interval lo … hi,
// in percentage points: "an edge of +2.40 percentage points (+0.57 to
// +4.23)" when the interval lies above zero, "a handicap of 2.45
// percentage points (0.91 to 3.99)" below it (the size of the handicap),
// and otherwise "no edge the interval can tell from zero: -1.63 percentage
// points (-3.67 to +0.41)".
func EdgeText(x, lo, hi float64) string {
	switch {
	case lo > 0:
		return fmt.Sprintf("an edge of %s percentage points (%s to %s)", PP(x), PP(lo), PP(hi))
	case hi < 0:
		return fmt.Sprintf("a handicap of %s percentage points (%s to %s)", points(-x), points(-hi), points(-lo))
	}
	return fmt.Sprintf("no edge the interval can tell from zero: %s percentage points (%s to %s)", PP(x), PP(lo), PP(hi))
}

// lowerFirst lower-cases the first letter of a phrase.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// PP formats a difference of rates in percentage points with its sign, to
// two decimals; a difference that rounds to zero reads 0.00, never -0.00.
func PP(x float64) string {
	if math.Abs(100*x) < 0.005 {
		return "0.00"
	}
	return fmt.Sprintf("%+.2f", 100*x)
}

// points formats a size of a difference of rates in percentage points,
// without a sign.
func points(x float64) string {
	if math.Abs(100*x) < 0.005 {
		return "0.00"
	}
	return fmt.Sprintf("%.2f", 100*x)
}

func sweepAnswers(sw *Sweep) []string {
	var out []string
	for _, key := range sw.Keys {
		// The values of key, other swept rules at their first value.
		var line []*SweepPoint
		for i := range sw.Points {
			p := &sw.Points[i]
			same := true
			for _, k := range sw.Keys {
				if k != key && p.Values[k] != sw.Points[0].Values[k] {
					same = false
				}
			}
			if same {
				line = append(line, p)
			}
		}
		if len(line) < 2 {
			continue
		}
		first, last := line[0], line[len(line)-1]
		fe, le := entries(&first.Summary), entries(&last.Summary)
		if fs, ls := &first.Summary, &last.Summary; len(fs.Seats) > 1 && len(fs.Entries) == 0 {
			// One strategy in every seat: its wins are shared by
			// construction, so read the draws and the game's length.
			sentence := fmt.Sprintf("With %s against itself, moving %s from %s to %s moves the share of drawn games from %s (%s to %s) to %s (%s to %s)",
				fe[0].name, key, first.Values[key], last.Values[key], pct(fe[0].draw.Rate), pct(fe[0].draw.CILow), pct(fe[0].draw.CIHigh),
				pct(le[0].draw.Rate), pct(le[0].draw.CILow), pct(le[0].draw.CIHigh))
			if fs.Balance != nil && ls.Balance != nil && fs.Balance.Duration != nil && ls.Balance.Duration != nil {
				fd, ld := fs.Balance.Duration, ls.Balance.Duration
				sentence += fmt.Sprintf(" and a game's length from %.1f turns (%.1f to %.1f) to %.1f (%.1f to %.1f)", fd.Mean, fd.CILow, fd.CIHigh, ld.Mean, ld.CILow, ld.CIHigh)
			}
			out = append(out, sentence+fmt.Sprintf(", over %d deals at each value.", fs.Manifest.Games))
			continue
		}
		for i := range fe {
			out = append(out, fmt.Sprintf("With %s, moving %s from %s to %s moves the mean score from %.1f (%.1f to %.1f) to %.1f (%.1f to %.1f) and the win rate from %s (%s to %s) to %s (%s to %s), over %d deals at each value.",
				fe[i].name, key, first.Values[key], last.Values[key], fe[i].score.Mean, fe[i].score.CILow, fe[i].score.CIHigh,
				le[i].score.Mean, le[i].score.CILow, le[i].score.CIHigh, pct(fe[i].win.Rate), pct(fe[i].win.CILow), pct(fe[i].win.CIHigh),
				pct(le[i].win.Rate), pct(le[i].win.CILow), pct(le[i].win.CIHigh), first.Summary.Manifest.Games))
			if s := aroundDefault(line, key, sw.Defaults[key], i); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// aroundDefault reads entry i's mean score at the rule's default value,
// where the sweep has it, and at the values on either side: what moving
// the designer's value one step would do.
func aroundDefault(line []*SweepPoint, key, def string, i int) string {
	d := slices.IndexFunc(line, func(p *SweepPoint) bool { return def != "" && p.Values[key] == def })
	if d < 0 {
		return ""
	}
	at := func(p *SweepPoint) string {
		e := entries(&p.Summary)[i]
		return fmt.Sprintf("%.1f (%.1f to %.1f)", e.score.Mean, e.score.CILow, e.score.CIHigh)
	}
	out := fmt.Sprintf("At the rules' own %s=%s, %s scores %s", key, def, entries(&line[d].Summary)[i].name, at(line[d]))
	var sides []string
	if d > 0 {
		sides = append(sides, fmt.Sprintf("at %s=%s %s", key, line[d-1].Values[key], at(line[d-1])))
	}
	if d+1 < len(line) {
		sides = append(sides, fmt.Sprintf("at %s=%s %s", key, line[d+1].Values[key], at(line[d+1])))
	}
	if len(sides) > 0 {
		out += "; " + strings.Join(sides, ", ")
	}
	return out + "."
}

// ruleList writes rules as "key=value" separated by sep, sorted by key.
func ruleList(rules map[string]sim.RuleValue, sep string) string {
	var parts []string
	for _, k := range sortedKeys(rules) {
		parts = append(parts, k+"="+rules[k].Text)
	}
	return strings.Join(parts, sep)
}

func pct(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

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

// WriteReportDir writes the report into dir: report.html (one self-contained
// page: tables, manifests, charts embedded), report.md with the charts as
// PNG files beside it, and report.csv with every study's figures as tidy
// rows (study, figure, statistic, value). Files are written atomically.
func WriteReportDir(dir string, r *Report) error {
	var out outputs
	put := out.put
	type chartOut struct {
		Title, File string
		SVG         template.URL
	}
	type studyOut struct {
		Study
		Anchor   string
		Rows     [][]string
		Charts   []chartOut
		Manifest string
	}
	var studies []studyOut
	var csvBuf bytes.Buffer
	cw := csv.NewWriter(&csvBuf)
	cw.Write(append([]string{"study", "point"}, FigureColumns...))
	for i := range r.Studies {
		st := &r.Studies[i]
		so := studyOut{Study: *st, Anchor: fmt.Sprintf("s%d", i+1)}
		rendered, err := renderCharts(st.Charts)
		if err != nil {
			return err
		}
		for k, c := range st.Charts {
			svg, png, pdf := rendered[k]["svg"], rendered[k]["png"], rendered[k]["pdf"]
			file := fmt.Sprintf("%s_%s.png", so.Anchor, c.Name)
			put(file, png)
			put(strings.TrimSuffix(file, ".png")+".pdf", pdf)
			so.Charts = append(so.Charts, chartOut{Title: c.Plot.Title.Text, File: file,
				SVG: template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))})
		}
		so.Rows = ReadableTable(st.Rows)
		if so.Rows == nil {
			so.Rows = studyRows(st)
		}
		var mb bytes.Buffer
		if st.Note != "" {
			mb.WriteString(st.Note)
		} else if st.Summary != nil {
			m := st.Summary.Manifest
			fmt.Fprintf(&mb, "seed %d, %d deals, strategies %s; rules %s; cardsim %s", m.Seed, m.Games, strategyList(&m), ruleList(m.Rules, " "), m.Cardsim)
			if m.Stopped != "" {
				fmt.Fprintf(&mb, "; stopped: %s", m.Stopped)
			}
		} else if st.Sweep != nil && len(st.Sweep.Points) > 0 {
			m := st.Sweep.Points[0].Summary.Manifest
			fmt.Fprintf(&mb, "seed %d, %d deals per point, strategies %s, cardsim %s", m.Seed, m.Games, strategyList(&m), m.Cardsim)
		}
		so.Manifest = mb.String()
		writeStudyFigures(cw, so.Anchor+" "+st.Game+": "+st.Title, st)
		studies = append(studies, so)
	}
	cw.Flush()
	answers := r.Answers()
	groups := answerGroups(answers)
	var html bytes.Buffer
	if err := reportPage.Execute(&html, map[string]any{"Report": r, "Studies": studies, "Answers": groups}); err != nil {
		return err
	}
	put("report.html", html.Bytes())
	var md bytes.Buffer
	fmt.Fprintf(&md, "# %s\n\n%s\n", r.Title, r.Intro)
	if len(groups) > 0 {
		md.WriteString("\n## Answers\n")
		for _, g := range groups {
			fmt.Fprintf(&md, "\n### %s\n\n", g.Game)
			for _, a := range g.Answers {
				fmt.Fprintf(&md, "- **%s** — **%s.** %s *(%s)*\n", a.Question, a.Verdict, a.Sentence, a.Condition)
			}
		}
	}
	for _, so := range studies {
		fmt.Fprintf(&md, "\n## %s — %s\n\n", so.Game, so.Title)
		for _, a := range so.Answer {
			fmt.Fprintf(&md, "- %s\n", a)
		}
		for _, w := range so.Warnings {
			fmt.Fprintf(&md, "- *Note:* %s\n", w)
		}
		md.WriteString("\n")
		if len(so.Rows) > 1 {
			writeMarkdownTable(&md, so.Rows)
		}
		for _, c := range so.Charts {
			fmt.Fprintf(&md, "\n![%s](%s)\n", c.Title, c.File)
		}
		if so.Manifest != "" {
			fmt.Fprintf(&md, "\n<sub>%s</sub>\n", so.Manifest)
		}
	}
	put("report.md", md.Bytes())
	put("report.csv", csvBuf.Bytes())
	if len(answers) > 0 {
		b, err := answersJSON(answers)
		if err != nil {
			return err
		}
		put("answers.json", b)
		put("answers.csv", answersCSV(answers))
	}
	_, err := out.write(dir)
	return err
}

// writeStudyFigures writes a study's figures as tidy rows under the study
// and the sweep point (such as "insure=2"), then FigureColumns: from its
// summary, from each point of its sweep, or else from its own table (each
// cell a statistic of the figure its row names).
func writeStudyFigures(cw *csv.Writer, study string, st *Study) {
	write := func(point string, s *sim.Summary) {
		keys := runKeys(s)
		for _, f := range Figures(s) {
			cw.Write(append(append([]string{study, point}, keys...), f.cells()...))
		}
	}
	switch {
	case st.Summary != nil:
		write("", st.Summary)
	case st.Sweep != nil:
		for i := range st.Sweep.Points {
			p := &st.Sweep.Points[i]
			var vals []string
			for _, k := range st.Sweep.Keys {
				vals = append(vals, k+"="+p.Values[k])
			}
			write(strings.Join(vals, ";"), &p.Summary)
		}
	case len(st.Rows) > 1:
		writeTableFigures(cw, study, st)
	}
}

// writeTableFigures writes the figures of a study's own table (Study.Rows):
// a figure a row, its cells in the columns of the same name.
func writeTableFigures(cw *csv.Writer, study string, st *Study) {
	head := st.Rows[0]
	col := map[string]int{}
	for j, h := range head {
		col[h] = j
	}
	metric := 0
	for _, name := range []string{"metric", "figure"} {
		if j, ok := col[name]; ok {
			metric = j
		}
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return math.NaN()
		}
		return v
	}
	named := map[string]bool{"figure": true}
	for _, c := range FigureColumns {
		named[c] = true
	}
	seed := ""
	if st.Deals > 0 {
		seed = strconv.FormatUint(st.Seed, 10)
	}
	for _, r := range st.Rows[1:] {
		cell := func(name string) string {
			if j, ok := col[name]; ok && j < len(r) {
				return r[j]
			}
			return ""
		}
		keys := []string{st.Game, cell("rules"), seed, ""}
		if st.Deals > 0 {
			keys[3] = itoa(st.Deals)
		}
		f := Figure{Strategy: cell("strategy"), Params: cell("params"), Versus: cell("versus"), Seat: cell("seat"),
			Feature: cell("feature"), FeatureValue: cell("feature_value"), Metric: r[metric], Statistic: cell("statistic"),
			Value: num(cell("value")), CILow: num(cell("ci_low")), CIHigh: num(cell("ci_high"))}
		f.N, _ = strconv.ParseInt(cell("n"), 10, 64)
		if f.Statistic == "" {
			f.Statistic = "value"
		}
		var out []Figure
		if !math.IsNaN(f.Value) {
			out = append(out, f)
		}
		for j := range r {
			if j >= len(head) || named[head[j]] || j == metric {
				continue
			}
			if v := num(r[j]); !math.IsNaN(v) {
				o := f
				o.Statistic, o.Value, o.CILow, o.CIHigh, o.N = head[j], v, math.NaN(), math.NaN(), 0
				out = append(out, o)
			}
		}
		for _, o := range out {
			cw.Write(append(append([]string{study, ""}, keys...), o.cells()...))
		}
	}
}

// studyRows returns a study's table for a page: a header, then one row per
// figure, its number readable (report.csv has them in full).
func studyRows(st *Study) [][]string {
	rows := [][]string{{"figure", "statistic", "value"}}
	add := func(fig, stat string, v float64) { rows = append(rows, []string{fig, stat, Readable(v)}) }
	count := func(fig, stat string, v int64) { rows = append(rows, []string{fig, stat, itoa(v)}) }
	rate := func(fig, what string, r sim.RateSummary) {
		add(fig, what+" rate", r.Rate)
		add(fig, what+" ci_low", r.CILow)
		add(fig, what+" ci_high", r.CIHigh)
		count(fig, what+"s", r.Count)
		if r.Undecided > 0 {
			count(fig, "undecided", r.Undecided)
		}
	}
	score := func(fig string, sc sim.ScoreSummary) {
		add(fig, "mean score", sc.Mean)
		add(fig, "score ci_low", sc.CILow)
		add(fig, "score ci_high", sc.CIHigh)
	}
	if st.Sweep != nil {
		for _, p := range st.Sweep.Points {
			var vals []string
			for _, k := range st.Sweep.Keys {
				vals = append(vals, k+"="+p.Values[k])
			}
			for _, e := range entries(&p.Summary) {
				f := e.name + " at " + strings.Join(vals, " ")
				count(f, "games", e.win.Games)
				score(f, e.score)
				rate(f, "win", e.win)
			}
		}
		return rows
	}
	s := st.Summary
	for _, e := range entries(s) {
		count(e.name, "games", e.win.Games)
		score(e.name, e.score)
		rate(e.name, "win", e.win)
		if e.draw.Count > 0 {
			rate(e.name, "draw", e.draw)
		}
	}
	for _, c := range s.Comparisons {
		add(c.Label, "score difference", c.ScoreDiff)
		add(c.Label, "score difference ci_low", c.CILow)
		add(c.Label, "score difference ci_high", c.CIHigh)
		add(c.Label, "win rate difference", c.WinDiff)
		add(c.Label, "win rate difference ci_low", c.WinDiffCILow)
		add(c.Label, "win rate difference ci_high", c.WinDiffCIHigh)
	}
	if fp := s.FirstPlayer; fp != nil {
		rate("first player", "win", fp.WinRate)
		add("first player", "edge", fp.Edge)
		add("first player", "edge ci_low", fp.CILow)
		add("first player", "edge ci_high", fp.CIHigh)
	}
	if b := s.Balance; b != nil {
		add("balance", "1 − largest seat gap", b.Balance)
		add("balance", "draw rate", b.DrawRate)
		add("balance", "completion", b.Completion)
		if d := b.Duration; d != nil {
			add("duration (turns)", "mean", d.Mean)
			add("duration (turns)", "ci_low", d.CILow)
			add("duration (turns)", "ci_high", d.CIHigh)
		}
	}
	features := func(prefix string, fs []sim.FeatureSummary) {
		for _, f := range fs {
			if tr := f.WinTrend; tr != nil {
				fig := fmt.Sprintf("%s %s trend", prefix, f.Name)
				add(fig, "win rate per unit", tr.Slope)
				add(fig, "ci_low", tr.CILow)
				add(fig, "ci_high", tr.CIHigh)
			}
			for _, v := range f.Values {
				fig := fmt.Sprintf("%s %s = %d", prefix, f.Name, v.Value)
				count(fig, "seats", v.Games)
				rate(fig, "win", v.Win)
				score(fig, v.Score)
			}
		}
	}
	features("dealt", s.Features)
	features("dealt in a round", s.RoundFeatures)
	for _, name := range st.Quote {
		if m, ok := s.Metrics[name]; ok {
			add(name, "mean per game", m.Mean)
			add(name, "ci_low", m.CILow)
			add(name, "ci_high", m.CIHigh)
		}
	}
	return rows
}

// Readable writes a figure for a person: four significant digits, no
// exponent for ordinary magnitudes.
func Readable(v float64) string {
	switch a := math.Abs(v); {
	case v == 0:
		return "0"
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 1e-4:
		return strconv.FormatFloat(v, 'f', max(0, 3-int(math.Floor(math.Log10(a)))), 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// ReadableTable returns a copy of a table whose numbers are written in
// full (as its CSV file has them) with each number below the header that
// is not a whole number written Readable, for a page.
func ReadableTable(rows [][]string) [][]string {
	if rows == nil {
		return nil
	}
	out := make([][]string, len(rows))
	for i, row := range rows {
		out[i] = slices.Clone(row)
		if i == 0 {
			continue
		}
		for j, c := range row {
			if _, err := strconv.ParseInt(c, 10, 64); err == nil {
				continue
			}
			if v, err := strconv.ParseFloat(c, 64); err == nil && !math.IsInf(v, 0) && !math.IsNaN(v) {
				out[i][j] = Readable(v)
			}
		}
	}
	return out
}

func writeMarkdownTable(w io.Writer, rows [][]string) {
	for i, r := range rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		if i == 0 {
			fmt.Fprintf(w, "|%s\n", strings.Repeat("---|", len(r)))
		}
	}
}

var reportPage = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Report.Title}}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{margin-bottom:.2rem} h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
.answer li{margin:.3rem 0} .note{color:#a40}
table{border-collapse:collapse;font-size:.85rem;margin:.5rem 0} td,th{border:1px solid #ddd;padding:.15rem .5rem;text-align:left}
td:last-child{text-align:right;font-variant-numeric:tabular-nums}
img.chart{width:100%;max-width:56rem;display:block;margin:1rem 0;border:1px solid #eee}
.manifest{font-size:.75rem;color:#666} nav li{margin:.15rem 0}
.glance li{margin:.4rem 0} .verdict{font-weight:600;color:#063} .condition{font-size:.8rem;color:#666}
details{margin:.5rem 0}
</style></head><body>
<h1>{{.Report.Title}}</h1>
<p>{{.Report.Intro}}</p>
{{if .Answers}}<h2 id="answers">Answers</h2>
{{range .Answers}}<h3>{{.Game}}</h3>
<ul class="glance">{{range .Answers}}<li><b>{{.Question}}</b> <span class="verdict">{{.Verdict}}.</span> {{.Sentence}} <span class="condition">({{.Condition}})</span></li>{{end}}</ul>
{{end}}{{end}}
<nav><ol>{{range .Studies}}<li><a href="#{{.Anchor}}">{{.Game}}: {{.Title}}</a></li>{{end}}</ol></nav>
{{range .Studies}}
<h2 id="{{.Anchor}}">{{.Game}}: {{.Title}}</h2>
<ul class="answer">{{range .Answer}}<li>{{.}}</li>{{end}}{{range .Warnings}}<li class="note">{{.}}</li>{{end}}</ul>
{{range .Charts}}<img class="chart" alt="{{.Title}}" src="{{.SVG}}">{{end}}
{{if gt (len .Rows) 1}}<details><summary>All figures</summary><table>{{range $i, $r := .Rows}}<tr>{{range $r}}{{if eq $i 0}}<th>{{.}}</th>{{else}}<td>{{.}}</td>{{end}}{{end}}</tr>{{end}}</table></details>{{end}}
<p class="manifest">{{.Manifest}}</p>
{{end}}
<script>
// Marks how many chart images decoded, for the headless-browser test.
window.addEventListener("load", function () {
  var imgs = Array.prototype.slice.call(document.images);
  var ok = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
  document.body.setAttribute("data-charts", ok + "/" + imgs.length);
});
</script>
</body></html>
`))
