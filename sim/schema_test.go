package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/cardsim/cardsim/sim/schematest"
)

// validated writes s as JSON and returns it read back, with what schema
// finds wrong with it.
func validated(t *testing.T, schema *jsonschema.Schema, s Summary) (any, error) {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return inst, schema.Validate(inst)
}

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
		inst, err := validated(t, schema, s)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		// The first strategy's figures at the top beside entries, as
		// version 1 wrote a lone strategy's: refused.
		m := inst.(map[string]any)
		m["score"] = m["entries"].([]any)[0].(map[string]any)["score"]
		if schema.Validate(m) == nil {
			t.Errorf("%s: a top-level score beside entries was accepted", name)
		}
		delete(m, "score")
		m["entries"] = []any{}
		if schema.Validate(m) == nil {
			t.Errorf("%s: a summary without entries was accepted", name)
		}
	}
}

// TestSummaryReadsVersion1: summaries written by cardsim before schema
// version 2 (testdata, from commit 67f675b) are read with every strategy's
// figures in Entries: a lone strategy's top-level figures become its one
// entry, named as the manifest names it, and a comparison's entries stay
// as written. Written again, each validates against today's schema.
func TestSummaryReadsVersion1(t *testing.T) {
	schema := schematest.Compile(t, SummarySchema)
	for _, tt := range []struct {
		file       string
		strategies []string
	}{
		{"testdata/summary-v1.json", []string{"greedy"}},
		{"testdata/summary-v1-compare.json", []string{"greedy", "random"}},
	} {
		b, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		var old map[string]any // the file as written, for the figures it holds
		if err := json.Unmarshal(b, &old); err != nil {
			t.Fatal(err)
		}
		if old["schema_version"] != 1.0 {
			t.Fatalf("%s: schema_version %v, want a fixture of version 1", tt.file, old["schema_version"])
		}
		var s Summary
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if len(s.Entries) != len(tt.strategies) {
			t.Fatalf("%s: %d entries, want %d", tt.file, len(s.Entries), len(tt.strategies))
		}
		for i, name := range tt.strategies {
			e := s.Entries[i]
			if e.Strategy.Name != name || len(e.MetricOrder) != len(s.MetricOrder) || len(e.Metrics) != len(s.MetricOrder) {
				t.Errorf("%s: entry %d is %q with %d metrics in order %v, want %s with the summary's %d", tt.file, i, e.Strategy.Name, len(e.Metrics), e.MetricOrder, name, len(s.MetricOrder))
			}
		}
		figures := old // where version 1 kept the first strategy's figures
		if es, ok := old["entries"].([]any); ok {
			figures = es[0].(map[string]any)
		}
		score := figures["score"].(map[string]any)
		win := figures["win"].(map[string]any)
		if e := s.Lead(); e.Score.Mean != score["mean"] || e.Score.CIHigh != score["ci_high"] || e.Win.Count != int64(win["count"].(float64)) || e.Score.N != int64(score["n"].(float64)) {
			t.Errorf("%s: first entry's score %+v, win %+v; the file holds %v and %v", tt.file, e.Score, e.Win, score, win)
		}
		if _, err := validated(t, schema, s); err != nil {
			t.Errorf("%s written again: %v", tt.file, err)
		}
	}

	// A summary of a later version than this build's is refused.
	var s Summary
	err := json.Unmarshal([]byte(`{"schema_version": 99, "entries": []}`), &s)
	if err == nil || !strings.Contains(err.Error(), "later cardsim") {
		t.Errorf("schema_version 99: %v, want a refusal naming a later cardsim", err)
	}
}
