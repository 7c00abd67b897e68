// Package analyses holds cardsim's studies of one game each: the design
// questions of a game answered in a document (a reports.Report), and the
// solvers of a game's optimal play. A Definition names the game studied, says in one line
// what it answers, declares its options (given on the command line as
// --opt key=value) and runs, returning the document the command writes and
// the designers' report embeds.
//
// Each game's analyses live in a folder of their own (analyses/nora,
// analyses/roundup) and are registered in cmd/catalog beside the games and
// their bots, so that cardsim analyze and cardsim solve name no game.
package analyses
