package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Determinize redistributes the cards hidden from seat among the places
// that hide them, keeping every place's count: the other players'
// face-down hands, their bids before the reveal and their tie-break choices
// before the reveal (these two stay number cards). Later deals and Jack
// draws are re-keyed from seed alone, since seat cannot know them: the
// result depends only on what seat sees and on seed.
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
	cards.Shuffle(s.rng, s.deck[:n])
	i := 0
	for k := range s.n {
		if k == seat {
			continue
		}
		m := s.p[k].down.Len()
		s.p[k].down = HandOf(s.deck[i : i+m]...)
		i += m
	}
	s.seed = games.Mix(seed, 0x667574757265) // "future": not the real seed
}

// drawNumber removes a uniformly chosen number card from pool. The pool
// always holds one, since the card it replaces was one.
func (s *State) drawNumber(pool *Hand) cards.Card {
	nums := pool.Numbers()
	c := nums.Nth(s.rng.IntN(nums.Len()))
	*pool = pool.Without(c)
	return c
}
