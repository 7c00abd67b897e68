package flip

import (
	"testing"

	"github.com/cardsim/cardsim/games/flip"
)

// TestTableClear: clearing forgets every entry of every table; when the
// generation number wraps round the slots are zeroed, so that an entry
// written 2^32 generations ago does not come back.
func TestTableClear(t *testing.T) {
	var m memo
	m.init(4)
	m.clear()
	k := flip.Key{Held: 0b1011, Dark: 0b10, Dealt: 7}
	m.put(k, 3, 42, k.Held)
	if v, ok := m.get(k, 3, k.Held); !ok || v != 42 {
		t.Fatalf("get after put: %d, %v", v, ok)
	}
	m.clear()
	if _, ok := m.get(k, 3, k.Held); ok {
		t.Error("an entry outlived clear")
	}
	m.put(k, 3, 42, k.Held)
	old := m.gen
	m.gen = ^uint32(0) // the last generation before the number wraps
	m.clear()
	m.gen = old // the wrapped number reaches the entry's generation again
	if _, ok := m.get(k, 3, k.Held); ok {
		t.Error("an entry came back when the generation number wrapped")
	}

	var l lostTable
	l.init(4)
	l.clear()
	l.round(0)
	l.put(5, 1)
	if !l.lost(5, 1) {
		t.Fatal("lost after put: false")
	}
	l.clear()
	l.round(0)
	if l.lost(5, 1) {
		t.Error("a lost position outlived clear")
	}
}
