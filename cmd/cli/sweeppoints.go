package cli

import (
	"fmt"
	"strconv"

	"github.com/cardsim/cardsim/games"
)

// pointProgress labels a sweep point on the progress bar, such as
// "insure=2 revive=4 (point 3 of 12)".
func pointProgress(i, n int, keys []string, values map[string]string) string {
	return fmt.Sprintf("%s (point %d of %d)", pointLabel(keys, values), i+1, n)
}

// ruleDefaults returns the default value of each swept rule of g, spelled
// as the sweep spells it where one of its values means the same (0.50 for
// 0.5, True for true), so that a chart can mark it among the values.
func ruleDefaults(g games.Game, keys []string, values []map[string]string) map[string]string {
	out := map[string]string{}
	for _, s := range g.Rules() {
		for _, k := range keys {
			if s.Name != k {
				continue
			}
			out[k] = s.Default
			for _, v := range values {
				if sameValue(v[k], s.Default, s.Kind) {
					out[k] = v[k]
					break
				}
			}
		}
	}
	return out
}

// sameValue reports whether a and b spell the same value of a rule of the
// given kind.
func sameValue(a, b string, kind games.Kind) bool {
	if a == b {
		return true
	}
	switch kind {
	case games.Integer, games.Number:
		x, errx := strconv.ParseFloat(a, 64)
		y, erry := strconv.ParseFloat(b, 64)
		return errx == nil && erry == nil && x == y
	case games.Boolean:
		x, errx := strconv.ParseBool(a)
		y, erry := strconv.ParseBool(b)
		return errx == nil && erry == nil && x == y
	}
	return false // text: choices are matched exactly
}
