// Package cli holds cardsim's commands, one constructor per command with its
// options struct, in the shape of the GitHub CLI. Commands parse flags, look
// games and strategies up in the registries, call sim and reports, and print;
// they hold no game rules and compute no statistics.
package cli
