// Package spite holds the bots for Spite and Malice: greedy (plays its
// stockpile card whenever it can, otherwise the single plays that bring a
// centre stack closer to it, then discards to keep its piles in order) and
// planner (searches the sequences of plays within the turn, through the
// hand, the discard piles and jokers, for one that frees the stockpile card
// or empties the hand, and chooses the discard that keeps most within
// reach).
//
// Both bots see only their seat's view (games/spite.View): their hand, the
// table, and the counts of hidden cards.
package spite
