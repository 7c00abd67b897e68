package flip

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// maxCards is the size of the full deck.
const maxCards = 52

// Game is Flip Solitaire with its rule options fixed. It implements
// games.Game.
type Game struct {
	rules     Rules
	kind      int // mapRandom, mapFixed, mapIdentity or mapFile
	size      int // cards in the deck: 4 × ranks
	deck      []cards.Card
	pairing   [64]cards.Card // dark face by light face, unless kind is mapRandom
	pairs     pairRule       // the constraint of mapping=random and fixed:<n>
	startDark bool
	topOnly   bool
	forced    bool
	// unplayable says why the game cannot be dealt: rebuilt from the
	// recorded rules of a run whose mapping table is not at hand (or has
	// changed since), it can only be described (as cardsim merge does).
	unplayable string
}

// CanDeal returns why the game cannot be dealt (its recorded mapping table
// is not at hand, or has changed), or nil when it can.
func (g *Game) CanDeal() error {
	if g.unplayable != "" {
		return errors.New(g.unplayable)
	}
	return nil
}

// Capabilities states that the score grows during play, that search and
// clairvoyant strategies can play Flip Solitaire, and whether the game can
// be dealt (CanDeal).
func (g *Game) Capabilities() games.Capabilities {
	return games.Capabilities{ScoreSoFar: true, Sample: true, Reveal: true, CannotDeal: g.CanDeal()}
}

// New returns the game under rules r, which come from DefaultRules or
// ParseRules (or are set by hand and then checked here). A mapping=file
// table that ParseRules read is not read again.
func New(r Rules) (*Game, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	m, _ := readMapping(r.Mapping) // check has parsed it
	g := &Game{rules: r, kind: m.kind, size: r.DeckSize(), deck: cards.Ranks(r.Ranks, 0),
		pairs: pairRule{aceToAce: r.DarkAce == DarkAceAce}, startDark: r.Start == StartDark, topOnly: r.Windows == WindowsTop, forced: r.ForcedPlay}
	switch m.kind {
	case mapIdentity:
		for _, c := range g.deck {
			g.pairing[c] = c
		}
	case mapFixed:
		light := slices.Clone(g.deck)
		dark := make([]cards.Card, len(light))
		g.pairs.random(newRand(games.Mix(m.n, 0xf11b)), light, dark)
		for i, c := range light {
			g.pairing[c] = dark[i]
		}
	case mapFile:
		if r.table == nil {
			why := r.stale
			if why == "" {
				why = "the table file is not at hand"
			}
			g.unplayable = fmt.Sprintf("mapping=%s: %s, so the game can be described but not dealt", shorten(r.Mapping), why)
			break
		}
		for i, c := range r.table.light {
			g.pairing[c] = r.table.dark[i]
		}
	}
	return g, nil
}

// Forced returns g with plays compulsory (forced-play=true) and every other
// rule the same. Under either rule a position moves on alike (a deal
// happens by itself when no play is left), so every line of the game it
// returns is a line of g: a solver of optional play may start from the
// best line of compulsory play.
func (g *Game) Forced() *Game {
	f := *g
	f.forced, f.rules.ForcedPlay = true, true
	return &f
}

// MustNew returns the game under the given "key=value" rule options and
// panics if they are not valid: for tests and examples with fixed rules.
func MustNew(kvs ...string) *Game {
	r, err := ParseRules(kvs)
	if err != nil {
		panic(err)
	}
	g, err := New(r)
	if err != nil {
		panic(err)
	}
	return g
}

// checkFaces reports an error unless the light faces and the dark faces are
// each exactly this game's deck.
func (g *Game) checkFaces(light, dark []cards.Card) error {
	if err := cards.CheckDeal(light, g.deck); err != nil {
		return fmt.Errorf("light faces: %w", err)
	}
	if err := cards.CheckDeal(dark, g.deck); err != nil {
		return fmt.Errorf("dark faces: %w", err)
	}
	return nil
}

// RuleValues returns the rules in force.
func (g *Game) RuleValues() Rules { return g.rules }

// Name returns "flip".
func (g *Game) Name() string { return "flip" }

// Seats returns 1.
func (g *Game) Seats() int { return 1 }

// Size returns the number of cards in the deck.
func (g *Game) Size() int { return g.size }

// Rules returns every rule option with the value in force. A mapping read
// from a file is given with the SHA-256 of its contents, so the rules (and
// the fingerprint of a run) tell two tables apart.
func (g *Game) Rules() []games.Setting { return g.rules.Settings() }

// ScoreBounds returns 0 and the score of every card removed: twice the
// deck size under the rules as written.
func (g *Game) ScoreBounds() (lo, hi int) { return 0, g.rules.PointsOut * g.size }

// Metrics describes the counts State.Metrics reports, each with the most
// it can reach in a game of n cards: a card turns dark at most once (it
// stays dark until removed) and every flip turns at least one, every
// removal takes at least two cards, and every deal adds one card.
func (g *Game) Metrics() []games.Metric {
	n := int64(g.size)
	pd, pr := g.rules.PointsDark, g.rules.PointsOut
	return []games.Metric{
		{Name: "score", Usage: fmt.Sprintf("%d per dark card held at the end + %d per removed card", pd, pr), Max: int64(pr) * n},
		{Name: "removed", Usage: "cards removed", Max: n},
		{Name: "dark", Usage: "dark cards still held at the end", Max: n},
		{Name: "flips", Usage: "flip plays made", Max: n},
		{Name: "removals", Usage: "removal plays made", Max: n / 2},
		{Name: "stalled_at", Usage: "cards dealt when the last play was made (0 if none); no later deal brought a play the player took", Max: n},
		{Name: "dead_deals", Usage: "deals after which no play was available", Max: n},
	}
}

// NewState returns a state ready for Reset or Deal.
func (g *Game) NewState() games.State { return g.newState() }

// NewFlipState returns a concrete state ready for Reset or Deal.
func (g *Game) NewFlipState() *State { return g.newState() }
