// Package roundup holds the bots for Round-up: greedy, which plays to close
// the other suits before its own, and defender, which follows the
// designer's strategy notes (pass to hold its suit, keep face cards of its
// suit against Queens and cards of other suits against Kings, spare its
// allies).
//
// Both bots see only their seat's view (games/roundup.View): their own
// face-down hand, the face-up hands, the stacks, the discard pile and the
// bids once revealed. Their choices are deterministic functions of the view.
package roundup
