package reports

import (
	"encoding/csv"
	"io"
	"slices"
	"strconv"
)

// CSVVersion is the version of the layout of the CSV files cardsim writes
// (figures.csv, score_histogram.csv, sweep.csv, skill.csv, tournament.csv,
// ranking.csv, report.csv, answers.csv, an analysis's tables, the records
// of --records and every --format csv): it changes whenever a column of
// any of them is added, removed, renamed or changes meaning, and
// CHANGELOG.md says which. Every such file carries it in its last column,
// CSVVersionColumn, on every row, so a strict CSV reader and pandas read
// it as a column like any other, and files of two versions are told apart
// row by row when concatenated. Files without the column are version 1.
const CSVVersion = 2

// CSVVersionColumn names the last column of every CSV file cardsim writes,
// which holds CSVVersion.
const CSVVersionColumn = "schema_version"

// csvVersionCell is CSVVersion as a CSV cell.
var csvVersionCell = strconv.Itoa(CSVVersion)

// csvWriter is a csv.Writer that ends its first row (the header) with
// CSVVersionColumn and every later row with CSVVersion.
type csvWriter struct {
	*csv.Writer
	header bool // the header is written
}

// newCSVWriter returns a CSV writer to w that versions its rows.
func newCSVWriter(w io.Writer) *csvWriter { return &csvWriter{Writer: csv.NewWriter(w)} }

// Write writes row with the version column after it; row is not changed.
func (c *csvWriter) Write(row []string) error {
	return c.Writer.Write(append(slices.Clip(row), c.versionCell()))
}

// versionCell returns the cell that ends the next row: the column's name
// in the header, then the version.
func (c *csvWriter) versionCell() string {
	if !c.header {
		c.header = true
		return CSVVersionColumn
	}
	return csvVersionCell
}
