package flip

import "github.com/cardsim/cardsim/games"

// tableProbes is how many slots a lookup in the relaxation's tables tries.
const tableProbes = 8

// lostTable remembers positions of the relaxation found lost: a position
// (present cards h, exact cards' darkness kc, every card's darkness k) is
// lost if a position with the same h and kc and at least k's dark cards
// was (see relaxed.win). It has a fixed size: when the probed slots are
// full an old entry is overwritten, which costs only time. Entries of
// earlier solves are told apart by a generation number.
type lostTable struct {
	slots []lostSlot
	mask  uint64
	gen   uint32
}

type lostSlot struct {
	h, kc, k uint64
	gen      uint32
}

func (t *lostTable) init(bits int) {
	t.slots = make([]lostSlot, 1<<bits+tableProbes)
	t.mask = 1<<bits - 1
}

func (t *lostTable) clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

func (t *lostTable) at(h, kc uint64) []lostSlot {
	i := games.Mix(h, kc) & t.mask
	return t.slots[i : i+tableProbes]
}

// lost reports whether (h, kc, k) is known lost.
func (t *lostTable) lost(h, kc, k uint64) bool {
	for _, e := range t.at(h, kc) {
		if e.gen == t.gen && e.h == h && e.kc == kc && k&^e.k == 0 {
			return true
		}
	}
	return false
}

// put records (h, kc, k) as lost.
func (t *lostTable) put(h, kc, k uint64) {
	s := t.at(h, kc)
	w := &s[int(k%tableProbes)]
	for i := range s {
		if s[i].gen != t.gen || s[i].h == h && s[i].kc == kc && s[i].k&^k == 0 {
			w = &s[i] // a free slot, or one this entry makes redundant
			break
		}
	}
	*w = lostSlot{h: h, kc: kc, k: k, gen: t.gen}
}

// clearTable caches clearing.run's verdict on whole sets of present cards:
// whether all could be removed and the most that could.
type clearTable struct {
	slots []clearSlot
	mask  uint64
	gen   uint32
}

type clearSlot struct {
	h    uint64
	gen  uint32
	most uint8
}

func (t *clearTable) init(bits int) {
	t.slots = make([]clearSlot, 1<<bits+tableProbes)
	t.mask = 1<<bits - 1
}

func (t *clearTable) clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

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
