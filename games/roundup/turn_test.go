package roundup

import (
	"testing"

	"github.com/cardsim/cardsim/games/cards"
)

// TestFaceUpPlays: a playable face-up card must be played; cards it makes
// playable may follow, and the player may stop at any point after the first.
func TestFaceUpPlays(t *testing.T) {
	s := position(t, []string{"players=2"}, [4]uint8{}, 0,
		seatSpec{up: "AH 2H 3H 5C", down: "9S JD"}, seatSpec{down: "4D"})
	// Only AH fits: no pass, no face-down play, no attack.
	wantLegal(t, s, "play AH")
	do(t, s, "play AH")
	wantLegal(t, s, "stop", "play 2H")
	do(t, s, "play 2H")
	wantLegal(t, s, "stop", "play 3H")
	do(t, s, "stop")
	if s.Turn() != 1 || s.phase != PhasePlay || s.stacks[cards.Hearts] != 2 {
		t.Fatalf("after stop: seat %d in %s, hearts at %d; want seat 1 to play, hearts at 2", s.Turn(), s.phase, s.stacks[cards.Hearts])
	}
	if want := hand(t, "3H 5C"); s.p[0].up != want {
		t.Errorf("seat 0 face up %v, want %v", s.p[0].up, want)
	}
	// A chain ends by itself when nothing more fits.
	s = position(t, []string{"players=2"}, [4]uint8{2, 0, 0, 0}, 0,
		seatSpec{up: "3C 4C 9D"}, seatSpec{down: "4D"})
	do(t, s, "play 3C")
	do(t, s, "play 4C")
	if s.Turn() != 1 || s.stacks[cards.Clubs] != 4 {
		t.Fatalf("seat %d to act, clubs at %d; want seat 1, clubs at 4", s.Turn(), s.stacks[cards.Clubs])
	}
	if got := s.metrics[mPlayUp]; got != 2 {
		t.Errorf("plays.face_up = %d, want 2", got)
	}
}

// TestFreeChoice: with no face-up play the player may play one face-down
// card, attack with a face card or pass.
func TestFreeChoice(t *testing.T) {
	s := position(t, []string{"players=2"}, [4]uint8{0, 0, 0, 1}, 0,
		seatSpec{up: "5C", down: "AH 2S 3S JD QC KS 7D"}, seatSpec{down: "3D"})
	wantLegal(t, s, "pass", "play AH face down", "play 2S face down", "attack with JD", "attack with QC", "attack with KS")
	do(t, s, "play 2S face down")
	if s.stacks[cards.Spades] != 2 || s.p[0].down.Has(card(t, "2S")) || s.Turn() != 1 {
		t.Fatalf("after 2S: spades %d, seat 0 down %v, seat %d to act", s.stacks[cards.Spades], s.p[0].down, s.Turn())
	}
	if got := s.metrics[mPlayDown]; got != 1 {
		t.Errorf("plays.face_down = %d, want 1", got)
	}
}

// TestPassPenalty works the four cases of the pass penalty.
func TestPassPenalty(t *testing.T) {
	tests := []struct {
		name      string
		down      string
		choices   []string // penalty choices offered, nil if paid at once
		choose    string
		wantUp    string // seat 0's face-up hand after
		wantDisc  string // the discard pile after
		free, pen int64
	}{
		{"choose a number card", "7D 9S QC", []string{"move 7D face up", "move 9S face up"}, "move 9S face up", "5C 9S", "", 0, 1},
		{"only face cards: discard one", "QC KS", []string{"discard QC", "discard KS"}, "discard KS", "5C", "KS", 0, 1},
		{"one number card: paid at once", "4D QC", nil, "", "5C 4D", "", 0, 1},
		{"no face-down card: free", "", nil, "", "5C", "", 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, []string{"players=2"}, [4]uint8{}, 0, seatSpec{up: "5C", down: tt.down}, seatSpec{down: "3D"})
			do(t, s, "pass")
			if tt.choices != nil {
				wantLegal(t, s, tt.choices...)
				do(t, s, tt.choose)
			}
			if s.Turn() != 1 || s.phase != PhasePlay {
				t.Fatalf("seat %d in phase %s after the pass, want seat 1 to play", s.Turn(), s.phase)
			}
			if s.p[0].up != hand(t, tt.wantUp) || s.discard != hand(t, tt.wantDisc) {
				t.Errorf("face up %v, discard %v; want %s and %s", s.p[0].up, s.discard, tt.wantUp, tt.wantDisc)
			}
			if s.metrics[mPassFree] != tt.free || s.metrics[mPassPenalty] != tt.pen {
				t.Errorf("passes free %d penalty %d, want %d %d", s.metrics[mPassFree], s.metrics[mPassPenalty], tt.free, tt.pen)
			}
		})
	}
}

// TestJack: the target is the only seat with face-down cards, so it is
// chosen at once; its single card is drawn: a number card goes face up, a
// face card is discarded.
func TestJack(t *testing.T) {
	s := position(t, []string{"players=3"}, [4]uint8{}, 0,
		seatSpec{up: "5C", down: "JC"}, seatSpec{down: "8D"}, seatSpec{up: "9H"})
	wantLegal(t, s, "pass", "attack with JC")
	do(t, s, "attack with JC")
	if s.p[1].up != hand(t, "8D") || s.p[1].down != 0 || s.discard != hand(t, "JC") {
		t.Fatalf("seat 1 up %v down %v, discard %v; want 8D face up and JC discarded", s.p[1].up, s.p[1].down, s.discard)
	}
	if s.Turn() != 1 || s.metrics[mAttack] != 1 || s.metrics[mHit] != 1 {
		t.Errorf("seat %d to act, attacks %d hits %d; want seat 1, 1, 1", s.Turn(), s.metrics[mAttack], s.metrics[mHit])
	}

	// A face card drawn is discarded; here it empties the target's hand,
	// which makes the target the first out.
	s = position(t, []string{"players=3"}, [4]uint8{}, 0,
		seatSpec{up: "5C", down: "JC"}, seatSpec{down: "QH"}, seatSpec{up: "9H"})
	do(t, s, "attack with JC")
	if s.discard != hand(t, "JC QH") || s.firstOut != 1 {
		t.Fatalf("discard %v, first out %d; want JC QH and seat 1", s.discard, s.firstOut)
	}
	if s.Turn() != 2 {
		t.Errorf("seat %d to act, want seat 2 (seat 1 has no card left)", s.Turn())
	}
}

// TestJackIsRandom: a Jack drawing from two cards takes each about half the
// time over seeds.
func TestJackIsRandom(t *testing.T) {
	got := map[string]int{}
	for seed := range 400 {
		s := position(t, []string{"players=2"}, [4]uint8{}, 0, seatSpec{up: "5C", down: "JC"}, seatSpec{down: "2D 8D"})
		s.seed = uint64(seed)
		do(t, s, "attack with JC")
		got[s.p[1].up.String()]++
	}
	// Binomial(400, 1/2): 200 ± 10; 150 is five standard deviations off.
	if got["2D"] < 150 || got["8D"] < 150 || got["2D"]+got["8D"] != 400 {
		t.Errorf("Jack draws %v, want about 200 each of 2D and 8D", got)
	}
}

// TestQueen: the attacker chooses the target and names a suit; the target
// chooses which card of the suit to give up, a number card going face up
// and a face card to the discard pile; with one card it is given at once,
// with none nothing happens.
func TestQueen(t *testing.T) {
	three := []seatSpec{{up: "5C", down: "QS"}, {down: "3H 7H KH 2C"}, {down: "5D"}}
	tests := []struct {
		suit     string
		answers  []string
		answer   string
		upAfter  string // seat 1's face-up hand after
		discard  string
		hits     int64
		nextTurn int
	}{
		{"hearts", []string{"move 3H face up", "move 7H face up", "discard KH"}, "discard KH", "", "QS KH", 1, 1},
		{"hearts", []string{"move 3H face up", "move 7H face up", "discard KH"}, "move 7H face up", "7H", "QS", 1, 1},
		{"clubs", nil, "", "2C", "QS", 1, 1},
		{"spades", nil, "", "", "QS", 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.suit+" "+tt.answer, func(t *testing.T) {
			s := position(t, []string{"players=3"}, [4]uint8{}, 0, three...)
			do(t, s, "attack with QS")
			wantLegal(t, s, "attack seat 1", "attack seat 2")
			do(t, s, "attack seat 1")
			wantLegal(t, s, "name clubs", "name diamonds", "name hearts", "name spades")
			do(t, s, "name "+tt.suit)
			if tt.answers != nil {
				if s.Turn() != 1 || s.phase != PhaseAnswer {
					t.Fatalf("seat %d in %s, want seat 1 to answer", s.Turn(), s.phase)
				}
				wantLegal(t, s, tt.answers...)
				do(t, s, tt.answer)
			}
			if s.p[1].up != hand(t, tt.upAfter) || s.discard != hand(t, tt.discard) {
				t.Errorf("seat 1 up %v, discard %v; want %q and %q", s.p[1].up, s.discard, tt.upAfter, tt.discard)
			}
			if s.metrics[mAttack+1] != 1 || s.metrics[mHit+1] != tt.hits {
				t.Errorf("queen attacks %d hits %d, want 1 and %d", s.metrics[mAttack+1], s.metrics[mHit+1], tt.hits)
			}
			if s.Turn() != tt.nextTurn || s.phase != PhasePlay {
				t.Errorf("seat %d in %s, want seat %d to play", s.Turn(), s.phase, tt.nextTurn)
			}
		})
	}
}

// TestKing: the attacker names a number from 1 to 10; the target chooses
// the suit when it holds several cards of that number.
func TestKing(t *testing.T) {
	two := []seatSpec{{up: "5C", down: "KD"}, {down: "7H 7C 9S QS"}}
	tests := []struct {
		number  int
		answers []string
		answer  string
		upAfter string
	}{
		{7, []string{"move 7C face up", "move 7H face up"}, "move 7H face up", "7H"},
		{9, nil, "", "9S"},
		{4, nil, "", ""},
	}
	for _, tt := range tests {
		s := position(t, []string{"players=2"}, [4]uint8{}, 0, two...)
		do(t, s, "attack with KD") // one possible target: chosen at once
		wantLegal(t, s, "name 1", "name 2", "name 3", "name 4", "name 5", "name 6", "name 7", "name 8", "name 9", "name 10")
		s.Apply(NameNumber(tt.number))
		if tt.answers != nil {
			wantLegal(t, s, tt.answers...)
			do(t, s, tt.answer)
		}
		if s.p[1].up != hand(t, tt.upAfter) || s.Turn() != 1 {
			t.Errorf("king names %d: seat 1 up %v, seat %d to act; want %q and seat 1", tt.number, s.p[1].up, s.Turn(), tt.upAfter)
		}
	}
}

// TestAttackLimits: face cards cannot be played without a target with
// face-down cards, nor with their power switched off by a rule.
func TestAttackLimits(t *testing.T) {
	s := position(t, []string{"players=2"}, [4]uint8{}, 0, seatSpec{up: "5C", down: "JC 3D"}, seatSpec{up: "4S"})
	wantLegal(t, s, "pass")
	s = position(t, []string{"players=2", "jack=off", "king=off"}, [4]uint8{}, 0, seatSpec{up: "5C", down: "JC QC KC"}, seatSpec{down: "4S"})
	wantLegal(t, s, "pass", "attack with QC")
	// A powerless face card still leaves as a pass penalty.
	s = position(t, []string{"players=2", "jack=off"}, [4]uint8{}, 0, seatSpec{up: "5C", down: "JC"}, seatSpec{down: "4S"})
	do(t, s, "pass")
	if s.discard != hand(t, "JC") {
		t.Errorf("discard %v after the pass, want JC", s.discard)
	}
}

// TestEmptyHandSkipped: a seat with no card left takes no turn.
func TestEmptyHandSkipped(t *testing.T) {
	s := position(t, []string{"players=3"}, [4]uint8{}, 0, seatSpec{up: "5C", down: "9D"}, seatSpec{}, seatSpec{down: "4S"})
	do(t, s, "pass")
	if s.Turn() != 2 {
		t.Errorf("seat %d to act, want seat 2", s.Turn())
	}
}
