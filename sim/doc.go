// Package sim is cardsim's Monte Carlo engine. It plays many games of a
// games.Game with bots from strategies on a pool of workers and returns
// integer tallies (counts, sums, exact histograms) that merge exactly, so the
// result does not depend on the number of workers or the order in which
// chunks finish. Summaries with confidence intervals are computed from the
// tallies at the end, by the estimators of package stat.
//
// Game i of a run with seed s is dealt from GameSeed(s, i) and its bots draw
// from BotSeed(s, i, seat): any game can be replayed alone from (s, i).
package sim
