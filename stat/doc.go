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
// Verdicts that play until they are decided: a group-sequential Plan of
// looks at whole batches of deals, with critical values from alpha
// spending, whose repeated confidence intervals stay valid however early
// play stops; Plan.Judge reads one as Decided (beyond zero), Equivalent
// (inside a margin ±δ) or OutOfBudget (Verdict), from any estimator of an
// effect (MeanEffect, RateEffect, PairedRateEffect); Bonferroni splits a
// report's error rate over its family of verdicts. For the seats of a
// table, SeatsEqual tests that every seat wins alike and SeatPairs gives
// simultaneous intervals of every pair, both clustered by deal, from the
// integer sums of SeatSums. Race races rule variants on common deals and
// drops those decided worse than the leader, with the same plans; its
// State is kept in a checkpoint and carried on from with ResumeRace.
//
// Quantiles come from gonum's distuv, matrices from gonum's mat. Every
// estimator returns the same bits for the same inputs: sums are taken in
// the order the inputs are given.
package stat
