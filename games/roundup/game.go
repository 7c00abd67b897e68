package roundup

import (
	"github.com/cardsim/cardsim/games"
)

// Game is Round-up under fixed rules.
type Game struct {
	rules     Rules
	metrics   []games.Metric
	seatNames []string
}

// New returns the game under r, which must come from DefaultRules or
// ParseRules.
func New(r Rules) *Game {
	return &Game{rules: r, metrics: metricsFor(r), seatNames: seatNames(r.Players)}
}

// Name returns "roundup".
func (g *Game) Name() string { return "roundup" }

// Seats returns the number of players.
func (g *Game) Seats() int { return g.rules.Players }

// Rules returns every rule option with its value.
func (g *Game) Rules() []games.Setting { return g.rules.Settings() }

// RuleValues returns the rules in force.
func (g *Game) RuleValues() Rules { return g.rules }

// ScoreBounds returns 0 and the most game points a player can hold at the
// end: at most RoundMost a round (4 under the rules as written), and with
// shared ties the game ends after the first round that reaches the goal,
// from at most goal−1 points.
func (g *Game) ScoreBounds() (lo, hi int) {
	most := g.rules.RoundMost()
	hi = most * g.rules.MaxRounds
	if g.rules.Tie == TieShared {
		hi = min(hi, g.rules.Goal-1+most)
	}
	return 0, hi
}

// Metrics describes the per-game counts.
func (g *Game) Metrics() []games.Metric { return g.metrics }

// Capabilities states that Round-up's deals are described seat by seat,
// round by round, that the deal decides who starts, that seats score during
// play, that states remember the deal, that search strategies can play it,
// and names the seats of the first dealer and of the player on its left.
func (g *Game) Capabilities() games.Capabilities {
	return games.Capabilities{DealFeatures: features, Rounds: true, FirstSeat: true, ScoreSoFar: true, Dealt: true, Sample: true, SeatNames: g.seatNames}
}

// seatNames names the seats of a game of the given players as the rules
// do: the last seat deals the first round, and the deal, the bids and the
// odd cards of an uneven deal start at the seat on its left, the first.
func seatNames(players int) []string {
	names := make([]string, players)
	names[0] = "left of the first dealer"
	names[players-1] = "first dealer"
	return names
}

// NewState returns a state ready for Reset or Deal.
func (g *Game) NewState() games.State { return newState(g) }
