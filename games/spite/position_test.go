package spite

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// swapWhere exchanges the first card of rank a in x with the first card of
// rank b in y.
func swapWhere(t *testing.T, x []cards.Card, a cards.Rank, y []cards.Card, b cards.Rank) {
	t.Helper()
	i := slices.IndexFunc(x, func(c cards.Card) bool { return c.Rank() == a })
	j := slices.IndexFunc(y, func(c cards.Card) bool { return c.Rank() == b })
	if i < 0 || j < 0 {
		t.Fatalf("no %v or no %v to swap", a, b)
	}
	x[i], y[j] = y[j], x[i]
}

// TestPositionKey: the key tells apart positions that differ in any card a
// rule can tell apart, hidden ones included (the stock's order, the other
// hand, the cards under the upcards, a joker's place in a stack, the seat
// to move), and only those: suits, the order of a hand, which discard pile
// is which, and the order of the centre stacks and of the completed cards
// leave it alone.
func TestPositionKey(t *testing.T) {
	base := func() *State {
		s := setup(t, nil, "pile0: QH 3S 9C ...; pile1: KD ...; hand0: 4C JK 9H 9D QS; hand1: 10C 10H 5S JH JC; stock: 6S 8D 2H 7C ...; first: 0",
			[]string{"AC 2C JK", "AD 2D 3D 4D"}, map[string]string{"0/0": "KS 5D", "0/2": "QD", "1/1": "8C 7S"})
		s.done = append(s.done, takeAll(t, s, "AH 2S 3H 4H 5H 6H 7H 8H 9S 10S JS QC KH")...)
		return s
	}
	tests := []struct {
		name   string
		change func(s *State)
		same   bool
	}{
		{"nothing", func(s *State) {}, true},
		{"hand reordered", func(s *State) { slices.Reverse(s.hands[0]) }, true},
		{"a hand card for one of the same rank from the stock", func(s *State) {
			swapWhere(t, s.hands[1], 10, s.stock, 10)
		}, true},
		{"two discard piles swapped", func(s *State) { s.discard[0][0], s.discard[0][2] = s.discard[0][2], s.discard[0][0] }, true},
		{"centre stacks swapped", func(s *State) { s.stacks[0], s.stacks[1] = s.stacks[1], s.stacks[0] }, true},
		{"completed cards reordered", func(s *State) { slices.Reverse(s.done) }, true},
		{"two stock cards of different ranks swapped", func(s *State) {
			n := len(s.stock)
			s.stock[n-1], s.stock[n-2] = s.stock[n-2], s.stock[n-1]
		}, false},
		{"the stock's bottom card and its top swapped", func(s *State) {
			n := len(s.stock)
			for s.stock[0].Rank() == s.stock[n-1].Rank() {
				s.stock[0], s.stock[1] = s.stock[1], s.stock[0]
			}
			s.stock[0], s.stock[n-1] = s.stock[n-1], s.stock[0]
		}, false},
		{"the other hand's card for a stock card", func(s *State) { swapWhere(t, s.hands[1], 5, s.stock, 7) }, false},
		{"two hidden stockpile cards swapped", func(s *State) {
			p := s.piles[0]
			n := len(p)
			p[n-2], p[n-3] = p[n-3], p[n-2] // 3S and 9C, under the upcard
		}, false},
		{"a hidden stockpile card for one of the other stockpile", func(s *State) {
			p, q := s.piles[0], s.piles[1]
			for q[0].Rank() == p[0].Rank() {
				q[0], q[1] = q[1], q[0]
			}
			p[0], q[0] = q[0], p[0]
		}, false},
		{"a joker moved within a stack", func(s *State) { s.stacks[0][1], s.stacks[0][2] = s.stacks[0][2], s.stacks[0][1] }, false},
		{"a card moved from a discard pile to another", func(s *State) {
			s.discard[0][1] = append(s.discard[0][1], s.discard[0][0][1])
			s.discard[0][0] = s.discard[0][0][:1]
		}, false},
		{"the other seat to move", func(s *State) { s.turn = 1 }, false},
	}
	want := base().positionKey()
	for _, tt := range tests {
		s := base()
		tt.change(s)
		checkCards(t, s)
		s.pileKeyOK = false
		if got := s.positionKey(); (got == want) != tt.same {
			t.Errorf("%s: same key = %v, want %v", tt.name, got == want, tt.same)
		}
	}
}

// loopDeal is a dead loop: both upcards are kings and each hand holds one
// ace and four cards that can never be played; every other card of the
// draw deck lies buried under a king on a discard pile, so that each seat
// plays its ace, a rebuild puts it back into the empty stock, and the seat
// draws it again.
const loopDeal = "pile0: KH ...; pile1: KD ...; hand0: AS KS KC QS QC; hand1: AH QH QD JH JD; first: 0"

// playLoop plays each turn's ace if it can and ends the turn, until the
// game ends or turns turns are played, and returns the turns played.
func playLoop(t *testing.T, s *State, turns int) int {
	t.Helper()
	for s.Turn() != games.Terminal && s.turns <= turns {
		if has(s, "hand A → A") {
			mustApply(t, s, "hand A → A")
		}
		mustApply(t, s, "end turn")
		checkCards(t, s)
	}
	return s.turns
}

// TestRepetition: the loop's position comes back every second turn, so it
// is drawn when the position to move comes up the repeat-th time: at the
// end of turn 2(repeat−1), whatever stall-turns says.
func TestRepetition(t *testing.T) {
	tests := []struct {
		rules []string
		turns int // at the draw; 0 for none within 40 turns
	}{
		{nil, 4},
		{[]string{"repeat=2"}, 2},
		{[]string{"repeat=5"}, 8},
		{[]string{"repeat=0", "stall-turns=0"}, 0},
	}
	for _, tt := range tests {
		s := setup(t, tt.rules, loopDeal, nil, nil)
		parkStock(t, s, "")
		n := playLoop(t, s, 40)
		switch {
		case tt.turns == 0 && s.Turn() != games.Terminal:
		case tt.turns == 0:
			t.Errorf("%v: ended after %d turns (%s), want no end", tt.rules, n, s.end)
		case s.Turn() != games.Terminal || n != tt.turns || s.metrics[mDrawRepeat] != 1:
			t.Errorf("%v: after %d turns, ended %v (%s), draw.repeat %d; want a repetition after %d",
				tt.rules, n, s.Turn() == games.Terminal, s.end, s.metrics[mDrawRepeat], tt.turns)
		case s.Outcome(0) != games.Outcome{Result: games.Draw} || s.Outcome(1) != games.Outcome{Result: games.Draw}:
			t.Errorf("%v: outcomes %+v %+v, want draws", tt.rules, s.Outcome(0), s.Outcome(1))
		}
	}
}

// TestRepetitionNeedsSameStock: with the stock AD AC 7H (top first), the
// loop's third turn starts with everything the players can see as it was
// at the first — the same ranks in every hand, three cards in the stock —
// but the stock now holds the 7 on top, not at the bottom. That is not a
// repetition. The 7 then reaches seat 0's hand, which from then on passes;
// the position of turn 4 comes back at turn 6, which ends the game at the
// end of turn 5.
func TestRepetitionNeedsSameStock(t *testing.T) {
	s := setup(t, []string{"repeat=2"}, loopDeal, nil, nil)
	parkStock(t, s, "AD AC 7H")
	first := s.positionKey()
	playLoop(t, s, 2)
	if s.Turn() == games.Terminal {
		t.Fatalf("drawn (%s) at turn %d on a position that only looks the same", s.end, s.turns)
	}
	hand0, _ := cards.ParseDeck("AS KS KC QS QC")
	if handRanks(s.hands[0]) != handRanks(hand0) || len(s.stock) != 3 || s.nstacks != 0 {
		t.Fatalf("turn 3 does not look like turn 1: hand %v, stock %d, %d stacks", s.hands[0], len(s.stock), s.nstacks)
	}
	if s.positionKey() == first {
		t.Fatal("turn 3 has the key of turn 1")
	}
	if n := playLoop(t, s, 40); n != 5 || s.metrics[mDrawRepeat] != 1 {
		t.Errorf("ended after %d turns (%s), want a repetition after 5", n, s.end)
	}
}

// TestStall: turns without a stockpile card count towards stall-turns,
// and a stockpile card starts the count again.
func TestStall(t *testing.T) {
	s := setup(t, []string{"stall-turns=4", "repeat=0", "idle-rounds=100"},
		"pile0: 5H 9S ...; pile1: KD ...; hand0: AS 2D 3C 4C 9H;"+quietHand1+"; first: 0", nil, nil)
	for _, a := range []string{"end turn", "end turn", "hand A → A", "hand 2 → 2", "hand 3 → 3", "hand 4 → 4", "stockpile → 5", "end turn"} {
		mustApply(t, s, a)
	}
	if s.turns != 4 || s.lastPile != 3 {
		t.Fatalf("turn %d, last stockpile card at %d; want 4 and 3", s.turns, s.lastPile)
	}
	for s.Turn() != games.Terminal {
		mustApply(t, s, "end turn")
	}
	if s.turns != 7 || s.metrics[mDrawStall] != 1 {
		t.Errorf("ended after %d turns (%s), want a stall after 7 (four turns after turn 3)", s.turns, s.end)
	}
}
