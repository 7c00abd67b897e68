package strategies

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/chriscross"
	"github.com/cardsim/cardsim/games/spite"
)

// TestKeepCopiesSubtree: keep makes a node's subtree the whole tree, every
// node with its statistics and its children, and nothing else.
func TestKeepCopiesSubtree(t *testing.T) {
	m := &ISMCTS{}
	// 0 ─┬─ 1 (action 10) ─┬─ 3 (30) ── 5 (50)
	//    │                 └─ 4 (40)
	//    └─ 2 (action 20) ── 6 (60)
	m.nodes = []node{
		{child: 1, sibling: -1, visits: 9},
		{child: 3, sibling: 2, action: 10, visits: 6, avail: 9, total: 3},
		{child: 6, sibling: -1, action: 20, visits: 3, avail: 9, total: 1},
		{child: 5, sibling: 4, action: 30, visits: 4, avail: 6, total: 2.5},
		{child: -1, sibling: -1, action: 40, visits: 2, avail: 5, total: 0.5},
		{child: -1, sibling: -1, action: 50, visits: 1, avail: 3, total: 1},
		{child: -1, sibling: -1, action: 60, visits: 2, avail: 3, total: 2},
	}
	m.keep(1)
	// Walk the kept tree: every node's action, visits and children.
	type entry struct {
		action   games.Action
		visits   int32
		total    float64
		children []games.Action
	}
	var walk func(n int32) []entry
	walk = func(n int32) []entry {
		nd := m.nodes[n]
		e := entry{action: nd.action, visits: nd.visits, total: nd.total}
		var below []entry
		for c := nd.child; c >= 0; c = m.nodes[c].sibling {
			e.children = append(e.children, m.nodes[c].action)
			below = append(below, walk(c)...)
		}
		return append([]entry{e}, below...)
	}
	got := walk(0)
	want := []entry{
		{10, 6, 3, []games.Action{30, 40}},
		{30, 4, 2.5, []games.Action{50}},
		{50, 1, 1, nil},
		{40, 2, 0.5, nil},
	}
	if len(got) != len(want) || len(m.nodes) != len(want) {
		t.Fatalf("kept %d nodes (%d reachable), want %d: %+v", len(m.nodes), len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.action != w.action || g.visits != w.visits || g.total != w.total || len(g.children) != len(w.children) {
			t.Errorf("node %d: %+v, want %+v", i, g, w)
			continue
		}
		for k := range w.children {
			if g.children[k] != w.children[k] {
				t.Errorf("node %d: children %v, want %v", i, g.children, w.children)
			}
		}
	}
	if m.nodes[0].sibling != -1 {
		t.Errorf("the new root has a sibling: %d", m.nodes[0].sibling)
	}
}

// TestISMCTSKeepsTreeWhileNothingComesToLight plays Chris-Cross, where the
// only hidden cards are the stock's and their order shows only when they
// refill the tableau: ismcts keeps the last decision's tree at some
// decisions, and never at one a stock of two or more cards refilled the
// tableau before (the stock is smaller than at the last decision). A lone
// last card shows nothing new: it was the only card unseen.
func TestISMCTSKeepsTreeWhileNothingComesToLight(t *testing.T) {
	g, err := chriscross.Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewISMCTS(nil, g, 40, 0.7, "random", true)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	var legal []games.Action
	kept, refilled := 0, 0
	for seed := range uint64(20) {
		s.Reset(seed)
		m.Begin(seed)
		last := -1 // the stock at the last decision
		for s.Turn() != games.Terminal {
			legal = s.Legal(legal)
			v := s.View(0).(*chriscross.View)
			before := m.kept
			a := m.Choose(v, legal)
			if len(legal) > 1 {
				if last >= 2 && v.StockLeft < last {
					refilled++
					if m.kept > before {
						t.Fatalf("deal %d: the tree was kept across a refill (stock %d, then %d)", seed, last, v.StockLeft)
					}
				}
				last = v.StockLeft
			}
			kept += m.kept - before
			s.Apply(a)
		}
	}
	if kept == 0 || refilled == 0 {
		t.Errorf("kept the tree at %d decisions, %d decisions after a refill: want some of both", kept, refilled)
	}
}

// TestISMCTSKeepsNoTreeInGamesOfSeveral: in a game of two players the
// other's actions between two decisions are not seen, so no tree is kept.
func TestISMCTSKeepsNoTreeInGamesOfSeveral(t *testing.T) {
	g, err := spite.Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewISMCTS(nil, g, 8, 0.7, "random", true)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	s.Reset(3)
	m.Begin(3)
	other := NewRandom()
	other.Begin(4)
	var legal []games.Action
	for k := 0; k < 200 && s.Turn() != games.Terminal; k++ {
		legal = s.Legal(legal)
		if p := s.Turn(); p == 0 {
			s.Apply(m.Choose(s.View(p), legal))
		} else {
			s.Apply(other.Choose(s.View(p), legal))
		}
	}
	if m.reuse || m.kept != 0 {
		t.Errorf("reuse %v, kept %d trees in a game of two players", m.reuse, m.kept)
	}
}
