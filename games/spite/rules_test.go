package spite

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

func TestParseRules(t *testing.T) {
	tests := []struct {
		kvs  []string
		want string // part of the error, or "" for none
	}{
		{nil, ""},
		{[]string{"jokers=6", "discard=mandatory", "rebuild=completed"}, ""},
		{[]string{"jokers=3"}, "want 0, 2, 4 or 6"},
		{[]string{"jokers=8"}, "from 0 to 6"},
		{[]string{"rebuild=some"}, "one of all, completed"},
		{[]string{"colour=red"}, `unknown rule "colour"`},
		{[]string{"repeat=1"}, "want 0 (never) or 2 or more"},
		{[]string{"repeat=0", "stall-turns=0"}, ""},
	}
	for _, tt := range tests {
		_, err := ParseRules(tt.kvs)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("ParseRules(%v) = %v, want %q", tt.kvs, err, tt.want)
		}
	}
	if n := len(New(Rules{Jokers: 6}).stockDeck); n != 58 {
		t.Errorf("six jokers: a draw deck of %d cards, want 58", n)
	}
}

func TestActionCoding(t *testing.T) {
	tests := []struct {
		a    games.Action
		want string
	}{
		{Play(FromStockpile, 6), "stockpile → 6"},
		{Play(FromPile(1), cards.Queen), "pile 2 → Q"},
		{Play(FromHand(cards.Joker), 4), "hand JK → 4"},
		{Play(FromHand(cards.Ace), cards.Ace), "hand A → A"},
		{Discard(9, 2), "discard 9 → pile 3"},
		{Discard(cards.Joker, 3), "discard JK → pile 4"},
		{End, "end turn"},
	}
	seen := map[games.Action]bool{}
	for _, tt := range tests {
		if got := Decode(tt.a).String(); got != tt.want {
			t.Errorf("Decode(%d) = %q, want %q", tt.a, got, tt.want)
		}
		seen[tt.a] = true
	}
	if len(seen) != len(tests) {
		t.Error("two moves share an action number")
	}
	// Every play sorts before every discard, and those before End.
	if !(Play(FromHand(cards.Joker), cards.King) < Discard(cards.Ace, 0) && Discard(cards.Joker, 3) < End) {
		t.Error("action numbers out of order")
	}
}

// TestMetricsInvariants: after random games the counts agree with the
// final position and the outcome.
func TestMetricsInvariants(t *testing.T) {
	s := newState(New(DefaultRules()))
	rng := rand.New(rand.NewPCG(11, 12))
	var legal []games.Action
	for seed := range uint64(40) {
		s.Reset(seed)
		for s.Turn() != games.Terminal {
			legal = s.Legal(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
		m := s.Metrics(nil)
		if got := int64(2*StockpileSize - len(s.piles[0]) - len(s.piles[1])); m[mPlayStockpile] != got {
			t.Errorf("seed %d: plays.stockpile %d, but %d stockpile cards are gone", seed, m[mPlayStockpile], got)
		}
		draws := m[mDrawCap] + m[mDrawIdle] + m[mDrawRepeat] + m[mDrawStall]
		if m[mTurns] != int64(s.turns) || draws+btoi(s.winner >= 0) != 1 {
			t.Errorf("seed %d: turns %d (played %d), draws cap %d idle %d repeat %d stall %d, winner %d", seed,
				m[mTurns], s.turns, m[mDrawCap], m[mDrawIdle], m[mDrawRepeat], m[mDrawStall], s.winner)
		}
		if s.winner >= 0 && m[mLeft] != int64(s.Outcome(s.winner).Score) {
			t.Errorf("seed %d: loser_left %d, winner's score %d", seed, m[mLeft], s.Outcome(s.winner).Score)
		}
		f := s.SeatFeatures(s.first, nil)
		if f[fFirst] != 1 || s.SeatFeatures(1-s.first, nil)[fFirst] != 0 {
			t.Errorf("seed %d: moves_first features %v", seed, f)
		}
	}
}

func btoi(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
