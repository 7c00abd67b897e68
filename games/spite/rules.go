package spite

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// The values of the first-tie rule.
const (
	TieReshuffle = "reshuffle" // both stockpiles are reshuffled and new upcards turned
	TieRandom    = "random"    // a coin decides who starts
)

// The values of the start rule.
const (
	StartHigher = "higher" // the higher upcard moves first (the seed's rule)
	StartLower  = "lower"  // the lower upcard moves first
	StartCoin   = "coin"   // a coin decides who moves first, whatever the upcards
)

// The values of the discard rule.
const (
	DiscardOptional  = "optional"  // a turn may end without a discard
	DiscardMandatory = "mandatory" // a turn ends with a discard whenever one is possible
)

// The values of the rebuild rule.
const (
	RebuildAll       = "all"       // every centre card, stacks in progress included
	RebuildCompleted = "completed" // only the completed stacks
)

// Rules are the rule options of Spite and Malice. The zero value is not
// useful; DefaultRules returns the rules as RULES.md states them.
type Rules struct {
	Jokers        int    // jokers in the 56-card deck: 0, 2, 4 or 6
	Stockpile     int    // cards dealt to each stockpile from the 52-card deck, 1 to 26
	Hand          int    // cards a hand is dealt and filled to, 1 to 10
	DiscardPiles  int    // discard piles each seat may use, 0 to NumPiles
	CentreStacks  int    // centre stacks in progress at once, 1 to MaxStacks
	Start         string // StartHigher, StartLower or StartCoin
	FirstTie      string // TieReshuffle or TieRandom
	JokerAce      bool   // a joker may be played as an ace to start a stack
	ForceHandAces bool   // aces in hand must be played too
	Discard       string // DiscardOptional or DiscardMandatory
	Rebuild       string // RebuildAll or RebuildCompleted
	RebuildAt     int    // the stock is rebuilt before a draw when it holds this many cards or fewer
	MaxTurns      int    // turns after which the game is a draw
	IdleRounds    int    // full rounds without a centre play or a discard after which the game is a draw
	Repeat        int    // the game is a draw when a position comes up for the Repeat-th time; 0 for never
	StallTurns    int    // turns in a row without a stockpile card played after which the game is a draw; 0 for never
	MaxRefills    int    // times a hand emptied mid-turn is refilled in one turn
}

// options binds r's fields to their names, defaults and meanings.
func (r *Rules) options() *games.Options {
	o := games.NewOptions("rule")
	o.Int(&r.Jokers, "jokers", 4, 0, 6, "jokers added to the hand-and-stock deck (0, 2, 4 or 6)")
	o.Int(&r.Stockpile, "stockpile", StockpileSize, 1, StockpileSize,
		"cards dealt to each stockpile from the 52-card deck (the rest of that deck is set aside, out of play); a game is won by playing them all")
	o.Int(&r.Hand, "hand", HandSize, 1, 10, "cards dealt to each hand, and the number a hand is filled up to after a turn or when emptied")
	o.Int(&r.DiscardPiles, "discard-piles", NumPiles, 0, NumPiles, "discard piles each seat may build (0: no discards)")
	o.Int(&r.CentreStacks, "centre-stacks", MaxStacks, 1, MaxStacks, "centre stacks that may be in progress at once (a completed stack frees its place)")
	o.ChangesDeal("jokers", "stockpile", "hand")
	o.Enum(&r.Start, "start", StartHigher, []string{StartHigher, StartLower, StartCoin},
		"who moves first: the higher upcard (the rules as written), the lower upcard, or a coin toss whatever the upcards")
	o.Enum(&r.FirstTie, "first-tie", TieReshuffle, []string{TieReshuffle, TieRandom},
		"when both upcards have the same rank (start=higher or lower): reshuffle both stockpiles and turn new upcards, or toss a coin")
	o.Bool(&r.JokerAce, "joker-ace", false, "a joker may be played as an ace to start a centre stack")
	o.Bool(&r.ForceHandAces, "force-hand-aces", false, "aces in hand must also be played before the turn ends (upcard and discard-top aces always must)")
	o.Enum(&r.Discard, "discard", DiscardOptional, []string{DiscardOptional, DiscardMandatory},
		"whether a turn may end without discarding when a discard is possible")
	o.Enum(&r.Rebuild, "rebuild", RebuildAll, []string{RebuildAll, RebuildCompleted},
		"centre cards shuffled under the stock when it runs low: all of them, or only completed stacks")
	o.Int(&r.RebuildAt, "rebuild-at", 12, 0, 46, "the stock is rebuilt before a draw when it holds this many cards or fewer")
	o.Int(&r.MaxTurns, "max-turns", 1000, 2, 100000, "turns (both seats counted) after which the game ends as a draw")
	o.Int(&r.IdleRounds, "idle-rounds", 2, 1, 1000, "full rounds in which neither seat plays to the centre or discards, after which the game is a draw")
	o.Int(&r.Repeat, "repeat", 3, 0, 100, "the game is a draw when the same position (the same ranks in every place, hidden cards and the stock's order included, and the same seat to move) comes up at the start of a turn for the repeat-th time; 0 for never")
	o.Int(&r.StallTurns, "stall-turns", 300, 0, 100000, "the game is a draw after this many turns in a row (both seats counted) in which no stockpile card is played; 0 for never")
	o.Int(&r.MaxRefills, "max-refills", 5, 0, 1000, "times in one turn a hand emptied mid-turn is refilled; beyond it the hand stays empty until the turn ends (a guard against endless turns through rebuilds)")
	return o
}

// check reports rules that parse one by one but make no game.
func (r *Rules) check() error {
	if r.Repeat == 1 {
		return fmt.Errorf("rule repeat=1: want 0 (never) or 2 or more (every position comes up once)")
	}
	if r.Jokers%2 != 0 {
		return fmt.Errorf("rule jokers=%d: want 0, 2, 4 or 6", r.Jokers)
	}
	return nil
}

// rulebook derives the defaults, the parser, the settings and the registry
// entry from the options.
var rulebook = games.Define("spite", "Spite and Malice",
	"race to empty a 26-card stockpile onto shared ace-to-king stacks, with wild jokers and four discard piles (2 players)",
	(*Rules).options, (*Rules).check, func(r Rules) (games.Game, error) { return New(r), nil })

// Definition returns the registry entry of the game.
func Definition() games.Definition {
	d := rulebook.Definition()
	d.ExampleDeal = ExampleDeal
	return d
}

// DefaultRules returns the rules as RULES.md states them.
func DefaultRules() Rules { return rulebook.Defaults() }

// ParseRules returns the default rules with the given "key=value" options
// applied; unknown keys and bad values are errors.
func ParseRules(kvs []string) (Rules, error) { return rulebook.Parse(kvs) }

// Settings returns every rule option with its value in r.
func (r Rules) Settings() []games.Setting { return rulebook.Settings(r) }
