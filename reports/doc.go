// Package reports renders sim's summaries: a table for the terminal, tidy CSV
// and JSON for machines, and charts (SVG, PNG and PDF, drawn with gonum/plot).
// It knows no game by name: metrics named "group.member" are charted side by
// side as one group.
package reports
