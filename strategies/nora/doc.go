// Package nora holds the bots for Nora's pairs solitaire: stop-at (the
// baseline that never spends ip), cautious (stops or insures by the exact
// chance that the next shuffle is dead) and rescuer (also saves dead passes
// with SWITCH and REVIVE).
//
// Every bot sees only the player's view (games/nora.View): before INSURE the
// top card, afterwards the order of the shuffled deck.
package nora
