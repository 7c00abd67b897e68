package spite

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// poison overwrites every card hidden from seat (the other hand, the stock,
// both stockpiles below their upcards) with a card that is in no deck.
func poison(s *State, seat int) {
	bad := cards.Card(1) // rank 0: printed as Card(1)
	fill := func(d []cards.Card) {
		for i := range d {
			d[i] = bad
		}
	}
	fill(s.hands[1-seat])
	fill(s.stock)
	for p := range 2 {
		if n := len(s.piles[p]); n > 0 {
			fill(s.piles[p][:n-1])
		}
	}
}

// TestViewHidesCards: poisoning what a seat may not see changes neither
// its view, printed in full, nor its legal actions; changing its own hand
// does change the view (so the check can fail).
func TestViewHidesCards(t *testing.T) {
	s := newState(New(DefaultRules()))
	rng := rand.New(rand.NewPCG(5, 6))
	var legal []games.Action
	checked := 0
	for game := range 20 {
		s.Reset(uint64(game))
		for step := 0; s.Turn() != games.Terminal; step++ {
			legal = s.Legal(legal)
			if step%7 == 0 {
				for seat := range 2 {
					before := fmt.Sprintf("%+v", s.View(seat))
					c := s.Clone().(*State)
					poison(c, seat)
					if after := fmt.Sprintf("%+v", c.View(seat)); after != before {
						t.Fatalf("poisoning hidden cards changed seat %d's view:\n%s\n->\n%s", seat, before, after)
					}
					if seat == s.Turn() && !slices.Equal(c.Legal(nil), legal) {
						t.Fatalf("poisoning hidden cards changed the legal actions")
					}
					c.hands[seat][0] = cards.Card(1)
					if fmt.Sprintf("%+v", c.View(seat)) == before {
						t.Fatalf("the view does not show the seat's own hand")
					}
					checked++
				}
			}
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
	if checked < 100 {
		t.Fatalf("only %d views checked", checked)
	}
}

// TestDeterminizeKeepsKnowledge: Determinize moves only hidden cards, keeps
// jokers out of the stockpiles and leaves the last rebuild's cards at the
// bottom of the stock.
func TestDeterminizeKeepsKnowledge(t *testing.T) {
	s := newState(New(DefaultRules()))
	rng := rand.New(rand.NewPCG(7, 8))
	var legal []games.Action
	for game := range 30 {
		s.Reset(uint64(game))
		for s.Turn() != games.Terminal {
			if s.fresh > 0 {
				c := s.Clone().(*State)
				c.Determinize(0, uint64(game))
				if ok, diff := cards.SameCards(s.stock[:s.fresh], c.stock[:c.fresh]); !ok {
					t.Fatalf("the rebuilt bottom of the stock changed: %s", diff)
				}
				for p := range 2 {
					if slices.ContainsFunc(c.piles[p], cards.Card.IsJoker) {
						t.Fatalf("a joker reached stockpile %d", p)
					}
				}
				if !slices.Equal(c.hands[0], s.hands[0]) {
					t.Fatalf("Determinize(0) changed seat 0's own hand")
				}
			}
			legal = s.Legal(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}

// TestSampleState: samples drawn with one seed from the views of two
// states that differ only in hidden cards are the same, show the same view,
// and hold every card once.
func TestSampleState(t *testing.T) {
	s := newState(New(DefaultRules()))
	rng := rand.New(rand.NewPCG(9, 10))
	var legal []games.Action
	var d1, d2 games.State
	for game := range 10 {
		s.Reset(uint64(game))
		for step := 0; s.Turn() != games.Terminal; step++ {
			if step%5 == 0 {
				seat := step / 5 % 2
				other := s.Clone().(*State)
				other.Determinize(seat, uint64(step))
				d1 = s.view(seat).SampleState(d1, 77)
				d2 = other.view(seat).SampleState(d2, 77)
				a, b := d1.(*State), d2.(*State)
				if !slices.Equal(a.Cards(nil), b.Cards(nil)) || a.seed != b.seed {
					t.Fatalf("game %d step %d: samples depend on the hidden cards:\n%v\n%v", game, step, a.hands, b.hands)
				}
				if fmt.Sprintf("%+v", a.View(seat)) != fmt.Sprintf("%+v", s.View(seat)) {
					t.Fatalf("game %d step %d: the sample shows another view", game, step)
				}
				checkCards(t, a)
			}
			legal = s.Legal(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}
