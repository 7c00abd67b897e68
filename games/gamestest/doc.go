// Package gamestest holds the conformance test every cardsim game passes:
// random play from many seeds, checking that legal actions are sorted and
// non-empty, clones are independent, cards are neither created nor lost,
// scores stay within bounds, re-sampling hidden cards never changes what the
// seat sees, and the same seed gives the same transcript.
package gamestest
