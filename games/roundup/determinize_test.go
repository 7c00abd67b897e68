package roundup

import "testing"

// TestDeterminizeKeepsTiedNumbers: seats still tied for first player that
// have not chosen yet hold a number card face down (one without drops out
// at once), so a re-deal of the hidden cards keeps one in each of their
// hands, among the deals the viewer cannot rule out, drawn alike. Here
// seats 1 and 2 are tied, and the hidden cards are four face cards each
// for seats 1 to 3 but two number cards: a free shuffle would leave a tied
// seat without one three times in four, and a search bot sampling such a
// deal found no legal action (pimc at 6 players).
func TestDeterminizeKeepsTiedNumbers(t *testing.T) {
	s := position(t, []string{"players=4"}, [4]uint8{}, 0,
		seatSpec{up: "9S", down: "9C 9D"}, seatSpec{up: "AS", down: "2C JC JD JH"},
		seatSpec{up: "AH", down: "3C QC QD QH"}, seatSpec{up: "10S", down: "KC KD KH JS"})
	s.phase, s.tied, s.picked, s.toAct = PhaseTieBreak, 1<<1|1<<2, 0, 1
	two := card(t, "2C")
	split := map[bool]int{}
	for seed := range uint64(2000) {
		c := s.Clone().(*State)
		c.Determinize(0, seed)
		for k := 1; k <= 2; k++ {
			if c.p[k].down.Numbers() == 0 {
				t.Fatalf("seed %d: tied seat %d holds no number card face down: %v", seed, k, c.p[k].down)
			}
		}
		if c.p[3].down.Numbers() != 0 || c.p[1].down.Len() != 4 || c.p[3].down.Len() != 4 {
			t.Fatalf("seed %d: hands %v %v %v", seed, c.p[1].down, c.p[2].down, c.p[3].down)
		}
		if len(c.Legal(nil)) == 0 {
			t.Fatalf("seed %d: no legal action for tied seat 1", seed)
		}
		split[c.p[1].down.Has(two)]++
	}
	// Both ways to share the two number cards are equally likely: 1000 each
	// (the binomial's sd is 22; 4.5 sd either way).
	if split[true] < 900 || split[false] < 900 {
		t.Errorf("seat 1 held 2C in %d re-deals and 3C in %d of 2000; want about 1000 each", split[true], split[false])
	}
}

// TestLendNumbers: the fallback past maxRedraws gives a tied hand without a
// number card one from a hand that can spare it, keeping every count and
// every card.
func TestLendNumbers(t *testing.T) {
	s := position(t, []string{"players=4"}, [4]uint8{}, 0,
		seatSpec{up: "9S", down: "9C 9D"}, seatSpec{up: "AS", down: "JC JD JH QC"},
		seatSpec{up: "AH", down: "2C 3C QD QH"}, seatSpec{up: "10S", down: "KC KD KH JS"})
	s.phase, s.tied, s.picked, s.toAct = PhaseTieBreak, 1<<1|1<<2, 0, 1
	before := s.p[1].down | s.p[2].down | s.p[3].down
	s.lendNumbers(0, s.mustHoldNumbers(0))
	if s.p[1].down.Numbers() == 0 || s.p[2].down.Numbers() == 0 || s.p[1].down.Len() != 4 || s.p[2].down.Len() != 4 ||
		s.p[1].down|s.p[2].down|s.p[3].down != before {
		t.Errorf("after lending: %v | %v | %v", s.p[1].down, s.p[2].down, s.p[3].down)
	}
}
