package reports

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
)

// reportHTML returns report.html: one self-contained page that opens with
// the summary table (one row per designer question, one verdict each), the
// legend of its units, each question's answers folded, then the studies:
// each one's sentences, notes, charts (embedded as SVG), table (folded) and
// manifest line.
func reportHTML(r *Report, studies []reportStudy, rows []summaryRow) ([]byte, error) {
	var h bytes.Buffer
	if err := reportPage.Execute(&h, map[string]any{"Report": r, "Studies": studies, "Rows": rows, "Legend": Legend, "Kinds": kindStyles}); err != nil {
		return nil, err
	}
	return h.Bytes(), nil
}

// reportPage is the template of report.html.
var reportPage = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Report.Title}}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{margin-bottom:.6rem} h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
.answer li{margin:.3rem 0} .note{color:#a40}
table{border-collapse:collapse;font-size:.85rem;margin:.5rem 0} td,th{border:1px solid #ddd;padding:.15rem .5rem;text-align:left;vertical-align:top}
table.figures td:last-child{text-align:right;font-variant-numeric:tabular-nums}
table#summary{width:100%} table#summary td.interval{white-space:nowrap;font-variant-numeric:tabular-nums}
table#summary tr.game th{background:#f3f3f3;font-size:.95rem}
.kind{display:inline-block;min-width:7.5em;padding:.05rem .4rem;border-radius:.25rem;font-weight:600;text-align:center}
{{range .Kinds}}.kind-{{.Class}}{background:{{.Background}};color:{{.Color}}}
{{end}}.disagree{color:#a40;font-size:.8rem} .rests{font-size:.8rem;color:#555}
img.chart{width:100%;max-width:56rem;display:block;margin:1rem 0;border:1px solid #eee}
.manifest{font-size:.75rem;color:#666} nav li{margin:.15rem 0}
.condition{font-size:.8rem;color:#666} code{font-size:.8rem;background:#f5f5f5;padding:0 .2rem}
svg.picture{display:block;margin-bottom:.2rem} details{margin:.5rem 0} dl.legend dt{font-weight:600;margin-top:.3rem} dl.legend dd{margin-left:1.5rem}
</style></head><body>
<h1>{{.Report.Title}}</h1>
{{if .Rows}}<table id="summary"><caption>One verdict per designer question, from the best realistic player the study plays. The word says what the verdict is; its colour repeats the word.</caption>
<thead><tr><th>Question</th><th>Verdict</th><th>Interval (95%, the family together)</th><th>Rests on</th><th>Points to</th></tr></thead>
<tbody>{{range .Rows}}{{if .GameHeader}}<tr class="game"><th colspan="5">{{.GameName}}</th></tr>
{{end}}<tr class="question" data-game="{{.Game}}"><td><a href="#{{.Anchor}}">{{.Question.Question}}</a></td><td><span class="kind kind-{{.Class}}">{{.Kind}}</span> {{.Verdict}}{{if .Disagree}}<div class="disagree">{{.Disagree}}</div>{{end}}</td><td class="interval">{{.Picture}}{{.Interval}}{{if .Stopped}}<div class="condition">{{.Stopped}}</div>{{end}}</td><td class="rests">{{.RestsOn}}</td><td>{{.PointsTo}}</td></tr>
{{end}}</tbody></table>{{end}}
<p>{{.Report.Intro}}</p>
{{if .Rows}}<h2 id="legend">What the words and units mean</h2>
<dl class="legend">{{range .Legend}}<dt>{{.Term}}</dt><dd>{{.Meaning}}</dd>{{end}}</dl>
<h2 id="answers">Each question's answers</h2>
{{range .Rows}}<details id="{{.Anchor}}"><summary><b>{{.GameName}}: {{.Question.Question}}</b> <span class="kind kind-{{.Class}}">{{.Kind}}</span> {{.Verdict}}</summary>
<ul>{{range .Details}}<li>{{.Sentence}} <span class="condition">({{.Condition}})</span>{{if .Command}}<br><span class="condition">Reproduce: <code>{{.Command}}</code></span>{{end}}</li>{{end}}</ul>
</details>
{{end}}{{end}}
<nav><ol>{{range .Studies}}<li><a href="#{{.Anchor}}">{{.GameName}}: {{.Title}}</a></li>{{end}}</ol></nav>
{{range .Studies}}
<h2 id="{{.Anchor}}">{{.GameName}}: {{.Title}}</h2>
<ul class="answer">{{range .Answer}}<li>{{.}}</li>{{end}}{{range .Warnings}}<li class="note">{{.}}</li>{{end}}</ul>
{{range .Charts}}<img class="chart" alt="{{.Title}}" src="{{.SVG}}">{{end}}
{{if gt (len .Rows) 1}}<details><summary>All figures</summary><table class="figures">{{range $i, $r := .Rows}}<tr>{{range $r}}{{if eq $i 0}}<th>{{.}}</th>{{else}}<td>{{.}}</td>{{end}}{{end}}</tr>{{end}}</table></details>{{end}}
<p class="manifest">{{.Manifest}}{{if .Command}} Reproduce: <code>{{.Command}}</code>{{end}}</p>
{{end}}
<script>
// Marks how many chart images decoded, and what follows the title and how
// many questions the summary holds, for the headless-browser test.
window.addEventListener("load", function () {
  var imgs = Array.prototype.slice.call(document.images);
  var ok = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
  document.body.setAttribute("data-charts", ok + "/" + imgs.length);
  var first = document.querySelector("h1").nextElementSibling;
  document.body.setAttribute("data-first", first ? first.id : "");
  document.body.setAttribute("data-questions", document.querySelectorAll("#summary tr.question").length);
});
</script>
</body></html>
`))

// pageHTML returns report.html of a page: the title and introduction, then
// each study's title, paragraph, charts (svg returns a chart's SVG, which
// is embedded) and table.
func pageHTML(r *Report, svg func(Chart) []byte) []byte {
	var h bytes.Buffer
	fmt.Fprintf(&h, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n", html.EscapeString(r.Title))
	h.WriteString("<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}" +
		"table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}" +
		"th{background:#eee}svg{max-width:100%;height:auto}</style></head><body>\n")
	fmt.Fprintf(&h, "<h1>%s</h1>\n<p>%s</p>\n", html.EscapeString(r.Title), html.EscapeString(r.Intro))
	for i := range r.Studies {
		st := &r.Studies[i]
		fmt.Fprintf(&h, "<h2>%s</h2>\n<p>%s</p>\n", html.EscapeString(st.Title), html.EscapeString(pageText(st)))
		for _, c := range st.Charts {
			h.WriteString("<figure>")
			h.Write(stripXMLHeader(svg(c)))
			h.WriteString("</figure>\n")
		}
		if len(st.Rows) > 0 {
			pageHTMLTable(&h, st.Rows)
		}
	}
	// Marks how many charts the browser drew, for the headless-browser test.
	h.WriteString(`<script>window.addEventListener("load", function () {
  var svgs = Array.prototype.slice.call(document.querySelectorAll("figure svg"));
  var ok = svgs.filter(function (s) { var r = s.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length;
  document.body.setAttribute("data-charts", ok + "/" + svgs.length);
});</script>
`)
	h.WriteString("</body></html>\n")
	return h.Bytes()
}

// stripXMLHeader drops the XML declaration and doctype of an SVG document
// so that it can be embedded in HTML.
func stripXMLHeader(svg []byte) []byte {
	if i := bytes.Index(svg, []byte("<svg")); i > 0 {
		return svg[i:]
	}
	return svg
}

// pageHTMLTable writes a page's table in HTML, the first row its header.
func pageHTMLTable(b *bytes.Buffer, t [][]string) {
	b.WriteString("<table>\n")
	for i, row := range t {
		tag := "td"
		if i == 0 {
			tag = "th"
		}
		b.WriteString("<tr>")
		for _, c := range row {
			fmt.Fprintf(b, "<%s>%s</%s>", tag, html.EscapeString(c), tag)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}
