package roundup

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Values of the no-bid and tie rules and of the face card switches.
const (
	NoBidRedeal   = "redeal"      // a deal leaving a player without a number card is redealt
	NoBidNone     = "none"        // that player makes no bid and backs no suit
	TieExtraRound = "extra-round" // tied leaders play another round
	TieShared     = "shared"      // the game ends; tied leaders draw
	PowerOn       = "on"          // the face card attacks
	PowerOff      = "off"         // the face card cannot be played: a dead card
	PowerBlank    = "blank"       // the face card is played as an attack would be, but does nothing
)

const (
	maxPlayers     = 6
	defaultPlayers = 4
)

// Rules are the rule options of Round-up. The zero value is not useful;
// DefaultRules returns the designer's rules under the decisions taken for
// cardsim (see RULES.md).
type Rules struct {
	Players int // 2 to 6
	Goal    int // points that end the game
	// LastSuit holds the points each backer of the last suit to close
	// scores: LastSuit[k-1] when k players backed it, LastSuit[3] for
	// four or more.
	LastSuit  [4]int
	FirstOut  int    // points for the first player to empty both hands
	MaxRounds int    // rounds after which the game ends whatever the scores
	NoBid     string // NoBidRedeal or NoBidNone
	Tie       string // TieExtraRound or TieShared
	Jack      string // PowerOn; PowerOff: Jacks cannot be played; PowerBlank: they are played for no effect
	Queen     string // as Jack, for Queens
	King      string // as Jack, for Kings
}

// options binds r's fields to their names, defaults and meanings.
func (r *Rules) options() *games.Options {
	powers := []string{PowerOn, PowerOff, PowerBlank}
	o := games.NewOptions("rule")
	o.Int(&r.Players, "players", defaultPlayers, 2, maxPlayers, "number of players; all 52 cards are dealt, the first seats after the dealer getting the odd cards")
	o.Int(&r.Goal, "goal", 10, 1, 100, "game points that end the game after the round in which a player reaches them")
	o.Int(&r.LastSuit[0], "last-suit", 3, 0, 20, "points for backing the last suit to close when no other player backed it")
	o.Int(&r.LastSuit[1], "last-suit-2", 2, 0, 20, "points to each of two players who backed the last suit to close")
	o.Int(&r.LastSuit[2], "last-suit-3", 1, 0, 20, "points to each of three players who backed the last suit to close")
	o.Int(&r.LastSuit[3], "last-suit-4", 0, 0, 20, "points to each of four or more players who backed the last suit to close")
	o.Int(&r.FirstOut, "first-out", 1, 0, 20, "points for the first player to empty both hands in a round")
	o.Int(&r.MaxRounds, "max-rounds", 100, 1, 1000, "rounds after which the game ends even if nobody reached the goal (a cap that random play almost never meets)")
	o.Enum(&r.NoBid, "no-bid", NoBidRedeal, []string{NoBidRedeal, NoBidNone},
		"a player dealt no number card: redeal the round, or let that player play without a bid")
	o.Enum(&r.Tie, "tie", TieExtraRound, []string{TieExtraRound, TieShared},
		"leaders tied when the game would end: play another round, or end with the tied leaders drawing")
	o.Enum(&r.Jack, "jack", PowerOn, powers, "Jacks attack (off: a Jack cannot be played and leaves a hand only as a pass penalty or taken by an attack; blank: a Jack may be played whenever it could attack, as a turn of its own, and is discarded without effect)")
	o.Enum(&r.Queen, "queen", PowerOn, powers, "Queens attack (off, blank: as for jack)")
	o.Enum(&r.King, "king", PowerOn, powers, "Kings attack (off, blank: as for jack)")
	o.ChangesDeal("players")
	return o
}

// check reports rules that parse one by one but make no game.
func (r *Rules) check() error {
	if r.RoundMost() == 0 {
		return fmt.Errorf("rules last-suit=%d last-suit-2=%d last-suit-3=%d last-suit-4=%d first-out=%d: with %d players no round scores a point, so nobody reaches the goal",
			r.LastSuit[0], r.LastSuit[1], r.LastSuit[2], r.LastSuit[3], r.FirstOut, r.Players)
	}
	return nil
}

// LastSuitPoints returns the points each backer of the last suit scores
// when k players backed it (k ≥ 1).
func (r *Rules) LastSuitPoints(k int) int { return r.LastSuit[min(k, 4)-1] }

// RoundMost returns the most points one player can score in a round: the
// best share of the last suit's points among the numbers of backers the
// players allow, and the point for the first out.
func (r *Rules) RoundMost() int {
	most := 0
	for k := 1; k <= r.Players; k++ {
		most = max(most, r.LastSuitPoints(k))
	}
	return most + r.FirstOut
}

// suitMost returns the most points the last suit gives all its backers
// together in a round.
func (r *Rules) suitMost() int {
	most := 0
	for k := 1; k <= r.Players; k++ {
		most = max(most, k*r.LastSuitPoints(k))
	}
	return most
}

// rulebook derives the defaults, the parser, the settings and the registry
// entry from the options.
var rulebook = games.Define("roundup", "Round-up",
	"bid on the suit to close last, build four suit stacks A–10, attack with J/Q/K; first to 10 points (2–6 players)",
	(*Rules).options, (*Rules).check, func(r Rules) (games.Game, error) { return New(r), nil })

// Definition returns the registry entry of the game.
func Definition() games.Definition {
	d := rulebook.Definition()
	d.ExampleDeal = ExampleDeal
	return d
}

// DefaultRules returns the default rules: 4 players, to 10 points.
func DefaultRules() Rules { return rulebook.Defaults() }

// ParseRules returns the default rules with the given "key=value" options
// applied; unknown keys and bad values are errors.
func ParseRules(kvs []string) (Rules, error) { return rulebook.Parse(kvs) }

// Settings returns every rule option with its value in r.
func (r Rules) Settings() []games.Setting { return rulebook.Settings(r) }

// Power returns the rule for face cards of rank k (cards.Jack, cards.Queen
// or cards.King): PowerOn, PowerOff or PowerBlank; "" for a number card.
func (r *Rules) Power(k cards.Rank) string {
	switch k {
	case cards.Jack:
		return r.Jack
	case cards.Queen:
		return r.Queen
	case cards.King:
		return r.King
	}
	return ""
}

// Attacks reports whether face cards of rank k attack under r.
func (r *Rules) Attacks(k cards.Rank) bool { return r.Power(k) == PowerOn }

// Playable reports whether face cards of rank k may be played under r,
// with their power or blank.
func (r *Rules) Playable(k cards.Rank) bool {
	p := r.Power(k)
	return p == PowerOn || p == PowerBlank
}

// ActionBound returns the most actions one round can take with n players,
// proved in RULES.md: n bids, at most 2 actions per number card played and
// per number card moved face up, 4 per face card, and at most n−1 free
// passes before each of the at most 92 turns that move a card.
func ActionBound(n int) int { return n + 2*40 + 2*40 + 4*12 + (n-1)*92 }

// GameActionBound returns the most actions a whole game can take under r.
func (r *Rules) GameActionBound() int { return r.MaxRounds * ActionBound(r.Players) }
