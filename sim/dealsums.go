package sim

// dealSums gathers one deal's totals, over its seatings (and rounds), of
// everything a tally counts by play, so that the deal adds them to the
// tally's cluster sums once when it is over. A worker keeps one and reuses
// it for every deal.
type dealSums struct {
	entries  []dealTotals   // per lineup entry
	seats    []dealTotals   // per seat
	starter  dealTotals     // the seat that moved first
	metrics  [][]dealTotals // per entry and metric: n plays, s the metric's sum
	features []featureSums  // per deal feature
	rounds   []featureSums  // per deal feature, over the rounds
}

// featureSums are one deal's totals of one feature: per value seen, and
// the vector (n, Σx, Σx², Σw, Σx·w, Σs, Σx·s) over every play, for the
// cluster-robust trend.
type featureSums struct {
	cells []valueTotals
	vec   [momentTerms]int64
}

// momentTerms is the length of a feature's per-deal vector.
const momentTerms = 7

type valueTotals struct {
	v int64
	t dealTotals
}

func newDealSums(entries, seats, metrics, features int) *dealSums {
	d := &dealSums{
		entries:  make([]dealTotals, entries),
		seats:    make([]dealTotals, seats),
		metrics:  make([][]dealTotals, entries),
		features: make([]featureSums, features),
		rounds:   make([]featureSums, features),
	}
	for e := range d.metrics {
		d.metrics[e] = make([]dealTotals, metrics)
	}
	return d
}

func (d *dealSums) reset() {
	clear(d.entries)
	clear(d.seats)
	d.starter = dealTotals{}
	for _, m := range d.metrics {
		clear(m)
	}
	for i := range d.features {
		d.features[i].reset()
		d.rounds[i].reset()
	}
}

func (f *featureSums) reset() {
	f.cells = f.cells[:0]
	f.vec = [momentTerms]int64{}
}

// add counts one play whose seat had value v of the feature.
func (f *featureSums) add(v int64, o outcome) {
	i := 0
	for i < len(f.cells) && f.cells[i].v != v {
		i++
	}
	if i == len(f.cells) {
		f.cells = append(f.cells, valueTotals{v: v})
	}
	f.cells[i].t.add(o)
	var w int64
	if o.win {
		w = 1
	}
	f.vec[0]++
	f.vec[1] += v
	f.vec[2] += v * v
	f.vec[3] += w
	f.vec[4] += v * w
	f.vec[5] += o.score
	f.vec[6] += v * o.score
}

// flush adds the deal's totals to the cluster sums of t.
func (d *dealSums) flush(t *Tally) {
	if t.MetricClusters == nil && len(d.metrics) > 0 {
		t.MetricClusters = newMetricClusters(len(d.metrics), len(d.metrics[0]))
	}
	for e := range d.entries {
		t.Entries[e].Cluster.add(d.entries[e])
		for m := range d.metrics[e] {
			t.MetricClusters[e][m].add(d.metrics[e][m])
		}
	}
	for s := range d.seats {
		t.Seats[s].Cluster.add(d.seats[s])
	}
	if k := len(d.seats); len(t.SeatCross) == k*k {
		for s, a := range d.seats {
			row := t.SeatCross[s*k : (s+1)*k]
			for u, b := range d.seats {
				row[u] += a.w * b.w
			}
		}
	}
	t.Starter.Cluster.add(d.starter)
	flushFeatures(t.Features, d.features)
	if len(t.RoundFeatures) > 0 {
		flushFeatures(t.RoundFeatures, d.rounds)
	}
}

func flushFeatures(ts []FeatureTally, fs []featureSums) {
	for f := range fs {
		if len(fs[f].cells) == 0 {
			continue
		}
		for _, c := range fs[f].cells {
			ts[f].cell(c.v).Cluster.add(c.t)
		}
		ts[f].Deals++
		k, vec := 0, &fs[f].vec
		for i := range momentTerms {
			for j := i; j < momentTerms; j++ {
				ts[f].Moments[k] += vec[i] * vec[j]
				k++
			}
		}
	}
}
