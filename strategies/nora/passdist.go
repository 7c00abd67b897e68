package nora

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// Comp is the composition of a deck as far as the game is concerned: every
// rank holds 4, 2 or 0 cards (pairs fall two at a time) and the jokers 2 or
// 0, and which ranks hold how many does not matter by symmetry.
type Comp struct {
	N4, N2 int  // ranks holding four and two cards
	Jokers bool // the two jokers are still in the deck
}

// Cards returns the number of cards in a deck of composition c.
func (c Comp) Cards() int {
	n := 4*c.N4 + 2*c.N2
	if c.Jokers {
		n += 2
	}
	return n
}

// String returns c as "n4/n2/j", such as "13/0/1" for the full deck.
func (c Comp) String() string {
	j := 0
	if c.Jokers {
		j = 1
	}
	return fmt.Sprintf("%d/%d/%d", c.N4, c.N2, j)
}

// deck returns the cards of a deck of composition c in canonical order: the
// ranks of four from the Ace up, then the ranks of two, then the jokers.
func (c Comp) deck() []cards.Card {
	d := make([]cards.Card, 0, c.Cards())
	r := cards.Ace
	for range c.N4 {
		for s := cards.Suit(0); s < 4; s++ {
			d = append(d, cards.New(r, s))
		}
		r++
	}
	for range c.N2 {
		d = append(d, cards.New(r, 0), cards.New(r, 1))
		r++
	}
	if c.Jokers {
		d = append(d, cards.New(cards.Joker, 0), cards.New(cards.Joker, 1))
	}
	return d
}

// compOf returns the composition of the cards in d.
func compOf(d []cards.Card) Comp {
	var n [15]uint8
	for _, c := range d {
		n[c.Rank()]++
	}
	return compOfCounts(&n)
}

func compOfCounts(n *[15]uint8) Comp {
	var c Comp
	for r := cards.Ace; r <= cards.King; r++ {
		switch n[r] {
		case 4:
			c.N4++
		case 2:
			c.N2++
		}
	}
	c.Jokers = n[cards.Joker] == 2
	return c
}

// Comps lists the compositions reachable under the rules, indexed.
type Comps struct {
	List  []Comp // by index; List[0] is the empty deck, the last the full deck
	index map[Comp]int
}

func newComps(r *nora.Rules) *Comps {
	cs := &Comps{index: map[Comp]int{}}
	js := []bool{false}
	if r.Jokers == 2 {
		js = append(js, true)
	}
	// Order by number of cards, so that every composition a pass can lead to
	// comes before the one it starts from.
	for n := 0; n <= r.DeckSize(); n++ {
		for n4 := 0; n4 <= r.Ranks; n4++ {
			for n2 := 0; n4+n2 <= r.Ranks; n2++ {
				for _, j := range js {
					c := Comp{n4, n2, j}
					if c.Cards() == n {
						cs.index[c] = len(cs.List)
						cs.List = append(cs.List, c)
					}
				}
			}
		}
	}
	return cs
}

// Index returns the index of c, and false if c cannot occur.
func (cs *Comps) Index(c Comp) (int, bool) {
	i, ok := cs.index[c]
	return i, ok
}

// Outcome is one outcome of a pass: the composition left (an index into
// Comps.List), the ip the pass earned, and its probability.
type Outcome struct {
	Next int
	IP   int
	P    float64
}

// PassDist is the distribution of the outcome of one pass over a uniform
// shuffle of a deck of composition Comp.
type PassDist struct {
	Comp Comp
	// Dead is the exact chance that the shuffle holds no pair
	// (nora.DeadChance).
	Dead float64
	// Live lists the outcomes of a live shuffle; their P sum to 1.
	Live []Outcome
	// Rescue is the chance, given a dead shuffle, that a single swap of two
	// adjacent cards creates a pair.
	Rescue float64
	// Rescued lists the outcomes of a dead, rescuable shuffle after the
	// rescue switch (RescueSwitch); their P sum to 1.
	Rescued []Outcome
	// Samples is the number of shuffles drawn, or 0 if every arrangement of
	// the deck was enumerated (the distribution is then exact).
	Samples int
}

// PassDists holds the pass distribution of every composition under the
// rules that affect a pass.
type PassDists struct {
	Comps *Comps
	Dists []PassDist // by composition index; Dists[0], the empty deck, is empty
	Key   string     // PassKey of the rules and the sampling
}

// PassKey returns a hash of what the pass distributions depend on: the deck,
// the removal order, every ip earned during a pass, and the sampling. The
// prices, the dead-deck consolations, rounds and start-ip do not change a
// pass, so distributions are shared across them.
func PassKey(r nora.Rules, samples int, seed uint64) string {
	h := sha256.New()
	for _, v := range []int{passdistVersion, r.Ranks, r.Jokers, b2i(r.QuadChain), r.Joke, r.Triple, r.Quad, r.Sweep,
		r.Chain, r.Reaction, r.Jamboree, r.JamboreeFrom, samples} {
		binary.Write(h, binary.LittleEndian, int64(v))
	}
	h.Write([]byte(r.Removal))
	binary.Write(h, binary.LittleEndian, seed)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// passdistVersion changes whenever the estimation changes, so that cached
// distributions of an older version are not reused.
const passdistVersion = 2

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// EstimatePassDists computes the pass distribution of every composition:
// compositions with at most samples distinct arrangements of ranks are
// enumerated exactly, the others estimated from samples live shuffles (and
// up to samples/10 dead ones for the rescue) drawn from seed. The work is
// spread over workers goroutines (GOMAXPROCS if zero); the result does not
// depend on their number.
func EstimatePassDists(r nora.Rules, samples int, seed uint64, workers int) (*PassDists, error) {
	if samples < 1 {
		return nil, fmt.Errorf("samples %d: want at least 1", samples)
	}
	if r.Ranks < 1 || r.Ranks > 13 || (r.Jokers != 0 && r.Jokers != 2) {
		return nil, fmt.Errorf("rules ranks=%d jokers=%d: not a deck the game plays", r.Ranks, r.Jokers)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	cs := newComps(&r)
	pd := &PassDists{Comps: cs, Dists: make([]PassDist, len(cs.List)), Key: PassKey(r, samples, seed)}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				pd.Dists[i] = estimate(&r, cs, i, samples, seed)
			}
		})
	}
	// Largest first: they take longest.
	for i := len(cs.List) - 1; i >= 1; i-- {
		next <- i
	}
	close(next)
	wg.Wait()
	return pd, nil
}

// tally gathers outcomes by (next composition, ip).
type tally struct {
	w     map[[2]int]float64
	total float64
}

func (t *tally) add(next, ip int, w float64) {
	if t.w == nil {
		t.w = map[[2]int]float64{}
	}
	t.w[[2]int{next, ip}] += w
	t.total += w
}

// outcomes returns the outcomes in a fixed order with probabilities
// summing to 1.
func (t *tally) outcomes() []Outcome {
	out := make([]Outcome, 0, len(t.w))
	for k, w := range t.w {
		out = append(out, Outcome{Next: k[0], IP: k[1], P: w / t.total})
	}
	sortOutcomes(out)
	return out
}

func sortOutcomes(o []Outcome) {
	for i := 1; i < len(o); i++ { // insertion sort: short lists, no allocation
		for j := i; j > 0 && (o[j].Next < o[j-1].Next || o[j].Next == o[j-1].Next && o[j].IP < o[j-1].IP); j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
}

// estimate computes the distribution of composition i.
func estimate(r *nora.Rules, cs *Comps, i, samples int, seed uint64) PassDist {
	c := cs.List[i]
	d := PassDist{Comp: c, Dead: nora.DeadChance(c.N4, c.N2, c.Jokers)}
	deck := c.deck()
	var live, resc tally
	dead, rescuable := 0.0, 0.0
	observe := func(order []cards.Card, w float64) {
		if hasPair(order) {
			_, left, e := nora.Pass(*r, order)
			live.add(cs.index[compOf(left)], e.Total(), w)
			return
		}
		dead += w
		if pos, ok := RescueSwitch(*r, order); ok {
			rescuable += w
			order[pos], order[pos+1] = order[pos+1], order[pos]
			_, left, e := nora.Pass(*r, order)
			order[pos], order[pos+1] = order[pos+1], order[pos]
			resc.add(cs.index[compOf(left)], e.Total(), w)
		}
	}
	if arrangements(c) <= float64(samples) {
		enumerate(deck, func(order []cards.Card) { observe(order, 1) })
	} else {
		d.Samples = samples
		rng := rand.New(rand.NewPCG(games.Mix(seed, uint64(c.N4)<<8|uint64(c.N2)<<1|uint64(b2i(c.Jokers))), 0x70617373))
		wantDead := max(samples/10, 1)
		for n := 0; n < samples; {
			cards.Shuffle(rng, deck)
			if hasPair(deck) {
				observe(deck, 1)
				n++
			} else if dead < float64(wantDead) {
				observe(deck, 1)
			}
		}
		// Dead shuffles are rare in large decks: draw more for the rescue.
		for tries := 0; dead < float64(wantDead) && tries < 200*samples && d.Dead > 0; tries++ {
			cards.Shuffle(rng, deck)
			if !hasPair(deck) {
				observe(deck, 1)
			}
		}
	}
	if live.total > 0 {
		d.Live = live.outcomes()
	}
	if dead > 0 {
		d.Rescue = rescuable / dead
	}
	if resc.total > 0 {
		d.Rescued = resc.outcomes()
	}
	return d
}

// arrangements returns the number of distinct sequences of ranks of a deck
// of composition c.
func arrangements(c Comp) float64 {
	n := c.Cards()
	a := 1.0
	for k := 2; k <= n; k++ {
		a *= float64(k)
	}
	for range c.N4 {
		a /= 24
	}
	for range c.N2 {
		a /= 2
	}
	if c.Jokers {
		a /= 2
	}
	return a
}

// enumerate calls f with every distinct sequence of the ranks of deck, each
// once; the cards of a rank appear in their order in deck. f must not keep
// or change its argument.
func enumerate(deck []cards.Card, f func([]cards.Card)) {
	var ranks []cards.Rank
	var byRank [][]cards.Card
	for _, c := range deck {
		if len(ranks) == 0 || ranks[len(ranks)-1] != c.Rank() {
			ranks = append(ranks, c.Rank())
			byRank = append(byRank, nil)
		}
		byRank[len(byRank)-1] = append(byRank[len(byRank)-1], c)
	}
	used := make([]int, len(ranks))
	order := make([]cards.Card, len(deck))
	var rec func(pos int)
	rec = func(pos int) {
		if pos == len(order) {
			f(order)
			return
		}
		for k := range ranks {
			if used[k] < len(byRank[k]) {
				order[pos] = byRank[k][used[k]]
				used[k]++
				rec(pos + 1)
				used[k]--
			}
		}
	}
	rec(0)
}

// RescueSwitch returns the position i of the swap of cards i and i+1 that
// turns a dead order into a live one removing the most cards (ties: the most
// ip, then the leftmost), and false if no single swap creates a pair. This
// is the fixed switch rule of the optimal policy.
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
