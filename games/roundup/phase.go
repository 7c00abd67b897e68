package roundup

// Phase is the kind of decision the seat to act faces.
type Phase uint8

// The phases. A turn starts in PhasePlay; the other turn phases follow a
// first choice within the same turn.
const (
	PhaseBid      Phase = iota // choose the number card to bid (hidden until all have bid)
	PhaseTieBreak              // tied for first player: move a number card face up (hidden until all tied have chosen)
	PhasePlay                  // start of a turn: play face up, or play face down, attack, or pass
	PhaseMore                  // after a face-up play: play another face-up card, or stop
	PhaseTarget                // after a face card: choose the player attacked
	PhaseSuit                  // after a Queen: name a suit
	PhaseNumber                // after a King: name a number
	PhaseAnswer                // the player attacked chooses which card answers the Queen or King
	PhasePenalty               // after a pass: choose the card moved face up or the face card discarded
	PhaseOver                  // the game is over
)

var phaseNames = [...]string{"bid", "tie-break", "play", "more", "target", "suit", "number", "answer", "penalty", "over"}

// String returns the phase's name, such as "bid" or "answer".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase?"
}
