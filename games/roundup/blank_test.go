package roundup

import "testing"

// TestBlankFaceCards: under jack=blank a Jack is offered exactly where it
// could attack, and playing it discards it and ends the turn with no
// target, no draw and no card moved; under jack=off it cannot be played.
func TestBlankFaceCards(t *testing.T) {
	tests := []struct {
		name  string
		rules []string
		seat1 seatSpec
		legal []string
	}{
		{"on", []string{"players=2"}, seatSpec{down: "3D 8S"}, []string{"pass", "play 5H face down", "attack with JC"}},
		{"blank", []string{"players=2", "jack=blank"}, seatSpec{down: "3D 8S"}, []string{"pass", "play 5H face down", "play JC blank"}},
		{"off", []string{"players=2", "jack=off"}, seatSpec{down: "3D 8S"}, []string{"pass", "play 5H face down"}},
		{"blank, nobody to attack", []string{"players=2", "jack=blank"}, seatSpec{up: "3D 8S"}, []string{"pass", "play 5H face down"}},
		{"queen blank, jack on", []string{"players=2", "queen=blank"}, seatSpec{down: "3D 8S"}, []string{"pass", "play 5H face down", "attack with JC"}},
	}
	for _, tt := range tests {
		s := position(t, tt.rules, [4]uint8{0, 0, 4, 0}, 0, seatSpec{up: "9C", down: "5H JC"}, tt.seat1)
		wantLegal(t, s, tt.legal...)
	}

	s := position(t, []string{"players=2", "jack=blank"}, [4]uint8{0, 0, 4, 0}, 0,
		seatSpec{up: "9C", down: "5H JC"}, seatSpec{down: "3D 8S"})
	before := s.p[1]
	do(t, s, "play JC blank")
	if s.Turn() != 1 || s.phase != PhasePlay {
		t.Fatalf("after the blank Jack: seat %d in %s, want seat 1 to play", s.Turn(), s.phase)
	}
	if s.p[1] != before || s.discard != hand(t, "JC") || s.p[0].down != hand(t, "5H") {
		t.Errorf("after the blank Jack: seat 1 %+v (was %+v), discard %v, seat 0 down %v", s.p[1], before, s.discard, s.p[0].down)
	}
	if s.metrics[mBlank] != 1 || s.metrics[mAttack] != 0 || s.metrics[mHit] != 0 || s.jackDraws != 0 {
		t.Errorf("blank_plays %d, attacks.jack %d, hits.jack %d, jack draws %d; want 1, 0, 0, 0",
			s.metrics[mBlank], s.metrics[mAttack], s.metrics[mHit], s.jackDraws)
	}

	// A blank card that is the last card empties the hand: first out.
	s = position(t, []string{"players=2", "king=blank"}, [4]uint8{0, 0, 4, 0}, 0,
		seatSpec{down: "KS"}, seatSpec{down: "3D 8S"})
	do(t, s, "play KS blank")
	if s.firstOut != 0 || s.Turn() != 1 {
		t.Errorf("after the last card, a blank King: first out %d, seat %d to act; want 0 and 1", s.firstOut, s.Turn())
	}
}
