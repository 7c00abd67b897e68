package chriscross

// table is a fixed-size hash table from position keys to values, cleared in
// constant time by bumping a generation counter, so that searches reuse it
// without allocating. When it is 3/4 full it stops taking new keys: it is a
// cache, and a key left out only costs search time.
type table struct {
	slots []slot
	gen   uint32
	used  int
	shift uint
}

type slot struct {
	k0, k1 uint64
	val    int32
	gen    uint32
}

// newTable returns a table of 2^bits slots.
func newTable(bits uint) *table {
	return &table{slots: make([]slot, 1<<bits), gen: 1, shift: 64 - bits}
}

// reset empties the table.
func (t *table) reset() {
	t.gen++
	t.used = 0
	if t.gen == 0 { // wrapped: old stamps could match again
		clear(t.slots)
		t.gen = 1
	}
}

func (t *table) home(k [2]uint64) int {
	h := (k[0]*0x9e3779b97f4a7c15 ^ k[1]) * 0xbf58476d1ce4e5b9
	return int(h >> t.shift)
}

// get returns the value stored for k.
func (t *table) get(k [2]uint64) (int32, bool) {
	mask := len(t.slots) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return 0, false
		}
		if s.k0 == k[0] && s.k1 == k[1] {
			return s.val, true
		}
	}
}

// put stores v for k, unless the table is too full.
func (t *table) put(k [2]uint64, v int32) {
	mask := len(t.slots) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			if 4*(t.used+1) > 3*len(t.slots) {
				return
			}
			*s = slot{k0: k[0], k1: k[1], val: v, gen: t.gen}
			t.used++
			return
		}
		if s.k0 == k[0] && s.k1 == k[1] {
			s.val = v
			return
		}
	}
}
