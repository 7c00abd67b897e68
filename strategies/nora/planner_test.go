package nora

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// firstLook plays game seed until the order of its first pass is seen
// (declining insurance) and returns the state.
func firstLook(t *testing.T, g *nora.Game, seed uint64, deal string) *nora.State {
	t.Helper()
	s := g.NewState().(*nora.State)
	if deal != "" {
		if err := s.Deal(deal, seed); err != nil {
			t.Fatal(err)
		}
	} else {
		s.Reset(seed)
	}
	if s.View(0).(*nora.View).Phase == nora.PhaseInsure {
		s.Apply(nora.Skip)
	}
	return s
}

// playPlan plays pp's moves on s, then proceeds until the pass is over.
func playPlan(t *testing.T, s *nora.State, pl *planner, pp plan) {
	t.Helper()
	pass := s.View(0).(*nora.View).Pass
	for _, a := range pl.actions(pp, nil) {
		if v := s.View(0).(*nora.View); v.Phase != nora.PhaseSwitch || v.Pass != pass {
			break // the engine went on by itself
		}
		if !slices.Contains(s.Legal(nil), a) {
			t.Fatalf("plan %+v: %s not legal in %v", pp, nora.ActionName(a), s)
		}
		s.Apply(a)
	}
	for {
		v := s.View(0).(*nora.View)
		if v.Phase != nora.PhaseSwitch || v.Pass != pass {
			return
		}
		s.Apply(nora.Proceed)
	}
}

// TestPlansReplayInEngine: every plan the planner lists, played in the
// engine, leaves the deck and the ip it predicts, on shuffles of the whole
// deck with ip for one switch or none.
func TestPlansReplayInEngine(t *testing.T) {
	for _, startIP := range []string{"start-ip=0", "start-ip=2", "start-ip=3"} {
		r, err := nora.ParseRules([]string{startIP, "insure=1000"})
		if err != nil {
			t.Fatal(err)
		}
		g := nora.New(r)
		cs := newComps(&r)
		pl := newPlanner(r, cs)
		look := nora.NewPassState(r)
		checked, switched := 0, 0
		for seed := uint64(1); seed <= 60; seed++ {
			s := firstLook(t, g, seed, "")
			v := s.View(0).(*nora.View)
			if v.Phase != nora.PhaseSwitch {
				continue // nothing to decide: no ip and no pair
			}
			v.CopyPass(look)
			plans := slices.Clone(pl.list(look))
			for i, pp := range plans {
				if pp.when != switchNone && v.IP+pp.before < r.Switch || !pp.live {
					continue // unaffordable, or dead: the round ends
				}
				c := s.Clone().(*nora.State)
				ip0 := c.View(0).(*nora.View).IP
				pl.list(look) // actions reads the path of the last listing
				playPlan(t, c, pl, pp)
				after := c.View(0).(*nora.View)
				want := ip0 + pp.total
				if pp.when != switchNone {
					want -= r.Switch
					switched++
				}
				left := compOfCounts(&after.Counts)
				if after.Round == v.Round {
					if cs.List[pp.next] != left || after.IP != want {
						t.Fatalf("%s seed %d plan %d %+v: engine leaves %v with %d ip, plan %v with %d",
							startIP, seed, i, pp, left, after.IP, cs.List[pp.next], want)
					}
				} else if pp.next != 0 {
					t.Fatalf("%s seed %d plan %d %+v: the round ended, the plan leaves %v", startIP, seed, i, pp, cs.List[pp.next])
				}
				checked++
			}
		}
		if checked < 60 || startIP != "start-ip=0" && switched < 30 {
			t.Errorf("%s: only %d plans checked, %d with a switch", startIP, checked, switched)
		}
	}
}

// TestPlannerFindsMidWaveQuad: on the deal of issue 15 the planner offers
// the switch between removal steps that makes a quad (4 + chain 1), which
// no switch before the pairs fall or after they rest matches, and the
// policy plays it.
func TestPlannerFindsMidWaveQuad(t *testing.T) {
	r, err := nora.ParseRules([]string{"ranks=4", "jokers=0", "rounds=1", "start-ip=2"})
	if err != nil {
		t.Fatal(err)
	}
	cs := newComps(&r)
	pl := newPlanner(r, cs)
	p := nora.NewPassState(r)
	order, err := cards.ParseDeck("2S AS AH 3S 2H 2D 2C 4S AD 4H 3H 4D 3D 4C AC 3C")
	if err != nil {
		t.Fatal(err)
	}
	p.Begin(order)
	best := map[int]int{} // the most ip by when the switch is made
	for _, pp := range pl.list(p) {
		best[pp.when] = max(best[pp.when], pp.total)
	}
	if best[switchNone] != 1 || best[switchPath]+best[switchBlock] < 5 || best[switchLook] >= 5 || best[switchRest] >= 5 {
		t.Errorf("most ip by when the switch is made: %v; want 1 without, 5 between steps, less before or at rest", best)
	}
}

func TestCreating(t *testing.T) {
	pl := &planner{}
	d, _ := cards.ParseDeck("AS 2S AH 3S 4S 3H 5S")
	if got, want := pl.creating(d, 0), []int{0, 1, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("creating = %v, want %v", got, want)
	}
	// Only those touching (within one place) the cards at 5 and 6.
	if got, want := pl.creating(d, 3<<5), []int{3, 4}; !slices.Equal(got, want) {
		t.Errorf("creating near 5, 6 = %v, want %v", got, want)
	}
}

// TestCreatingBySwitching: creatingSwitches lists exactly the switches
// that, made on the order, leave one of the two cards moved next to a card
// of its rank and, with near given, lie within one place of a card of
// near; waitingCards exactly the cards next to one of their rank. Shuffled
// orders of every length up to a full deck with jokers.
func TestCreatingBySwitching(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	deck := Comp{13, 2, true}.deck()
	for trial := range 3000 {
		cards.Shuffle(rng, deck)
		order := deck[:trial%(len(deck)+1)]
		n := len(order)
		var wantNear uint64
		for k := range n {
			if k > 0 && order[k].Rank() == order[k-1].Rank() || k+1 < n && order[k].Rank() == order[k+1].Rank() {
				wantNear |= 1 << uint(k)
			}
		}
		if got := waitingCards(order); got != wantNear {
			t.Fatalf("%s: waitingCards %b, want %b", cards.Format(order), got, wantNear)
		}
		near := rng.Uint64() & (1<<uint(n) - 1) & -uint64(rng.IntN(2))
		var want []int
		for i := 0; i+1 < n; i++ {
			sw := slices.Clone(order)
			sw[i], sw[i+1] = sw[i+1], sw[i]
			makes := i > 0 && sw[i-1].Rank() == sw[i].Rank() || i+2 < n && sw[i+1].Rank() == sw[i+2].Rank()
			touches := near == 0
			for k := max(i-1, 0); k <= i+2; k++ {
				touches = touches || near&(1<<uint(k)) != 0
			}
			if makes && touches {
				want = append(want, i)
			}
		}
		if got := creatingSwitches(nil, order, near); !slices.Equal(got, want) {
			t.Fatalf("%s near %b: creatingSwitches %v, want %v", cards.Format(order), near, got, want)
		}
	}
}

// TestSameRankAt: the ranks compared eight at a time give, for every
// distance, the positions a card-by-card comparison gives, on shuffled
// orders of every length up to a full deck with jokers, and on 64 cards.
func TestSameRankAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	deck := append(cards.Standard(2), cards.Standard(0)[:10]...)
	for trial := range 2000 {
		cards.Shuffle(rng, deck)
		order := deck[:trial%(len(deck)+1)]
		rw := newRankWords(order)
		for d := 1; d <= 12; d++ {
			var want uint64
			for k := 0; k+d < len(order); k++ {
				if order[k].Rank() == order[k+d].Rank() {
					want |= 1 << uint(k)
				}
			}
			if got := rw.sameRankAt(d); got != want {
				t.Fatalf("%s, %d on: %b, want %b", cards.Format(order), d, got, want)
			}
		}
	}
}

// TestRescueOfMatchesRescueSwitch: on dead orders the plan the first policy
// rescues with is RescueSwitch's swap.
func TestRescueOfMatchesRescueSwitch(t *testing.T) {
	r := nora.DefaultRules()
	cs := newComps(&r)
	pl := newPlanner(r, cs)
	p := nora.NewPassState(r)
	rng := rand.New(rand.NewPCG(1, 2))
	deck := cards.Standard(2)
	found := 0
	for found < 200 {
		cards.Shuffle(rng, deck)
		if hasPair(deck) {
			continue
		}
		p.Begin(deck)
		plans := pl.list(p)
		i := rescueOf(cs, plans)
		pos, ok := RescueSwitch(r, deck)
		if ok != (i >= 0) || ok && plans[i].at != pos {
			t.Fatalf("%s: rescueOf picks %d (%+v), RescueSwitch %d, %v", cards.Format(deck), i, plans[max(i, 0)], pos, ok)
		}
		found++
	}
}
