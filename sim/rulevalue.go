package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/cardsim/cardsim/games"
)

// RuleValue is the value of a rule in a manifest: its text, as --rule takes
// it, and its kind, so that JSON keeps its type (a number as a number, true
// as true).
type RuleValue struct {
	Text string
	Kind games.Kind
}

// String returns the value's text.
func (v RuleValue) String() string { return v.Text }

// MarshalJSON writes the value as a JSON number or boolean where its kind
// says so and its text is one, otherwise as a string.
func (v RuleValue) MarshalJSON() ([]byte, error) {
	switch v.Kind {
	case games.Integer, games.Number:
		// The text itself, when it is a JSON number: then it reads back
		// as the same text.
		var n json.Number
		if json.Unmarshal([]byte(v.Text), &n) == nil && n.String() == v.Text {
			return []byte(v.Text), nil
		}
	case games.Boolean:
		if b, err := strconv.ParseBool(v.Text); err == nil {
			return json.Marshal(b)
		}
	}
	return json.Marshal(v.Text)
}

// UnmarshalJSON reads a value written by MarshalJSON.
func (v *RuleValue) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '"':
		v.Kind = games.Text
		return json.Unmarshal(b, &v.Text)
	case string(b) == "true" || string(b) == "false":
		*v = RuleValue{Text: string(b), Kind: games.Boolean}
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil || n == "" {
			return fmt.Errorf("rule value %.40s: want a string, number or boolean", b)
		}
		v.Text, v.Kind = n.String(), games.Number
		if _, err := n.Int64(); err == nil {
			v.Kind = games.Integer
		}
	}
	return nil
}
