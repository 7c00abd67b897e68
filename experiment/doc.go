// Package experiment describes and runs cardsim's experiments: a Spec is
// one experiment written down (a run, a comparison on the same deals, a
// sweep over a grid of rules, a tournament, a skill ladder, an analysis, a
// solver, the designers' report), and a Runner executes it with progress,
// cancellation, checkpoints and resume, and returns one Result that the
// reports package renders.
//
// The commands of cardsim parse their flags into a Spec, call the Runner
// and pick a renderer; a plan file is a Spec written in YAML or JSON, and
// SpecOf reads back the Spec that reproduces a finished run from its
// manifest. The Runner is the one place outside sim that builds sessions,
// so every experiment gets the same stopping rule, checkpoints and
// handling of interruptions.
package experiment
