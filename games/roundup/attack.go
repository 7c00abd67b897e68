package roundup

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// attack plays the face card c from the actor's face-down hand onto the
// discard pile; the target is chosen next, at once if there is only one. A
// blank card does nothing more: the turn ends.
func (s *State) attack(c cards.Card) {
	p := &s.p[s.actor]
	p.down = p.down.Without(c)
	s.discard = s.discard.With(c)
	s.out(s.actor)
	if !s.r.Attacks(c.Rank()) {
		s.metrics[mBlank]++
		if s.record {
			s.log("play "+c.String()+" blank", "no effect")
		}
		s.endTurn()
		return
	}
	s.face = c
	s.metrics[mAttack+int(c.Rank()-cards.Jack)]++
	only, n := -1, 0
	for k := range s.n {
		if s.targetable(k) {
			only = k
			n++
		}
	}
	if n == 1 {
		s.aim(only)
		return
	}
	s.phase = PhaseTarget
}

// aim sets the target: a Jack draws at once, a Queen or King waits for the
// attacker to name a suit or a number.
func (s *State) aim(t int) {
	s.target = t
	switch s.face.Rank() {
	case cards.Jack:
		down := s.p[t].down
		s.src.Seed(games.Mix(s.seed^jackKey, uint64(s.round)), games.Mix(s.seed, s.jackDraws))
		s.jackDraws++
		c := down.Nth(s.rng.IntN(down.Len()))
		s.expose(t, c)
		s.hit(c)
	case cards.Queen:
		s.phase = PhaseSuit
	default:
		s.phase = PhaseNumber
	}
}

// declare names the suit or number; the target answers at once when it has
// at most one way to.
func (s *State) declare(x int) {
	s.named = x
	opts := s.answers()
	switch opts.Len() {
	case 0:
		s.logAttack("none")
		s.endTurn()
	case 1:
		c, _ := opts.First()
		s.answer(c)
	default:
		s.phase = PhaseAnswer
		s.toAct = s.target
	}
}

// answer gives up the target's card c to the Queen or King.
func (s *State) answer(c cards.Card) {
	s.expose(s.target, c)
	s.hit(c)
}

// hit counts an attack that moved or discarded the target's card c and
// ends the turn.
func (s *State) hit(c cards.Card) {
	s.metrics[mHit+int(s.face.Rank()-cards.Jack)]++
	if s.record {
		s.logAttack(fmt.Sprintf("seat %d %s", s.target, exposeNote(c)))
	}
	s.endTurn()
}

func (s *State) logAttack(result string) {
	if !s.record {
		return
	}
	a := fmt.Sprintf("attack seat %d with %v", s.target, s.face)
	switch s.face.Rank() {
	case cards.Queen:
		a += " naming " + SuitName(cards.Suit(s.named))
	case cards.King:
		a += fmt.Sprintf(" naming %d", s.named)
	}
	s.log(a, result)
}
