package roundup

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
)

// givenDeal is a first round's deal read from text.
type givenDeal struct {
	hand [maxPlayers]Hand       // every card dealt, bid included
	bid  [maxPlayers]cards.Card // the bids, if bids is set
	bids bool
}

// HandSize returns how many cards seat k is dealt in round 1 with n players:
// 52/n, one more for the first 52 mod n seats (seat 0 is left of the
// dealer).
func HandSize(k, n int) int {
	size := 52 / n
	if k < 52%n {
		size++
	}
	return size
}

// parseDeal reads a first round's deal under rules r. The text lists the
// hands of seats 0, 1, … separated by "|", each as cards separated by
// spaces or commas ("AC 10H QS"). Seat k must hold HandSize(k, players)
// cards and the hands together the whole deck. A card may be marked with a
// leading "*" as its seat's bid: then every seat holding a number card
// marks exactly one number card, and play starts from the bids; without
// marks the players bid as usual.
func parseDeal(text string, r *Rules) (*givenDeal, error) {
	parts := strings.Split(text, "|")
	if len(parts) != r.Players {
		return nil, fmt.Errorf("deal: %d hands separated by |, want %d (one per player)", len(parts), r.Players)
	}
	d := &givenDeal{}
	var seen Hand
	marked := 0
	for k, part := range parts {
		fields := strings.FieldsFunc(part, func(c rune) bool {
			return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'
		})
		for _, f := range fields {
			isBid := strings.HasPrefix(f, "*")
			c, err := cards.Parse(strings.TrimPrefix(f, "*"))
			if err != nil {
				return nil, fmt.Errorf("deal: seat %d: %w", k, err)
			}
			if c.IsJoker() {
				return nil, fmt.Errorf("deal: seat %d: Round-up is played without jokers", k)
			}
			if seen.Has(c) {
				return nil, fmt.Errorf("deal: seat %d: %v is dealt twice", k, c)
			}
			seen = seen.With(c)
			d.hand[k] = d.hand[k].With(c)
			if isBid {
				switch {
				case c.Rank() > 10:
					return nil, fmt.Errorf("deal: seat %d: bid %v is a face card; a bid must be a number card (A to 10)", k, c)
				case d.bid[k] != 0:
					return nil, fmt.Errorf("deal: seat %d: two bids, %v and %v", k, d.bid[k], c)
				}
				d.bid[k] = c
				marked++
			}
		}
		if got, want := d.hand[k].Len(), HandSize(k, r.Players); got != want {
			return nil, fmt.Errorf("deal: seat %d holds %d cards, want %d with %d players", k, got, want, r.Players)
		}
	}
	if seen != HandOf(fullDeck...) {
		return nil, fmt.Errorf("deal: the hands do not hold the whole deck (missing %v)", HandOf(fullDeck...)&^seen)
	}
	for k := range r.Players {
		if d.hand[k].Numbers() == 0 {
			if r.NoBid == NoBidRedeal {
				return nil, fmt.Errorf("deal: seat %d has no number card, so the deal would be redealt (rule no-bid=%s)", k, NoBidRedeal)
			}
			continue
		}
		if marked > 0 && d.bid[k] == 0 {
			return nil, fmt.Errorf("deal: seat %d marks no bid while others do; mark one number card of every hand with *, or none", k)
		}
	}
	d.bids = marked > 0
	return d, nil
}

// FormatDeal returns hands in the form State.Deal reads, marking bids[k]
// with "*" when bids is not nil and bids[k] is not 0.
func FormatDeal(hands []Hand, bids []cards.Card) string {
	var b strings.Builder
	for k, h := range hands {
		if k > 0 {
			b.WriteString(" | ")
		}
		first := true
		for x := h; x != 0; x &= x - 1 {
			c, _ := x.First()
			if !first {
				b.WriteByte(' ')
			}
			first = false
			if bids != nil && bids[k] == c {
				b.WriteByte('*')
			}
			b.WriteString(c.String())
		}
	}
	return b.String()
}
