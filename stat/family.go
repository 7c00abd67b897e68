package stat

import "fmt"

// Bonferroni returns the error rate of each of the given number of
// verdicts of a family (the questions of a report) such that the chance
// that any of them is wrong is at most alpha: alpha/members (Bonferroni's
// inequality). Each verdict's Plan takes this rate; its repeated intervals
// then hold at every look with probability 1 − alpha/members, so all the
// family's intervals, at whatever look each one stopped, hold together
// with probability at least 1 − alpha, and with them every Decided and
// Equivalent verdict.
//
// Bonferroni rather than Holm: Holm's step-down ranks the p-values of all
// the family's tests at one time, while these verdicts stop at different
// looks, each on its own deals and budget; and Holm's gain is for tests of
// zero alone, while a verdict reads one interval for a direction and for
// equivalence. Making Holm sequential (passing a decided verdict's error
// rate to the others, as in the graphical group-sequential procedures of
// Maurer and Bretz 2013) would tie every verdict's boundaries to when the
// others stopped. Bonferroni keeps them independent, at a cost that grows
// slowly with the family's size: the 95% critical value is 1.96 for
// one verdict, 2.81 for ten, 3.29 for fifty.
//
// It panics unless members is positive and alpha lies strictly between 0
// and 1.
func Bonferroni(alpha float64, members int) float64 {
	if members <= 0 || !(alpha > 0 && alpha < 1) {
		panic(fmt.Sprintf("stat: Bonferroni of %d members at %g", members, alpha))
	}
	return alpha / float64(members)
}
