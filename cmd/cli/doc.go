// Package cli holds cardsim's commands, one constructor per command with its
// options struct, in the shape of the GitHub CLI. Commands parse flags (the
// shared ones declared once, in Flags) into an experiment.Spec, run it with
// the experiment Runner over the registries cmd/catalog fills, and print its
// Result in the format --format names, by the writers of reports.Writers;
// they name no game, hold no game rules, play no deal themselves and
// compute no statistics.
//
// Every constructor takes a runF beside the factory, as the GitHub CLI's
// do: NewCmdRun(f, runF) parses and checks its flags into RunOptions and
// then, if runF is not nil, calls it with them in place of running. Tests
// pass a runF that keeps the options, to check what flags make of a Spec
// without playing a deal; NewCmdRoot passes nil.
package cli
