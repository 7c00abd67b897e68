// Package nora holds the analyses of Nora's pairs solitaire: Economy, the
// insurance-point economy under the optimal policy and the heuristics
// (cardsim analyze nora), and Policy, the optimal policy and its value
// (cardsim solve nora).
package nora
