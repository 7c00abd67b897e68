// Package cli holds cardsim's commands, one constructor per command with its
// options struct, in the shape of the GitHub CLI. Commands parse flags (the
// shared ones declared once, in Flags), look games, strategies, analyses and
// studies up in the registries cmd/catalog fills, play through sim.Session,
// and print; they name no game, hold no game rules and compute no
// statistics.
package cli
