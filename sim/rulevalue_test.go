package sim

import (
	"encoding/json"
	"testing"

	"github.com/cardsim/cardsim/games"
)

func TestRuleValueKeepsItsType(t *testing.T) {
	for _, tt := range []struct {
		v    RuleValue
		json string
	}{
		{RuleValue{"10", games.Integer}, `10`},
		{RuleValue{"0.25", games.Number}, `0.25`},
		{RuleValue{"1e+06", games.Number}, `1e+06`},
		{RuleValue{"true", games.Boolean}, `true`},
		{RuleValue{"max-ip", games.Text}, `"max-ip"`},
		{RuleValue{"file:a b#sha256=00", games.Text}, `"file:a b#sha256=00"`},
		{RuleValue{"x", games.Integer}, `"x"`}, // not an integer after all: kept as text
	} {
		b, err := json.Marshal(tt.v)
		if err != nil || string(b) != tt.json {
			t.Errorf("%+v marshals to %s (%v), want %s", tt.v, b, err, tt.json)
		}
		var back RuleValue
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(back)
		if string(again) != tt.json {
			t.Errorf("%s reads back as %+v, which marshals to %s", tt.json, back, again)
		}
	}
}

// FuzzRuleValue: whatever a manifest holds, a value that reads marshals
// back to JSON that reads as the same value.
func FuzzRuleValue(f *testing.F) {
	for _, s := range []string{`10`, `"x"`, `true`, `1.5e3`, `-0`, `[1]`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v RuleValue
		if json.Unmarshal(b, &v) != nil {
			return
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%q read as %+v does not marshal: %v", b, v, err)
		}
		var w RuleValue
		if err := json.Unmarshal(out, &w); err != nil || w != v {
			t.Fatalf("%q → %+v → %s → %+v (%v)", b, v, out, w, err)
		}
	})
}
