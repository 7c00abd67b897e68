package flip

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

func mustGame(t testing.TB, rules ...string) *Game {
	t.Helper()
	r, err := ParseRules(rules)
	if err != nil {
		t.Fatalf("ParseRules(%q): %v", rules, err)
	}
	g, err := New(r)
	if err != nil {
		t.Fatalf("New(%q): %v", rules, err)
	}
	return g
}

func mustDeal(t testing.TB, g *Game, deal string) *State {
	t.Helper()
	s := g.NewFlipState()
	s.Record(true)
	if err := s.Deal(deal, 1); err != nil {
		t.Fatalf("Deal(%q): %v", deal, err)
	}
	return s
}

// handDeal is an eight-card deal (ranks=2) worked by hand in TestHandWorked.
const handDeal = "AC/2D 2H/AS 2S/AH 2C/AD AD/2C AH/2S AS/2H 2D/AC"

// TestHandWorked plays handDeal step by step. Each step lists the legal
// actions, the pile (shown faces, * for dark) and the score worked out by
// hand before the action is applied.
func TestHandWorked(t *testing.T) {
	g := mustGame(t, "ranks=2", "mapping=identity", "forced-play=false")
	s := mustDeal(t, g, handDeal)
	steps := []struct {
		legal  []games.Action
		pile   string
		score  int
		action games.Action
	}{
		// AC..2C: ends share clubs, middles light: flip-suit on set 0.
		{[]games.Action{Pass, Play(0, FlipSuit)}, "AC 2H 2S 2C", 0, Play(0, FlipSuit)},
		// The middles now show AS* AH*; set 0 has no play, so AD is dealt:
		// AS* .. AD share rank A, 2C and AD light: flip-rank on set 1.
		{[]games.Action{Pass, Play(1, FlipRank)}, "AC AS* AH* 2C AD", 2, Play(1, FlipRank)},
		// 2C turned AD*, AD turned 2C*. Set 0 is AC..AD*: rank A, AC light.
		{[]games.Action{Pass, Play(0, FlipRank)}, "AC AS* AH* AD* 2C*", 4, Play(0, FlipRank)},
		// AC turned 2D*: the flip enables a removal: dark ends 2D*, AD* share diamonds.
		{[]games.Action{Pass, Play(0, RemoveSuit)}, "2D* AS* AH* AD* 2C*", 5, Play(0, RemoveSuit)},
		// AS*, AH* removed; AH dealt (no play), then AS: AD* .. AS share rank A.
		{[]games.Action{Pass, Play(1, FlipRank)}, "2D* AD* 2C* AH AS", 7, Play(1, FlipRank)},
		// AH turned 2S*, AS turned 2H*: dark ends 2D*, 2S* share rank 2, all dark.
		{[]games.Action{Pass, Play(0, RemoveRank)}, "2D* AD* 2C* 2S* 2H*", 9, Play(0, RemoveRank)},
	}
	for i, st := range steps {
		if got := s.Legal(nil); !slices.Equal(got, st.legal) {
			t.Fatalf("step %d: legal %v, want %v", i, got, st.legal)
		}
		if got := pileOf(s); got != st.pile {
			t.Fatalf("step %d: pile %q, want %q", i, got, st.pile)
		}
		if got := s.Score(); got != st.score {
			t.Fatalf("step %d: score %d, want %d", i, got, st.score)
		}
		s.Apply(st.action)
	}
	// The last card, 2D, is dealt: 2H* 2D, no set of four, deck empty.
	if s.Turn() != games.Terminal {
		t.Fatalf("game not over: pile %q, legal %v", pileOf(s), s.Legal(nil))
	}
	if got := pileOf(s); got != "2H* 2D" {
		t.Errorf("final pile %q, want %q", got, "2H* 2D")
	}
	o := s.Outcome(0)
	if o.Score != 13 || o.Result != games.Loss {
		t.Errorf("outcome %+v, want score 13 (1 dark + 6 removed × 2), loss", o)
	}
	// score, removed, dark, flips, removals, stalled_at, dead_deals:
	// four flips and two removals; the last play came with 7 cards dealt;
	// deals 1, 2, 3, 6 and 8 left no play.
	want := []int64{13, 6, 1, 4, 2, 7, 5}
	if got := s.Metrics(nil); !slices.Equal(got, want) {
		t.Errorf("metrics %v, want %v", got, want)
	}
	ev := s.Events()
	if _, ok := ev[0].(*StartEvent); !ok {
		t.Errorf("first event %T, want *StartEvent", ev[0])
	}
	if e, ok := ev[len(ev)-1].(*EndEvent); !ok || e.Score != 13 || e.Stopped {
		t.Errorf("last event %+v, want an end with score 13", ev[len(ev)-1])
	}
	var deals, plays int
	for _, e := range ev {
		switch e.(type) {
		case *DealEvent:
			deals++
		case *PlayEvent:
			plays++
		}
	}
	if deals != 8 || plays != 6 {
		t.Errorf("logged %d deals and %d plays, want 8 and 6", deals, plays)
	}
}

// pileOf writes the shown faces of the held cards, bottom to top.
func pileOf(s *State) string {
	v := s.View(0).(*View)
	var b []string
	for _, f := range v.Pile {
		c := f.Shown().String()
		if f.Flipped {
			c += "*"
		}
		b = append(b, c)
	}
	return strings.Join(b, " ")
}

// caseDeal is an eight-card deal worked by hand in TestPlays. Its first
// four cards 2D AS AH 2C end in rank 2; the fifth, 2S, closes AS AH 2C 2S,
// whose ends share spades; flipping its middles makes the fourth card show
// 2D*, so the set 2D AS 2H* 2D* then matches in suit and rank at once.
const caseDeal = "2D/AC AS/2C AH/2H 2C/2D 2S/AH AD/AS AC/2S 2H/AD"

// TestPlays plays short scenarios worked by hand: at each step the legal
// actions before the action, then the pile and score after it.
func TestPlays(t *testing.T) {
	type step struct {
		legal []games.Action
		act   games.Action
		pile  string // after act: shown faces bottom to top, * for dark
		score int    // after act
	}
	tests := []struct {
		name  string
		rules []string
		deal  string
		steps []step
		over  bool // the game is over after the steps
	}{{
		name: "suit and rank at once; a dark middle stays dark",
		deal: caseDeal,
		steps: []step{
			{[]games.Action{Pass, Play(0, FlipRank)}, Pass, "2D AS AH 2C 2S", 0},
			// Set 0 (declined) keeps its play; set 1 AS..2S offers a suit flip.
			{[]games.Action{Pass, Play(0, FlipRank), Play(1, FlipSuit)}, Play(1, FlipSuit), "2D AS 2H* 2D* 2S", 2},
			// Set 0 is 2D AS 2H* 2D*: equal suit and rank; the ends are not
			// both dark, so only flips. Set 1 AS 2H* 2D* 2S: middles dark.
			{[]games.Action{Pass, Play(0, FlipSuit), Play(0, FlipRank)}, Play(0, FlipSuit), "2D 2C* 2H* 2D* 2S", 3},
			// Set 0 2D 2C* 2H* 2D*: rank 2 with 2D light; set 1 2C*..2S: rank 2.
			{[]games.Action{Pass, Play(0, FlipSuit) + 1, Play(1, FlipRank)}, Play(0, FlipRank), "AC* 2C* 2H* 2D* 2S", 4},
		},
	}, {
		name:  "windows=top forgets a declined lower set",
		rules: []string{"windows=top"},
		deal:  caseDeal,
		steps: []step{
			{[]games.Action{Pass, Play(0, FlipRank)}, Pass, "2D AS AH 2C 2S", 0},
			{[]games.Action{Pass, Play(1, FlipSuit)}, Play(1, FlipSuit), "2D AS 2H* 2D* 2S", 2},
		},
	}, {
		name:  "forced-play=true offers no deal while a play exists",
		rules: []string{"forced-play=true"},
		deal:  caseDeal,
		steps: []step{
			{[]games.Action{Play(0, FlipRank)}, Play(0, FlipRank), "AC* 2C* 2H* 2D*", 4},
		},
	}, {
		// 2D AS AH 2C: ends of rank 2, so flip-rank is the only action;
		// then AC* 2C* 2H* 2D*: ends AC*, 2D* share no suit or rank, so the
		// game deals 2S on: 2C* 2H* 2D* 2S, rank 2 with 2S light.
		name:  "forced play: plays until none is left, then deals",
		rules: []string{"forced-play=true"},
		deal:  caseDeal,
		steps: []step{
			{[]games.Action{Play(0, FlipRank)}, Play(0, FlipRank), "AC* 2C* 2H* 2D* 2S", 4},
			{[]games.Action{Play(1, FlipRank)}, Play(1, FlipRank), "AC* 2C* 2H* 2D* AH*", 5},
		},
	}, {
		name:  "start=dark: classic one-handed solitaire, won",
		rules: []string{"start=dark"},
		deal:  "AC AD AH AS 2C 2D 2H 2S",
		steps: []step{
			// AC*..AS* removed; the pile is empty, so 2C 2D 2H 2S are dealt.
			{[]games.Action{Pass, Play(0, RemoveRank)}, Play(0, RemoveRank), "2C* 2D* 2H* 2S*", 12},
			{[]games.Action{Pass, Play(0, RemoveRank)}, Play(0, RemoveRank), "", 16},
		},
		over: true,
	}, {
		name:  "stop with a play left",
		rules: []string{"start=dark"},
		deal:  "AC AD AH AS 2C 2D 2H 2S",
		steps: []step{
			{[]games.Action{Pass, Play(0, RemoveRank)}, Play(0, RemoveRank), "2C* 2D* 2H* 2S*", 12},
			// Every card is dealt: Pass now ends the game.
			{[]games.Action{Pass, Play(0, RemoveRank)}, Pass, "2C* 2D* 2H* 2S*", 12},
		},
		over: true,
	}, {
		name:  "removing the upper of two overlapping sets",
		rules: []string{"start=dark"},
		// Every card shows its dark face: AC 2H 2D AS 2C AD AH 2S.
		deal: "2C/AC AC/2H AD/2D 2D/AS 2H/2C AH/AD AS/AH 2S/2S",
		steps: []step{
			// AC*..AS* share rank A; decline it.
			{[]games.Action{Pass, Play(0, RemoveRank)}, Pass, "AC* 2H* 2D* AS* 2C*", 5},
			// 2H*..2C* share rank 2 as well. Removing them leaves AC*, then
			// AD* AH* 2S* are dealt and nothing matches.
			{[]games.Action{Pass, Play(0, RemoveRank), Play(1, RemoveRank)}, Play(1, RemoveRank), "AC* AD* AH* 2S*", 12},
		},
		over: true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rules := append([]string{"ranks=2", "mapping=identity", "forced-play=false"}, tt.rules...)
			s := mustDeal(t, mustGame(t, rules...), tt.deal)
			for i, st := range tt.steps {
				if got := s.Legal(nil); !slices.Equal(got, st.legal) {
					t.Fatalf("step %d: legal %v, want %v (pile %q)", i, got, st.legal, pileOf(s))
				}
				s.Apply(st.act)
				if got := pileOf(s); !strings.HasPrefix(got, st.pile) {
					t.Fatalf("step %d: pile after %s: %q, want it to start %q", i, s.ActionString(st.act), got, st.pile)
				}
				if got := s.Score(); got != st.score {
					t.Fatalf("step %d: score %d, want %d", i, got, st.score)
				}
			}
			if over := s.Turn() == games.Terminal; over != tt.over {
				t.Errorf("game over %v, want %v", over, tt.over)
			}
		})
	}
}
