// Package serve is cardsim's workbench in the browser: a designer picks a
// game, sets its rules and strategies in a form built from the game's own
// listings, and runs, compares or sweeps them, watching the figures narrow
// as deals come in. Every run is an experiment.Spec run by the same Runner
// as the commands, kept as an ordinary output directory, and its page's
// address holds the Spec, so that opening it elsewhere gives the same
// figures.
//
// The server binds to loopback unless told otherwise, takes a token when it
// does not, accepts state-changing requests only as POST from its own
// origin, never takes a file path from the browser, and bounds the deals
// of a run and the runs at once.
package serve
