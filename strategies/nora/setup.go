package nora

import "math"

// Setup is what Nora's computed policies are built with beyond their
// parameters, fixed when they are registered (Register) and shared by the
// analyses that build policies of their own.
type Setup struct {
	// CacheDir is the directory the pass samples are kept in, for later
	// runs to read back and check (DistsContext); "" keeps them in memory
	// only.
	CacheDir string
	// SampleScale, if above 0 and below 1, multiplies the shuffles per
	// deck composition a policy is built from by default, down to at least
	// MinSamples: a test's way to run commands that build many policies in
	// seconds, as cardsim's CARDSIM_DEAL_SCALE does for deals. A number
	// given as a parameter or an option is never scaled.
	SampleScale float64
}

// CertifiedGap is how far, in points a game, the optimal policy built from
// DefaultSamples may be from the best possible play under the default
// rules: RelaxedBound less the policy's value, as cardsim solve nora
// prints it. The listing quotes it; TestCertifiedGapQuoted re-solves it.
const CertifiedGap = 76.6

// Ceiling is the most any play can average under the default rules, as
// sampling estimates it: the mean of RelaxedBound over five independent
// sets of DefaultSamples shuffles (525.598, the build's own, to 526.146),
// and CeilingSE its standard error (their standard deviation, 0.239, over
// √5), as cardsim solve nora --opt replicas=4 prints them.
const (
	Ceiling   = 525.84
	CeilingSE = 0.11
)

// MinSamples is the smallest budget (Sampling.Samples) a scaled default
// builds a policy from (Setup.Samples); it is also the least the
// policies' samples parameter accepts. A budget so small is spent half
// on the pilot's 10 live shuffles a composition: its policies are for
// tests that read files' shapes, not for play.
const MinSamples = 20

// Samples returns the default number of shuffles per composition n under
// the setup's scale: n itself unless SampleScale is set, never more than
// n, and never fewer than MinSamples where n has more.
func (s Setup) Samples(n int) int {
	if !(s.SampleScale > 0 && s.SampleScale < 1) {
		return n
	}
	return min(n, max(MinSamples, int(math.Round(float64(n)*s.SampleScale))))
}
