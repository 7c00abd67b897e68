package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/cardsim/cardsim/sim/schematest"
)

// TestSummariesMatchTheSchema: summaries of every shape (one strategy,
// several, games of several players with features and round features, a
// solver's undecided games) validate against SummarySchema, and the schema
// refuses a summary with a field out of place.
func TestSummariesMatchTheSchema(t *testing.T) {
	schema := schematest.Compile(t, SummarySchema)
	doubt := fixedDef("two", 1)
	configs := map[string]Config{
		"one strategy":      {Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("die", 0)}}, Seed: 1, Games: 50},
		"several":           {Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("die", 0)}, {Strategy: doubt}}, Seed: 1, Games: 50},
		"seats and rounds":  {Game: roundDice{dice{2}}, Lineup: []Player{{Strategy: fixedDef("a", 0)}}, Seed: 1, Games: 50},
		"two bots in seats": {Game: dice{2}, Lineup: []Player{{Strategy: fixedDef("a", 0)}, {Strategy: fixedDef("b", 1)}}, Seed: 1, Games: 50},
	}
	for name, cfg := range severalSeats(t, 20) {
		configs[name] = cfg
	}
	for name, cfg := range configs {
		tally, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := Summarize(&cfg, tally, 0.95)
		s.Manifest = NewManifest(&cfg, tally.Games, 0.95)
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		// The first strategy's figures at the top beside entries: refused.
		if len(s.Entries) > 0 {
			m := inst.(map[string]any)
			m["score"] = m["entries"].([]any)[0].(map[string]any)["score"]
			if schema.Validate(m) == nil {
				t.Errorf("%s: a top-level score beside entries was accepted", name)
			}
		}
	}
}
