package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Determinize redistributes the cards hidden from seat among the places
// that hide them, keeping every place's count: the other players'
// face-down hands, their bids before the reveal and their tie-break choices
// before the reveal (these two stay number cards). A face-down hand that
// the play so far shows to hold a number card keeps one (see
// mustHoldNumbers): the shuffle is drawn again until every such hand has
// one, which keeps the draw uniform among the deals seat cannot rule out.
// Later deals and Jack draws are re-keyed from seed alone, since seat
// cannot know them: the result depends only on what seat sees and on seed.
func (s *State) Determinize(seat int, seed uint64) {
	s.src.Seed(seed, games.Mix(seed, 0x64657465))
	var pool Hand
	for k := range s.n {
		if k == seat {
			continue
		}
		pool |= s.p[k].down
		if s.p[k].bid != 0 && !s.revealed {
			pool = pool.With(s.p[k].bid)
		}
		if s.phase == PhaseTieBreak && s.picked>>k&1 != 0 {
			pool = pool.With(s.pick[k])
		}
	}
	// Hidden single cards first: each a uniformly drawn number card.
	for k := range s.n {
		if k == seat {
			continue
		}
		if s.p[k].bid != 0 && !s.revealed {
			s.p[k].bid = s.drawNumber(&pool)
		}
		if s.phase == PhaseTieBreak && s.picked>>k&1 != 0 {
			s.pick[k] = s.drawNumber(&pool)
		}
	}
	// Then the face-down hands, by a shuffle of what is left.
	n := 0
	for x := pool; x != 0; x &= x - 1 {
		s.deck[n], _ = x.First()
		n++
	}
	need := s.mustHoldNumbers(seat)
	for try := 0; ; try++ {
		cards.Shuffle(s.rng, s.deck[:n])
		if s.dealDown(seat, need) || try == maxRedraws {
			break
		}
	}
	if !s.dealDown(seat, need) {
		s.lendNumbers(seat, need)
	}
	s.seed = games.Mix(seed, 0x667574757265) // "future": not the real seed
}

// maxRedraws bounds the shuffles Determinize draws again; beyond it (not
// reached in the tests) a number card is lent to each hand that lacks one.
const maxRedraws = 1 << 12

// mustHoldNumbers returns the seats other than seat whose face-down hand
// holds a number card, as the play shows everyone: the seats still tied
// for first player that have not chosen yet (a tied seat without one drops
// out at once), and, under no-bid=redeal, the seats yet to bid (every deal
// gives each seat a number card, and a bid is one).
func (s *State) mustHoldNumbers(seat int) uint8 {
	var need uint8
	for k := range s.n {
		switch {
		case k == seat:
		case s.phase == PhaseTieBreak && s.tied>>k&1 != 0 && s.picked>>k&1 == 0:
			need |= 1 << k
		case s.phase == PhaseBid && s.r.NoBid == NoBidRedeal && s.p[k].bid == 0:
			need |= 1 << k
		}
	}
	return need
}

// dealDown deals s.deck, in order, to the face-down hands of the seats
// other than seat, each keeping its count, and reports whether every seat
// of need got a number card.
func (s *State) dealDown(seat int, need uint8) bool {
	i, ok := 0, true
	for k := range s.n {
		if k == seat {
			continue
		}
		m := s.p[k].down.Len()
		s.p[k].down = HandOf(s.deck[i : i+m]...)
		i += m
		if need>>k&1 != 0 && s.p[k].down.Numbers() == 0 {
			ok = false
		}
	}
	return ok
}

// lendNumbers gives each seat of need whose face-down hand lacks a number
// card one, in exchange for one of its cards, from a hand that can spare
// it. The hands held them before Determinize, so the numbers suffice.
func (s *State) lendNumbers(seat int, need uint8) {
	for k := range s.n {
		if k == seat || need>>k&1 == 0 || s.p[k].down.Numbers() != 0 {
			continue
		}
		for j := range s.n {
			spare := s.p[j].down.Numbers()
			if j == k || j == seat || spare == 0 || need>>j&1 != 0 && spare.Len() < 2 {
				continue
			}
			c, _ := spare.First()
			d, _ := s.p[k].down.First()
			s.p[j].down = s.p[j].down.Without(c).With(d)
			s.p[k].down = s.p[k].down.Without(d).With(c)
			break
		}
	}
}

// drawNumber removes a uniformly chosen number card from pool. The pool
// always holds one, since the card it replaces was one.
func (s *State) drawNumber(pool *Hand) cards.Card {
	nums := pool.Numbers()
	c := nums.Nth(s.rng.IntN(nums.Len()))
	*pool = pool.Without(c)
	return c
}
