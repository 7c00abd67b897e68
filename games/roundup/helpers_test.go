package roundup

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// hand parses space-separated cards into a Hand.
func hand(t *testing.T, text string) Hand {
	t.Helper()
	d, err := cards.ParseDeck(text)
	if err != nil {
		t.Fatal(err)
	}
	return HandOf(d...)
}

// card parses one card.
func card(t *testing.T, text string) cards.Card {
	t.Helper()
	c, err := cards.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// seatSpec is a seat's hands in a hand-made position.
type seatSpec struct{ up, down string }

// position returns a state in which actor starts a turn with the given
// hands and stack heights (clubs, diamonds, hearts, spades), bids already
// revealed. Cards not placed anywhere are simply out of play: positions test
// the rules of single turns, not the conservation of cards.
func position(t *testing.T, rules []string, stacks [4]uint8, actor int, seats ...seatSpec) *State {
	t.Helper()
	r, err := ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	s := New(r).NewState().(*State)
	s.Record(true)
	s.Reset(1)
	s.events = s.events[:0]
	s.metrics = [numMetrics]int64{}
	s.p = [maxPlayers]player{}
	for k, sp := range seats {
		s.p[k].up = hand(t, sp.up)
		s.p[k].down = hand(t, sp.down)
	}
	s.stacks = stacks
	s.discard = 0
	s.revealed = true
	s.firstOut, s.lastSuit = -1, -1
	s.tied, s.picked = 0, 0
	s.actor = actor
	s.startTurn()
	return s
}

// legalNames returns the legal actions as ActionString names them.
func legalNames(s *State) []string {
	var names []string
	for _, a := range s.Legal(nil) {
		names = append(names, s.ActionString(a))
	}
	return names
}

// do applies the legal action whose ActionString is name.
func do(t *testing.T, s *State, name string) {
	t.Helper()
	for _, a := range s.Legal(nil) {
		if s.ActionString(a) == name {
			s.Apply(a)
			return
		}
	}
	t.Fatalf("%q is not legal; legal: %s", name, strings.Join(legalNames(s), ", "))
}

// wantLegal checks the legal actions by name, in order.
func wantLegal(t *testing.T, s *State, want ...string) {
	t.Helper()
	if got := legalNames(s); !slices.Equal(got, want) {
		t.Fatalf("seat %d in phase %s: legal %q, want %q", s.Turn(), s.phase, got, want)
	}
}

// lazy plays the lowest legal action: it passes whenever it may, plays a
// face-up card only when forced and then stops, and pays every penalty with
// its lowest card. It never attacks and never plays face down.
func lazy(s games.State, buf []games.Action) []games.Action {
	buf = s.Legal(buf)
	s.Apply(buf[0])
	return buf
}

// roundEvents returns the round-end events logged so far.
func roundEvents(s *State) []*RoundEvent {
	var out []*RoundEvent
	for _, e := range s.Events() {
		if r, ok := e.(*RoundEvent); ok {
			out = append(out, r)
		}
	}
	return out
}
