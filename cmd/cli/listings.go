package cli

import (
	"encoding/json"
	"io"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// GameListing is a game as "cardsim games --format json" lists it.
type GameListing struct {
	Name    string `json:"name"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
	Seats   int    `json:"seats"` // 1 for a solitaire
}

// RulesListing is a game's rules as "cardsim rules --format json" lists
// them: every rule with its value in force, its default, its meaning, the
// kind of value it takes and, for a rule of a set of choices, the choices.
type RulesListing struct {
	Game  string           `json:"game"`
	Rules []SettingListing `json:"rules"`
}

// SettingListing is a rule or a strategy's parameter as the JSON listings
// give it: its value in force and its default keep their kind (a number as
// a JSON number, a yes-or-no as true or false), as in summary.json.
type SettingListing struct {
	Name    string        `json:"name"`
	Value   sim.RuleValue `json:"value"`
	Default sim.RuleValue `json:"default"`
	Usage   string        `json:"usage"`
	Kind    games.Kind    `json:"kind"`
	Choices []string      `json:"choices,omitempty"` // the values of a rule of a set of choices
}

// settingListings lists settings with their values typed by kind.
func settingListings(settings []games.Setting) []SettingListing {
	out := make([]SettingListing, len(settings))
	for i, s := range settings {
		out[i] = SettingListing{Name: s.Name, Value: sim.RuleValue{Text: s.Value, Kind: s.Kind},
			Default: sim.RuleValue{Text: s.Default, Kind: s.Kind}, Usage: s.Usage, Kind: s.Kind, Choices: s.Choices}
	}
	return out
}

// StrategyListing is a strategy as "cardsim strategies --format json" lists
// it.
type StrategyListing struct {
	Name    string           `json:"name"`
	Game    string           `json:"game,omitempty"` // empty for a strategy that plays any game
	Summary string           `json:"summary"`
	Params  []SettingListing `json:"params"`
}

// gameListings lists every game of r.
func gameListings(r *games.Registry) ([]GameListing, error) {
	var out []GameListing
	for _, d := range r.All() {
		g, err := d.New(nil)
		if err != nil {
			return nil, err
		}
		out = append(out, GameListing{Name: d.Name, Title: d.Title, Summary: d.Summary, Seats: g.Seats()})
	}
	return out, nil
}

// strategyListings lists the strategies of defs.
func strategyListings(defs []strategies.Definition) []StrategyListing {
	out := []StrategyListing{}
	for _, d := range defs {
		out = append(out, StrategyListing{Name: d.Name, Game: d.Game, Summary: d.Summary, Params: settingListings(d.Params())})
	}
	return out
}

// writeJSON writes v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
