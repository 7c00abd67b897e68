package flip

import (
	"slices"

	"github.com/cardsim/cardsim/games"
)

// tableProbes is how many slots a lookup in the relaxation's tables tries.
const tableProbes = 8

// table is the storage of the solver's fixed-size hash tables (memo,
// lostTable, clearTable): 2^bits slots and the probes past the last, and
// the generation that tells current entries from those of earlier solves.
// Forgetting every entry (clear) starts a new generation and costs
// nothing; a slot counts only if it carries the current generation.
type table[S any] struct {
	slots []S
	mask  uint64
	gen   uint32
}

// init allocates 2^bits slots, and probes more so that a lookup at the
// last slot may probe on.
func (t *table[S]) init(bits, probes int) {
	t.slots = make([]S, 1<<bits+probes)
	t.mask = 1<<bits - 1
}

// clear starts a new generation. When the generation number wraps round
// the slots are zeroed, since entries of long ago would look current.
func (t *table[S]) clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

// lostTable remembers positions of the relaxation found lost. A position
// is its present cards h and dark cards k, searched in one round of
// Solver.refine with that round's exact set. An entry (h, k) of a round
// with exact set E shows lost every position (h, k') with k' ⊆ k that
// agrees with k on E, in any round whose exact set contains E: in the
// relaxed game of E a position with no more dark cards outside E is no
// better (see relaxed.win), and every relaxed line under a larger exact
// set is a relaxed line under E. It has a fixed size: when the probed
// slots are full an old entry is overwritten, which costs only time.
// Entries of earlier solves are told apart by a generation number.
type lostTable struct {
	table[lostSlot]
	rounds []uint64 // the exact set of each round
	use    []bool   // use[r]: round r's exact set is within the current one's
	places []uint64 // the exact sets of those rounds, newest first, each once
}

type lostSlot struct {
	h, k  uint64
	gen   uint32
	round uint16
}

func (t *lostTable) init(bits int) { t.table.init(bits, tableProbes) }

// clear forgets every entry and round.
func (t *lostTable) clear() {
	t.table.clear()
	t.rounds = t.rounds[:0]
}

// round starts a round with the given exact set; the entries of earlier
// rounds whose exact sets it contains hold in it. Past 1<<16 rounds the
// table is cleared first.
func (t *lostTable) round(exact uint64) {
	if len(t.rounds) == 1<<16 {
		t.clear()
	}
	t.rounds = append(t.rounds, exact)
	t.use = t.use[:0]
	t.places = t.places[:0]
	for _, e := range t.rounds {
		t.use = append(t.use, e&^exact == 0)
	}
	for r := len(t.rounds) - 1; r >= 0; r-- {
		if t.use[r] && !slices.Contains(t.places, t.rounds[r]) {
			t.places = append(t.places, t.rounds[r])
		}
	}
}

func (t *lostTable) at(h, kc uint64) []lostSlot {
	i := games.Mix(h, kc) & t.mask
	return t.slots[i : i+tableProbes]
}

// lost reports whether (h, k) is known lost in the current round: an
// entry of a round whose entries hold shows it (see lostTable). Each entry
// sits where its own round's exact set puts it, so every such round's
// place for (h, k) is looked at, newest first.
func (t *lostTable) lost(h, k uint64) bool {
	prev := ^uint64(0)
	for _, e := range t.places {
		kc := k & e
		if kc == prev {
			continue // the same place
		}
		prev = kc
		for _, s := range t.at(h, kc) {
			if s.gen == t.gen && s.h == h && k&^s.k == 0 && t.use[s.round] && (s.k^k)&t.rounds[s.round] == 0 {
				return true
			}
		}
	}
	return false
}

// put records (h, k) as lost in the current round.
func (t *lostTable) put(h, k uint64) {
	r := len(t.rounds) - 1
	e := t.rounds[r]
	s := t.at(h, k&e)
	w := &s[int(k%tableProbes)]
	for i := range s {
		if s[i].gen != t.gen || s[i].h == h && t.rounds[s[i].round] == e && (s[i].k^k)&e == 0 && s[i].k&^k == 0 {
			w = &s[i] // a free slot, or one this entry makes redundant
			break
		}
	}
	*w = lostSlot{h: h, k: k, gen: t.gen, round: uint16(r)}
}

// clearTable caches clearing.run's verdict on whole sets of present cards:
// whether all could be removed and the most that could.
type clearTable struct{ table[clearSlot] }

type clearSlot struct {
	h    uint64
	gen  uint32
	most uint8
}

func (t *clearTable) init(bits int) { t.table.init(bits, tableProbes) }

// most returns the most of the present cards h removals could take,
// running c on a miss.
func (t *clearTable) most(c *clearing, h uint64) int {
	i := games.Mix(h, 0x5eed) & t.mask
	s := t.slots[i : i+tableProbes]
	for _, e := range s {
		if e.gen == t.gen && e.h == h {
			return int(e.most)
		}
	}
	c.run(h)
	m := c.most()
	w := &s[int(h%tableProbes)]
	for i := range s {
		if s[i].gen != t.gen {
			w = &s[i]
			break
		}
	}
	*w = clearSlot{h: h, gen: t.gen, most: uint8(m)}
	return m
}
