package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// startTurn gives the actor a new turn.
func (s *State) startTurn() {
	s.roundTurns++
	s.metrics[mTurns]++
	s.phase = PhasePlay
	s.toAct = s.actor
	s.face, s.target, s.named = 0, -1, -1
}

// endTurn passes the turn clockwise to the next seat holding a card. It is
// never called once the round is over, so some seat holds a number card.
func (s *State) endTurn() {
	for i := 1; i <= s.n; i++ {
		k := (s.actor + i) % s.n
		if s.p[k].down|s.p[k].up != 0 {
			s.actor = k
			break
		}
	}
	s.startTurn()
}

// play applies a turn's first action.
func (s *State) play(a games.Action, c cards.Card) {
	p := &s.p[s.actor]
	switch {
	case a == Pass:
		s.pass()
	case p.up.Has(c):
		s.playUp(c)
	case c.Rank() <= 10:
		p.down = p.down.Without(c)
		s.metrics[mPlayDown]++
		last := s.stack(c)
		if s.record {
			s.log("play "+c.String()+" face down", s.stackNote(c, last))
		}
		if last {
			s.endRound()
			return
		}
		s.endTurn()
	default:
		s.attack(c)
	}
}

// playUp plays c from the actor's face-up hand; the turn goes on while
// another face-up card can follow.
func (s *State) playUp(c cards.Card) {
	p := &s.p[s.actor]
	p.up = p.up.Without(c)
	s.metrics[mPlayUp]++
	last := s.stack(c)
	if s.record {
		s.log("play "+c.String(), s.stackNote(c, last))
	}
	switch {
	case last:
		s.endRound()
	case s.playable(p.up) != 0:
		s.phase = PhaseMore
	default:
		s.endTurn()
	}
}

// stack puts the number card c, just taken from the actor's hand, onto its
// stack. It reports whether that closed the fourth stack, which ends the
// round.
func (s *State) stack(c cards.Card) bool {
	su := c.Suit()
	s.stacks[su]++
	s.out(s.actor)
	if s.stacks[su] < 10 {
		return false
	}
	for _, h := range s.stacks {
		if h < 10 {
			return false
		}
	}
	s.lastSuit = int(su)
	return true
}

// stackNote describes for the log what playing c did to its stack.
func (s *State) stackNote(c cards.Card, last bool) string {
	switch {
	case last:
		return SuitName(c.Suit()) + " closed last"
	case s.stacks[c.Suit()] == 10:
		return SuitName(c.Suit()) + " closed"
	}
	return ""
}

// out notes seat as the first out if its hand has just become empty.
func (s *State) out(seat int) {
	if s.firstOut < 0 && s.p[seat].down|s.p[seat].up == 0 {
		s.firstOut = seat
	}
}

// pass passes the turn: the penalty is paid at once when there is at most
// one way to pay it, and chosen otherwise.
func (s *State) pass() {
	opts := penalties(s.p[s.actor].down)
	switch opts.Len() {
	case 0:
		s.metrics[mPassFree]++
		if s.record {
			s.log("pass", "no penalty")
		}
		s.endTurn()
	case 1:
		s.metrics[mPassPenalty]++
		c, _ := opts.First()
		s.payPenalty(c)
		s.endTurn()
	default:
		s.metrics[mPassPenalty]++
		s.phase = PhasePenalty
	}
}

// payPenalty moves c face up, or discards it if it is a face card.
func (s *State) payPenalty(c cards.Card) {
	s.expose(s.actor, c)
	if s.record {
		s.log("pass", exposeNote(c))
	}
}

// expose takes c from seat's face-down hand: a number card goes to the
// face-up hand, a face card to the discard pile.
func (s *State) expose(seat int, c cards.Card) {
	p := &s.p[seat]
	p.down = p.down.Without(c)
	if c.Rank() <= 10 {
		p.up = p.up.With(c)
		return
	}
	s.discard = s.discard.With(c)
	s.out(seat)
}

// exposeNote describes what expose did with c.
func exposeNote(c cards.Card) string {
	if c.Rank() <= 10 {
		return "moves " + c.String() + " face up"
	}
	return "discards " + c.String()
}

// log records an action of the actor's turn.
func (s *State) log(action, result string) {
	if s.record {
		s.events = append(s.events, &ActionEvent{Type: "action", Round: s.round, Turn: s.roundTurns, Seat: s.actor, Action: action, Result: result})
	}
}
