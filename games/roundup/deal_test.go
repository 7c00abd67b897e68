package roundup

import (
	"github.com/cardsim/cardsim/games/cards"
	"strings"
	"testing"
)

func TestDealErrors(t *testing.T) {
	two, _ := ParseRules([]string{"players=2"})
	none, _ := ParseRules([]string{"players=5", "no-bid=none"})
	redeal, _ := ParseRules([]string{"players=5"})
	// Five players: seats 0 and 1 get 11 cards, seats 2–4 get 10. Seat 4
	// holds ten face cards.
	fiveNoNumber := "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C AD | 2D 3D 4D 5D 6D 7D 8D 9D 10D AH 2H | " +
		"3H 4H 5H 6H 7H 8H 9H 10H AS 2S | 3S 4S 5S 6S 7S 8S 9S 10S JC QC | JD QD KD JH QH KH JS QS KS KC"
	tests := []struct {
		r    *Rules
		deal string
		want string // part of the error; "" for none
	}{
		{&two, twoPlayerDeal, ""},
		{&two, strings.ReplaceAll(twoPlayerDeal, "*", ""), ""},
		{&two, strings.Replace(twoPlayerDeal, "|", " ", 1), "1 hands separated by |, want 2"},
		{&two, twoPlayerDeal + " | AC", "3 hands"},
		{&two, strings.Replace(twoPlayerDeal, "10D", "10X", 1), "seat 0"},
		{&two, strings.Replace(twoPlayerDeal, "10D", "JK", 1), "without jokers"},
		{&two, strings.Replace(twoPlayerDeal, "10D", "9C", 1), "9C is dealt twice"},
		{&two, strings.Replace(twoPlayerDeal, "*9D", "9D", 1), "seat 0 marks no bid"},
		{&two, strings.Replace(twoPlayerDeal, "JC", "*JC", 1), "face card"},
		{&two, strings.Replace(twoPlayerDeal, "AC", "*AC", 1), "two bids"},
		{&two, strings.Replace(twoPlayerDeal, " 10D", "", 1), "seat 0 holds 25 cards, want 26"},
		{&two, strings.Replace(strings.Replace(twoPlayerDeal, " 10D", "", 1), "AH", "AH 10D", 1), "seat 0 holds 25"},
		{&redeal, fiveNoNumber, "seat 4 has no number card"},
		{&none, fiveNoNumber, ""},
	}
	for _, tt := range tests {
		_, err := parseDeal(tt.deal, tt.r)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("parseDeal(%.40q…) = %v, want %q", tt.deal, err, tt.want)
		}
	}
}

// TestNoBidNone: a seat dealt no number card makes no bid and backs no
// suit; the others bid and play.
func TestNoBidNone(t *testing.T) {
	r, _ := ParseRules([]string{"players=5", "no-bid=none"})
	s := New(r).NewState().(*State)
	deal := "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C AD | 2D 3D 4D 5D 6D 7D 8D 9D 10D AH 2H | " +
		"3H 4H 5H 6H 7H 8H 9H 10H AS 2S | 3S 4S 5S 6S 7S 8S 9S 10S JC QC | JD QD KD JH QH KH JS QS KS KC"
	if err := s.Deal(deal, 1); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for s.phase == PhaseBid {
		seen[s.Turn()] = true
		s.Apply(s.Legal(nil)[0])
	}
	if seen[4] || len(seen) != 4 || s.p[4].bid != 0 || s.p[4].up != 0 {
		t.Errorf("bidders %v, seat 4 bid %v up %v; want seats 0-3 only", seen, s.p[4].bid, s.p[4].up)
	}
}

// FuzzDeal: the parser never panics, and a deal it accepts holds the whole
// deck in hands of the right sizes and reads back the same from FormatDeal.
func FuzzDeal(f *testing.F) {
	f.Add(twoPlayerDeal, 2)
	f.Add(strings.ReplaceAll(twoPlayerDeal, "*", ""), 2)
	f.Add("AC | 2C", 2)
	f.Add("*AC,2C|3c JK", 3)
	f.Fuzz(func(t *testing.T, text string, players int) {
		r, err := ParseRules([]string{"players=" + string(rune('0'+(players%5+5)%5+2))})
		if err != nil {
			t.Fatal(err)
		}
		d, err := parseDeal(text, &r)
		if err != nil {
			return
		}
		var all Hand
		for k := range r.Players {
			if d.hand[k].Len() != HandSize(k, r.Players) || all&d.hand[k] != 0 {
				t.Fatalf("accepted %q: seat %d holds %v", text, k, d.hand[k])
			}
			all |= d.hand[k]
			if d.bids && d.bid[k] != 0 && (!d.hand[k].Has(d.bid[k]) || d.bid[k].Rank() > 10) {
				t.Fatalf("accepted %q: seat %d bids %v", text, k, d.bid[k])
			}
		}
		if all != HandOf(fullDeck...) {
			t.Fatalf("accepted %q: hands miss %v", text, HandOf(fullDeck...)&^all)
		}
		var bids []cards.Card
		if d.bids {
			bids = d.bid[:r.Players]
		}
		back, err := parseDeal(FormatDeal(d.hand[:r.Players], bids), &r)
		if err != nil || back.hand != d.hand || back.bid != d.bid || back.bids != d.bids {
			t.Fatalf("accepted %q, but its formatted form reads back differently: %v", text, err)
		}
	})
}
