package flip

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// The values of the start and windows rules.
const (
	StartLight = "light" // cards are dealt showing their light face
	StartDark  = "dark"  // cards are dealt showing their dark face
	WindowsAny = "any"   // any four consecutive dealt cards form a set
	WindowsTop = "top"   // only the top four dealt cards form a set
)

// The values of the dark-ace rule.
const (
	DarkAceOther = "other" // an ace's dark face has another rank and suit, as every card's does
	DarkAceAce   = "ace"   // an ace's dark face is an ace of another suit
)

// Rules are the rule options of Flip Solitaire. DefaultRules returns the
// rules as cardsim reads the designer's text; ParseRules applies key=value
// options over them. RULES.md explains each.
type Rules struct {
	Ranks      int    // ranks in the deck, Ace up, in four suits each
	Mapping    string // how light and dark faces pair: random, identity, fixed:<n> or file:<path>#sha256=<hex>
	DarkAce    string // DarkAceOther or DarkAceAce: the dark face of an ace under mapping=random and fixed:<n>
	Start      string // StartLight or StartDark
	Windows    string // WindowsAny or WindowsTop
	ForcedPlay bool   // the player must play while a play is available
	PointsDark int    // points for each dark card held at the end
	PointsOut  int    // points for each card removed, more than PointsDark

	// table is the pairing read from the file of a file mapping by
	// ParseRules; nil when the file could not be read (a game rebuilt
	// from recorded rules, which can be described but not dealt).
	table *pairing
	// stale says why table is nil when the file was read but holds
	// another table than the one recorded; empty when it is not there.
	stale string
}

// options binds r's fields to their names, defaults and meanings.
func (r *Rules) options() *games.Options {
	o := games.NewOptions("rule")
	o.Int(&r.Ranks, "ranks", 13, 1, 13, "ranks in the deck, Ace up, in four suits each: 13 is the full 52-card deck; fewer make short test decks")
	o.Var("mapping", "random", "one of random, fixed:<n>, identity, file:<path>",
		"how light and dark faces pair: random (a fresh pairing every game: every card carries a dark face of another rank and suit; see dark-ace for aces), "+
			"fixed:<n> (one such pairing made from the number n, the same every game), identity (dark face = light face) "+
			"or file:<path> (a table of light/dark pairs, recorded with the SHA-256 of its contents so that runs on different tables never mix)",
		func(v string) error {
			m, err := r.parseMapping(v)
			if err != nil {
				return err
			}
			r.Mapping = m
			return nil
		},
		func() string { return r.Mapping })
	o.Enum(&r.DarkAce, "dark-ace", DarkAceOther, []string{DarkAceOther, DarkAceAce},
		"under mapping=random and fixed:<n>, an ace's dark face: another rank and suit, as for every card (other: the seed's \"a new suit and rank\"), or an ace of another suit (ace: the commercial double-faced deck)")
	o.Sample("mapping", "random", "identity", "fixed:0", "fixed:7")
	o.Enum(&r.Start, "start", StartLight, []string{StartLight, StartDark}, "the face every card shows when dealt; dark with mapping=identity is classic one-handed solitaire")
	o.Enum(&r.Windows, "windows", WindowsAny, []string{WindowsAny, WindowsTop}, "which sets of four may be played: any four consecutive dealt cards, or only the top four")
	o.ChangesDeal("ranks")
	o.Bool(&r.ForcedPlay, "forced-play", true, "the player must flip or remove while a play is available and may deal only when there is none (the designer's text); false lets the player deal instead of playing")
	o.Int(&r.PointsDark, "points-dark", 1, 0, 10, "points for each dark card still held at the end")
	o.Int(&r.PointsOut, "points-removed", 2, 1, 10, "points for each card removed (more than points-dark: no play then loses points, and only a win scores the most)")
	return o
}

// rulebook derives the defaults, the parser, the settings and the registry
// entry from the options.
var rulebook = games.Define("flip", "Flip Solitaire",
	"one-handed patience with double-faced cards: match sets of four to turn cards dark, then remove them",
	(*Rules).options, (*Rules).check, func(r Rules) (games.Game, error) { return New(r) })

// Definition returns the registry entry of Flip Solitaire.
func Definition() games.Definition {
	d := rulebook.Definition()
	d.ExampleDeal = ExampleDeal
	return d
}

// DefaultRules returns the rules cardsim plays unless told otherwise.
func DefaultRules() Rules { return rulebook.Defaults() }

// ParseRules returns the default rules with the given "key=value" options
// applied. Unknown keys, bad values and rules that do not fit together are
// errors. A mapping=file:<path> table is read here, once.
func ParseRules(kvs []string) (Rules, error) { return rulebook.Parse(kvs) }

// Settings returns every rule option with its value in r.
func (r Rules) Settings() []games.Setting { return rulebook.Settings(r) }

// DeckSize returns the number of cards in the deck under r.
func (r Rules) DeckSize() int { return 4 * r.Ranks }

// check reports rules that parse one by one but do not fit together.
func (r *Rules) check() error {
	if r.PointsOut <= r.PointsDark {
		return fmt.Errorf("rules points-dark=%d points-removed=%d: a removed card must score more than a dark one (else removing a dark card gains nothing, and a pile of dark cards scores as much as a win)", r.PointsDark, r.PointsOut)
	}
	m, err := readMapping(r.Mapping)
	if err != nil {
		return fmt.Errorf("rule mapping=%s: %w", shorten(r.Mapping), err)
	}
	switch m.kind {
	case mapRandom, mapFixed:
		if r.Ranks < 3 {
			return fmt.Errorf("rule mapping=%s: a constrained pairing needs ranks=3 or more (use mapping=identity or a deal for shorter decks)", shorten(r.Mapping))
		}
	case mapFile:
		if r.table == nil || r.table.sum != m.sum {
			if err := r.load(m); err != nil {
				return err
			}
		}
		if m.sum == "" && r.table != nil { // rules set by hand: record the table read
			m.sum = r.table.sum
			r.Mapping = m.String()
		}
		if r.table != nil {
			if err := r.table.fits(r.Ranks); err != nil {
				return fmt.Errorf("rule mapping=%s: %w", shorten(r.Mapping), err)
			}
		}
	}
	return nil
}
