// Package gamestest holds the checks every cardsim game passes: the
// conformance test (random play from many seeds, checking that legal
// actions are sorted and non-empty, clones are independent, cards are
// neither created nor lost, scores and metrics stay within their bounds,
// re-sampling hidden cards never changes what the seat sees, and the same
// seed gives the same transcript), a fuzz target playing whole games with
// the same checks, and the soak, which plays millions of games under every
// reading of the rules (Variants) with them.
package gamestest
