package strategies

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/chriscross"
)

// toyHandle leads back to a state as the games' handles do, printing as a
// fixed word.
type toyHandle struct{ s *int }

func (toyHandle) String() string { return "state" }

type toyRules struct{ Size int }

type toyView struct {
	Turn   int
	Hand   []uint8
	Grid   [2][2]int8
	Rules  *toyRules
	Handle toyHandle
	Note   string
	inner  struct{ x uint16 }
}

func (v *toyView) Seat() int { return 0 }

func TestShowSame(t *testing.T) {
	one, two := 1, 2
	base := func() *toyView {
		v := &toyView{Turn: 3, Hand: []uint8{5, 9}, Grid: [2][2]int8{{1, 0}, {0, 2}}, Rules: &toyRules{5}, Handle: toyHandle{&one}, Note: "x"}
		v.inner.x = 7
		return v
	}
	for _, tt := range []struct {
		name string
		edit func(v *toyView)
		same bool
	}{
		{"equal", func(v *toyView) {}, true},
		{"another state's handle", func(v *toyView) { v.Handle = toyHandle{&two} }, true},
		{"equal rules elsewhere", func(v *toyView) { v.Rules = &toyRules{5} }, true},
		{"a hand of its own, equal", func(v *toyView) { v.Hand = []uint8{5, 9} }, true},
		{"turn", func(v *toyView) { v.Turn = 4 }, false},
		{"a card of the hand", func(v *toyView) { v.Hand[1] = 8 }, false},
		{"a shorter hand", func(v *toyView) { v.Hand = v.Hand[:1] }, false},
		{"a cell", func(v *toyView) { v.Grid[1][0] = 1 }, false},
		{"rules", func(v *toyView) { v.Rules = &toyRules{4} }, false},
		{"no rules", func(v *toyView) { v.Rules = nil }, false},
		{"note", func(v *toyView) { v.Note = "y" }, false},
		{"unexported", func(v *toyView) { v.inner.x = 8 }, false},
	} {
		a, b := base(), base()
		tt.edit(b)
		if got := showSame(a, b); got != tt.same {
			t.Errorf("%s: showSame %v, want %v", tt.name, got, tt.same)
		}
	}
	a, b := base(), base()
	b.Handle = toyHandle{&two}
	if allocs := testing.AllocsPerRun(20, func() { showSame(a, b) }); allocs > 0 {
		t.Errorf("showSame allocates %.0f times a call", allocs)
	}
}

// TestShowSameChrisCross: a Chris-Cross view shows the same as the view of
// a sample of it (the stock reshuffled, unseen), and not after a play.
func TestShowSameChrisCross(t *testing.T) {
	g, err := chriscross.Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	s.Reset(4)
	sample := s.View(0).(games.Sampler).SampleState(nil, 99)
	if !showSame(s.View(0), sample.View(0)) {
		t.Errorf("a sample does not show what its view shows:\n%+v\n%+v", s.View(0), sample.View(0))
	}
	legal := sample.Legal(nil)
	sample.Apply(legal[0])
	if showSame(s.View(0), sample.View(0)) {
		t.Error("the view after a play shows the same as before it")
	}
	if allocs := testing.AllocsPerRun(20, func() { showSame(s.View(0), sample.View(0)) }); allocs > 0 {
		t.Errorf("showSame allocates %.0f times a call on Chris-Cross views", allocs)
	}
}
