package nora

import (
	"errors"

	"github.com/cardsim/cardsim/games"
)

var errOneJoker = errors.New("rule jokers=1: a lone joker could never pair; want 0 or 2")

// Removal orders, the values of the removal rule.
const (
	RemovalMaxIP       = "max-ip"
	RemovalLeftToRight = "left-to-right"
)

// Rules are the rule options of Nora's pairs solitaire. The zero value is not
// useful; DefaultRules returns the designer's rules.
type Rules struct {
	Rounds int // rounds in a game
	Jokers int // jokers in the deck: 0 or 2
	Ranks  int // ranks in the deck, from Ace up (13 = the full deck)

	Removal   string // RemovalMaxIP or RemovalLeftToRight
	QuadChain bool   // a quad on its own counts as a chain of two pairs
	StartIP   int    // ip held at the start of the game

	Insure, Switch, Revive int // prices in ip

	Joke, Triple, Quad, Sweep, Chain, Reaction int // ip earned per occurrence
	Pair                                       int // ip earned per pair other than the jokers' (0 as written)
	Jamboree, JamboreeFrom                     int // ip per pair from the JamboreeFrom-th pair of a pass
	DeadFull, DeadShort                        int // ip for a round ending dead with a full or a reduced deck
}

// options binds r's fields to their names, defaults and meanings.
func (r *Rules) options() *games.Options {
	o := games.NewOptions("rule")
	o.Int(&r.Rounds, "rounds", 10, 1, 1000, "rounds in a game; perfect score = deck size × rounds")
	o.Int(&r.Jokers, "jokers", 2, 0, 2, "jokers in the deck (0 or 2; a lone joker could never pair)")
	o.Int(&r.Ranks, "ranks", 13, 1, 13, "ranks in the deck, Ace upward, four suits each (smaller decks for study and tests)")
	o.Enum(&r.Removal, "removal", RemovalMaxIP, []string{RemovalMaxIP, RemovalLeftToRight},
		"order in which pairs are removed: max-ip searches for the order earning most ip; left-to-right always takes the leftmost pair alone")
	o.Bool(&r.QuadChain, "quad-chain", true, "a quad removed on its own also counts as a chain of two pairs")
	o.Int(&r.StartIP, "start-ip", 0, 0, 1000, "ip held at the start of the game")
	o.Int(&r.Insure, "insure", 1, 0, 1000, "price of INSURE in ip (protects one shuffle)")
	o.Int(&r.Switch, "switch", 2, 0, 1000, "price of SWITCH in ip (swap two adjacent cards)")
	o.Int(&r.Revive, "revive", 4, 0, 1000, "price of REVIVE in ip (bring an uninsured dead deck back to life)")
	o.Int(&r.Pair, "ip-pair", 0, 0, 100, "ip for each pair removed other than the joker pair, paid when the pass is over")
	o.Int(&r.Joke, "ip-joke", 1, 0, 100, "ip for removing the joker pair")
	o.Int(&r.Triple, "ip-triple", 1, 0, 100, "ip for a pair taken from a run of exactly three equal ranks")
	o.Int(&r.Quad, "ip-quad", 4, 0, 100, "ip for removing a run of four equal ranks whole")
	o.Int(&r.Sweep, "ip-sweep", 1, 0, 100, "ip for each rank whose four cards all fall in one pass, not by one quad")
	o.Int(&r.Chain, "ip-chain", 1, 0, 100, "ip per pair after the first in a block of pairs removed end to end")
	o.Int(&r.Reaction, "ip-reaction", 1, 0, 100, "ip for a pair brought together by earlier removals of the same cascade")
	o.Int(&r.Jamboree, "ip-jamboree", 1, 0, 100, "ip per pair of a pass from the jamboree-from-th pair on")
	o.Int(&r.JamboreeFrom, "jamboree-from", 6, 1, 28, "pair of a pass from which the jamboree pays")
	o.Int(&r.DeadFull, "ip-dead-full", 4, 0, 100, "ip when a round ends dead with its deck still full")
	o.Int(&r.DeadShort, "ip-dead", 1, 0, 100, "ip when a round ends dead with some cards already removed")
	o.ChangesDeal("jokers", "ranks")
	return o
}

// check reports rules that parse one by one but make no game.
func (r *Rules) check() error {
	if r.Jokers == 1 {
		return errOneJoker
	}
	return nil
}

// rulebook derives the defaults, the parser, the settings and the registry
// entry from the options.
var rulebook = games.Define("nora", "Nora's pairs solitaire",
	"shuffle, cast out adjacent pairs, stop or risk a dead deck; insurance points buy protection (1 player)",
	(*Rules).options, (*Rules).check, func(r Rules) (games.Game, error) { return New(r), nil })

// Definition returns the registry entry of the game.
func Definition() games.Definition {
	d := rulebook.Definition()
	d.ExampleDeal = ExampleDeal
	return d
}

// DefaultRules returns the rules as the designer wrote them, read as
// RULES.md states.
func DefaultRules() Rules { return rulebook.Defaults() }

// ParseRules returns the default rules with the given "key=value" options
// applied; unknown keys and bad values are errors.
func ParseRules(kvs []string) (Rules, error) { return rulebook.Parse(kvs) }

// Settings returns every rule option with its value in r.
func (r Rules) Settings() []games.Setting { return rulebook.Settings(r) }

// DeckSize returns the number of cards in a full deck under r.
func (r Rules) DeckSize() int { return 4*r.Ranks + r.Jokers }
