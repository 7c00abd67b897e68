package chriscross

import (
	"math/rand/v2"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Game is Chris-Cross with its rules fixed. It implements games.Game.
type Game struct {
	rules   Rules
	deck    []cards.Card // rank-major; read only
	metrics []games.Metric
}

// New returns the game played by rules r, or an error if r is not playable
// (see Rules.Check).
func New(r Rules) (*Game, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	return &Game{rules: r, deck: r.Deck(), metrics: metricsFor(r)}, nil
}

// Name returns "chriscross".
func (g *Game) Name() string { return "chriscross" }

// Seats returns 1: Chris-Cross is a solitaire.
func (g *Game) Seats() int { return 1 }

// Rules returns every rule option with its value.
func (g *Game) Rules() []games.Setting { return g.rules.Settings() }

// RuleValues returns the rules in force.
func (g *Game) RuleValues() Rules { return g.rules }

// ScoreBounds returns 0 and the number of cards in the deck: the score is
// the number of cards cast out.
func (g *Game) ScoreBounds() (lo, hi int) { return 0, len(g.deck) }

// Metrics describes the counts State.Metrics reports.
func (g *Game) Metrics() []games.Metric { return g.metrics }

// NewState returns a state ready for Reset or Deal.
func (g *Game) NewState() games.State { return g.NewChrisCross() }

// Capabilities states that the cards cast out score during play, that
// states remember the deal, and that search and clairvoyant strategies can
// play Chris-Cross.
func (g *Game) Capabilities() games.Capabilities {
	return games.Capabilities{ScoreSoFar: true, Dealt: true, Sample: true, Reveal: true}
}

// NewChrisCross returns a concrete state dealt in deck order, ready for
// Reset or Deal.
func (g *Game) NewChrisCross() *State {
	src := rand.NewPCG(0, 0)
	s := &State{g: g, src: src, rng: rand.New(src), work: make([]cards.Card, len(g.deck))}
	copy(s.work, g.deck)
	s.pos.deal(g.rules, s.work, nil)
	return s
}
