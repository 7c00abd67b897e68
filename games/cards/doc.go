// Package cards provides playing cards: ranks, suits, jokers, decks, and the
// short text form used in deals and traces ("10H", "QS", "AC", "JK").
//
// A Card is a small integer, so decks are plain slices that shuffle and copy
// without allocation.
package cards
