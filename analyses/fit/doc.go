// Package fit fits models to what runs tallied: a logistic regression of a
// seat's win on the cards it was dealt, a least-squares line of several
// predictors with errors clustered by deal (Clustered), and Bradley–Terry
// strengths (with Elo ratings) to the results of a tournament.
package fit
