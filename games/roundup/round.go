package roundup

import (
	"math/bits"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Keys of the chance streams.
const (
	dealKey = 0x726f756e64 // "round"
	jackKey = 0x6a61636b   // "jack"
)

// startRound deals a new round: the dealer moves one seat to the left each
// round, and in round 1 the last seat deals, so seat 0 receives the first
// card.
func (s *State) startRound() {
	s.round++
	s.metrics[mRounds]++
	s.dealer = (s.round + s.n - 2) % s.n
	s.stacks = [4]uint8{}
	s.discard = 0
	s.p = [maxPlayers]player{}
	s.revealed = false
	s.tied, s.picked = 0, 0
	s.face, s.target, s.named = 0, -1, -1
	s.firstOut, s.lastSuit = -1, -1
	s.actor = -1
	s.roundTurns, s.roundActions = 0, 0
	redeals := s.deal()
	s.beginRecord()
	if s.record {
		s.events = append(s.events, &DealEvent{Type: "deal", Round: s.round, Dealer: s.dealer, Redeals: redeals, Hands: s.dealText()})
	}
	if s.round == 1 && s.given != nil && s.given.bids {
		for k := range s.n {
			if b := s.given.bid[k]; b != 0 {
				s.p[k].down = s.p[k].down.Without(b)
				s.p[k].bid = b
			}
		}
		s.reveal()
		return
	}
	s.phase = PhaseBid
	s.nextBidder()
}

// deal shuffles and deals the 52 cards one at a time from the dealer's left
// (or takes the given deal in round 1), redealing under no-bid=redeal while a
// player has no number card. It returns the number of redeals.
func (s *State) deal() int {
	for attempt := 0; ; attempt++ {
		for k := range s.n {
			s.p[k] = player{}
		}
		if s.round == 1 && s.given != nil {
			for k := range s.n {
				s.p[k].down = s.given.hand[k]
			}
		} else {
			copy(s.deck[:], fullDeck)
			s.src.Seed(games.Mix(s.seed, uint64(s.round)), games.Mix(s.seed^dealKey, uint64(attempt)))
			cards.Shuffle(s.rng, s.deck[:])
			for i, c := range s.deck {
				k := (s.dealer + 1 + i) % s.n
				s.p[k].down = s.p[k].down.With(c)
			}
		}
		ok := true
		for k := range s.n {
			s.p[k].dealt = s.p[k].down
			if s.p[k].down.Numbers() == 0 {
				ok = false
			}
		}
		if ok || s.r.NoBid == NoBidNone {
			if s.round == 1 {
				s.recordDealt()
			}
			return attempt
		}
		s.metrics[mRedeals]++
	}
}

// recordDealt keeps round 1's deal for Dealt.
func (s *State) recordDealt() {
	if s.given == nil {
		s.dealt = s.deck
		return
	}
	d := s.dealt[:0]
	for k := range s.n {
		d = s.p[k].down.Cards(d)
	}
}

// dealText returns the hands as dealt, in the form State.Deal reads.
func (s *State) dealText() string {
	var h [maxPlayers]Hand
	for k := range s.n {
		h[k] = s.p[k].dealt
	}
	return FormatDeal(h[:s.n], nil)
}

// order returns the i-th seat from the dealer's left.
func (s *State) order(i int) int { return (s.dealer + 1 + i) % s.n }

// nextBidder sets the next seat to bid, in order from the dealer's left, or
// reveals the bids once all have bid. Bids stay hidden until then, so the
// order does not matter.
func (s *State) nextBidder() {
	for i := range s.n {
		k := s.order(i)
		if s.p[k].bid == 0 && s.p[k].down.Numbers() != 0 {
			s.toAct = k
			return
		}
	}
	s.reveal()
}

func (s *State) bid(c cards.Card) {
	p := &s.p[s.toAct]
	p.down = p.down.Without(c)
	p.bid = c
	s.nextBidder()
}

// reveal turns the bids face up: each becomes its bidder's face-up hand.
func (s *State) reveal() {
	s.revealed = true
	var backers [4]int
	for k := range s.n {
		if b := s.p[k].bid; b != 0 {
			s.p[k].up = s.p[k].up.With(b)
			backers[b.Suit()]++
		}
	}
	for _, b := range backers {
		if b >= 2 {
			s.metrics[mAlliedRounds]++
			break
		}
	}
	if s.record {
		e := &BidsEvent{Type: "bids", Round: s.round}
		for k := range s.n {
			e.Bids = append(e.Bids, cardOrDash(s.p[k].bid))
		}
		s.events = append(s.events, e)
	}
	// The lowest face-up card goes first; ties are broken below.
	s.tied = lowest(s.bidsOf(), s.n)
	s.settleTie()
}

func cardOrDash(c cards.Card) string {
	if c == 0 {
		return "-"
	}
	return c.String()
}

func (s *State) bidsOf() [maxPlayers]cards.Card {
	var b [maxPlayers]cards.Card
	for k := range s.n {
		b[k] = s.p[k].bid
	}
	return b
}

// lowest returns the set of seats whose card has the lowest rank (0 = no
// card, never lowest).
func lowest(c [maxPlayers]cards.Card, n int) uint8 {
	var set uint8
	best := cards.Rank(255)
	for k := range n {
		if c[k] == 0 {
			continue
		}
		switch r := c[k].Rank(); {
		case r < best:
			best, set = r, 1<<k
		case r == best:
			set |= 1 << k
		}
	}
	return set
}

// settleTie starts the round's play if one seat is lowest; otherwise the
// tied seats each move a number card face up. A tied seat with no number
// card face down drops out; if all drop out, the first of them from the
// dealer's left starts.
func (s *State) settleTie() {
	if bits.OnesCount8(s.tied) > 1 {
		still := s.tied
		for k := range s.n {
			if s.tied>>k&1 != 0 && s.p[k].down.Numbers() == 0 {
				still &^= 1 << k
			}
		}
		if still == 0 {
			for i := range s.n {
				if k := s.order(i); s.tied>>k&1 != 0 {
					still = 1 << k
					break
				}
			}
		}
		s.tied = still
	}
	if bits.OnesCount8(s.tied) == 1 {
		s.actor = bits.TrailingZeros8(s.tied)
		if s.round == 1 {
			s.firstSeat = s.actor
		}
		s.tied = 0
		s.metrics[mStartSeat+s.actor]++
		if s.record {
			s.events = append(s.events, &StartEvent{Type: "start", Round: s.round, Seat: s.actor})
		}
		s.startTurn()
		return
	}
	s.phase = PhaseTieBreak
	s.picked = 0
	s.nextPicker()
}

// nextPicker sets the next tied seat to choose, or reveals the choices.
func (s *State) nextPicker() {
	for i := range s.n {
		if k := s.order(i); s.tied>>k&1 != 0 && s.picked>>k&1 == 0 {
			s.toAct = k
			return
		}
	}
	var e *TieBreakEvent
	if s.record {
		e = &TieBreakEvent{Type: "tie_break", Round: s.round}
	}
	var picks [maxPlayers]cards.Card
	for k := range s.n {
		if s.tied>>k&1 != 0 {
			picks[k] = s.pick[k]
			s.p[k].up = s.p[k].up.With(s.pick[k])
			s.metrics[mTieBreaks]++
			if e != nil {
				e.Seats = append(e.Seats, k)
				e.Moved = append(e.Moved, s.pick[k].String())
			}
		}
	}
	if e != nil {
		s.events = append(s.events, e)
	}
	s.pick = [maxPlayers]cards.Card{}
	s.picked = 0
	s.tied = lowest(picks, s.n)
	s.settleTie()
}

func (s *State) tieBreak(c cards.Card) {
	k := s.toAct
	s.p[k].down = s.p[k].down.Without(c)
	s.pick[k] = c
	s.picked |= 1 << k
	s.nextPicker()
}

// countAllied counts, in a round where some bidders backed a suit together
// and others alone, the bidders of each kind and the round points got each
// scored: allied and lone bidders side by side in the same round, on the
// same cards.
func (s *State) countAllied(got *[maxPlayers]int) {
	var backers [4]int
	for k := range s.n {
		if b := s.p[k].bid; b != 0 {
			backers[b.Suit()]++
		}
	}
	var n, pts [2]int64 // lone, allied
	for k := range s.n {
		if b := s.p[k].bid; b != 0 {
			i := min(backers[b.Suit()]-1, 1)
			n[i]++
			pts[i] += int64(got[k])
		}
	}
	if n[0] == 0 || n[1] == 0 {
		return
	}
	s.metrics[mMixedAllied] += n[1]
	s.metrics[mMixedAllied+1] += pts[1]
	s.metrics[mMixedAllied+2] += n[0]
	s.metrics[mMixedAllied+3] += pts[0]
}

// endRound scores the round and deals the next, or ends the game.
func (s *State) endRound() {
	turns := s.roundTurns
	if s.round == 1 {
		s.metrics[mFirstRoundTurns] = int64(turns)
		s.metrics[mMinRoundTurns] = int64(turns)
	}
	s.metrics[mMaxRoundTurns] = max(s.metrics[mMaxRoundTurns], int64(turns))
	s.metrics[mMinRoundTurns] = min(s.metrics[mMinRoundTurns], int64(turns))
	s.metrics[mLastSuit+s.lastSuit]++
	var backers uint8
	for k := range s.n {
		if b := s.p[k].bid; b != 0 && int(b.Suit()) == s.lastSuit {
			backers |= 1 << k
		}
	}
	nb := bits.OnesCount8(backers)
	pts := 0
	if nb == 0 {
		s.metrics[mUnbacked]++
	} else {
		pts = s.r.LastSuitPoints(nb)
	}
	if nb >= 2 {
		s.metrics[mAlliedWon]++
	}
	var got [maxPlayers]int
	for k := range s.n {
		if backers>>k&1 != 0 {
			got[k] += pts
			s.metrics[mPointsSuit] += int64(pts)
		}
	}
	if s.firstOut >= 0 {
		got[s.firstOut] += s.r.FirstOut
		s.metrics[mPointsOut] += int64(s.r.FirstOut)
	} else {
		s.metrics[mNoFirstOut]++
	}
	s.countAllied(&got)
	best := 0
	for k := range s.n {
		s.score[k] += got[k]
		best = max(best, s.score[k])
	}
	s.endRecord(&got, turns)
	if s.record {
		e := &RoundEvent{Type: "round", Round: s.round, Turns: turns, LastSuit: SuitName(cards.Suit(s.lastSuit)),
			Backers: []int{}, FirstOut: s.firstOut, Points: append([]int(nil), got[:s.n]...), Totals: append([]int(nil), s.score[:s.n]...)}
		for k := range s.n {
			if backers>>k&1 != 0 {
				e.Backers = append(e.Backers, k)
			}
		}
		s.events = append(s.events, e)
	}
	var leaders uint8
	for k := range s.n {
		if s.score[k] == best {
			leaders |= 1 << k
		}
	}
	tied := bits.OnesCount8(leaders) > 1
	switch {
	case best >= s.r.Goal && (!tied || s.r.Tie == TieShared):
	case s.round >= s.r.MaxRounds:
		if best < s.r.Goal {
			s.metrics[mCapped]++
		}
	default:
		if best >= s.r.Goal {
			s.metrics[mExtraRounds]++
		}
		s.startRound()
		return
	}
	s.winners = leaders
	if tied {
		s.metrics[mDrawn]++
	}
	s.phase = PhaseOver
	s.toAct = games.Terminal
	if s.record {
		e := &GameEvent{Type: "game", Rounds: s.round, Scores: append([]int(nil), s.score[:s.n]...)}
		for k := range s.n {
			if leaders>>k&1 != 0 {
				e.Winners = append(e.Winners, k)
			}
		}
		s.events = append(s.events, e)
	}
}
