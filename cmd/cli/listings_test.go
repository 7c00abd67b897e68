package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
)

// TestListingsJSON: games, rules and strategies print as JSON with what
// their tables show, and the kinds and choices of rules.
func TestListingsJSON(t *testing.T) {
	decode := func(args []string, v any) {
		t.Helper()
		code, out, errs := run(t, append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if err := json.Unmarshal([]byte(out), v); err != nil {
			t.Fatalf("%v: %v:\n%s", args, err, out)
		}
	}
	var gs []reports.GameListing
	decode([]string{"games"}, &gs)
	seats := map[string]int{}
	for _, g := range gs {
		seats[g.Name] = g.Seats
		if g.Title == "" || g.Summary == "" {
			t.Errorf("game %+v", g)
		}
	}
	if len(gs) != len(catalog.Games().All()) || seats["nora"] != 1 || seats["spite"] != 2 {
		t.Errorf("games: %+v", gs)
	}

	var rules reports.RulesListing
	decode([]string{"rules", "nora", "--rule", "insure=3"}, &rules)
	byName := map[string]reports.SettingListing{}
	for _, s := range rules.Rules {
		byName[s.Name] = s
	}
	if rules.Game != "nora" {
		t.Errorf("rules of %q", rules.Game)
	}
	if s := byName["insure"]; s.Value.Text != "3" || s.Default.Text != "1" || s.Kind != games.Integer {
		t.Errorf("insure: %+v", s)
	}
	// Values keep their kind in the JSON itself, as in summary.json.
	_, out, _ := run(t, "rules", "nora", "--rule", "insure=3", "--format", "json")
	for _, want := range []string{`"value": 3,`, `"default": 1,`, `"value": "max-ip",`, `"default": true,`} {
		if !strings.Contains(out, want) {
			t.Errorf("rules --format json lacks %s", want)
		}
	}
	if s := byName["removal"]; !slices.Equal(s.Choices, []string{"max-ip", "left-to-right"}) || s.Kind != games.Text {
		t.Errorf("removal: %+v", s)
	}
	if s := byName["quad-chain"]; s.Kind != games.Boolean || s.Choices != nil {
		t.Errorf("quad-chain: %+v", s)
	}

	var ss []reports.StrategyListing
	decode([]string{"strategies", "nora"}, &ss)
	var names []string
	for _, s := range ss {
		names = append(names, s.Name)
		if s.Name == "stop-at" && (s.Game != "nora" || len(s.Params) == 0 || s.Params[0].Name != "cards") {
			t.Errorf("stop-at: %+v", s)
		}
		if s.Name == "random" && s.Game != "" {
			t.Errorf("random plays only %q", s.Game)
		}
	}
	for _, want := range []string{"stop-at", "cautious", "rescuer", "random"} {
		if !slices.Contains(names, want) {
			t.Errorf("strategies %v lack %s", names, want)
		}
	}
}

// TestListingsFormatChecked: a format a listing does not write is refused.
func TestListingsFormatChecked(t *testing.T) {
	for _, args := range [][]string{{"games", "--format", "csv"}, {"rules", "nora", "--format", "xml"}, {"strategies", "nora", "--format", "csv"}, {"version", "--format", "table"}} {
		if code, _, _ := run(t, args...); code != 1 {
			t.Errorf("%v: exit %d, want 1", args, code)
		}
	}
}
