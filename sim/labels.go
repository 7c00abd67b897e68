package sim

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// StrategyLabels names each entry of a lineup, given by its strategy
// records, as tables, files and comparisons do: its strategy's name, and
// where entries share a name, the name with the parameters whose values
// set them apart, as in "search(nodes=5000)". Entries alike in every
// parameter are told apart by their place in the lineup, from 1:
// "search#2".
func StrategyLabels(rs []StrategyRecord) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Name
		var same []int // the entries of r's name, i among them
		for j, o := range rs {
			if o.Name == r.Name {
				same = append(same, j)
			}
		}
		if len(same) == 1 {
			continue
		}
		keys := map[string]bool{}
		for _, j := range same {
			for k := range rs[j].Params {
				keys[k] = true
			}
		}
		var differ []string
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			for _, j := range same {
				if v, ok := rs[j].Params[k]; !ok || v != r.Params[k] {
					differ = append(differ, k+"="+r.Params[k])
					break
				}
			}
		}
		if len(differ) > 0 {
			out[i] = r.Name + "(" + strings.Join(differ, ", ") + ")"
		}
	}
	first := slices.Clone(out)
	for i := range out {
		for j := range first {
			if j != i && first[j] == first[i] {
				out[i] = fmt.Sprintf("%s#%d", rs[i].Name, i+1)
				break
			}
		}
	}
	return out
}

// lineupRecords returns the strategy records of cfg's lineup, each with
// every parameter's value in force.
func lineupRecords(cfg *Config) []StrategyRecord {
	rs := make([]StrategyRecord, len(cfg.Lineup))
	for i, p := range cfg.Lineup {
		rs[i] = StrategyRecord{Name: p.Strategy.Name, Params: ParamValues(p)}
	}
	return rs
}
