package experiment

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/internal/clip"
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

// MaxSweepPoints is the most points a sweep's grid may hold: every point is
// a run of its own, held in memory until the sweep is written.
const MaxSweepPoints = 1000

// Grid splits rules into the fixed ones and the swept keys with their values,
// and returns every point of the grid as the full list of rule options.
//
// It counts the grid's points before it looks at a value, so that a sweep
// given far more values than MaxSweepPoints is refused after one pass over
// the text, and then checks each rule's values for one given twice with a
// map: the work is linear in the length of the rules however many values
// they hold.
func Grid(rules []string) (keys []string, points [][]string, values []map[string]string, err error) {
	// Count first: a value list's length is its commas plus one.
	size, sizes := 1, []string(nil)
	for _, r := range rules {
		k, v, ok := strings.Cut(r, "=")
		if !ok || k == "" {
			return nil, nil, nil, fmt.Errorf("rule %q: want key=value or key=v1,v2,…", clip.Runes(r, clip.MaxQuoted))
		}
		n := strings.Count(v, ",") + 1
		if n == 1 {
			continue
		}
		sizes = append(sizes, strconv.Itoa(n))
		if size > MaxSweepPoints/n {
			size = MaxSweepPoints + 1 // and no overflow
			continue
		}
		size *= n
	}
	if len(sizes) == 0 {
		return nil, nil, nil, errors.New("nothing to sweep: give a rule with several values, such as --rule insure=0,1,2")
	}
	if size > MaxSweepPoints {
		if len(sizes) > 12 { // a form of many swept rules is not quoted whole
			sizes = append(sizes[:12], "…")
		}
		return nil, nil, nil, fmt.Errorf("a grid of %s points is more than the %d a sweep plays: sweep fewer values, or split the sweep", strings.Join(sizes, "×"), MaxSweepPoints)
	}
	// At most MaxSweepPoints values now, in at most log2(MaxSweepPoints)
	// swept rules.
	var fixed []string
	var lists [][]string
	swept := map[string]bool{}
	for _, r := range rules {
		k, v, _ := strings.Cut(r, "=")
		vals := strings.Split(v, ",")
		if len(vals) == 1 {
			fixed = append(fixed, r)
			continue
		}
		if swept[k] {
			return nil, nil, nil, fmt.Errorf("rule %s swept twice", clip.Runes(k, clip.MaxQuoted))
		}
		swept[k] = true
		seen := make(map[string]bool, len(vals))
		for i, v := range vals {
			vals[i] = strings.TrimSpace(v)
			if seen[vals[i]] {
				return nil, nil, nil, fmt.Errorf("rule %s=%s twice in the sweep: give each value once", clip.Runes(k, clip.MaxQuoted), clip.Runes(vals[i], clip.MaxQuoted))
			}
			seen[vals[i]] = true
		}
		keys = append(keys, k)
		lists = append(lists, vals)
	}
	idx := make([]int, len(keys))
	for {
		pt := append([]string{}, fixed...)
		vm := map[string]string{}
		for i, k := range keys {
			v := lists[i][idx[i]]
			pt = append(pt, k+"="+v)
			vm[k] = v
		}
		points = append(points, pt)
		values = append(values, vm)
		i := len(idx) - 1
		for i >= 0 {
			idx[i]++
			if idx[i] < len(lists[i]) {
				break
			}
			idx[i] = 0
			i--
		}
		if i < 0 {
			return keys, points, values, nil
		}
	}
}

// pointLabel names a point of a sweep by its swept rules, such as
// "insure=2 revive=4".
func pointLabel(keys []string, values map[string]string) string {
	kv := make([]string, len(keys))
	for i, k := range keys {
		kv[i] = k + "=" + values[k]
	}
	return strings.Join(kv, " ")
}
