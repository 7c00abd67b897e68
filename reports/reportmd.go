package reports

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// reportMarkdown returns report.md: the title and introduction, the
// answers at a glance by game, then each study's sentences, notes, table,
// charts (the PNG files beside it) and manifest line.
func reportMarkdown(r *Report, studies []reportStudy, groups []answerGroup) []byte {
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
	return md.Bytes()
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

// writeMarkdownTable writes rows as a Markdown table, the first row its
// header.
func writeMarkdownTable(w io.Writer, rows [][]string) {
	for i, r := range rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		if i == 0 {
			fmt.Fprintf(w, "|%s\n", strings.Repeat("---|", len(r)))
		}
	}
}
