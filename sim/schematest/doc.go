// Package schematest checks summaries in JSON against the published JSON
// Schema of a summary (sim.SummarySchema), for the tests of every package
// that writes them. It does not import sim, so sim's own tests use it too.
package schematest
