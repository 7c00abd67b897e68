package cli

import (
	"fmt"
	"strconv"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// pointProgress labels a sweep point on the progress bar, such as
// "insure=2 revive=4 (point 3 of 12)".
func pointProgress(i, n int, keys []string, values map[string]string) string {
	return fmt.Sprintf("%s (point %d of %d)", pointLabel(keys, values), i+1, n)
}

// distinctPoints reports a swept value given twice in two spellings (1
// and 01, true and True), which would play the same point twice over: the
// values of a key as the points' games read them.
func distinctPoints(keys []string, values []map[string]string, cfgs []sim.Config) error {
	for _, k := range keys {
		spelled := map[string]string{} // the value as the game reads it → as given
		for i, cfg := range cfgs {
			v, given := ruleValue(cfg.Game, k), values[i][k]
			if first, ok := spelled[v]; ok && first != given {
				return fmt.Errorf("rule %s=%s twice in the sweep (as %s and %s): give each value once", k, v, first, given)
			}
			spelled[v] = given
		}
	}
	return nil
}

// ruleValue returns the value of g's rule name, as g spells it.
func ruleValue(g games.Game, name string) string {
	for _, s := range g.Rules() {
		if s.Name == name {
			return s.Value
		}
	}
	return ""
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
