package reports

import (
	"fmt"
	"io"
	"text/tabwriter"

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
	// ChangesDeal is true for a rule under which other values deal other
	// cards, so that variants of it are compared unpaired; left out when
	// false (games.Setting.ChangesDeal).
	ChangesDeal bool `json:"changes_deal,omitempty"`
}

// StrategyListing is a strategy as "cardsim strategies --format json" lists
// it.
type StrategyListing struct {
	Name    string           `json:"name"`
	Game    string           `json:"game,omitempty"` // empty for a strategy that plays any game
	Summary string           `json:"summary"`
	Params  []SettingListing `json:"params"`
}

// SettingListings lists settings with their values typed by kind.
func SettingListings(settings []games.Setting) []SettingListing {
	out := make([]SettingListing, len(settings))
	for i, s := range settings {
		out[i] = SettingListing{Name: s.Name, Value: sim.RuleValue{Text: s.Value, Kind: s.Kind},
			Default: sim.RuleValue{Text: s.Default, Kind: s.Kind}, Usage: s.Usage, Kind: s.Kind, Choices: s.Choices, ChangesDeal: s.ChangesDeal}
	}
	return out
}

// NewRulesListing lists the rules of g, with their values in force.
func NewRulesListing(g games.Game) RulesListing {
	return RulesListing{Game: g.Name(), Rules: SettingListings(g.Rules())}
}

// GameListings lists every game of r.
func GameListings(r *games.Registry) ([]GameListing, error) {
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

// StrategyListings lists the strategies of defs with their parameters for
// g.
func StrategyListings(g games.Game, defs []strategies.Definition) []StrategyListing {
	out := []StrategyListing{}
	for _, d := range defs {
		out = append(out, StrategyListing{Name: d.Name, Game: d.Game, Summary: d.Summary, Params: SettingListings(d.Params(g))})
	}
	return out
}

// WriteGames writes the games of r as a table: each one's name, title and
// summary.
func WriteGames(w io.Writer, r *games.Registry) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, d := range r.All() {
		fmt.Fprintf(tw, "%s\t%s: %s\n", d.Name, d.Title, d.Summary)
	}
	return tw.Flush()
}

// WriteRules writes rules as a table: each rule's name, value in force,
// default, whether other values deal other cards ("changes": such
// variants cannot be compared on the same deals; "same" otherwise) and
// meaning.
func WriteRules(w io.Writer, rules []games.Setting) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "rule\tvalue\tdefault\tdeal\tmeaning")
	for _, s := range rules {
		deal := "same"
		if s.ChangesDeal {
			deal = "changes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Name, s.Value, s.Default, deal, s.Usage)
	}
	return tw.Flush()
}

// WriteStrategies writes the strategies of defs, each with its summary
// and, indented below it, its parameters for g as --param flags with their
// defaults and meanings.
func WriteStrategies(w io.Writer, g games.Game, defs []strategies.Definition) error {
	for _, d := range defs {
		scope := ""
		if d.Game == "" {
			scope = " (any game)"
		}
		fmt.Fprintf(w, "%s%s: %s\n", d.Name, scope, d.Summary)
		for _, p := range d.Params(g) {
			fmt.Fprintf(w, "    --param %s=%s\t%s\n", p.Name, p.Default, p.Usage)
		}
	}
	return nil
}
