package flip

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/flip"
)

// memo is a fixed-size hash table of finished positions and their bounds.
// An entry also records the cards its search had touched (see childTouch):
// the more cards touched, the more plays a search tries, so an entry
// answers only a search whose touched cards are among its own. Entries of
// earlier solves are told apart by a generation number, so clearing costs
// nothing; when the probed slots are full an entry is overwritten, which
// costs only time.
type memo struct{ table[slot] }

type slot struct {
	held, dark uint64
	touch      uint64 // the cards the entry's block had touched
	gen        uint32
	dealt, val uint8
	disc       uint8 // discrepancies the entry was searched with
}

const probes = 4

func (m *memo) init(bits int) { m.table.init(bits, probes) }

func hash(k flip.Key) uint64 {
	return games.Mix(k.Held^k.Dark*0x9e3779b97f4a7c15, uint64(k.Dealt))
}

func (m *memo) get(k flip.Key, disc int, touch uint64) (int, bool) {
	i := hash(k) & m.mask
	for _, e := range m.slots[i : i+probes] {
		if e.gen == m.gen && e.held == k.Held && e.dark == k.Dark && int(e.dealt) == k.Dealt && int(e.disc) >= min(disc, 255) && touch&^e.touch == 0 {
			return int(e.val), true
		}
	}
	return 0, false
}

func (m *memo) put(k flip.Key, disc, v int, touch uint64) {
	i := hash(k) & m.mask
	w := &m.slots[i]
	for j := range m.slots[i : i+probes] {
		if m.slots[i+uint64(j)].gen != m.gen {
			w = &m.slots[i+uint64(j)]
			break
		}
	}
	*w = slot{held: k.Held, dark: k.Dark, gen: m.gen, dealt: uint8(k.Dealt), val: uint8(v), disc: uint8(min(disc, 255)), touch: touch}
}
