package sim

import (
	"sync"

	"github.com/cardsim/cardsim/games"
)

// Record is one seat's result in one game of a run: a row of the per-deal
// records a user can fit their own models to.
type Record struct {
	Index     int64 // the deal
	Seating   int   // which seating of the deal (0 in a solitaire with one strategy)
	Seat      int
	Entry     int // the lineup entry in the seat
	Score     int
	Result    games.Result
	Undecided bool    // a solver left the game undecided
	Features  []int64 // the seat's deal features, in the game's order
	Metrics   []int64 // the game's metrics, in the game's order
}

// RecordSink receives a run's records: Write is called from one goroutine
// at a time with the records of a chunk of deals, chunks in deal order, so
// the records of a run come out the same for any number of workers. The
// records and their slices are valid only during the call.
type RecordSink interface {
	Write(rs []Record) error
}

// chunkRecords holds one chunk's records, their feature and metric values
// in one backing array.
type chunkRecords struct {
	start int64
	recs  []Record
	vals  []int64
}

// add appends r, whose features and metrics go to the backing array.
func (c *chunkRecords) add(r Record, features, metrics []int64) {
	c.vals = append(c.vals, features...)
	c.vals = append(c.vals, metrics...)
	r.Features, r.Metrics = nil, nil
	c.recs = append(c.recs, r)
}

// slices gives each record its features and metrics from the backing
// array, once the chunk is complete (appends may have moved it).
func (c *chunkRecords) slices(nf, nm int) {
	for i := range c.recs {
		at := i * (nf + nm)
		c.recs[i].Features = c.vals[at : at+nf : at+nf]
		c.recs[i].Metrics = c.vals[at+nf : at+nf+nm : at+nf+nm]
	}
}

// recordQueue writes chunks' records to a sink in deal order, holding the
// chunks that finish early. A worker that gets too far ahead waits, so the
// records held stay a few chunks per worker.
type recordQueue struct {
	sink    RecordSink
	mu      sync.Mutex
	cond    *sync.Cond
	next    int64 // first deal of the next chunk to write
	chunk   int64
	end     int64 // one past the run's last deal
	skip    map[int64]bool
	pending map[int64]*chunkRecords
	limit   int
	err     error
	free    []*chunkRecords
}

func newRecordQueue(sink RecordSink, first, end int64, chunk, workers int, done []int64) *recordQueue {
	q := &recordQueue{sink: sink, next: first, chunk: int64(chunk), end: end, skip: map[int64]bool{},
		pending: map[int64]*chunkRecords{}, limit: 4 * workers}
	for _, d := range done {
		q.skip[d] = true
	}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// get returns an empty chunk for the deals from start.
func (q *recordQueue) get(start int64) *chunkRecords {
	q.mu.Lock()
	defer q.mu.Unlock()
	var c *chunkRecords
	if n := len(q.free); n > 0 {
		c, q.free = q.free[n-1], q.free[:n-1]
	} else {
		c = new(chunkRecords)
	}
	c.start, c.recs, c.vals = start, c.recs[:0], c.vals[:0]
	return c
}

// put hands over a finished chunk and writes every chunk now in order.
// It waits while too many chunks ahead of the next to write are held.
func (q *recordQueue) put(c *chunkRecords) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.err == nil && c.start != q.next && len(q.pending) >= q.limit {
		q.cond.Wait()
	}
	q.pending[c.start] = c
	for q.err == nil {
		for q.skip[q.next] { // chunks a resumed run played before
			delete(q.skip, q.next)
			q.next = min(q.next+q.chunk, q.end)
		}
		p, ok := q.pending[q.next]
		if !ok {
			break
		}
		delete(q.pending, q.next)
		q.err = q.sink.Write(p.recs)
		q.next = min(q.next+q.chunk, q.end)
		q.free = append(q.free, p)
	}
	q.cond.Broadcast()
	return q.err
}

// fail wakes every waiting worker when the run stops.
func (q *recordQueue) fail(err error) {
	q.mu.Lock()
	if q.err == nil {
		q.err = err
	}
	q.cond.Broadcast()
	q.mu.Unlock()
}
