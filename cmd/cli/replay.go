package cli

import (
	"errors"

	"github.com/cardsim/cardsim/sim"
)

// withReplay returns err's message, followed by the cardsim trace command
// that replays the failed game when err holds one.
func withReplay(err error) string {
	msg := err.Error()
	var ge *sim.GameError
	if errors.As(err, &ge) {
		msg += " (replay: " + ge.TraceCommand() + ")"
	}
	return msg
}
