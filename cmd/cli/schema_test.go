package cli

import (
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/sim/schematest"
)

// TestRealSummariesMatchTheSchema: the summary.json of every game as run
// from the command line (its default bot, a solver, several strategies,
// seats rotated, a precision target) and of a merge validate against the
// published JSON Schema.
func TestRealSummariesMatchTheSchema(t *testing.T) {
	schema := schematest.Compile(t, sim.SummarySchema)
	summaries := map[string][]byte{}
	for _, d := range catalog.Games().All() {
		summaries["run "+d.Name] = []byte(mustRun(t, "run", d.Name, "--games", "40", "--format", "json", "-q"))
	}
	for name, args := range map[string][]string{
		"solver":         {"run", "flip", "--strategy", "clairvoyant", "--rule", "ranks=4", "--rule", "forced-play=false", "--param", "budget=10", "--param", "win-budget=10", "--games", "60"},
		"compare":        {"compare", "nora", "--strategies", "cautious,rescuer", "--games", "60"},
		"seats rotated":  {"compare", "roundup", "--strategies", "greedy,defender", "--rule", "players=3", "--games", "30"},
		"solver compare": {"compare", "chriscross", "--strategies", "greedy,clairvoyant", "--games", "30"},
		"three":          {"compare", "nora", "--strategies", "stop-at,cautious,rescuer:stop=0.2", "--games", "30"},
		"precision":      {"run", "nora", "--strategy", "rescuer", "--precision", "0.5", "--max-games", "2000"},
		"variants":       {"compare", "roundup", "--strategies", "greedy,defender", "--variant", "three:players=3", "--variant", "goal=12", "--figure", "turns,win", "--reference", "win=0.5", "--games", "30"},
		"variants to a precision": {"compare", "nora", "--strategies", "rescuer", "--variant", "switch=3", "--baseline", "switch=3", "--variant", "insure=2",
			"--precision", "3", "--max-games", "4000"},
	} {
		summaries[name] = []byte(mustRun(t, append(args, "--format", "json", "-q")...))
	}
	parts := t.TempDir()
	for _, k := range []string{"0/2", "1/2"} {
		mustRun(t, "run", "spite", "--strategies", "greedy,planner", "--games", "20", "--shard", k, "--out", parts, "-q")
	}
	summaries["merge"] = []byte(mustRun(t, "merge", parts, "--format", "json"))
	for name, b := range summaries {
		if err := schematest.Validate(schema, b); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
