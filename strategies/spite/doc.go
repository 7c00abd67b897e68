// Package spite holds the bots for Spite and Malice: greedy (plays its
// stockpile card whenever it can, otherwise the single plays that bring a
// centre stack closer to it, chaining jokers when they free it this turn,
// and the cards its upcard cannot use; when no single play starts a chain
// that frees it, it searches the turn's sequences of plays for one; it
// spares the opponent's upcard only while that costs it little; then it
// discards to keep its piles in order, one of them open to high cards; in
// an endgame where its upcard has long stood still it leaves an ace in the
// centre for the 2s locked on the opponent's piles) and
// planner (searches the sequences of plays within the turn, through the
// hand, the discard piles and jokers, for one that frees the stockpile card
// or empties the hand, however many jokers freeing it takes, and chooses
// the discard that keeps most within reach). Both are meant to stand for
// players: they chain jokers to free the upcard as a person would, and
// neither draws more than 3% of its games against itself under the default
// rules (TestSelfPlayDraws).
//
// Both bots see only their seat's view (games/spite.View): their hand, the
// table, and the counts of hidden cards.
package spite
