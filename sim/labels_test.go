package sim

import (
	"slices"
	"testing"
)

// TestStrategyLabels: entries are named by their strategy, two settings
// of one strategy by the parameters that set them apart (only those), and
// entries alike in every parameter by their place in the lineup.
func TestStrategyLabels(t *testing.T) {
	rec := func(name string, kv ...string) StrategyRecord {
		r := StrategyRecord{Name: name, Params: map[string]string{}}
		for i := 0; i+1 < len(kv); i += 2 {
			r.Params[kv[i]] = kv[i+1]
		}
		return r
	}
	for _, tt := range []struct {
		name string
		rs   []StrategyRecord
		want []string
	}{
		{"distinct names", []StrategyRecord{rec("greedy"), rec("search", "nodes", "500")}, []string{"greedy", "search"}},
		{"two settings of one bot", []StrategyRecord{rec("search", "nodes", "5000", "column1", "100"), rec("search", "nodes", "500", "column1", "100")},
			[]string{"search(nodes=5000)", "search(nodes=500)"}},
		{"two parameters apart", []StrategyRecord{rec("pimc", "budget", "5", "rollout", "greedy"), rec("pimc", "budget", "20", "rollout", "random"), rec("greedy")},
			[]string{"pimc(budget=5, rollout=greedy)", "pimc(budget=20, rollout=random)", "greedy"}},
		{"alike in every parameter", []StrategyRecord{rec("greedy", "gap", "6"), rec("greedy", "gap", "6")}, []string{"greedy#1", "greedy#2"}},
		{"three of one bot, two alike", []StrategyRecord{rec("s", "n", "1"), rec("s", "n", "1"), rec("s", "n", "2")}, []string{"s#1", "s#2", "s(n=2)"}},
	} {
		if got := StrategyLabels(tt.rs); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
