// Package reports renders sim's summaries: a table for the terminal, tidy CSV
// and JSON for machines, and charts (SVG, PNG and PDF, drawn with gonum/plot).
// It knows no game by name: metrics named "group.member" are charted side by
// side as one group.
//
// Report is its one document: studies, each a question answered with
// sentences, charts and a table, read from a run, a sweep or an analysis.
// The designers' report and every analysis return one; it is written as
// the designers' report (WriteReportDir) or as a page (WritePage), as its
// Layout says.
package reports
