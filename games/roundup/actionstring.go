package roundup

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// ActionString names an action legal now in the words of the phase, such as
// "bid 7H", "play 5C", "play 5C face down", "attack with QS", "play JD
// blank", "attack seat 2", "name hearts", "move 9D face up" or "discard JC".
func (s *State) ActionString(a games.Action) string {
	c, isCard := ActionCard(a)
	switch {
	case a == Pass:
		return "pass"
	case a == Stop:
		return "stop"
	case !isCard:
		if t, ok := ActionTarget(a); ok {
			return fmt.Sprintf("attack seat %d", t)
		}
		return ActionName(a)
	}
	switch s.phase {
	case PhaseBid:
		return "bid " + c.String()
	case PhaseTieBreak:
		return "move " + c.String() + " face up"
	case PhasePlay, PhaseMore:
		switch {
		case s.p[s.toAct].up.Has(c):
			return "play " + c.String()
		case c.Rank() <= 10:
			return "play " + c.String() + " face down"
		}
		if !s.r.Attacks(c.Rank()) {
			return "play " + c.String() + " blank"
		}
		return "attack with " + c.String()
	}
	if c.Rank() <= 10 {
		return "move " + c.String() + " face up"
	}
	return "discard " + c.String()
}
