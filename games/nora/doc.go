// Package nora implements Nora's pairs solitaire (Frank Edward Nora, 2007):
// ten rounds of shuffling a 54-card deck and casting out adjacent pairs of
// equal rank, with insurance points (ip) earned by the way pairs fall and
// spent to insure a shuffle, switch two adjacent cards or revive a dead deck.
//
// The rules as implemented, with every interpretation and option, are in
// RULES.md beside this file. The removal order that earns the most ip is found
// exactly by a memoised search over the cards still to fall; see Cascade.
package nora
