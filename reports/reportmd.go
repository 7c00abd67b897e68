package reports

import (
	"bytes"
	"fmt"
	"strings"
)

// reportMarkdown returns report.md: the summary (one row per designer
// question, one verdict each), the legend, each question's answers with
// the command that reproduces them, then each study's sentences and notes
// with links to its charts (the PNG files beside it) and to its full table
// in report.html and report.csv. It holds no raw tables.
func reportMarkdown(r *Report, studies []reportStudy, rows []summaryRow) []byte {
	var md bytes.Buffer
	fmt.Fprintf(&md, "# %s\n\n", r.Title)
	if len(rows) > 0 {
		md.WriteString("## Summary\n\nOne verdict per designer question, from the best realistic player the study plays.\n")
		for _, row := range rows {
			if row.GameHeader {
				fmt.Fprintf(&md, "\n### %s\n\n| Question | Verdict | Interval (95%%, the family together) | Rests on | Points to |\n|---|---|---|---|---|\n", row.GameName)
			}
			verdict := "**" + string(row.Kind) + "** — " + row.Verdict
			if row.Disagree != "" {
				verdict += " *" + row.Disagree + "*"
			}
			fmt.Fprintf(&md, "| [%s](#%s) | %s | %s | %s | %s |\n", mdCell(row.Question.Question), row.Anchor, mdCell(verdict), mdCell(intervalCell(row)), mdCell(row.RestsOn), mdCell(row.PointsTo))
		}
	}
	fmt.Fprintf(&md, "\n%s\n", r.Intro)
	if len(rows) > 0 {
		md.WriteString("\n## What the words and units mean\n\n")
		for _, l := range Legend {
			fmt.Fprintf(&md, "- **%s**: %s\n", l.Term, l.Meaning)
		}
		md.WriteString("\n## Each question's answers\n")
		for _, row := range rows {
			fmt.Fprintf(&md, "\n<a id=\"%s\"></a>\n### %s: %s\n\n", row.Anchor, row.GameName, row.Question.Question)
			for _, a := range row.Details {
				fmt.Fprintf(&md, "- %s *(%s)*\n", a.Sentence, a.Condition)
				if a.Command != "" {
					fmt.Fprintf(&md, "  Reproduce: `%s`\n", a.Command)
				}
			}
		}
	}
	md.WriteString("\n## Studies\n\nEvery study's full table is in [report.html](report.html) (folded under *All figures*) and, a figure a row, in [report.csv](report.csv).\n")
	for _, so := range studies {
		fmt.Fprintf(&md, "\n### %s — %s\n\n", so.GameName, so.Title)
		for _, a := range so.Answer {
			fmt.Fprintf(&md, "- %s\n", a)
		}
		for _, w := range so.Warnings {
			fmt.Fprintf(&md, "- *Note:* %s\n", w)
		}
		if len(so.Charts) > 0 {
			md.WriteString("\nCharts:")
			for i, c := range so.Charts {
				sep := ","
				if i == 0 {
					sep = ""
				}
				fmt.Fprintf(&md, "%s [%s](%s)", sep, c.Title, c.File)
			}
			md.WriteString("\n")
		}
		fmt.Fprintf(&md, "\n[Table in report.html](report.html#%s)", so.Anchor)
		if so.Command != "" {
			fmt.Fprintf(&md, " · reproduce: `%s`", so.Command)
		}
		md.WriteString("\n")
		if so.Manifest != "" {
			fmt.Fprintf(&md, "\n<sub>%s</sub>\n", so.Manifest)
		}
	}
	return md.Bytes()
}

// mdCell makes text safe in a Markdown table's cell.
func mdCell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ")
}

// pageMarkdown returns report.md of a page: the title and introduction,
// then each study's title, paragraph, charts (the SVG files beside it) and
// table.
func pageMarkdown(r *Report) []byte {
	var md bytes.Buffer
	fmt.Fprintf(&md, "# %s\n\n%s\n\n", r.Title, r.Intro)
	for i := range r.Studies {
		st := &r.Studies[i]
		fmt.Fprintf(&md, "## %s\n\n%s\n\n", st.Title, pageText(st))
		for _, c := range st.Charts {
			fmt.Fprintf(&md, "![%s](chart_%s.svg)\n\n", st.Title, c.Name)
		}
		if len(st.Rows) > 0 {
			pageMarkdownTable(&md, st.Rows)
		}
	}
	return md.Bytes()
}

// pageMarkdownTable writes a page's table in Markdown, the first row its
// header and every column aligned right.
func pageMarkdownTable(b *bytes.Buffer, t [][]string) {
	for i, row := range t {
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" ---: |", len(row)) + "\n")
		}
	}
	b.WriteString("\n")
}

// intervalCell writes a summary row's interval with how play stopped on
// its verdict, where it rests on a difference.
func intervalCell(row summaryRow) string {
	if row.Stopped == "" {
		return row.Interval
	}
	return row.Interval + " (" + row.Stopped + ")"
}
