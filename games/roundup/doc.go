// Package roundup implements Round-up (Thomas Gale, 2003–2009), a sequencing
// card game for 2 to 6 players. All 52 cards are dealt; each player bids on
// the suit they expect to close last by laying one number card face up, and
// the players then build four suit stacks from Ace to 10 out of their face-up
// and face-down hands. Jacks, Queens and Kings force an opponent to expose a
// face-down card. A round scores 3, 2 or 1 points to the players who guessed
// the last suit (fewer the more share it) and 1 to the first player out of
// cards; the game goes on round after round until someone reaches 10.
//
// The rules as implemented, with every interpretation, the rule options and
// the proof that a game ends, are in RULES.md beside this file. A hand is a
// bit set of cards (Hand), so the engine plays without allocating once warm.
package roundup
