package experiment

import (
	"errors"
	"fmt"
	"math"
	"slices"
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
//
// It counts the grid's points before it writes out a value, so that a sweep
// given far more values than MaxSweepPoints is refused after one pass over
// the text, and then checks each rule's values for one given twice with a
// map: the work is linear in the length of the rules however many values
// they hold.
func Grid(rules []string) (keys []string, points [][]string, values []map[string]string, err error) {
	// Count first: a value is one, a range lo..hi[:step] its values.
	size, sizes := 1, []string(nil)
	for _, r := range rules {
		k, v, ok := strings.Cut(r, "=")
		if !ok || k == "" {
			return nil, nil, nil, fmt.Errorf("rule %q: want key=value or key=v1,v2,…", clip.Runes(r, clip.MaxQuoted))
		}
		n := countValues(v)
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
		vals, err := expandRanges(strings.Split(v, ","))
		if err != nil {
			return nil, nil, nil, fmt.Errorf("rule %s: %w", clip.Runes(k, clip.MaxQuoted), err)
		}
		if len(vals) == 1 {
			fixed = append(fixed, k+"="+vals[0])
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

// countValues returns how many values the list v of a --rule holds, as
// expandRanges writes it out, without writing it (a range counts at most
// MaxSweepPoints+1). A range it cannot read counts as one value;
// expandRanges refuses it.
func countValues(v string) int {
	n := 0
	for item := range strings.SplitSeq(v, ",") {
		n += rangeSize(item)
	}
	return n
}

// rangeSize returns the values of the range lo..hi[:step] v, as
// expandRanges counts them, capped at MaxSweepPoints+1: one if v is no
// range or not one it can read.
func rangeSize(v string) int {
	lo, rest, ok := strings.Cut(strings.TrimSpace(v), "..")
	if !ok {
		return 1
	}
	hi, step, stepped := strings.Cut(rest, ":")
	a, erra := strconv.ParseFloat(strings.TrimSpace(lo), 64)
	b, errb := strconv.ParseFloat(strings.TrimSpace(hi), 64)
	d := 1.0
	var errd error
	if stepped {
		d, errd = strconv.ParseFloat(strings.TrimSpace(step), 64)
	}
	if erra != nil || errb != nil || errd != nil || !(d > 0) || math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsInf(d, 0) || b < a {
		return 1
	}
	n := math.Floor((b-a)/d+1e-9) + 1
	return int(min(n, MaxSweepPoints+1))
}

// expandRanges returns values with each range "lo..hi" (every whole
// number from lo to hi) or "lo..hi:step" (lo, lo+step, … up to hi)
// written out, in order.
func expandRanges(values []string) ([]string, error) {
	var out []string
	for _, v := range values {
		lo, rest, ok := strings.Cut(strings.TrimSpace(v), "..")
		if !ok {
			out = append(out, v)
			continue
		}
		hi, step, stepped := strings.Cut(rest, ":")
		a, erra := strconv.ParseFloat(strings.TrimSpace(lo), 64)
		b, errb := strconv.ParseFloat(strings.TrimSpace(hi), 64)
		if erra != nil || errb != nil {
			out = append(out, v) // not a range of numbers, such as a path ../rules.csv
			continue
		}
		d := 1.0
		var errd error
		if stepped {
			d, errd = strconv.ParseFloat(strings.TrimSpace(step), 64)
		}
		if errd != nil || !(d > 0) || math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsInf(d, 0) || b < a {
			return nil, fmt.Errorf("range %q: want lo..hi (every whole number from lo to hi) or lo..hi:step, lo at most hi and step positive", v)
		}
		n := math.Floor((b-a)/d+1e-9) + 1
		if n > MaxSweepPoints {
			return nil, fmt.Errorf("range %q holds %.0f values, more than the %d a sweep plays", v, n, MaxSweepPoints)
		}
		for i := range int(n) {
			x := a + float64(i)*d
			out = append(out, strconv.FormatFloat(math.Round(x*1e9)/1e9, 'f', -1, 64))
		}
	}
	return out, nil
}

// JointPoints reads the points of a sweep or a tune given as a list, each
// "key=value,key=value" (ranges are not taken: a point is one setting of
// its rules), over the fixed rules, none of which may be swept: the keys
// the points set, in the order they first appear, every point as the full
// list of rule options, and the values each point gives its keys (a key a
// point does not set is absent: it keeps its value in force).
func JointPoints(rules, pts []string) (keys []string, points [][]string, values []map[string]string, err error) {
	for _, r := range rules {
		if k, v, _ := strings.Cut(r, "="); strings.Contains(v, ",") {
			return nil, nil, nil, fmt.Errorf("rule %s is swept and --point gives points: sweep a grid of --rule values or list the points, not both", k)
		}
	}
	if len(pts) > MaxSweepPoints {
		return nil, nil, nil, fmt.Errorf("%d points are more than the %d a sweep plays", len(pts), MaxSweepPoints)
	}
	seen := map[string]bool{}
	for _, pt := range pts {
		v, err := ParseVariant(pt)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("--point %q: %w", pt, errors.Unwrap(err))
		}
		if v.Name != "" {
			return nil, nil, nil, fmt.Errorf("--point %q: a point takes no name: write key=value,key=value", pt)
		}
		vm := map[string]string{}
		for _, kv := range v.Rules {
			k, val, _ := strings.Cut(kv, "=")
			k, val = strings.TrimSpace(k), strings.TrimSpace(val)
			vm[k] = val
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
		label := strings.Join(v.Rules, ",")
		if seen[label] {
			return nil, nil, nil, fmt.Errorf("--point %s given twice: give each point once", pt)
		}
		seen[label] = true
		points = append(points, v.over(rules))
		values = append(values, vm)
	}
	if len(points) < 2 {
		return nil, nil, nil, errors.New("give at least two points to compare: --point key=value,key=value, repeated")
	}
	return keys, points, values, nil
}

// Points returns the points of spec's sweep or tune: its joint points if
// it lists any (JointPoints), else the grid of its rules (Grid).
func (s *Spec) points() (keys []string, points [][]string, values []map[string]string, err error) {
	if len(s.Points) > 0 {
		return JointPoints(s.Rules, s.Points)
	}
	return Grid(s.Rules)
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
