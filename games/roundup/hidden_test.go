package roundup

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// hiddenFrom returns the cards seat may not see: the other seats'
// face-down hands, their bids before the reveal and their tie-break cards
// before the reveal.
func hiddenFrom(s *State, seat int) Hand {
	var h Hand
	for k := range s.n {
		if k == seat {
			continue
		}
		h |= s.p[k].down
		if s.p[k].bid != 0 && !s.revealed {
			h = h.With(s.p[k].bid)
		}
		if s.phase == PhaseTieBreak && s.picked>>k&1 != 0 {
			h = h.With(s.pick[k])
		}
	}
	return h
}

// cardTokens returns the card names written in text.
func cardTokens(text string) map[cards.Card]bool {
	m := map[cards.Card]bool{}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if c, err := cards.Parse(f); err == nil && !c.IsJoker() {
			m[c] = true
		}
	}
	return m
}

// poison replaces every card hidden from seat by random cards, keeping
// only the counts (number cards where a bid or tie-break card hides). The
// poisoned state no longer conserves cards; only views are read from it.
func poison(s *State, seat int, rng *rand.Rand) {
	deck := append([]cards.Card(nil), fullDeck...)
	cards.Shuffle(rng, deck)
	nums := append([]cards.Card(nil), HandOf(deck...).Numbers().Cards(nil)...)
	cards.Shuffle(rng, nums)
	for k := range s.n {
		if k == seat {
			continue
		}
		m := s.p[k].down.Len()
		s.p[k].down = HandOf(deck[:m]...)
		deck = deck[m:]
		if s.p[k].bid != 0 && !s.revealed {
			s.p[k].bid = nums[0]
		}
		if s.phase == PhaseTieBreak && s.picked>>k&1 != 0 {
			s.pick[k] = nums[1]
		}
		nums = nums[2:]
	}
}

// TestViewHidesCards plays random games and checks at every step that no
// seat's printed view names a card hidden from it, and that poisoning the
// hidden cards (redistributing them in a clone) changes no view.
func TestViewHidesCards(t *testing.T) {
	for n := 2; n <= 6; n++ {
		r, _ := ParseRules([]string{fmt.Sprint("players=", n), "goal=4"})
		s := New(r).NewState().(*State)
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		changed, secret := 0, 0
		played := 3
		if testing.Short() {
			played = 1 // every view of a whole game still checked; make test-long plays 3
		}
		for game := range played {
			s.Reset(uint64(100*n + game))
			var legal []games.Action
			for s.Turn() != games.Terminal {
				for seat := range n {
					hidden := hiddenFrom(s, seat)
					view := fmt.Sprintf("%+v", s.View(seat))
					for c := range cardTokens(view) {
						if hidden.Has(c) {
							t.Fatalf("seat %d's view names %v, hidden from it:\n%s", seat, c, view)
						}
					}
					poisoned := s.Clone().(*State)
					poison(poisoned, seat, rng)
					if hidden != 0 {
						secret++
						if hiddenFrom(poisoned, seat) != hidden {
							changed++
						}
					}
					if got := fmt.Sprintf("%+v", poisoned.View(seat)); got != view {
						t.Fatalf("poisoning seat %d's hidden cards changed its view:\n%s\n->\n%s", seat, view, got)
					}
				}
				legal = s.Legal(legal)
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
		// The poison must bite, or the test proves nothing.
		if changed < secret*9/10 {
			t.Errorf("%d players: poisoning changed the hidden cards in only %d of %d views", n, changed, secret)
		}
	}
}

// TestDeterminism: the same seed gives the same game, whoever replays it,
// and a different seed a different one.
func TestDeterminism(t *testing.T) {
	transcript := func(seed uint64, deal string) string {
		r, _ := ParseRules([]string{"players=2"})
		s := New(r).NewState().(*State)
		s.Record(true)
		if deal == "" {
			s.Reset(seed)
		} else if err := s.Deal(deal, seed); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 1))
		for s.Turn() != games.Terminal {
			l := s.Legal(nil)
			s.Apply(l[rng.IntN(len(l))])
		}
		var b strings.Builder
		for _, e := range s.Events() {
			b.WriteString(e.String() + "\n")
		}
		return b.String()
	}
	a, b, c := transcript(5, ""), transcript(5, ""), transcript(6, "")
	if a != b {
		t.Error("seed 5 played twice gave different games")
	}
	if a == c {
		t.Error("seeds 5 and 6 gave the same game")
	}
	if transcript(5, twoPlayerDeal) != transcript(5, twoPlayerDeal) {
		t.Error("the same deal and seed gave different games")
	}
}

// TestFeatures: the deal features count the first deal's cards per seat.
func TestFeatures(t *testing.T) {
	r, _ := ParseRules([]string{"players=2"})
	s := New(r).NewState().(*State)
	if err := s.Deal(twoPlayerDeal, 1); err != nil {
		t.Fatal(err)
	}
	// Seat 0: 20 number cards in clubs and diamonds (10 each), JC QC KC JD QD KD.
	want := []int64{6, 2, 2, 2, 2, 10, 26}
	for seat := range 2 {
		if got := s.SeatFeatures(seat, nil); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("seat %d features %v, want %v", seat, got, want)
		}
	}
	if len(features) != len(want) {
		t.Errorf("%d features described, want %d", len(features), len(want))
	}
}

// TestSampleState: a sampled state shows the seat the same view, keeps the
// cards, and does not depend on where the hidden cards really are: two
// states that differ only in hidden cards sample alike from one seed.
func TestSampleState(t *testing.T) {
	r, _ := ParseRules([]string{"players=4"})
	s := New(r).NewState().(*State)
	s.Reset(11)
	rng := rand.New(rand.NewPCG(5, 5))
	var dst games.State
	for step := 0; step < 150 && s.Turn() != games.Terminal; step++ {
		seat := s.Turn()
		other := s.Clone().(*State)
		other.Determinize(seat, rng.Uint64()) // the hidden cards moved
		v := s.View(seat).(*View)
		view := fmt.Sprintf("%+v", v)
		dst = v.SampleState(dst, 77)
		a := fmt.Sprint(dst.(*State).p, dst.(*State).seed)
		if got := fmt.Sprintf("%+v", dst.View(seat)); got != view {
			t.Fatalf("sampled view differs:\n%s\n%s", view, got)
		}
		if ok, diff := cards.SameCards(s.Cards(nil), dst.Cards(nil)); !ok {
			t.Fatalf("sampling lost cards: %s", diff)
		}
		b := other.View(seat).(*View).SampleState(nil, 77).(*State)
		if fmt.Sprint(b.p, b.seed) != a {
			t.Fatalf("step %d: samples from states differing in hidden cards differ", step)
		}
		l := s.Legal(nil)
		s.Apply(l[rng.IntN(len(l))])
	}
}

// TestFirstSeatAndDealt: the starter of round 1 and the cards as dealt.
func TestFirstSeatAndDealt(t *testing.T) {
	r, _ := ParseRules([]string{"players=2"})
	s := New(r).NewState().(*State)
	if err := s.Deal(twoPlayerDeal, 1); err != nil {
		t.Fatal(err)
	}
	if s.FirstSeat() != 1 {
		t.Errorf("FirstSeat = %d, want 1 (bid 8S against 9D)", s.FirstSeat())
	}
	d := s.Dealt(nil)
	if len(d) != 52 || d[0] != card(t, "AC") || d[26] != card(t, "AH") {
		t.Errorf("Dealt = %v", d)
	}
	s.Reset(3)
	if ok, diff := cards.SameCards(s.Dealt(nil), fullDeck); !ok {
		t.Errorf("Dealt after Reset is not the deck: %s", diff)
	}
}
