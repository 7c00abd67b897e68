package experiment

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

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

// ruleMeanings returns what each rule of keys is, as g's rules describe it
// (games.Setting.Usage).
func ruleMeanings(g games.Game, keys []string) map[string]string {
	out := map[string]string{}
	for _, s := range g.Rules() {
		if slices.Contains(keys, s.Name) {
			out[s.Name] = s.Usage
		}
	}
	return out
}

// rulesChanged writes g's rules whose value is not their default as
// "key=value" separated by spaces, sorted by key as manifests list them:
// "" for the rules as written.
func rulesChanged(g games.Game) string {
	rs := slices.DeleteFunc(g.Rules(), func(s games.Setting) bool { return s.Value == s.Default })
	slices.SortFunc(rs, func(a, b games.Setting) int { return strings.Compare(a.Name, b.Name) })
	var parts []string
	for _, s := range rs {
		parts = append(parts, s.Name+"="+s.Value)
	}
	return strings.Join(parts, " ")
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
func Grid(rules []string) (keys []string, points [][]string, values []map[string]string, err error) {
	var fixed []string
	var lists [][]string
	for _, r := range rules {
		k, v, ok := strings.Cut(r, "=")
		if !ok || k == "" {
			return nil, nil, nil, fmt.Errorf("rule %q: want key=value or key=v1,v2,…", r)
		}
		vals := strings.Split(v, ",")
		if len(vals) == 1 {
			fixed = append(fixed, r)
			continue
		}
		if slices.Contains(keys, k) {
			return nil, nil, nil, fmt.Errorf("rule %s swept twice", k)
		}
		for i, v := range vals {
			vals[i] = strings.TrimSpace(v)
			if slices.Contains(vals[:i], vals[i]) {
				return nil, nil, nil, fmt.Errorf("rule %s=%s twice in the sweep: give each value once", k, vals[i])
			}
		}
		keys = append(keys, k)
		lists = append(lists, vals)
	}
	if len(keys) == 0 {
		return nil, nil, nil, errors.New("nothing to sweep: give a rule with several values, such as --rule insure=0,1,2")
	}
	size, sizes := 1, make([]string, len(lists))
	for i, l := range lists {
		sizes[i] = strconv.Itoa(len(l))
		if size > MaxSweepPoints/len(l) {
			size = MaxSweepPoints + 1 // and no overflow
			continue
		}
		size *= len(l)
	}
	if size > MaxSweepPoints {
		return nil, nil, nil, fmt.Errorf("a grid of %s points is more than the %d a sweep plays: sweep fewer values, or split the sweep", strings.Join(sizes, "×"), MaxSweepPoints)
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
