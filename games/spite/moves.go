package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// heights returns a mask with bit h set when a card may raise a centre stack
// to rank h+1: bit 0 when a new stack may start, bit h when a stack of h
// cards is in progress.
func (s *State) heights() uint16 {
	var m uint16
	if s.nstacks < s.r.CentreStacks {
		m = 1
	}
	for _, st := range s.stacks[:s.nstacks] {
		m |= 1 << len(st)
	}
	return m
}

// Bound returns the highest rank a natural card discarded onto pile may
// have: the rank of the nearest natural card from the top (jokers take the
// rank of the natural card beneath them), or King if there is none.
func Bound(pile []cards.Card) cards.Rank {
	for i := len(pile) - 1; i >= 0; i-- {
		if !pile[i].IsJoker() {
			return pile[i].Rank()
		}
	}
	return cards.King
}

// CanDiscard reports whether a card of rank r may be discarded onto pile:
// a natural card no higher than Bound, a joker only where Bound is 3 or
// more (never onto a 2 or an ace).
func CanDiscard(r cards.Rank, pile []cards.Card) bool {
	if r == cards.Joker {
		return Bound(pile) >= 3
	}
	return r <= Bound(pile)
}

// targets appends the plays of card c from src given the heights mask.
func (s *State) targets(dst []games.Action, src Source, c cards.Card, m uint16) []games.Action {
	r := c.Rank()
	if r != cards.Joker {
		if m&(1<<(r-1)) != 0 {
			dst = append(dst, Play(src, r))
		}
		return dst
	}
	for t := cards.Ace; t <= cards.King; t++ {
		if m&(1<<(t-1)) != 0 && (t != cards.Ace || s.r.JokerAce) {
			dst = append(dst, Play(src, t))
		}
	}
	return dst
}

// handRanks returns a mask of the ranks in hand.
func handRanks(h []cards.Card) uint16 {
	var m uint16
	for _, c := range h {
		m |= 1 << c.Rank()
	}
	return m
}

// Legal appends the legal actions to dst[:0]: plays to the centre from the
// stockpile, the discard piles and the hand; then, unless an ace must still
// be played, the discards and the end of the turn. Of several empty discard
// piles only the first is offered, since they are alike.
func (s *State) Legal(dst []games.Action) []games.Action {
	dst = dst[:0]
	p := s.turn
	if p < 0 {
		return dst
	}
	m := s.heights()
	canAce := m&1 != 0
	forced := false
	if pl := s.piles[p]; len(pl) > 0 {
		c := pl[len(pl)-1]
		dst = s.targets(dst, FromStockpile, c, m)
		forced = c.Rank() == cards.Ace && canAce
	}
	for i, d := range s.discard[p] {
		if len(d) > 0 {
			c := d[len(d)-1]
			dst = s.targets(dst, FromPile(i), c, m)
			forced = forced || (c.Rank() == cards.Ace && canAce)
		}
	}
	hr := handRanks(s.hands[p])
	for r := cards.Ace; r <= cards.Joker; r++ {
		if hr&(1<<r) != 0 {
			dst = s.targets(dst, FromHand(r), cards.New(r, 0), m)
		}
	}
	if s.r.ForceHandAces && hr&(1<<cards.Ace) != 0 && canAce {
		forced = true
	}
	if forced {
		return dst
	}
	n := len(dst)
	for r := cards.Ace; r <= cards.Joker; r++ {
		if hr&(1<<r) == 0 {
			continue
		}
		empty := false
		for i, d := range s.discard[p][:s.r.DiscardPiles] {
			if len(d) == 0 {
				if empty {
					continue
				}
				empty = true
			}
			if CanDiscard(r, d) {
				dst = append(dst, Discard(r, i))
			}
		}
	}
	if len(dst) == n || s.r.Discard == DiscardOptional {
		dst = append(dst, End)
	}
	return dst
}

// Apply plays a legal action for the seat to act. It panics on an action
// that names a card or a stack that is not there.
func (s *State) Apply(a games.Action) {
	p := s.turn
	if p < 0 {
		panic("spite: Apply after the end of the game")
	}
	mv := Decode(a)
	switch mv.Kind {
	case KindEnd:
		if s.record {
			s.events = append(s.events, &MoveEvent{Type: "end-turn", Seat: p})
		}
		s.endTurn()
	case KindDiscard:
		c := s.takeHand(p, mv.Rank)
		s.discard[p][mv.Pile] = append(s.discard[p][mv.Pile], c)
		s.metrics[mDiscards]++
		s.progress = true
		if s.record {
			s.events = append(s.events, &MoveEvent{Type: "discard", Seat: p, Card: c.String(), Pile: mv.Pile + 1})
		}
		s.endTurn()
	case KindPlay:
		s.play(p, mv)
	}
}

// takeHand removes a card of rank r from seat's hand and returns it.
func (s *State) takeHand(p int, r cards.Rank) cards.Card {
	h := s.hands[p]
	for i, c := range h {
		if c.Rank() == r {
			h[i] = h[len(h)-1]
			s.hands[p] = h[:len(h)-1]
			return c
		}
	}
	panic("spite: no " + r.String() + " in hand")
}

// play moves a card to the centre.
func (s *State) play(p int, mv Move) {
	var c cards.Card
	switch {
	case mv.Source == FromStockpile:
		pl := s.piles[p]
		c = pl[len(pl)-1]
		s.piles[p] = pl[:len(pl)-1]
		s.metrics[mPlayStockpile]++
		s.lastPile = s.turns
		s.forget()
	case mv.Source.Pile() >= 0:
		d := s.discard[p][mv.Source.Pile()]
		c = d[len(d)-1]
		s.discard[p][mv.Source.Pile()] = d[:len(d)-1]
		s.metrics[mPlayPile]++
	default:
		c = s.takeHand(p, mv.Source.HandRank())
		s.metrics[mPlayHand]++
	}
	if c.IsJoker() {
		s.metrics[mJokers]++
	} else if c.Rank() != mv.Target {
		panic("spite: " + c.String() + " played as " + mv.Target.String())
	}
	h := int(mv.Target) - 1
	i := 0
	if h == 0 {
		if s.nstacks >= s.r.CentreStacks {
			panic("spite: no room for a new centre stack")
		}
		i = s.nstacks
		s.nstacks++
	} else {
		for i < s.nstacks && len(s.stacks[i]) != h {
			i++
		}
		if i == s.nstacks {
			panic("spite: no centre stack of height " + mv.Target.String())
		}
	}
	s.stacks[i] = append(s.stacks[i], c)
	s.progress = true
	complete := mv.Target == cards.King
	if complete {
		s.done = append(s.done, s.stacks[i]...)
		last := s.nstacks - 1
		s.stacks[i], s.stacks[last] = s.stacks[last], s.stacks[i][:0]
		s.nstacks--
		s.metrics[mCompleted]++
	}
	if s.record {
		s.events = append(s.events, &MoveEvent{Type: "play", Seat: p, Card: c.String(), From: mv.Source.String(),
			As: mv.Target.String(), Complete: complete, Stockpile: len(s.piles[p])})
	}
	switch {
	case len(s.piles[p]) == 0:
		s.finish(p, endStockpile)
	case len(s.hands[p]) == 0 && mv.Source.HandRank() != 0 && s.refills < s.r.MaxRefills:
		s.refills++
		s.metrics[mHandEmptied]++
		s.fill(p, "hand emptied")
	}
}
