// Package cli holds cardsim's commands, one constructor per command with its
// options struct, in the shape of the GitHub CLI. Commands parse flags (the
// shared ones declared once, in Flags) into an experiment.Spec, run it with
// the experiment Runner over the registries cmd/catalog fills, and print its
// Result in the format --format names, by the writers of reports.Writers;
// they name no game, hold no game rules, play no deal themselves and
// compute no statistics.
package cli
