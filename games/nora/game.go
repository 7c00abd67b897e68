package nora

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Game is Nora's pairs solitaire under fixed rules.
type Game struct {
	rules   Rules
	deck    []cards.Card // the full deck in canonical order
	metrics []games.Metric
	ip      []games.Balance // the balance of ip, ipBalance
	reveal  bool            // the views reveal the state (Clairvoyant)
}

// New returns the game under r, which must come from DefaultRules or
// ParseRules.
func New(r Rules) *Game {
	return &Game{rules: r, deck: cards.Ranks(r.Ranks, r.Jokers), metrics: metricsFor(r), ip: ipBalance(r)}
}

// Name returns "nora".
func (g *Game) Name() string { return "nora" }

// Seats returns 1.
func (g *Game) Seats() int { return 1 }

// Rules returns every rule option with its value.
func (g *Game) Rules() []games.Setting { return g.rules.Settings() }

// RuleValues returns the rules in force.
func (g *Game) RuleValues() Rules { return g.rules }

// ScoreBounds returns 0 and the perfect score, deck size × rounds.
func (g *Game) ScoreBounds() (lo, hi int) { return 0, g.rules.DeckSize() * g.rules.Rounds }

// Metrics describes the per-game counts.
func (g *Game) Metrics() []games.Metric { return g.metrics }

// NewState returns a state ready for Reset or Deal.
func (g *Game) NewState() games.State { return newState(g) }

// Capabilities states that the score grows during play, that states
// remember the deal, that search strategies can play Nora, and, for the
// game Clairvoyant returns only, that clairvoyant ones can; and that ip is
// conserved: earned plus the start's equals spent plus unused.
func (g *Game) Capabilities() games.Capabilities {
	return games.Capabilities{ScoreSoFar: true, Dealt: true, Sample: true, Reveal: g.reveal, Balances: g.ip}
}

// Clairvoyant returns the game under the same rules with one rule of
// information broken on purpose: its views reveal the state (View.Reveal),
// so that a clairvoyant bot (strategies/nora's upper-bound, which sees each
// shuffle before it insures) can be measured on the same deals as realistic
// bots, which never call Reveal. Everything else (cards, scores, ip, the
// views' fields) is the real game's.
func (g *Game) Clairvoyant() *Game {
	c := *g
	c.reveal = true
	return &c
}
