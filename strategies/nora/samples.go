package nora

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
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

// totalCount returns the number of shuffles drawn, equal ones counted
// each time.
func (ss *sampleSet) totalCount() int {
	n := 0
	for _, w := range ss.Weight {
		n += int(w)
	}
	return n
}

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
	// Samples is the number of live shuffles drawn (a multiple of
	// PassDists.Chunk), or 0 if every arrangement of the deck was
	// enumerated (the distributions are then exact).
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
	Chunk   int        // the live shuffles of a sampled composition were drawn so many at a time
}

// Sampling is how a build draws its shuffles (EstimatePassDistsContext).
type Sampling struct {
	// Samples is the budget: what Samples live shuffles of every sampled
	// composition cost. A composition with no more arrangements than
	// Samples is enumerated.
	Samples int
	// Uniform draws Samples live shuffles of every sampled composition,
	// as builds did before the budget was spread by where it lowers the
	// value's error most: kept to compare a policy with one built so.
	Uniform bool
}

// Budget returns the sampling that spreads a budget of samples.
func Budget(samples int) Sampling { return Sampling{Samples: samples} }

// String returns "samples=N", with ",uniform" if uniform.
func (sm Sampling) String() string {
	if sm.Uniform {
		return fmt.Sprintf("samples=%d,uniform", sm.Samples)
	}
	return fmt.Sprintf("samples=%d", sm.Samples)
}

// PassKey returns a hash of what the pass distributions depend on: the deck,
// the removal order, every ip earned during a pass, the SWITCH price, the
// planner and the sampling. The other prices, the dead-deck consolations,
// rounds and start-ip do not change a pass, so distributions are shared
// across them.
func PassKey(r nora.Rules, sm Sampling, seed uint64, pl Planner) string {
	h := sha256.New()
	for _, v := range []int{passdistVersion, r.Ranks, r.Jokers, b2i(r.QuadChain), r.Joke, r.Triple, r.Quad, r.Sweep,
		r.Chain, r.Reaction, r.Jamboree, r.JamboreeFrom, sm.Samples, b2i(sm.Uniform), r.Switch, int(pl), searchMaxNeed} {
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
const passdistVersion = 6

// EstimatePassDists is EstimatePassDistsContext without a context, its
// budget of samples spread.
func EstimatePassDists(r nora.Rules, samples int, seed uint64, workers int, pl Planner) (*PassDists, error) {
	return EstimatePassDistsContext(context.Background(), r, Budget(samples), seed, workers, pl)
}

// EstimatePassDistsContext draws the shuffles of every composition and
// lists the plans each offers under the planner pl. Compositions with at
// most sm.Samples distinct arrangements of ranks are enumerated exactly;
// the others are sampled from seed. With sm.Uniform each gets sm.Samples
// live shuffles (and up to a tenth as many dead ones); otherwise the
// budget, what so many shuffles of every sampled composition would cost,
// is spread in stages:
//
//   - a pilot of pilotSamples(sm.Samples) live shuffles each, from which a
//     reference policy is solved (the rules' passes, the other prices at
//     their defaults; see referenceRules) and its sampling error found
//     (Solution.Spread);
//   - then, twice (allocationStages), more shuffles where they lower that
//     error most for their cost, each composition getting its Neyman share
//     of the budget spent by then (allocate): in proportion to the error
//     one of its shuffles adds over the square root of what one costs,
//     never fewer than it has. A composition is settled, and drawn no
//     more, once that share is reached; one whose shuffles add no error
//     (never reached, or always worth the same) keeps its pilot.
//
// Shuffles are drawn in chunks of the pilot's size, chunk j of a
// composition from its own stream, so the work is spread over workers
// goroutines (GOMAXPROCS if zero) and the result does not depend on their
// number. It stops early with ctx's error when ctx is done.
func EstimatePassDistsContext(ctx context.Context, r nora.Rules, sm Sampling, seed uint64, workers int, pl Planner) (*PassDists, error) {
	samples := sm.Samples
	if err := checkSamples(r, samples); err != nil {
		return nil, err
	}
	if pl != PlanWholePass && pl != PlanOneSwitch {
		return nil, fmt.Errorf("planner %d: unknown", pl)
	}
	chunk := pilotSamples(samples)
	if sm.Uniform {
		chunk = samples
	}
	b := newBuild(r, seed, workers, pl, chunk)
	pilot := make([]int, len(b.cs.List))
	for c := 1; c < len(pilot); c++ {
		if arrangements(b.cs.List[c]) > float64(samples) {
			pilot[c] = 1
		}
	}
	if err := b.draw(ctx, pilot); err != nil {
		return nil, err
	}
	key := PassKey(r, sm, seed, pl)
	if sm.Uniform {
		return b.dists(key), nil
	}
	for _, share := range allocationStages {
		chunks, err := allocate(ctx, b.dists(key), r, share*float64(samples), b.work)
		if err != nil {
			return nil, err
		}
		if err := b.draw(ctx, chunks); err != nil {
			return nil, err
		}
	}
	return b.dists(key), nil
}

// allocationStages are the shares of the budget spent by the end of each
// stage after the pilot, each allocated by the error found at the end of
// the last.
var allocationStages = []float64{0.4, 1}

// EstimateLikeContext draws shuffles of every composition as many as d
// holds, from seed: d's enumerated compositions enumerated again, and as
// many live shuffles of the sampled ones in chunks of the same size. It
// is how a policy's value is checked on shuffles independent of those it
// was chosen on (Solution.Evaluate): the counts are d's, chosen before
// these shuffles are drawn. The result's Key is key.
func EstimateLikeContext(ctx context.Context, r nora.Rules, d *PassDists, seed uint64, workers int, key string) (*PassDists, error) {
	if d == nil || len(d.Dists) != len(newComps(&r).List) {
		return nil, errors.New("pass distributions do not fit the rules' deck")
	}
	b := newBuild(r, seed, workers, d.Planner, d.Chunk)
	chunks := make([]int, len(d.Dists))
	for c := 1; c < len(chunks); c++ {
		if n := d.Dists[c].Samples; n > 0 {
			if d.Chunk < 1 || n%d.Chunk != 0 {
				return nil, fmt.Errorf("composition %v: %d shuffles, not chunks of %d", d.Dists[c].Comp, n, d.Chunk)
			}
			chunks[c] = n / d.Chunk
		}
	}
	if err := b.draw(ctx, chunks); err != nil {
		return nil, err
	}
	return b.dists(key), nil
}

// pilotSamples returns the live shuffles of a composition's pilot, and of
// each chunk after it: a fifth of samples, at least 10 (or samples if
// fewer).
func pilotSamples(samples int) int { return max(min(samples, 10), samples/5) }

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

// build draws the shuffles of every composition: enumerated, or in chunks.
type build struct {
	r       nora.Rules
	cs      *Comps
	seed    uint64
	workers int
	pl      Planner
	chunk   int        // live shuffles a chunk
	exact   []*chunkOf // by composition: its enumeration, if enumerated
	chunks  [][]*chunkOf
	work    []float64 // by composition: search positions made a shuffle (see allocate)
}

// chunkOf is what one chunk (or one enumeration) drew: its live and dead
// shuffles, and the search positions they took.
type chunkOf struct {
	live, dead sampleSet
	work       int
}

func newBuild(r nora.Rules, seed uint64, workers int, pl Planner, chunk int) *build {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	cs := newComps(&r)
	return &build{r: r, cs: cs, seed: seed, workers: workers, pl: pl, chunk: chunk,
		exact: make([]*chunkOf, len(cs.List)), chunks: make([][]*chunkOf, len(cs.List)), work: make([]float64, len(cs.List))}
}

// draw brings every composition c to want[c] chunks (0: enumerate it, if
// not done), the chunks spread over the workers, the largest decks first.
func (b *build) draw(ctx context.Context, want []int) error {
	type job struct{ c, j int } // j < 0: enumerate
	var jobs []job
	for c := len(want) - 1; c >= 1; c-- {
		if want[c] == 0 {
			if b.exact[c] == nil {
				jobs = append(jobs, job{c, -1})
			}
			continue
		}
		for j := len(b.chunks[c]); j < want[c]; j++ {
			jobs = append(jobs, job{c, j})
		}
		if n := want[c]; n > len(b.chunks[c]) {
			b.chunks[c] = append(b.chunks[c], make([]*chunkOf, n-len(b.chunks[c]))...)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan job)
	var wg sync.WaitGroup
	for range b.workers {
		wg.Go(func() {
			e := newEstimator(b.r, b.cs, b.pl)
			for jb := range next {
				if ctx.Err() != nil {
					continue
				}
				if jb.j < 0 {
					b.exact[jb.c] = e.enumerate(ctx, jb.c)
				} else {
					b.chunks[jb.c][jb.j] = e.sample(ctx, jb.c, jb.j, b.chunk, b.seed)
				}
			}
		})
	}
	for _, jb := range jobs {
		select {
		case next <- jb:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for c := range b.chunks {
		n, work := 0, 0
		for _, ch := range b.chunks[c] {
			n += ch.live.totalCount() + ch.dead.totalCount()
			work += ch.work
		}
		if n > 0 {
			b.work[c] = float64(work) / float64(n)
		}
	}
	return nil
}

// dists returns the shuffles drawn so far as distributions: each
// composition's chunks merged in order, equal shuffles counted together.
func (b *build) dists(key string) *PassDists {
	pd := &PassDists{Comps: b.cs, Dists: make([]PassDist, len(b.cs.List)), Key: key, Planner: b.pl, Chunk: b.chunk}
	var live, dead sampleBuilder
	for c := 1; c < len(b.cs.List); c++ {
		comp := b.cs.List[c]
		d := PassDist{Comp: comp, Dead: nora.DeadChance(comp.N4, comp.N2, comp.Jokers)}
		if ex := b.exact[c]; ex != nil {
			d.live, d.dead = ex.live, ex.dead
		} else {
			live.reset()
			dead.reset()
			for _, ch := range b.chunks[c] {
				live.merge(&ch.live)
				dead.merge(&ch.dead)
				d.Samples += ch.live.totalCount()
			}
			d.live, d.dead = live.build(), dead.build()
		}
		d.summarize(b.cs)
		pd.Dists[c] = d
	}
	return pd
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
	work  int // search positions made since the last reset
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

// observe lists the plans of the shuffle order of a deck holding counts,
// and adds them to the live or the dead shuffles.
func (e *estimator) observe(order []cards.Card, counts *[15]uint8) {
	e.look.Begin(order)
	top := topOf(order[0], counts)
	if e.ps != nil {
		plans := e.ps.list(e.look, searchMaxNeed)
		e.work += len(e.ps.nodes)
		if plans[0].live {
			e.live.add(top, e.searchChoices(plans))
		} else {
			e.dead.add(top, e.searchChoices(plans[1:]))
		}
		return
	}
	plans := e.pl.list(e.look)
	e.work += len(plans)
	if plans[0].live {
		e.live.add(top, e.choices(plans, false))
	} else {
		e.dead.add(top, e.choices(plans[1:], true))
	}
}

// start readies the estimator for composition c and returns its deck in
// canonical order and its counts by rank.
func (e *estimator) start(c int) ([]cards.Card, [15]uint8) {
	e.live.reset()
	e.dead.reset()
	e.work = 0
	deck := e.cs.List[c].deck()
	var counts [15]uint8
	for _, cd := range deck {
		counts[cd.Rank()]++
	}
	return deck, counts
}

// finish returns what was drawn since start.
func (e *estimator) finish() *chunkOf {
	return &chunkOf{live: e.live.build(), dead: e.dead.build(), work: e.work}
}

// enumerate lists every arrangement of composition c.
func (e *estimator) enumerate(ctx context.Context, c int) *chunkOf {
	deck, counts := e.start(c)
	enumerate(deck, func(order []cards.Card) bool {
		e.observe(order, &counts)
		return ctx.Err() == nil
	})
	return e.finish()
}

// sample draws chunk j of composition c from seed: n live shuffles, and
// the dead ones met on the way up to a tenth as many (more drawn, if
// needed and dead shuffles can occur, among up to 200 n more shuffles:
// they are rare in large decks, and the rescues need them).
func (e *estimator) sample(ctx context.Context, c, j, n int, seed uint64) *chunkOf {
	deck, counts := e.start(c)
	comp := e.cs.List[c]
	key := uint64(comp.N4)<<8 | uint64(comp.N2)<<1 | uint64(b2i(comp.Jokers))
	// Chunk 0's stream is the one every composition had when it was drawn
	// whole (passdistVersion 5), so that a uniform build, one chunk a
	// composition, draws the shuffles those builds drew.
	stream := uint64(0x70617373)
	if j > 0 {
		stream = games.Mix(stream, uint64(j))
	}
	rng := rand.New(rand.NewPCG(games.Mix(seed, key), stream))
	wantDead := max(n/10, 1)
	for k := 0; k < n && ctx.Err() == nil; {
		cards.Shuffle(rng, deck)
		if hasPair(deck) {
			e.observe(deck, &counts)
			k++
		} else if e.dead.n < wantDead {
			e.observe(deck, &counts)
		}
	}
	dead := nora.DeadChance(comp.N4, comp.N2, comp.Jokers)
	for tries := 0; e.dead.n < wantDead && tries < 200*n && dead > 0 && ctx.Err() == nil; tries++ {
		cards.Shuffle(rng, deck)
		if !hasPair(deck) {
			e.observe(deck, &counts)
		}
	}
	return e.finish()
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

func (b *sampleBuilder) add(top Top, chs []choice) { b.addN(top, chs, 1) }

// addN adds a shuffle drawn w times.
func (b *sampleBuilder) addN(top Top, chs []choice, w uint32) {
	b.n += int(w)
	b.key = append(b.key[:0], byte(top))
	for _, ch := range chs {
		b.key = append(b.key, ch.Next, ch.Flags, byte(ch.Need), byte(ch.Need>>8), byte(ch.Net), byte(uint16(ch.Net)>>8))
	}
	if i, ok := b.index[string(b.key)]; ok {
		b.set.Weight[i] += w
		return
	}
	b.index[string(b.key)] = len(b.set.Weight)
	b.set.Weight = append(b.set.Weight, w)
	b.set.Top = append(b.set.Top, top)
	b.set.Choices = append(b.set.Choices, chs...)
	b.set.Off = append(b.set.Off, uint32(len(b.set.Choices)))
}

// merge adds the shuffles of set, in order.
func (b *sampleBuilder) merge(set *sampleSet) {
	for i := range set.Len() {
		b.addN(set.Top[i], set.choices(i), set.Weight[i])
	}
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
