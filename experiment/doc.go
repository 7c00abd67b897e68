// Package experiment describes and runs cardsim's experiments: a Spec is
// one experiment written down (a run, a comparison on the same deals of
// strategies and of rule variants, a sweep over a grid of rules or a list
// of joint points, a tune racing rule variants toward a target, a
// tournament, a skill ladder, an analysis, a solver, the designers'
// report), and a Runner executes it with progress, cancellation,
// checkpoints and resume, and returns one Result that the reports package
// renders.
//
// An arm is a lineup of strategies under a rule variant (Variant: a named
// set of rule changes). A comparison of variants and a tune play their
// arms side by side, batch after batch of the same deals, reading every
// arm's figures deal by deal from the records into the sums that pair
// them (a variant against the baseline, strategy by strategy) or into a
// race (stat.Race); a sweep plays its points one after another and pairs
// each with the reference point from their figures kept deal by deal.
//
// The commands of cardsim parse their flags into a Spec, call the Runner
// and pick a renderer; a plan file is a Spec written in YAML or JSON, and
// SpecOf reads back the Spec that reproduces a finished run from its
// manifest. The Runner is the one place outside sim that builds sessions,
// so every experiment gets the same stopping rule, checkpoints and
// handling of interruptions.
package experiment
