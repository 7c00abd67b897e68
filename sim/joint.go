package sim

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/stat"
)

// JointGroups groups the seats counted in t's joint table by their values
// of the deal features named in use, for a model of several features at
// once such as stat.Logistic: a group's trials are its seats and its
// successes their wins. names lists every feature of the table's keys, in
// order (the game's DealFeatures). The groups come in the order of their
// values as text, so a fit to them repeats to the last bit. It is an error
// to name a feature that names does not hold, or for a key not to have a
// value for each of names.
func (t *Tally) JointGroups(names, use []string) ([]stat.BinomialGroup, error) {
	idx := make([]int, len(use))
	for i, u := range use {
		idx[i] = slices.Index(names, u)
		if idx[i] < 0 {
			return nil, fmt.Errorf("no deal feature %q (known: %s)", u, strings.Join(names, ", "))
		}
	}
	groups := map[string]*stat.BinomialGroup{}
	for k, c := range t.Joint {
		vals := strings.Split(k, ",")
		if len(vals) != len(names) {
			return nil, fmt.Errorf("joint cell %q has %d values for %d features", k, len(vals), len(names))
		}
		x := make([]float64, len(idx))
		sub := make([]string, len(idx))
		for j, i := range idx {
			v, err := strconv.ParseFloat(vals[i], 64)
			if err != nil {
				return nil, fmt.Errorf("joint cell %q: %w", k, err)
			}
			x[j], sub[j] = v, vals[i]
		}
		key := strings.Join(sub, ",")
		g := groups[key]
		if g == nil {
			g = &stat.BinomialGroup{X: x}
			groups[key] = g
		}
		g.Trials += float64(c.Games)
		g.Successes += float64(c.Wins)
	}
	var out []stat.BinomialGroup
	for _, k := range slices.Sorted(maps.Keys(groups)) {
		out = append(out, *groups[k])
	}
	return out, nil
}
