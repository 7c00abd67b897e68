package nora

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
)

// Phase is the decision a state waits for.
type Phase uint8

// The phases of a pass.
const (
	PhaseInsure Phase = iota // the deck is shuffled, only its top card seen: insure or not
	PhaseSwitch              // the order is seen: switch two adjacent cards, take a block of pairs, or proceed
	PhaseRevive              // the pass was dead and uninsured: revive or accept
	PhaseStop                // the pass was live: stop and score, or shuffle again
	PhaseOver                // the game is over
)

var phaseNames = [...]string{"insure", "switch", "revive", "stop", "over"}

// String returns the phase's name.
func (p Phase) String() string { return phaseNames[p] }

// The actions. Each phase offers its own; SwitchAt(i) swaps the cards at
// positions i and i+1 of the current order, and RemoveAt(i, k) takes the
// block of k pairs from position i as one removal step.
const (
	Continue games.Action = iota // shuffle again
	Stop                         // end the round and score the cards removed
	Skip                         // do not insure this shuffle
	Insure                       // pay to insure this shuffle
	Accept                       // accept the dead deck: the round scores 0
	Revive                       // pay to bring the dead deck back to life
	Proceed                      // remove the pairs now there (or finish switching)
	switchBase
	// removeBase + 64·(k−1) + i is RemoveAt(i, k).
	removeBase = switchBase + 64
)

// SwitchAt returns the action that swaps the cards at positions i and i+1.
func SwitchAt(i int) games.Action { return switchBase + games.Action(i) }

// SwitchPosition returns the position i of a SwitchAt(i) action, and false
// for any other action.
func SwitchPosition(a games.Action) (int, bool) {
	if a < switchBase || a >= removeBase {
		return 0, false
	}
	return int(a - switchBase), true
}

// RemoveAt returns the action that takes the block of k pairs lying end to
// end from position i as one removal step (k ≥ 1, i + 2k ≤ 64).
func RemoveAt(i, k int) games.Action {
	return removeBase + games.Action(64*(k-1)+i)
}

// RemovePosition returns the position i and the pairs k of a RemoveAt(i, k)
// action, and false for any other action.
func RemovePosition(a games.Action) (i, k int, ok bool) {
	if a < removeBase {
		return 0, 0, false
	}
	x := int(a - removeBase)
	return x % 64, x/64 + 1, true
}

var actionNames = [...]string{"continue", "stop", "skip", "insure", "accept", "revive", "proceed"}

// ActionName returns the name of a, such as "stop" or "switch 3".
func ActionName(a games.Action) string {
	if i, ok := SwitchPosition(a); ok {
		return fmt.Sprintf("switch %d", i)
	}
	if i, k, ok := RemovePosition(a); ok {
		if k == 1 {
			return fmt.Sprintf("remove %d", i)
		}
		return fmt.Sprintf("remove %d (%d pairs)", i, k)
	}
	if a >= 0 && int(a) < len(actionNames) {
		return actionNames[a]
	}
	return fmt.Sprintf("action %d", a)
}
