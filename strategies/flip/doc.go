// Package flip holds the strategies written for Flip Solitaire
// (games/flip): greedy, lookahead and clairvoyant. Register adds them to a
// strategy registry.
//
// Greedy and lookahead are realistic players: they see only the view (the
// dealt cards) and lookahead guesses the undealt order by sampling it with
// View.Sample. Clairvoyant sees the whole deck order through
// View.Clairvoyant, the game's one documented escape hatch, and finds the
// best score by depth-first search; it gives the bound a perfect player
// could reach and implements strategies.Prover for the games its node budget
// cannot settle.
package flip
