// Package games defines what cardsim knows of a card game: a Game (its rules
// as settings, its seats, score bounds and metrics) and a State machine that
// deals, lists legal actions, applies them and reports the outcome.
//
// The design follows OpenSpiel's State: actions are small integers listed in
// ascending order, chance is drawn from the game's own stream (never a bot's),
// and a seat sees the game only through its View. Each game lives in its own
// package below games/ and imports nothing above it. The gamestest package
// holds the conformance test every game passes.
package games
