package nora

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// A choice is one plan for a seen shuffle reduced to what the solver needs:
// the deck it leaves, the ip the player must hold when the pass is seen to
// pay for its switches as they come, and the ip it leaves net of them, at
// the rules' SWITCH price.
type choice struct {
	Next  uint8  // composition index of the deck left
	Flags uint8  // choiceSwitch, choiceRescue
	Need  uint16 // ip needed in hand to play it
	Net   int16  // ip the pass earns (sweep and jamboree included) less its switches
}

// The flags of a choice.
const (
	choiceSwitch = 1 << iota // the plan makes a switch
	choiceRescue             // on a dead shuffle, the switch the first optimal policy (v1) made: RescueSwitch's
)

// Planner names the play within a pass that a policy is solved over.
type Planner int

const (
	// PlanWholePass plans every switch and removal step of a pass
	// (passSearch): any number of switches, made before, between or after
	// removal steps, paid for by ip the pass earns on the way.
	PlanWholePass Planner = iota
	// PlanOneSwitch plans at most one switch a pass, one that makes a pair
	// (planner): the play of optimal-v2 and optimal-v1.
	PlanOneSwitch
)

var plannerNames = [...]string{"whole-pass", "one-switch"}

// String returns "whole-pass" or "one-switch".
func (p Planner) String() string { return plannerNames[p] }

// searchMaxNeed is the most ip a plan of the whole-pass search may need in
// hand; plans needing more are not listed (DefaultIPCap: the solver treats
// more ip as no more useful).
const searchMaxNeed = DefaultIPCap

// sampleSet holds the shuffles drawn (or enumerated) for one composition,
// live or dead, each with the choices they offer; identical shuffles (same
// class of top card, same choices) are merged with their counts.
type sampleSet struct {
	Weight  []uint32 // by distinct shuffle: how many were drawn
	Top     []Top    // the class of the top card
	Off     []uint32 // the choices of shuffle i are Choices[Off[i]:Off[i+1]]
	Choices []choice
}

// Len returns the number of distinct shuffles.
func (ss *sampleSet) Len() int { return len(ss.Weight) }

// choices returns the choices of shuffle i.
func (ss *sampleSet) choices(i int) []choice { return ss.Choices[ss.Off[i]:ss.Off[i+1]] }

// Outcome is one outcome of a pass: the composition left (an index into
// Comps.List), the ip the pass earned, and its probability.
type Outcome struct {
	Next int
	IP   int
	P    float64
}

// PassDist describes the passes over a uniform shuffle of a deck of
// composition Comp.
type PassDist struct {
	Comp Comp
	// Dead is the exact chance that the shuffle holds no pair
	// (nora.DeadChance).
	Dead float64
	// Live lists the outcomes of a live shuffle played without a switch;
	// their P sum to 1.
	Live []Outcome
	// Rescue is the chance, given a dead shuffle, that a single swap of two
	// adjacent cards creates a pair.
	Rescue float64
	// Samples is the number of live shuffles drawn, or 0 if every
	// arrangement of the deck was enumerated (the distributions are then
	// exact).
	Samples int

	live, dead sampleSet
}

// PassDists holds the shuffles of every composition under the rules that
// affect a pass, with the plans each offers, and their summaries.
type PassDists struct {
	Comps   *Comps
	Dists   []PassDist // by composition index; Dists[0], the empty deck, is empty
	Key     string     // PassKey of the rules, the sampling and the planner
	Planner Planner    // the play within a pass the shuffles' choices list
}

// PassKey returns a hash of what the pass distributions depend on: the deck,
// the removal order, every ip earned during a pass, the SWITCH price, the
// planner and the sampling. The other prices, the dead-deck consolations,
// rounds and start-ip do not change a pass, so distributions are shared
// across them.
func PassKey(r nora.Rules, samples int, seed uint64, pl Planner) string {
	h := sha256.New()
	for _, v := range []int{passdistVersion, r.Ranks, r.Jokers, b2i(r.QuadChain), r.Joke, r.Triple, r.Quad, r.Sweep,
		r.Chain, r.Reaction, r.Jamboree, r.JamboreeFrom, samples, r.Switch, int(pl), searchMaxNeed} {
		binary.Write(h, binary.LittleEndian, int64(v))
	}
	if r.Pair != 0 { // hashed only when set, so that the keys of the rules as written stay as they were
		binary.Write(h, binary.LittleEndian, int64(r.Pair))
	}
	h.Write([]byte(r.Removal))
	binary.Write(h, binary.LittleEndian, seed)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// passdistVersion changes whenever the estimation changes, so that cached
// distributions of an older version are not reused.
const passdistVersion = 5

// EstimatePassDists is EstimatePassDistsContext without a context.
func EstimatePassDists(r nora.Rules, samples int, seed uint64, workers int, pl Planner) (*PassDists, error) {
	return EstimatePassDistsContext(context.Background(), r, samples, seed, workers, pl)
}

// EstimatePassDistsContext draws the shuffles of every composition and
// lists the plans each offers under the planner pl: compositions with at most samples distinct
// arrangements of ranks are enumerated exactly, the others estimated from
// samples live shuffles (and up to samples/10 dead ones) drawn from seed.
// The work is spread over workers goroutines (GOMAXPROCS if zero); the
// result does not depend on their number. It stops early with ctx's error
// when ctx is done.
func EstimatePassDistsContext(ctx context.Context, r nora.Rules, samples int, seed uint64, workers int, pl Planner) (*PassDists, error) {
	if err := checkSamples(r, samples); err != nil {
		return nil, err
	}
	if pl != PlanWholePass && pl != PlanOneSwitch {
		return nil, fmt.Errorf("planner %d: unknown", pl)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	cs := newComps(&r)
	pd := &PassDists{Comps: cs, Dists: make([]PassDist, len(cs.List)), Key: PassKey(r, samples, seed, pl), Planner: pl}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			e := newEstimator(r, cs, pl)
			for i := range next {
				if ctx.Err() != nil {
					continue
				}
				pd.Dists[i] = e.estimate(ctx, i, samples, seed)
			}
		})
	}
	// Largest first: they take longest.
	for i := len(cs.List) - 1; i >= 1; i-- {
		select {
		case next <- i:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return pd, nil
}

// checkSamples reports an error if the shuffles of r cannot be drawn with
// the given samples.
func checkSamples(r nora.Rules, samples int) error {
	if samples < 1 {
		return fmt.Errorf("samples %d: want at least 1", samples)
	}
	if r.Ranks < 1 || r.Ranks > 13 || (r.Jokers != 0 && r.Jokers != 2) {
		return fmt.Errorf("rules ranks=%d jokers=%d: not a deck the game plays", r.Ranks, r.Jokers)
	}
	return nil
}

// estimator draws the shuffles of one composition after another; one per
// goroutine.
type estimator struct {
	cs    *Comps
	sw    int
	pl    *planner    // PlanOneSwitch
	ps    *passSearch // PlanWholePass
	look  *nora.PassState
	live  sampleBuilder
	dead  sampleBuilder
	items []oneChoice
	chs   []choice
}

func newEstimator(r nora.Rules, cs *Comps, pl Planner) *estimator {
	e := &estimator{cs: cs, sw: r.Switch, look: nora.NewPassState(r)}
	if pl == PlanOneSwitch {
		e.pl = newPlanner(r, cs)
	} else {
		e.ps = newPassSearch(r, cs)
	}
	return e
}

// estimate draws the shuffles of composition i.
func (e *estimator) estimate(ctx context.Context, i, samples int, seed uint64) PassDist {
	c := e.cs.List[i]
	d := PassDist{Comp: c, Dead: nora.DeadChance(c.N4, c.N2, c.Jokers)}
	e.live.reset()
	e.dead.reset()
	deck := c.deck()
	var counts [15]uint8
	for _, cd := range deck {
		counts[cd.Rank()]++
	}
	observe := func(order []cards.Card) {
		e.look.Begin(order)
		top := topOf(order[0], &counts)
		if e.ps != nil {
			plans := e.ps.list(e.look, searchMaxNeed)
			if plans[0].live {
				e.live.add(top, e.searchChoices(plans))
			} else {
				e.dead.add(top, e.searchChoices(plans[1:]))
			}
			return
		}
		plans := e.pl.list(e.look)
		if plans[0].live {
			e.live.add(top, e.choices(plans, false))
		} else {
			e.dead.add(top, e.choices(plans[1:], true))
		}
	}
	if arrangements(c) <= float64(samples) {
		enumerate(deck, func(order []cards.Card) bool {
			observe(order)
			return ctx.Err() == nil
		})
	} else {
		d.Samples = samples
		rng := rand.New(rand.NewPCG(games.Mix(seed, uint64(c.N4)<<8|uint64(c.N2)<<1|uint64(b2i(c.Jokers))), 0x70617373))
		wantDead := max(samples/10, 1)
		for n := 0; n < samples && ctx.Err() == nil; {
			cards.Shuffle(rng, deck)
			if hasPair(deck) {
				observe(deck)
				n++
			} else if e.dead.n < wantDead {
				observe(deck)
			}
		}
		// Dead shuffles are rare in large decks: draw more for the rescues.
		for tries := 0; e.dead.n < wantDead && tries < 200*samples && d.Dead > 0 && ctx.Err() == nil; tries++ {
			cards.Shuffle(rng, deck)
			if !hasPair(deck) {
				observe(deck)
			}
		}
	}
	d.live, d.dead = e.live.build(), e.dead.build()
	d.summarize(e.cs)
	return d
}

// searchChoices reduces the whole-pass search's plans (already the best of
// each composition left by need and net ip) to choices.
func (e *estimator) searchChoices(plans []passPlan) []choice {
	chs := e.chs[:0]
	for _, pp := range plans {
		ch := choice{Next: uint8(pp.next), Need: uint16(pp.need), Net: int16(pp.net(e.sw))}
		if pp.s > 0 {
			ch.Flags = choiceSwitch
		}
		chs = append(chs, ch)
	}
	e.chs = chs
	return chs
}

// A oneChoice is a plan of the one-switch planner as its pruning sees it:
// the ip earned before its switch and in all, whatever the price.
type oneChoice struct {
	Next, Before, Total, Flags uint8
}

// choices reduces plans of the one-switch planner to choices, dropping
// those no price can make worth taking: for the same deck left, a choice
// earning no more ip than a plan without a switch, or than another
// switching no later for at least as much. On a dead shuffle (plans are
// then the rescues) it marks the switch RescueSwitch would make. The
// choices kept are priced at the rules' SWITCH price.
func (e *estimator) choices(plans []plan, dead bool) []choice {
	items := e.items[:0]
	for _, pp := range plans {
		ch := oneChoice{Next: uint8(pp.next), Before: uint8(pp.before), Total: uint8(pp.total)}
		if pp.when != switchNone {
			ch.Flags |= choiceSwitch
		}
		items = append(items, ch)
	}
	if dead {
		if i := rescueOf(e.cs, plans); i >= 0 {
			items[i].Flags |= choiceRescue
		}
	}
	// Drop the dominated ones; the first choice of a live shuffle (no
	// switch) and the rescue stay.
	chs := e.chs[:0]
	for k, ch := range items {
		if k > 0 || dead {
			if ch.Flags&choiceRescue == 0 && dominated(ch, items, k) {
				continue
			}
		}
		x := choice{Next: ch.Next, Flags: ch.Flags, Net: int16(ch.Total)}
		if ch.Flags&choiceSwitch != 0 {
			x.Need, x.Net = uint16(max(0, e.sw-int(ch.Before))), int16(int(ch.Total)-e.sw)
		}
		chs = append(chs, x)
	}
	e.items, e.chs = items, chs
	return chs
}

// dominated reports whether choice items[k] is never better than another:
// one leaving the same deck with at least its ip, needing no more ip before
// its switch (or making none). Of two equal choices the later is dominated.
func dominated(ch oneChoice, items []oneChoice, k int) bool {
	chSwitch := ch.Flags&choiceSwitch != 0
	for j, o := range items {
		if j == k || o.Next != ch.Next || o.Total < ch.Total {
			continue
		}
		oSwitch := o.Flags&choiceSwitch != 0
		if oSwitch && (!chSwitch || o.Before < ch.Before) {
			continue
		}
		equal := o.Total == ch.Total && oSwitch == chSwitch && (!oSwitch || o.Before == ch.Before)
		if equal && j > k {
			continue
		}
		return true
	}
	return false
}

// summarize fills the summaries Live and Rescue from the shuffles.
func (d *PassDist) summarize(cs *Comps) {
	d.Live, d.Rescue = nil, 0
	p, pdead := topChances(d.Comp)
	var w [numTops]float64
	for i := range d.live.Len() {
		w[d.live.Top[i]] += float64(d.live.Weight[i])
	}
	byOutcome := map[[2]int]float64{}
	total := 0.0
	for i := range d.live.Len() {
		t := d.live.Top[i]
		base := d.live.choices(i)[0]
		// Weight each class of top card by its exact share of the live
		// shuffles.
		x := p[t] * (1 - pdead[t]) * float64(d.live.Weight[i]) / w[t]
		byOutcome[[2]int{int(base.Next), int(base.Net)}] += x
		total += x
	}
	for k, x := range byOutcome {
		d.Live = append(d.Live, Outcome{Next: k[0], IP: k[1], P: x / total})
	}
	slices.SortFunc(d.Live, func(a, b Outcome) int {
		if a.Next != b.Next {
			return a.Next - b.Next
		}
		return a.IP - b.IP
	})
	all, rescuable := 0.0, 0.0
	for i := range d.dead.Len() {
		all += float64(d.dead.Weight[i])
		if len(d.dead.choices(i)) > 0 {
			rescuable += float64(d.dead.Weight[i])
		}
	}
	if all > 0 {
		d.Rescue = rescuable / all
	}
}

// sampleBuilder gathers the shuffles of one composition, merging equal
// ones.
type sampleBuilder struct {
	index map[string]int
	set   sampleSet
	key   []byte
	n     int // shuffles added
}

func (b *sampleBuilder) reset() {
	b.index = map[string]int{}
	b.set = sampleSet{Off: []uint32{0}}
	b.n = 0
}

func (b *sampleBuilder) add(top Top, chs []choice) {
	b.n++
	b.key = append(b.key[:0], byte(top))
	for _, ch := range chs {
		b.key = append(b.key, ch.Next, ch.Flags, byte(ch.Need), byte(ch.Need>>8), byte(ch.Net), byte(uint16(ch.Net)>>8))
	}
	if i, ok := b.index[string(b.key)]; ok {
		b.set.Weight[i]++
		return
	}
	b.index[string(b.key)] = len(b.set.Weight)
	b.set.Weight = append(b.set.Weight, 1)
	b.set.Top = append(b.set.Top, top)
	b.set.Choices = append(b.set.Choices, chs...)
	b.set.Off = append(b.set.Off, uint32(len(b.set.Choices)))
}

// build returns the shuffles gathered, as a set of their own.
func (b *sampleBuilder) build() sampleSet {
	s := b.set
	return sampleSet{Weight: slices.Clip(s.Weight), Top: slices.Clip(s.Top), Off: slices.Clip(s.Off), Choices: slices.Clip(s.Choices)}
}

// RescueSwitch returns the position i of the swap of cards i and i+1 that
// turns a dead order into a live one removing the most cards (ties: the most
// ip, then the leftmost), and false if no single swap creates a pair. This
// is the fixed switch rule of the first optimal policy (optimal-v1).
func RescueSwitch(r nora.Rules, order []cards.Card) (int, bool) {
	best, bestLeft, bestIP, found := 0, 0, 0, false
	buf := make([]cards.Card, len(order))
	for i := 0; i+1 < len(order); i++ {
		if !(i > 0 && order[i+1].Rank() == order[i-1].Rank()) && !(i+2 < len(order) && order[i].Rank() == order[i+2].Rank()) {
			continue
		}
		copy(buf, order)
		buf[i], buf[i+1] = buf[i+1], buf[i]
		_, left, e := nora.Pass(r, buf)
		if !found || len(left) < bestLeft || len(left) == bestLeft && e.Total() > bestIP {
			best, bestLeft, bestIP, found = i, len(left), e.Total(), true
		}
	}
	return best, found
}
