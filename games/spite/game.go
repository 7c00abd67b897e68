package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// The sizes of the game as the designer wrote it: the defaults of the
// stockpile, hand, discard-piles and centre-stacks rules. NumPiles and
// MaxStacks are also the most those two rules allow (the actions name at
// most four discard piles). Code that plays the game reads the rules in
// force (View.Rules), not these.
const (
	StockpileSize = 26 // cards in each seat's stockpile (the most the 52-card deck gives two seats)
	HandSize      = 5  // cards a hand is filled to
	NumPiles      = 4  // discard piles per seat
	MaxStacks     = 8  // centre stacks in progress at once

	// maxTieShuffles is the most times tied upcards are reshuffled
	// (first-tie=reshuffle) before a coin settles the tie.
	maxTieShuffles = 64
)

// Game is Spite and Malice for two under fixed rules.
type Game struct {
	rules     Rules
	pileDeck  []cards.Card // the 52-card deck the stockpiles come from
	stockDeck []cards.Card // the hand-and-stock deck: 52 cards and the jokers
	metrics   []games.Metric
	features  []games.Metric
}

// New returns the game under r, which must come from DefaultRules or
// ParseRules.
func New(r Rules) *Game {
	return &Game{rules: r, pileDeck: cards.Standard(0), stockDeck: stockDeck(r.Jokers), metrics: metricsFor(r), features: featuresFor(r)}
}

// stockDeck returns the 52 cards followed by n jokers, the i-th of suit
// i mod 4 (a Card tells only four jokers apart; the fifth and sixth repeat).
func stockDeck(n int) []cards.Card {
	d := cards.Standard(0)
	for j := range n {
		d = append(d, cards.New(cards.Joker, cards.Suit(j%4)))
	}
	return d
}

// Name returns "spite".
func (g *Game) Name() string { return "spite" }

// Seats returns 2.
func (g *Game) Seats() int { return 2 }

// Rules returns every rule option with its value.
func (g *Game) Rules() []games.Setting { return g.rules.Settings() }

// RuleValues returns the rules in force.
func (g *Game) RuleValues() Rules { return g.rules }

// ScoreBounds returns minus and plus the stockpile size (26 by default):
// the winner scores the cards left in the loser's stockpile and the loser
// scores minus that; a draw scores 0.
func (g *Game) ScoreBounds() (lo, hi int) { return -g.rules.Stockpile, g.rules.Stockpile }

// Metrics describes the per-game counts.
func (g *Game) Metrics() []games.Metric { return g.metrics }

// Capabilities states that Spite and Malice's deals are described seat by
// seat, that the deal decides who starts, and that search strategies can
// play it.
func (g *Game) Capabilities() games.Capabilities {
	return games.Capabilities{DealFeatures: g.features, FirstSeat: true, Sample: true}
}

// NewState returns a state ready for Reset or Deal.
func (g *Game) NewState() games.State { return newState(g) }
