package spite

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

const quietHand1 = "hand1: 10C 10H 10S JH JC"

// TestChainReachesStockpile: the upcard 6 waits on a stack at 3; the 4 from
// hand and the 5 on top of a discard pile bring the stack to 5, and the 6
// can go.
func TestChainReachesStockpile(t *testing.T) {
	s := setup(t, nil, "pile0: 6H ...; pile1: KD ...; hand0: 4C JK 9H 9D QS;"+quietHand1+"; first: 0",
		[]string{"AC 2C 3C"}, map[string]string{"0/0": "KS 5D"})
	if has(s, "stockpile → 6") {
		t.Fatal("the 6 is playable before the chain")
	}
	for _, want := range []string{"hand 4 → 4", "hand JK → 4"} {
		if !has(s, want) {
			t.Errorf("%q not legal; legal: %v", want, names(s))
		}
	}
	if has(s, "pile 1 → 5") || has(s, "hand JK → A") {
		t.Errorf("a 5 with no stack at 4, or a joker as an ace, offered: %v", names(s))
	}
	mustApply(t, s, "hand 4 → 4")
	mustApply(t, s, "pile 1 → 5")
	mustApply(t, s, "stockpile → 6")
	if len(s.piles[0]) != 25 || len(s.stacks[0]) != 6 || s.turn != 0 {
		t.Errorf("after the chain: %d left in the stockpile, stack of %d, turn %d; want 25, 6, 0", len(s.piles[0]), len(s.stacks[0]), s.turn)
	}
	if got := s.metrics[mPlayStockpile]*100 + s.metrics[mPlayHand]*10 + s.metrics[mPlayPile]; got != 111 {
		t.Errorf("plays from stockpile, hand, piles = %03d, want 111", got)
	}
	checkCards(t, s)
}

// TestForcedAces: an ace as upcard or on a discard pile must be played
// before the turn ends; an ace in hand only under force-hand-aces; none
// when eight stacks leave no room.
func TestForcedAces(t *testing.T) {
	tests := []struct {
		name   string
		rules  []string
		deal   string
		stacks []string
		piles  map[string]string
		play   string // the ace's play
		forced bool
	}{
		{"upcard", nil, "pile0: AH ...; hand0: 4C 5C 9H 9D QS", nil, nil, "stockpile → A", true},
		{"pile top", nil, "pile0: 7H ...; hand0: 4C 5C 9H 9D QS", nil, map[string]string{"0/1": "AS"}, "pile 2 → A", true},
		{"hand", nil, "pile0: 7H ...; hand0: AC 5C 9H 9D QS", nil, nil, "hand A → A", false},
		{"hand, forced", []string{"force-hand-aces=true"}, "pile0: 7H ...; hand0: AC 5C 9H 9D QS", nil, nil, "hand A → A", true},
		{"no room", nil, "pile0: AH ...; hand0: 4C 5C 9H 9D QS",
			[]string{"AC", "AD", "AH", "AS", "JK", "JK", "JK", "JK"}, nil, "", false},
	}
	for _, tt := range tests {
		s := setup(t, tt.rules, tt.deal+"; pile1: KD ...; "+quietHand1+"; first: 0", tt.stacks, tt.piles)
		canEnd := has(s, "end turn")
		if canEnd == tt.forced {
			t.Errorf("%s: end turn legal = %v, want %v; legal %v", tt.name, canEnd, !tt.forced, names(s))
		}
		if tt.play == "" {
			continue
		}
		mustApply(t, s, tt.play)
		if !has(s, "end turn") {
			t.Errorf("%s: after %s the turn still cannot end: %v", tt.name, tt.play, names(s))
		}
	}
}

// TestJokerDiscard: a joker may not be discarded onto a 2 or an ace, and
// a card on a joker must not exceed the natural card beneath it.
func TestJokerDiscard(t *testing.T) {
	tests := []struct {
		pile string
		r    cards.Rank
		want bool
	}{
		{"", cards.Joker, true},
		{"5C 2C", cards.Joker, false},
		{"5C AC", cards.Joker, false},
		{"5C 3C", cards.Joker, true},
		{"9C JK", cards.Jack, false},
		{"9C JK", 9, true},
		{"9C JK", cards.Joker, true},
		{"JK", cards.King, true},
		{"2C JK", cards.Joker, false},
		{"7C 7D", 7, true},
		{"7C", 8, false},
		{"", cards.King, true},
	}
	for _, tt := range tests {
		pile, err := cards.ParseDeck(tt.pile)
		if err != nil {
			t.Fatal(err)
		}
		if got := CanDiscard(tt.r, pile); got != tt.want {
			t.Errorf("CanDiscard(%v, [%s]) = %v, want %v", tt.r, tt.pile, got, tt.want)
		}
	}
	// The same through the legal actions: the joker goes on pile 2, not on
	// pile 1's 2, nor on the empty piles 3 and 4 (the first empty pile
	// stands for all).
	s := setup(t, nil, "pile0: 7H ...; pile1: KD ...; hand0: JK 5C 9H 9D QS;"+quietHand1+"; first: 0",
		nil, map[string]string{"0/0": "5D 2D", "0/1": "8D 3D"})
	for name, want := range map[string]bool{
		"discard JK → pile 1": false, "discard JK → pile 2": true, "discard JK → pile 3": true,
		"discard JK → pile 4": false, "discard Q → pile 3": true, "discard 5 → pile 2": false,
	} {
		if has(s, name) != want {
			t.Errorf("%q legal = %v, want %v", name, !want, want)
		}
	}
}

// TestJokerAce: a joker starts a stack only under joker-ace=true.
func TestJokerAce(t *testing.T) {
	for _, on := range []bool{false, true} {
		rules := []string{"joker-ace=false"}
		if on {
			rules[0] = "joker-ace=true"
		}
		s := setup(t, rules, "pile0: 7H ...; pile1: KD ...; hand0: JK 5C 9H 9D QS;"+quietHand1+"; first: 0", []string{"AC 2C 3C 4C"}, nil)
		if got := has(s, "hand JK → A"); got != on {
			t.Errorf("joker-ace=%v: joker as an ace legal = %v", on, got)
		}
		if !has(s, "hand JK → 5") || has(s, "hand JK → 6") {
			t.Errorf("joker on a stack at 4: legal %v, want → 5 only", names(s))
		}
	}
}

// TestHandEmptiedMidTurn: playing the last card of the hand draws the five
// top cards of the stock, and the turn goes on.
func TestHandEmptiedMidTurn(t *testing.T) {
	s := setup(t, nil, "pile0: QH ...; pile1: KD ...; hand0: 4C 5C 9H 9D QS;"+quietHand1+"; stock: 7C 8C 9C 6D JD 2S ...; first: 0",
		[]string{"AC 2C 3C"}, nil)
	// Keep only the 4 in hand: the other four go under the stock.
	h := s.hands[0]
	i := slices.IndexFunc(h, func(c cards.Card) bool { return c.Rank() == 4 })
	s.stock = append(slices.Delete(slices.Clone(h), i, i+1), s.stock...)
	s.hands[0] = append(h[:0], cards.New(4, cards.Clubs))
	checkCards(t, s)
	mustApply(t, s, "hand 4 → 4")
	got := slices.Clone(s.hands[0])
	want, _ := cards.ParseDeck("7C 8C 9C 6D JD")
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) || s.turn != 0 || s.metrics[mHandEmptied] != 1 {
		t.Errorf("after emptying the hand: hand %v (want %v), turn %d, hands_emptied %d", got, want, s.turn, s.metrics[mHandEmptied])
	}
	checkCards(t, s)
}

// TestRebuild: before a draw, a stock of 12 cards or fewer gets the centre
// cards shuffled under it; 13 cards do not trigger it. Under
// rebuild=completed only completed stacks go.
func TestRebuild(t *testing.T) {
	tests := []struct {
		rule  string
		stock int
		moved int // centre cards put under the stock
	}{
		{"rebuild=all", 13, 0},
		{"rebuild=all", 12, 3 + 13},
		{"rebuild=completed", 12, 13},
	}
	for _, tt := range tests {
		s := setup(t, []string{tt.rule}, "pile0: QH ...; pile1: KD ...; hand0: 4C 5C 9H 9S QS;"+quietHand1+"; first: 0",
			[]string{"AC 2C 3C", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"}, nil)
		// Complete the second stack as play would, and park the extra stock
		// cards on seat 1's fourth discard pile.
		s.done = append(s.done, s.stacks[1]...)
		s.stacks[1] = s.stacks[1][:0]
		s.nstacks = 1
		extra := len(s.stock) - tt.stock
		s.discard[1][3] = append(s.discard[1][3], s.stock[:extra]...)
		s.stock = append(s.stock[:0], s.stock[extra:]...)
		checkCards(t, s)
		top := s.stock[len(s.stock)-1]
		mustApply(t, s, "discard Q → pile 1")
		if got := len(s.stock); got != tt.stock+tt.moved-1 {
			t.Errorf("%s, stock %d: %d cards in the stock after the draw, want %d", tt.rule, tt.stock, got, tt.stock+tt.moved-1)
		}
		if !slices.Contains(s.hands[0], top) {
			t.Errorf("%s, stock %d: the old top %v was not drawn first", tt.rule, tt.stock, top)
		}
		if tt.moved > 0 {
			under := slices.Clone(s.stock[:tt.moved])
			if ok, diff := cards.SameCards(under, append(takeNone(), centreOf(tt.rule)...)); !ok {
				t.Errorf("%s: the bottom of the stock is not the centre's cards: %s", tt.rule, diff)
			}
			if s.fresh != tt.moved {
				t.Errorf("%s: fresh = %d, want %d", tt.rule, s.fresh, tt.moved)
			}
		}
		checkCards(t, s)
	}
}

func takeNone() []cards.Card { return nil }

// centreOf returns the centre cards the rebuild test moves under each rule.
func centreOf(rule string) []cards.Card {
	d, _ := cards.ParseDeck("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
	if rule == "rebuild=all" {
		more, _ := cards.ParseDeck("AC 2C 3C")
		d = append(d, more...)
	}
	return d
}

// TestCompleteStack: a king completes a stack, which is set aside.
func TestCompleteStack(t *testing.T) {
	s := setup(t, nil, "pile0: QH ...; pile1: KD ...; hand0: KC 5C 9H 9S QS;"+quietHand1+"; first: 0",
		[]string{"AC 2C 3C", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"}, nil)
	mustApply(t, s, "hand K → K")
	if s.nstacks != 1 || len(s.done) != 13 || len(s.stacks[0]) != 3 || s.metrics[mCompleted] != 1 {
		t.Errorf("after the king: %d stacks (first of %d), %d cards set aside; want 1 (3), 13", s.nstacks, len(s.stacks[0]), len(s.done))
	}
	checkCards(t, s)
}

// TestWin: playing the last stockpile card wins; the winner scores the
// cards left in the loser's stockpile and the loser minus that.
func TestWin(t *testing.T) {
	s := setup(t, nil, "pile0: AH ...; pile1: KD ...; hand0: 4C 5C 9H 9D QS;"+quietHand1+"; first: 0", nil, nil)
	s.piles[0] = s.piles[0][len(s.piles[0])-1:]
	s.piles[1] = s.piles[1][:20]
	mustApply(t, s, "stockpile → A")
	if s.Turn() != games.Terminal {
		t.Fatal("the game goes on after a stockpile was emptied")
	}
	if o := s.Outcome(0); o != (games.Outcome{Score: 20, Result: games.Win}) {
		t.Errorf("winner's outcome %+v, want 20, win", o)
	}
	if o := s.Outcome(1); o != (games.Outcome{Score: -20, Result: games.Loss}) {
		t.Errorf("loser's outcome %+v, want -20, loss", o)
	}
	if s.metrics[mLeft] != 20 || s.metrics[mFirstWon] != 1 {
		t.Errorf("loser_left %d, first_won %d; want 20, 1", s.metrics[mLeft], s.metrics[mFirstWon])
	}
}

// TestDraws: two turns without a centre play or a discard end the game
// under idle-rounds=1, and the turn cap ends it whatever happens.
func TestDraws(t *testing.T) {
	tests := []struct {
		rules  []string
		metric int
		turns  int
	}{
		{[]string{"idle-rounds=1"}, mDrawIdle, 2},
		{[]string{"max-turns=3"}, mDrawCap, 3},
	}
	for _, tt := range tests {
		s := setup(t, tt.rules, "pile0: QH ...; pile1: KD ...; hand0: 4C 5C 9H 9D QS;"+quietHand1+"; first: 0", nil, nil)
		for n := 0; s.Turn() != games.Terminal; n++ {
			if n == tt.turns {
				t.Fatalf("%v: no end after %d turns", tt.rules, n)
			}
			mustApply(t, s, "end turn")
		}
		if s.turns != tt.turns || s.metrics[tt.metric] != 1 {
			t.Errorf("%v: ended after %d turns, metric %s = %d", tt.rules, s.turns, s.g.metrics[tt.metric].Name, s.metrics[tt.metric])
		}
		for seat := range 2 {
			if o := s.Outcome(seat); o != (games.Outcome{Result: games.Draw}) {
				t.Errorf("%v: seat %d outcome %+v, want a draw scoring 0", tt.rules, seat, o)
			}
		}
	}
}

// TestMandatoryDiscard: under discard=mandatory the turn cannot end
// without a discard while one is possible.
func TestMandatoryDiscard(t *testing.T) {
	for _, rule := range []string{"discard=optional", "discard=mandatory"} {
		s := setup(t, []string{rule}, "pile0: QH ...; pile1: KD ...; hand0: 4C 5C 9H 9D QS;"+quietHand1+"; first: 0", nil, nil)
		if got := has(s, "end turn"); got != (rule == "discard=optional") {
			t.Errorf("%s: end turn legal = %v", rule, got)
		}
	}
}

// TestRefillAndFirst: the higher upcard starts (ace low); a discard ends
// the turn and the hand is filled back to five from the stock's top.
func TestRefillAndFirst(t *testing.T) {
	tests := []struct {
		up0, up1 string
		first    int
	}{
		{"5H", "9C", 1}, {"KH", "QC", 0}, {"AH", "2C", 1},
	}
	for _, tt := range tests {
		s := setup(t, nil, "pile0: "+tt.up0+" ...; pile1: "+tt.up1+" ...; hand0: 4C 5C 9H 9D QS;"+quietHand1+"; stock: 6S ...", nil, nil)
		if s.Turn() != tt.first {
			t.Errorf("upcards %s, %s: seat %d starts, want %d", tt.up0, tt.up1, s.Turn(), tt.first)
		}
	}
	s := setup(t, nil, "pile0: QH ...; pile1: KD ...; hand0: 4C 5C 9H 9D QS;"+quietHand1+"; stock: 6S ...; first: 0", nil, nil)
	mustApply(t, s, "discard 9 → pile 1")
	if len(s.hands[0]) != HandSize || !slices.Contains(s.hands[0], cards.New(6, cards.Spades)) || s.Turn() != 1 {
		t.Errorf("after the discard: hand %v, turn %d; want five cards with 6S, seat 1 to move", s.hands[0], s.Turn())
	}
}
