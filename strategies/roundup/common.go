package roundup

import (
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/roundup"
)

// noSuit stands for "no suit backed".
const noSuit = -1

// mySuit returns the suit the seat backs, or noSuit.
func mySuit(v *roundup.View) int {
	if b := v.Bids[v.Me]; b != 0 {
		return int(b.Suit())
	}
	return noSuit
}

// suitOf returns the suit seat k backs as far as the view shows, or noSuit.
func suitOf(v *roundup.View, k int) int {
	if b := v.Bids[k]; b != 0 && (v.Revealed || k == v.Me) {
		return int(b.Suit())
	}
	return noSuit
}

// chooseBid bids on the suit with the most number cards, counting the Ace
// as two cards and the Two as one more (holding the low cards blocks the
// suit, which keeps it open longest). Ties go to the first suit counting
// from (seat + round) mod 4 in the order clubs, diamonds, hearts, spades,
// so that no suit is favoured over many games. It bids that suit's highest
// card, which is the last of the suit to become playable.
func chooseBid(v *roundup.View) games.Action {
	nums := v.Down.Numbers()
	best, bestScore := cards.Suit(0), -1
	for i := range 4 {
		s := cards.Suit((v.Me + v.Round + i) % 4)
		h := nums.Suit(s)
		if h == 0 {
			continue
		}
		score := 2 * h.Len()
		if h.Has(cards.New(cards.Ace, s)) {
			score += 2
		}
		if h.Has(cards.New(2, s)) {
			score++
		}
		if score > bestScore {
			best, bestScore = s, score
		}
	}
	c, _ := nums.Suit(best).Last()
	return roundup.CardAction(c)
}

// blanks returns the face cards of h whose rank is blank under the rules
// (jack, queen or king=blank): played, they do nothing but end the turn.
func blanks(v *roundup.View, h roundup.Hand) roundup.Hand {
	var out roundup.Hand
	for _, r := range [3]cards.Rank{cards.Jack, cards.Queen, cards.King} {
		if v.Rules.Power(r) == roundup.PowerBlank {
			out |= h.Rank(r)
		}
	}
	return out
}

// legalCards returns the cards of the card actions in legal.
func legalCards(legal []games.Action) roundup.Hand {
	var h roundup.Hand
	for _, a := range legal {
		if c, ok := roundup.ActionCard(a); ok {
			h = h.With(c)
		}
	}
	return h
}

// offSuit returns the cards of h not in suit (all of h if suit is noSuit).
func offSuit(h roundup.Hand, suit int) roundup.Hand {
	if suit == noSuit {
		return h
	}
	return h &^ h.Suit(cards.Suit(suit))
}

// lowestOf returns the lowest-ranked card of h, preferring cards off suit.
func lowestOf(h roundup.Hand, suit int) cards.Card {
	if o := offSuit(h, suit); o != 0 {
		h = o
	}
	c, _ := h.First()
	return c
}

// highestOf returns the highest-ranked card of h, preferring cards off suit.
func highestOf(h roundup.Hand, suit int) cards.Card {
	if o := offSuit(h, suit); o != 0 {
		h = o
	}
	c, _ := h.Last()
	return c
}

// forcedPlay chooses the face-up card that must be played, off suit first;
// in PhaseMore it stops unless an off-suit card can follow.
func forcedPlay(v *roundup.View, legal []games.Action) games.Action {
	h := legalCards(legal)
	suit := mySuit(v)
	if v.Phase == roundup.PhaseMore {
		if o := offSuit(h, suit); o != 0 {
			c, _ := o.First()
			return roundup.CardAction(c)
		}
		return roundup.Stop
	}
	return roundup.CardAction(lowestOf(h, suit))
}

// laggard returns the open suit other than except that is furthest from
// closing (the likeliest to close after the seat's own), or noSuit.
func laggard(v *roundup.View, except int) int {
	best, top := noSuit, 11
	for s := range 4 {
		if s == except || v.Stacks[s] >= 10 {
			continue
		}
		if v.Stacks[s] < top {
			best, top = s, v.Stacks[s]
		}
	}
	return best
}

// chooseTarget attacks the rival most likely to make the seat's suit close
// first: among the targets, one backing another suit, the least advanced;
// then one backing no visible suit; allies last. Ties go to the target with
// more face-down cards, then to the first counting clockwise from the
// attacker's left, so that no seat is singled out.
func chooseTarget(v *roundup.View, legal []games.Action) games.Action {
	me := mySuit(v)
	best, bestKey := legal[0], -1<<30
	for i := 1; i < v.Players; i++ {
		t := (v.Me + i) % v.Players
		a := roundup.TargetSeat(t)
		if !slices.Contains(legal, a) {
			continue
		}
		key := v.DownCount[t]
		switch s := suitOf(v, t); {
		case s == noSuit:
			key += 1000
		case s == me:
		case v.Stacks[s] < 10:
			key += 2000 + 100*(10-v.Stacks[s])
		default:
			key += 1000
		}
		if key > bestKey {
			best, bestKey = a, key
		}
	}
	return best
}

// targetSuit returns the suit an attack on the target should pry open: the
// target's own suit if it is a rival's and still open, otherwise the least
// advanced open suit other than the seat's.
func targetSuit(v *roundup.View) int {
	me := mySuit(v)
	if s := suitOf(v, v.Target); s != noSuit && s != me && v.Stacks[s] < 10 {
		return s
	}
	if s := laggard(v, me); s != noSuit {
		return s
	}
	return laggard(v, noSuit)
}

// nameSuit names the suit the Queen asks for.
func nameSuit(v *roundup.View) games.Action {
	s := targetSuit(v)
	if s == noSuit {
		s = 0
	}
	return roundup.NameSuit(cards.Suit(s))
}

// nameNumber names the number the King asks for: the next card of the suit
// chosen by targetSuit, the card that blocks it.
func nameNumber(v *roundup.View) games.Action {
	s := targetSuit(v)
	if s == noSuit {
		return roundup.NameNumber(10)
	}
	return roundup.NameNumber(v.Stacks[s] + 1)
}
