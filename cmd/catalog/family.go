package catalog

// Family is the most verdicts resting on a difference that the report of
// Studies gives in its summary (reports.Report.Family): 32 in the report
// of 2026-11-29 (21 before Nora's earning rules and its INSURE × SWITCH
// grid), with room for questions yet to come. Every verdict is
// judged as one of this many, whichever games a report runs, so a game's
// verdicts do not change with the games beside it; TestReport checks that
// a full report gives no more.
const Family = 40
