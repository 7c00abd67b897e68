package nora

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// midWaveDeal opens with the ranks 2 1 1 3 2 2 2 of issue 15; the rest of a
// deck of four ranks follows and never pairs.
const midWaveDeal = "2S AS AH 3S 2H 2D 2C 4S AD 4H 3H 4D 3D 4C AC 3C"

// TestMidWaveSwitchMakesQuad works the example by hand: once the
// aces are gone the twos wait as a run of three with one more two beyond the
// three; switching those two cards before taking the waiting pair makes a
// quad (4 + chain 1), where the best without a switch is a triple (1).
func TestMidWaveSwitchMakesQuad(t *testing.T) {
	r := DefaultRules()
	r.Ranks, r.Jokers = 4, 0
	order := mustDeck(t, midWaveDeal)

	p := NewPassState(r)
	p.Begin(order)
	if e := p.Remove(1, 1, nil); e != (Earned{}) {
		t.Fatalf("the aces earned %v, want nothing", e)
	}
	p.Switch(0)
	got := p.Settle(nil, nil)
	bonus := p.Bonus()
	got.Add(&bonus)
	if want := (Earned{Quad: 4, Chain: 1}); got != want || cards.Format(p.Order()[:1]) != "3S" {
		t.Errorf("mid-wave switch: %v, deck %s; want %v with 3S on top", got, cards.Format(p.Order()), want)
	}

	// Without a switch: the aces, then two of the three twos (a triple).
	_, _, plain := Pass(r, order)
	if want := (Earned{Triple: 1}); plain != want {
		t.Errorf("no switch: %v, want %v", plain, want)
	}

	// The engine offers the same play with the price of one switch in hand.
	s := newTestState(t, "ranks=4", "jokers=0", "start-ip=2", "rounds=1")
	if err := s.Deal(midWaveDeal, 1); err != nil {
		t.Fatal(err)
	}
	s.Apply(Skip)
	// The second Proceed ends the pass at rest (5 ip would buy more switches).
	for _, a := range []games.Action{RemoveAt(1, 1), SwitchAt(0), Proceed, Proceed} {
		if !slices.Contains(s.Legal(nil), a) {
			t.Fatalf("%s not legal in %v (legal %v)", ActionName(a), s, s.Legal(nil))
		}
		s.Apply(a)
	}
	if pe := lastPass(t, s); pe.IP != (Earned{Quad: 4, Chain: 1}) || s.ip != 5 {
		t.Errorf("engine: pass ip %v, holding %d; want quad 4 + chain 1, holding 5", pe.IP, s.ip)
	}
}

// TestReactionSurvivesSwitch: a pair brought together by a removal is a
// Reaction even if a switch elsewhere comes before it is taken; the pair
// the switch itself makes is not.
func TestReactionSurvivesSwitch(t *testing.T) {
	r := DefaultRules()
	p := NewPassState(r)
	p.Begin(mustDeck(t, "AS 2S 2H AH KS 3S 4S 3H"))
	p.Remove(1, 1, nil) // the twos: the aces meet
	p.Switch(4)         // 3S 3H 4S: the threes meet by the switch
	if got, want := p.Settle(nil, nil), (Earned{Reaction: 1}); got != want {
		t.Errorf("got %v, want %v (the aces react, the threes do not)", got, want)
	}
}

// TestPassStateMatchesPass: settling a fresh pass state is the engine's pass.
func TestPassStateMatchesPass(t *testing.T) {
	r := DefaultRules()
	p := NewPassState(r)
	rng := rand.New(rand.NewPCG(3, 4))
	deck := cards.Standard(2)
	for range 500 {
		cards.Shuffle(rng, deck)
		_, left, want := Pass(r, deck)
		p.Begin(deck)
		got := p.Settle(nil, nil)
		bonus := p.Bonus()
		got.Add(&bonus)
		if got != want || !slices.Equal(p.Order(), left) || p.Removed() != len(deck)-len(left) {
			t.Fatalf("%s: pass state %v, %d left; Pass %v, %d left", cards.Format(deck), got, len(p.Order()), want, len(left))
		}
	}
}

// TestStepsNeverBeatTheSearch: taking the waiting pairs one block at a time
// in any order earns at most what the max-ip search finds, and leaves the
// same ranks in the same order.
func TestStepsNeverBeatTheSearch(t *testing.T) {
	r := DefaultRules()
	r.Ranks = 4
	p, q := NewPassState(r), NewPassState(r)
	rng := rand.New(rand.NewPCG(5, 6))
	deck := cards.Ranks(4, 2)
	var blocks []Block
	for range 2000 {
		cards.Shuffle(rng, deck)
		p.Begin(deck)
		q.Begin(deck)
		best := q.Settle(nil, nil)
		var got Earned
		for {
			blocks = p.Blocks(blocks)
			if len(blocks) == 0 {
				break
			}
			b := blocks[rng.IntN(len(blocks))]
			e := p.Remove(b.At, b.Pairs, nil)
			got.Add(&e)
		}
		if got.Total() > best.Total() || !slices.Equal(rankSeq(p.Order()), rankSeq(q.Order())) {
			t.Fatalf("%s: steps earned %v leaving %s; the search %v leaving %s",
				cards.Format(deck), got, cards.Format(p.Order()), best, cards.Format(q.Order()))
		}
	}
}

func TestBlocks(t *testing.T) {
	p := NewPassState(DefaultRules())
	p.Begin(mustDeck(t, "AS AH 2S 2H 2D 3S KS KH QS QH"))
	got := p.Blocks(nil)
	want := []Block{{0, 1}, {2, 1}, {3, 1}, {6, 1}, {8, 1}, {0, 2}, {6, 2}}
	if !slices.Equal(got, want) {
		t.Errorf("blocks %v, want %v", got, want)
	}
}

func TestRemoveAtRoundTrip(t *testing.T) {
	for _, b := range []Block{{0, 1}, {5, 1}, {0, 2}, {40, 7}, {0, 27}} {
		a := RemoveAt(b.At, b.Pairs)
		if i, k, ok := RemovePosition(a); !ok || i != b.At || k != b.Pairs {
			t.Errorf("RemovePosition(RemoveAt(%d, %d)) = %d, %d, %v", b.At, b.Pairs, i, k, ok)
		}
		if _, ok := SwitchPosition(a); ok {
			t.Errorf("RemoveAt(%d, %d) reads as a switch", b.At, b.Pairs)
		}
	}
	if _, _, ok := RemovePosition(SwitchAt(62)); ok {
		t.Error("SwitchAt(62) reads as a removal")
	}
}

func rankSeq(d []cards.Card) []cards.Rank {
	out := make([]cards.Rank, len(d))
	for i, c := range d {
		out[i] = c.Rank()
	}
	return out
}

// TestSettleIsBestOrder: from any point of a pass, including after steps
// taken by hand (with pairs their removal brought together waiting), Settle
// earns as much as the best order of single steps found by brute force, the
// sweep and jamboree included.
func TestSettleIsBestOrder(t *testing.T) {
	r := DefaultRules()
	r.Ranks = 3
	rng := rand.New(rand.NewPCG(7, 8))
	deck := cards.Ranks(3, 2)
	p := NewPassState(r)
	var best func(p *PassState) int
	best = func(p *PassState) int {
		blocks := p.Blocks(nil)
		if len(blocks) == 0 {
			b, e := p.Bonus(), p.Earned()
			return e.Total() + b.Total()
		}
		v := 0
		for _, b := range blocks {
			q := NewPassState(r)
			q.CopyFrom(p)
			q.Remove(b.At, b.Pairs, nil)
			v = max(v, best(q))
		}
		return v
	}
	for range 300 {
		cards.Shuffle(rng, deck)
		p.Begin(deck)
		// A random first step, sometimes.
		if blocks := p.Blocks(nil); len(blocks) > 0 && rng.IntN(2) == 0 {
			b := blocks[rng.IntN(len(blocks))]
			p.Remove(b.At, b.Pairs, nil)
		}
		want := best(p)
		p.Settle(nil, nil)
		b, e := p.Bonus(), p.Earned()
		if got := e.Total() + b.Total(); got != want {
			t.Fatalf("%s: settle earns %d in all, the best order %d", cards.Format(deck), got, want)
		}
	}
}

// TestPathReplays: taking the steps of Path one by one with Remove leaves
// the deck Settle leaves and earns what it earns, from fresh shuffles and
// from points after a step taken by hand.
func TestPathReplays(t *testing.T) {
	r := DefaultRules()
	rng := rand.New(rand.NewPCG(9, 10))
	deck := cards.Standard(2)
	p, q := NewPassState(r), NewPassState(r)
	var path []Block
	for n := range 1000 {
		cards.Shuffle(rng, deck)
		p.Begin(deck)
		if blocks := p.Blocks(nil); n%2 == 1 && len(blocks) > 0 {
			b := blocks[rng.IntN(len(blocks))]
			p.Remove(b.At, b.Pairs, nil)
		}
		q.CopyFrom(p)
		path = p.Path(path)
		want := q.Settle(nil, nil)
		for _, b := range path {
			p.Remove(b.At, b.Pairs, nil)
		}
		if p.Earned() != q.Earned() || !slices.Equal(p.Order(), q.Order()) || p.Waiting() {
			t.Fatalf("%s: path %v earns %v leaving %s; settle earns %v leaving %s",
				cards.Format(deck), path, p.Earned(), cards.Format(p.Order()), want, cards.Format(q.Order()))
		}
	}
}
