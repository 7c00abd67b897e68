package nora

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// playActions plays acts on s while its pass goes on, then proceeds until
// the pass is over.
func playActions(t *testing.T, s *nora.State, acts []games.Action, what string) {
	t.Helper()
	pass, round := s.View(0).(*nora.View).Pass, s.View(0).(*nora.View).Round
	for _, a := range acts {
		if v := s.View(0).(*nora.View); v.Phase != nora.PhaseSwitch || v.Pass != pass || v.Round != round {
			break // the engine went on by itself
		}
		if !slices.Contains(s.Legal(nil), a) {
			t.Fatalf("%s: %s not legal in %v", what, nora.ActionName(a), s)
		}
		s.Apply(a)
	}
	for {
		v := s.View(0).(*nora.View)
		if v.Phase != nora.PhaseSwitch || v.Pass != pass || v.Round != round {
			return
		}
		s.Apply(nora.Proceed)
	}
}

// TestPassPlansReplayInEngine: every plan the pass search lists, played in
// the engine by a player holding exactly the ip the plan says it needs,
// is legal at every step and leaves the deck and the ip it predicts; on
// first looks of whole decks and of small ones, the search's limits set by
// deck size.
func TestPassPlansReplayInEngine(t *testing.T) {
	for _, deck := range [][]string{{"rounds=1"}, {"ranks=4", "jokers=0", "rounds=1"}, {"ranks=6", "rounds=1"}} {
		r, err := nora.ParseRules(append([]string{"insure=1000"}, deck...))
		if err != nil {
			t.Fatal(err)
		}
		cs := newComps(&r)
		ps := newPassSearch(r, cs)
		look := nora.NewPassState(r)
		checked, multi := 0, 0
		for seed := uint64(1); seed <= 40; seed++ {
			rr := r
			rr.StartIP = 60
			s := firstLook(t, nora.New(rr), seed, "")
			v := s.View(0).(*nora.View)
			v.CopyPass(look)
			plans := slices.Clone(ps.list(look, 60))
			for i, pp := range plans {
				if !pp.live {
					continue // dead: the round ends
				}
				// The same deal, holding exactly the plan's need.
				rn := r
				rn.StartIP = pp.need
				c := firstLook(t, nora.New(rn), seed, "")
				ps.list(look, 60) // actions reads the nodes of the last listing
				what := fmt.Sprintf("%v seed %d plan %d %+v", deck, seed, i, pp)
				playActions(t, c, ps.actions(pp, nil), what)
				after := c.View(0).(*nora.View)
				want := pp.need + pp.net(r.Switch)
				left := compOfCounts(&after.Counts)
				if after.Round == 1 {
					if cs.List[pp.next] != left || after.IP != want {
						t.Fatalf("%s: engine leaves %v with %d ip, plan %v with %d", what, left, after.IP, cs.List[pp.next], want)
					}
				} else if pp.next != 0 {
					t.Fatalf("%s: the round ended, the plan leaves %v", what, cs.List[pp.next])
				}
				checked++
				if pp.s > 1 {
					multi++
				}
			}
		}
		t.Logf("%v: %d plans checked, %d with several switches", deck, checked, multi)
		if checked < 100 || multi < 20 {
			t.Errorf("%v: only %d plans checked, %d with several switches", deck, checked, multi)
		}
	}
}

func BenchmarkPassSearch(b *testing.B) {
	for _, deck := range [][]string{{}, {"ranks=6"}, {"switch=0"}, {"ranks=2"}, {"ranks=2", "switch=0"}, {"ranks=4", "switch=0"}} {
		r, _ := nora.ParseRules(append([]string{"start-ip=2"}, deck...))
		cs := newComps(&r)
		ps := newPassSearch(r, cs)
		s := nora.New(r).NewState().(*nora.State)
		look := nora.NewPassState(r)
		var orders []*nora.PassState
		for seed := uint64(1); seed <= 64; seed++ {
			s.Reset(seed)
			s.Apply(nora.Skip)
			p := nora.NewPassState(r)
			s.View(0).(*nora.View).CopyPass(p)
			orders = append(orders, p)
		}
		b.Run(fmt.Sprintf("cards=%d/switch=%d", r.DeckSize(), r.Switch), func(b *testing.B) {
			i := 0
			for b.Loop() {
				look.CopyFrom(orders[i%len(orders)])
				ps.list(look, 100)
				i++
			}
		})
	}
}

// TestPulledLeftAtRest: the count of cards a pull leaves, read from the
// cascade it starts on a deck at rest, is the count the whole stack
// reduction of the deck without the two cards gives, for every pair of
// cards of a rank on shuffled decks at rest.
func TestPulledLeftAtRest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for _, c := range []Comp{{13, 0, true}, {3, 2, false}, {2, 5, true}, {0, 9, false}} {
		deck := c.deck()
		for range 300 {
			cards.Shuffle(rng, deck)
			if hasPair(deck) {
				continue
			}
			for i := range deck {
				for j := i + 2; j < len(deck); j++ {
					if deck[i].Rank() != deck[j].Rank() {
						continue
					}
					if got, want := pulledLeft(deck, i, j, true), pulledLeft(deck, i, j, false); got != want {
						t.Fatalf("%s: pull %d,%d leaves %d, the stack reduction %d", cards.Format(deck), i, j, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d pulls checked", checked)
	}
}

// TestBeamOrderPacked: the beam's order of packed entries is the order of
// their fields: fewest cards left, then no block taken by hand, then most
// ip, then least need, then nodes (the later first) before candidates (the
// earlier first).
func TestBeamOrderPacked(t *testing.T) {
	type fields struct {
		node, cand, left, earned, need int32
		byHand                         bool
	}
	want := func(x, y fields) int {
		switch {
		case x.left != y.left:
			return int(x.left - y.left)
		case x.byHand != y.byHand:
			return b2i(x.byHand) - b2i(y.byHand)
		case x.earned != y.earned:
			return int(y.earned - x.earned)
		case x.need != y.need:
			return int(x.need - y.need)
		case x.node != y.node:
			return int(y.node - x.node)
		}
		return int(x.cand - y.cand)
	}
	pack := func(f fields) entry {
		if f.node >= 0 {
			return nodeEntry(f.node, f.left, f.earned, f.need, f.byHand)
		}
		return entry{entryHi(f.left, f.earned, f.need, f.byHand), entryCand + uint64(f.cand)}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	draw := func() fields {
		f := fields{node: int32(rng.IntN(6)) - 1, left: int32(rng.IntN(4)), earned: int32(rng.IntN(4)), need: int32(rng.IntN(4)), byHand: rng.IntN(2) == 0}
		if f.node < 0 {
			f.cand = int32(rng.IntN(5))
		}
		return f
	}
	for range 20000 {
		x, y := draw(), draw()
		ex, ey := pack(x), pack(y)
		if x.node >= 0 && ex.node() != x.node || x.node < 0 && (ex.node() != -1 || ex.cand() != x.cand) {
			t.Fatalf("%+v packs to node %d cand %d", x, ex.node(), ex.cand())
		}
		if got, w := beamOrder(ex, ey), want(x, y); (got < 0) != (w < 0) || (got > 0) != (w > 0) {
			t.Fatalf("%+v against %+v: beamOrder %d, want the sign of %d", x, y, got, w)
		}
	}
}

// TestBeamTurnSortsHeap: a beam's entries, offered to it as the search
// offers them (a full beam turning the worse away), come out of sortHeap
// in the order a sort by beamOrder gives, for beams of every fill.
func TestBeamTurnSortsHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	ps := &passSearch{lim: searchLimits{Width: 8}, beams: make([]beam, 1)}
	for trial := range 2000 {
		ps.beams[0] = beam{e: ps.beams[0].e[:0]}
		for k := range trial % 40 {
			var e entry
			if rng.IntN(2) == 0 {
				e = nodeEntry(int32(k), int32(rng.IntN(5)), int32(rng.IntN(5)), int32(rng.IntN(3)), rng.IntN(4) == 0)
			} else {
				e = entry{entryHi(int32(rng.IntN(5)), int32(rng.IntN(5)), int32(rng.IntN(3)), rng.IntN(4) == 0), entryCand + uint64(k)}
			}
			ps.offer(0, e)
		}
		got := ps.beams[0].e
		want := slices.SortedFunc(slices.Values(got), beamOrder)
		sortHeap(got)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: sortHeap gives %v, a sort %v", trial, got, want)
		}
	}
}

// TestScanPosition: scanPosition's count of cards left is
// nora.ReducedLen's, it finds cards that fall exactly when a pair waits,
// and the cards it leaves standing read, rank by rank, as the order does
// once adjacent pairs are struck out one at a time until none is left.
func TestScanPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	r := nora.DefaultRules()
	q := nora.NewPassState(r)
	deck := cards.Standard(2)
	for trial := range 3000 {
		cards.Shuffle(rng, deck)
		order := deck[:trial%(len(deck)+1)]
		q.Begin(order)
		_, left, gone := scanPosition(q)
		if want := nora.ReducedLen(order); left != want {
			t.Fatalf("%s: %d left, ReducedLen %d", cards.Format(order), left, want)
		}
		if (gone != 0) != q.Waiting() {
			t.Fatalf("%s: falling cards %b, a pair waits: %v", cards.Format(order), gone, q.Waiting())
		}
		var stay, struck []cards.Rank
		for k, c := range order {
			if gone&(1<<uint(k)) == 0 {
				stay = append(stay, c.Rank())
			}
			struck = append(struck, c.Rank())
		}
		for k := 0; k+1 < len(struck); {
			if struck[k] == struck[k+1] {
				struck = slices.Delete(struck, k, k+2)
				k = 0
				continue
			}
			k++
		}
		if !slices.Equal(stay, struck) {
			t.Fatalf("%s: the cards left standing are %v, want %v", cards.Format(order), stay, struck)
		}
	}
}
