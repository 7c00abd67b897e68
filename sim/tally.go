package sim

// Tally holds the integer results of a set of deals. Tallies of disjoint sets
// of deals merge exactly, in any order, into the tally of their union, so a
// run's result does not depend on its workers, chunks or shards.
type Tally struct {
	Games   int64      `json:"games"` // deals played
	Plays   int64      `json:"plays"` // games played: deals × seatings
	Entries []Outcomes `json:"entries"`
	Seats   []Outcomes `json:"seats"`
	// Starter counts plays by the result of the seat that moved first, for
	// games that report it (games.Starter).
	Starter Outcomes `json:"starter"`
	// SeatCross[s*k+t] (k seats) sums over deals the product of seat s's
	// wins and seat t's in the same deal, each counted over every seating
	// of the deal: the sums of stat.SeatSums, behind the test that every
	// seat wins alike and the intervals of the seats' differences, which
	// are clustered by deal. Its diagonal is each seat's Cluster.W2. Kept
	// in games of several seats; nil in a solitaire.
	SeatCross []int64 `json:"seat_cross,omitempty"`
	// Pairs[i*E+j] (i < j, E entries) counts, per deal, entry i's score
	// summed over its seatings minus entry j's; PairWins the same for wins.
	// PairWinsLow and PairWinsHigh count the win difference with games a
	// solver left undecided counted against i and for j, and for i and
	// against j: the two ends of what the undecided games allow.
	Pairs        []Histogram `json:"pairs"`
	PairWins     []Histogram `json:"pair_wins"`
	PairWinsLow  []Histogram `json:"pair_wins_low"`
	PairWinsHigh []Histogram `json:"pair_wins_high"`
	// Metrics[e][k] is metric k over the plays entry e took part in.
	Metrics [][]Histogram `json:"metrics"`
	// MetricClusters[e][k] holds the cluster sums of Metrics[e][k] (plays
	// n and the metric's sum s per deal), in games of several players.
	MetricClusters [][]Cluster    `json:"metric_clusters,omitempty"`
	Features       []FeatureTally `json:"features"`
	// RoundFeatures counts, in games played in rounds with a fresh deal
	// each (games.RoundFeaturedState), each seat's result in every round
	// by the value of each deal feature in that round's deal.
	RoundFeatures []FeatureTally `json:"round_features,omitempty"`
	// Joint counts outcomes by a seat's whole feature vector (the values
	// joined by commas), for models of several features at once.
	Joint       map[string]*JointCell `json:"joint,omitempty"`
	Fingerprint uint64                `json:"fingerprint"` // of the deals, for checking that runs played the same cards
}

// JointCell counts the seats dealt one combination of feature values.
type JointCell struct {
	Games    int64 `json:"games"`
	Wins     int64 `json:"wins"`
	ScoreSum int64 `json:"score_sum"`
}

// Outcomes counts results and scores.
type Outcomes struct {
	Games     int64     `json:"games"`
	Wins      int64     `json:"wins"`
	Draws     int64     `json:"draws"`
	Undecided int64     `json:"undecided"` // games a solver could not decide, not won
	Score     Histogram `json:"score"`
	// Solved counts the games played by a solver (strategies.Prover), of
	// which Undecided are those it could not decide.
	Solved int64 `json:"solved,omitzero"`
	// Best counts, for the games of a solver that bounds its scores
	// (strategies.Bounder), the most each deal allows as far as it proved:
	// its score where Exact, an upper bound otherwise.
	Best  Histogram `json:"best,omitzero"`
	Exact int64     `json:"exact,omitzero"` // games of Best whose score played is proven best
	// Cluster holds the sums behind intervals that treat each deal, not
	// each play, as independent, where a deal counts several plays.
	Cluster Cluster `json:"cluster,omitzero"`
}

// merge adds p to o, reporting a count that overflows.
func (o *Outcomes) merge(p *Outcomes) error {
	var c checked
	o.Games = c.add(o.Games, p.Games)
	o.Wins = c.add(o.Wins, p.Wins)
	o.Draws = c.add(o.Draws, p.Draws)
	o.Undecided = c.add(o.Undecided, p.Undecided)
	o.Solved = c.add(o.Solved, p.Solved)
	o.Exact = c.add(o.Exact, p.Exact)
	o.Cluster.merge(&p.Cluster, &c)
	if err := o.Score.merge(&p.Score); err != nil {
		return err
	}
	if err := o.Best.merge(&p.Best); err != nil {
		return err
	}
	return c.err()
}

// FeatureTally counts outcomes by the value of one deal feature of a seat.
type FeatureTally struct {
	Min   int64      `json:"min"` // the value counted by Cells[0]
	Cells []Outcomes `json:"cells"`
	// Moments sums over deals the products of each deal's totals (plays,
	// Σx, Σx², wins, Σx·win, score, Σx·score, for feature value x), the
	// upper triangle row by row: the cluster-robust trend's inputs.
	Moments [momentTerms * (momentTerms + 1) / 2]int64 `json:"moments,omitzero"`
	Deals   int64                                      `json:"deals,omitzero"` // deals summed in Moments
}

// cell returns the outcomes for value v, growing the range as needed.
func (f *FeatureTally) cell(v int64) *Outcomes {
	if len(f.Cells) == 0 {
		f.Min = v
		f.Cells = make([]Outcomes, 1, 16)
	}
	if v < f.Min {
		grow := int(f.Min - v)
		c := make([]Outcomes, grow+len(f.Cells))
		copy(c[grow:], f.Cells)
		f.Cells, f.Min = c, v
	}
	for int(v-f.Min) >= len(f.Cells) {
		f.Cells = append(f.Cells, Outcomes{})
	}
	return &f.Cells[v-f.Min]
}

// NewTally returns an empty tally for the given numbers of seats, lineup
// entries, metrics and deal features.
func NewTally(seats, entries, metrics, features int) *Tally {
	t := &Tally{
		Entries:      make([]Outcomes, entries),
		Seats:        make([]Outcomes, seats),
		Pairs:        make([]Histogram, entries*entries),
		PairWins:     make([]Histogram, entries*entries),
		PairWinsLow:  make([]Histogram, entries*entries),
		PairWinsHigh: make([]Histogram, entries*entries),
		Metrics:      make([][]Histogram, entries),
		Features:     make([]FeatureTally, features),
	}
	if seats > 1 {
		t.SeatCross = make([]int64, seats*seats)
	}
	for e := range t.Metrics {
		t.Metrics[e] = make([]Histogram, metrics)
	}
	return t
}

// Merge adds o to t. Both must be for the same game and lineup. It panics
// where add reports an error: tallies of more deals than it can count.
func (t *Tally) Merge(o *Tally) {
	if err := t.add(o); err != nil {
		panic("sim: merging tallies: " + err.Error())
	}
}

// add adds o to t, reporting a count or a sum that overflows, or a
// histogram that would span more values than any game's. On an error t is
// left part merged.
func (t *Tally) add(o *Tally) error {
	if !sameShape(t, o) {
		panic("sim: merging tallies of different shapes")
	}
	var c checked
	t.Games = c.add(t.Games, o.Games)
	t.Plays = c.add(t.Plays, o.Plays)
	t.Fingerprint ^= o.Fingerprint
	outcomes := func(ts, os []Outcomes) error {
		for i := range os {
			if err := ts[i].merge(&os[i]); err != nil {
				return err
			}
		}
		return nil
	}
	hists := func(ts, os []Histogram) error {
		for i := range os {
			if err := ts[i].merge(&os[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if err := outcomes(t.Entries, o.Entries); err != nil {
		return err
	}
	if err := outcomes(t.Seats, o.Seats); err != nil {
		return err
	}
	if err := t.Starter.merge(&o.Starter); err != nil {
		return err
	}
	for i, v := range o.SeatCross {
		t.SeatCross[i] = c.add(t.SeatCross[i], v)
	}
	for _, pair := range [][2][]Histogram{{t.Pairs, o.Pairs}, {t.PairWins, o.PairWins}, {t.PairWinsLow, o.PairWinsLow}, {t.PairWinsHigh, o.PairWinsHigh}} {
		if err := hists(pair[0], pair[1]); err != nil {
			return err
		}
	}
	for e := range o.Metrics {
		if err := hists(t.Metrics[e], o.Metrics[e]); err != nil {
			return err
		}
	}
	for k, oc := range o.Joint {
		if t.Joint == nil {
			t.Joint = map[string]*JointCell{}
		}
		d := t.Joint[k]
		if d == nil {
			d = &JointCell{}
			t.Joint[k] = d
		}
		d.Games = c.add(d.Games, oc.Games)
		d.Wins = c.add(d.Wins, oc.Wins)
		d.ScoreSum = c.add(d.ScoreSum, oc.ScoreSum)
	}
	if o.MetricClusters != nil && t.MetricClusters == nil {
		t.MetricClusters = newMetricClusters(len(o.MetricClusters), len(o.MetricClusters[0]))
	}
	for e := range o.MetricClusters {
		for k := range o.MetricClusters[e] {
			t.MetricClusters[e][k].merge(&o.MetricClusters[e][k], &c)
		}
	}
	if err := mergeFeatures(t.Features, o.Features, &c); err != nil {
		return err
	}
	if len(o.RoundFeatures) > 0 && len(t.RoundFeatures) == 0 {
		t.RoundFeatures = make([]FeatureTally, len(o.RoundFeatures))
	}
	if err := mergeFeatures(t.RoundFeatures, o.RoundFeatures, &c); err != nil {
		return err
	}
	return c.err()
}

func newMetricClusters(entries, metrics int) [][]Cluster {
	c := make([][]Cluster, entries)
	for e := range c {
		c[e] = make([]Cluster, metrics)
	}
	return c
}

// mergeFeatures adds the cells of o to t, feature by feature.
func mergeFeatures(t, o []FeatureTally, c *checked) error {
	for f := range o {
		for k, m := range o[f].Moments {
			t[f].Moments[k] = c.add(t[f].Moments[k], m)
		}
		t[f].Deals = c.add(t[f].Deals, o[f].Deals)
		for i := range o[f].Cells {
			if oc := &o[f].Cells[i]; oc.Games > 0 {
				if err := t[f].cell(o[f].Min + int64(i)).merge(oc); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
