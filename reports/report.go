package reports

import (
	"time"

	"github.com/cardsim/cardsim/sim"
)

// Study is one designer's question answered by runs: a comparison of
// strategies (with seats, first-player edge and deal features where the game
// has them), a sweep of a rule, or an analysis's finding with its own
// sentences, charts and table. It is one section of a Report.
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
	// CPU is the CPU time the study took (its runs; the process's, the
	// workers together), and Budget its CPU budget; zero where unknown.
	CPU, Budget time.Duration
	// Command is the cardsim command that reproduces the study's figures,
	// which its answers give as theirs where they have none of their own.
	Command string
}

// Report is the one document of reports: a title, an introduction, and
// its studies in order. The designers' report (cardsim report) holds the
// studies of every game; an analysis returns one, which the designers'
// report embeds study by study.
type Report struct {
	Title   string
	Intro   string
	Studies []Study
	// Files are written beside the document as they are, by name, such as
	// the CSV files of its tables.
	Files map[string][]byte
	// Layout is how WriteDir writes the document.
	Layout Layout
	// Family is the most verdicts resting on a difference that the report's
	// summary can hold: each is judged as one of at least this many
	// (Questions), as its study was when it chose to stop playing. Zero
	// judges them as one of the family counted.
	Family int
}

// Layout is how a Report is written into a directory.
type Layout int

const (
	// ReportLayout writes the designers' report (WriteReportDir): its
	// answers at a glance, then each study under its game, its sentences
	// as a list, its table readable, its charts as PNG files, and every
	// figure in report.csv.
	ReportLayout Layout = iota
	// PageLayout writes a page (WritePage): each study a heading, its
	// sentences as one paragraph, its charts (SVG, PNG and PDF files) and
	// its table as given.
	PageLayout
)
