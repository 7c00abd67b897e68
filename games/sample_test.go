package games_test

import (
	"testing"

	"github.com/cardsim/cardsim/games"
)

// box is a state of a made-up game, for SampleTarget.
type box struct {
	games.State
	game int
}

func TestSampleTarget(t *testing.T) {
	src := &box{game: 1}
	fresh := func() *box { return &box{game: src.game} }
	same := func(d *box) bool { return d.game == src.game }
	warm := &box{game: 1}
	for _, tt := range []struct {
		name  string
		dst   games.State
		reuse bool
	}{
		{"nil", nil, false},
		{"a warm state of the game", warm, true},
		{"a state of another game", &box{game: 2}, false},
		{"a typed nil", (*box)(nil), false},
	} {
		got := games.SampleTarget("box", src, tt.dst, same, fresh)
		if got == nil || got.game != 1 || (got == tt.dst) != tt.reuse {
			t.Errorf("%s: got %p (game %d), reused %v; want reused %v", tt.name, got, got.game, got == tt.dst, tt.reuse)
		}
	}
	defer func() {
		if p := recover(); p != "box: SampleState of a view without a state" {
			t.Errorf("a view of no state: panic %v", p)
		}
	}()
	games.SampleTarget("box", (*box)(nil), nil, same, fresh)
}
