// Package roundup holds the analysis of Round-up: Design answers the
// designer's questions on face cards, seats and rounds at 2 to 6 players
// (cardsim analyze roundup).
package roundup
