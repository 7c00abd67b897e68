package reports

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/cardsim/cardsim/sim"
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
	// Rows, if set, is the study's table (a header, then rows); otherwise
	// the table is made from Summary or Sweep.
	Rows [][]string
	// Note, if set, replaces the manifest line under the study.
	Note string
}

// Report is a set of studies over every game.
type Report struct {
	Title   string
	Intro   string
	Studies []Study
}

// Answers returns plain sentences that read a study's figures: the best
// strategy and the paired margins, the first player's edge, and the extremes
// of each deal feature; or, for a sweep, how the main figure moves across
// each swept rule.
func Answers(st *Study) []string {
	if st.Sweep != nil {
		return sweepAnswers(st.Sweep)
	}
	s := st.Summary
	var out []string
	ents := entries(s)
	best := 0
	for i, e := range ents {
		if e.score.Mean > ents[best].score.Mean {
			best = i
		}
	}
	b := ents[best]
	out = append(out, fmt.Sprintf("%s scores %.1f on average (%.1f to %.1f) and wins %s of games (%s to %s), over %d deals.",
		b.name, b.score.Mean, b.score.CILow, b.score.CIHigh, pct(b.win.Rate), pct(b.win.CILow), pct(b.win.CIHigh), s.Manifest.Games))
	for _, c := range s.Comparisons {
		out = append(out, fmt.Sprintf("On the same deals, %s: %+.2f points per game (%+.2f to %+.2f) and %+.2f percentage points of wins (%+.2f to %+.2f).",
			c.Label, c.ScoreDiff, c.CILow, c.CIHigh, 100*c.WinDiff, 100*c.WinDiffCILow, 100*c.WinDiffCIHigh))
	}
	if fp := s.FirstPlayer; fp != nil {
		verdict := "no measurable edge"
		if fp.CILow > 0 {
			verdict = "an edge"
		} else if fp.CIHigh < 0 {
			verdict = "a handicap"
		}
		out = append(out, fmt.Sprintf("The player who moves first wins %s of games, against a fair share of %s: %s of %+.1f points (%+.1f to %+.1f).",
			pct(fp.WinRate.Rate), pct(fp.WinRate.Rate-fp.Edge), verdict, 100*fp.Edge, 100*fp.CILow, 100*fp.CIHigh))
	}
	for _, f := range s.Features {
		lo, hi := -1, -1
		for i, v := range f.Values {
			if v.Games < 30 {
				continue // too few seats for a rate worth quoting
			}
			if lo < 0 {
				lo = i
			}
			hi = i
		}
		if lo < 0 || lo == hi {
			continue
		}
		a, z := f.Values[lo], f.Values[hi]
		out = append(out, fmt.Sprintf("Seats dealt %s = %d win %s (%s to %s); seats dealt %d win %s (%s to %s).",
			f.Name, a.Value, pct(a.Win.Rate), pct(a.Win.CILow), pct(a.Win.CIHigh), z.Value, pct(z.Win.Rate), pct(z.Win.CILow), pct(z.Win.CIHigh)))
	}
	return out
}

func sweepAnswers(sw *Sweep) []string {
	var out []string
	for _, key := range sw.Keys {
		// First and last value of key, other swept rules at their first value.
		var first, last *SweepPoint
		for i := range sw.Points {
			p := &sw.Points[i]
			same := true
			for _, k := range sw.Keys {
				if k != key && p.Values[k] != sw.Points[0].Values[k] {
					same = false
				}
			}
			if !same {
				continue
			}
			if first == nil {
				first = p
			}
			last = p
		}
		if first == nil || first == last {
			continue
		}
		fe, le := entries(&first.Summary), entries(&last.Summary)
		for i := range fe {
			out = append(out, fmt.Sprintf("With %s, moving %s from %s to %s moves the mean score from %.1f (%.1f to %.1f) to %.1f (%.1f to %.1f) and the win rate from %s to %s.",
				fe[i].name, key, first.Values[key], last.Values[key], fe[i].score.Mean, fe[i].score.CILow, fe[i].score.CIHigh,
				le[i].score.Mean, le[i].score.CILow, le[i].score.CIHigh, pct(fe[i].win.Rate), pct(le[i].win.Rate)))
		}
	}
	return out
}

func ruleList(rules map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(rules) {
		parts = append(parts, k+"="+rules[k])
	}
	return strings.Join(parts, " ")
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
	cw.Write([]string{"study", "figure", "statistic", "value"})
	for i := range r.Studies {
		st := &r.Studies[i]
		so := studyOut{Study: *st, Anchor: fmt.Sprintf("s%d", i+1)}
		for _, c := range st.Charts {
			svg, err := c.Render("svg")
			if err != nil {
				return err
			}
			png, err := c.Render("png")
			if err != nil {
				return err
			}
			file := fmt.Sprintf("%s_%s.png", so.Anchor, c.Name)
			put(file, png)
			so.Charts = append(so.Charts, chartOut{Title: c.Plot.Title.Text, File: file,
				SVG: template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))})
		}
		so.Rows = st.Rows
		if so.Rows == nil {
			so.Rows = studyRows(st)
		}
		var mb bytes.Buffer
		if st.Note != "" {
			mb.WriteString(st.Note)
		} else if st.Summary != nil {
			m := st.Summary.Manifest
			fmt.Fprintf(&mb, "seed %d, %d deals, strategies %s; rules %s; cardsim %s", m.Seed, m.Games, strategyList(&m), ruleList(m.Rules), m.Cardsim)
		} else if st.Sweep != nil && len(st.Sweep.Points) > 0 {
			m := st.Sweep.Points[0].Summary.Manifest
			fmt.Fprintf(&mb, "seed %d, %d deals per point, strategies %s, cardsim %s", m.Seed, m.Games, strategyList(&m), m.Cardsim)
		}
		so.Manifest = mb.String()
		for _, row := range so.Rows[1:] {
			cw.Write(append([]string{so.Anchor + " " + st.Game + ": " + st.Title}, row...))
		}
		studies = append(studies, so)
	}
	cw.Flush()
	var html bytes.Buffer
	if err := reportPage.Execute(&html, map[string]any{"Report": r, "Studies": studies}); err != nil {
		return err
	}
	put("report.html", html.Bytes())
	var md bytes.Buffer
	fmt.Fprintf(&md, "# %s\n\n%s\n", r.Title, r.Intro)
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
	_, err := out.write(dir)
	return err
}

// studyRows returns a study's table: a header, then one row per figure.
func studyRows(st *Study) [][]string {
	rows := [][]string{{"figure", "statistic", "value"}}
	add := func(fig, stat string, v float64) { rows = append(rows, []string{fig, stat, ftoa(v)}) }
	if st.Sweep != nil {
		for _, p := range st.Sweep.Points {
			var vals []string
			for _, k := range st.Sweep.Keys {
				vals = append(vals, k+"="+p.Values[k])
			}
			for _, e := range entries(&p.Summary) {
				f := e.name + " at " + strings.Join(vals, " ")
				add(f, "mean score", e.score.Mean)
				add(f, "score ci_low", e.score.CILow)
				add(f, "score ci_high", e.score.CIHigh)
				add(f, "win rate", e.win.Rate)
			}
		}
		return rows
	}
	s := st.Summary
	for _, e := range entries(s) {
		add(e.name, "mean score", e.score.Mean)
		add(e.name, "score ci_low", e.score.CILow)
		add(e.name, "score ci_high", e.score.CIHigh)
		add(e.name, "win rate", e.win.Rate)
		add(e.name, "win ci_low", e.win.CILow)
		add(e.name, "win ci_high", e.win.CIHigh)
	}
	for _, c := range s.Comparisons {
		add(c.Label, "score difference", c.ScoreDiff)
		add(c.Label, "ci_low", c.CILow)
		add(c.Label, "ci_high", c.CIHigh)
	}
	if fp := s.FirstPlayer; fp != nil {
		add("first player", "win rate", fp.WinRate.Rate)
		add("first player", "edge", fp.Edge)
		add("first player", "edge ci_low", fp.CILow)
		add("first player", "edge ci_high", fp.CIHigh)
	}
	if b := s.Balance; b != nil {
		add("balance", "1 − largest seat gap", b.Balance)
		add("balance", "draw rate", b.DrawRate)
	}
	for _, f := range s.Features {
		for _, v := range f.Values {
			add(fmt.Sprintf("dealt %s = %d", f.Name, v.Value), "win rate", v.Win.Rate)
		}
	}
	return rows
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
details{margin:.5rem 0}
</style></head><body>
<h1>{{.Report.Title}}</h1>
<p>{{.Report.Intro}}</p>
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
