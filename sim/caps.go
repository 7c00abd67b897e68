package sim

import "fmt"

// MaxConfidence is the highest confidence level of an interval. Beyond it
// the normal and t quantiles an interval takes run out of float64's
// precision (at 0.9999999999999999, 1 − (1 − level)/2 rounds to 1 and the
// quantile is infinite, so every interval is NaN); no question needs more.
const MaxConfidence = 0.999999

// CheckConfidence reports a confidence level outside (0, MaxConfidence].
func CheckConfidence(level float64) error {
	if !(level > 0 && level <= MaxConfidence) {
		return fmt.Errorf("confidence %v: want a level above 0 and at most %v, such as 0.95", level, MaxConfidence)
	}
	return nil
}

// MaxLineup is the most entries a lineup holds: strategies, each under a
// set of rules where a comparison has several. A tally keeps the paired
// differences of every two entries, so its memory grows as the square of
// the lineup: 64 entries take a few megabytes, 5,000 would take gigabytes.
const MaxLineup = 64

// checkLineup reports a lineup of more than MaxLineup entries, before a
// tally is made for it.
func checkLineup(n int) error {
	if n > MaxLineup {
		return fmt.Errorf("%d strategies: compare at most %d at once (a tally pairs every two of them)", n, MaxLineup)
	}
	return nil
}
