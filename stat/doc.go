// Package stat holds cardsim's statistics: the estimators that turn the
// integer sums a run tallies into figures with intervals. It works on plain
// numbers and sums, and knows nothing of games, tallies or reports.
//
// Intervals of a rate (Wilson), of a mean (Student t), of an unpaired and of
// a paired difference; intervals clustered by deal, for outcomes of which a
// deal counts several plays (its seats, its seatings, its rounds), from the
// sums over deals of the squares and products of each deal's totals, and
// the design effect they imply; paired intervals from the clusters'
// influences on two estimators (InfluenceInterval, RatioDifference);
// least-squares trends with
// heteroskedasticity-robust or cluster-robust errors (Trend, TrendSums,
// Clustered); and the logistic and Bradley–Terry fits.
//
// Quantiles come from gonum's distuv, matrices from gonum's mat. Every
// estimator returns the same bits for the same inputs: sums are taken in
// the order the inputs are given.
package stat
