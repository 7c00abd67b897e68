package nora

import (
	"errors"
	"math"
)

// Spread is the sampling error of a policy's value: how far the value
// computed from the shuffles of PassDists may be from the value the same
// decisions have over every shuffle, for the sampling alone.
//
// It is read from the play of the policy: a forward pass over the game
// counts how often play reaches each decision state (rounds left,
// composition, ip, class of top card, insured), and every composition c
// whose shuffles are sampled adds, for each class of top card t, the
// variance of the mean of G over its shuffles of that class, where G(x)
// sums, over the states the policy shuffles c in, how often the state is
// reached times the value the policy makes of shuffle x there (the best of
// its plans, or of a dead shuffle its best rescue). This is the first-order
// (delta-method) variance of a policy's value valued on independent
// shuffles (Solution.Evaluate), the shuffles of each composition and class
// being independent draws; enumerated compositions add nothing. A
// solution's own value carries besides the upward bias of an optimum over
// the very shuffles it is valued on, which Spread does not count.
type Spread struct {
	// Var is the variance of the value, in points² a game.
	Var float64
	// ByComp is each composition's share of Var, by index into
	// Dists.Comps.List.
	ByComp []float64
	// Visits is how often a game shuffles each composition, by index (a
	// shuffle begun again after INSURE or REVIVE counts again).
	Visits []float64
	// Score is the expected game score of the decisions played forward
	// over the same shuffles: the solution's own value, found again.
	Score float64
}

// SE returns the standard error of the value: the square root of Var.
func (sp *Spread) SE() float64 { return math.Sqrt(sp.Var) }

// Spread returns the sampling error of s's value from a game's start with
// startIP ip (see Spread). It is computed for the policies that plan whole
// passes and for optimal-v2, whose decisions on a seen shuffle are those of
// its plans; optimal-v1 and the clairvoyant bound decide otherwise, and
// give an error.
func (s *Solution) Spread(startIP int) (*Spread, error) {
	if s.Variant == VariantV1 || s.Variant == VariantClairvoyant {
		return nil, errors.New("the sampling error is computed for the optimal and optimal-v2 policies only")
	}
	return s.spread(startIP, minFlow), nil
}

// spread is Spread following only the states reached at least min times
// a game.
func (s *Solution) spread(startIP int, min float64) *Spread {
	f := newFlow(s)
	f.min = min
	f.run(s.capIP(max(startIP, 0)))
	return f.spread()
}

// flow is the forward pass of Solution.Spread: the expected number of
// visits of each decision state under the policy, round by round, and the
// sums G of every sampled shuffle.
type flow struct {
	s, ch *Solution // the values, and the solution whose values decide
	H     int       // ip from 0 to the cap
	// In the round under way, by at(c, h): stop is the mass at the
	// decision to stop or shuffle again, before the mass at the decision
	// to insure (before the shuffle).
	stop, before []float64
	start, next  []float64 // by ip: the mass at the start of this round and the next
	// g[c] holds G of composition c's live shuffles, then its dead ones.
	g      [][]float64
	visits []float64
	score  float64     // the expected game score of the decisions, by the shuffles' values
	min    float64     // the mass below which a state is not followed
	sets   []*flowSets // by composition, made at its first visit
}

// flowSets lists a composition's shuffles by the class of top card they
// stand for, each with its share of the class and its factor in G.
type flowSets struct {
	live, dead [numTops][]flowShuffle
	anyDead    bool
}

// A flowShuffle is one shuffle of a class: its index in its set, the share
// of the class's mass it takes, and the factor of its value in G (1, or
// for a class none was drawn of, its own class's share of all).
type flowShuffle struct {
	i           int32
	share, draw float64
}

// minFlow is the expected number of visits below which Spread follows a
// state no further: on the full deck the states left out hold 0.001
// points of the score, and nothing of the error to the third figure.
// allocateFlow is the coarser bound of the allocation's, which needs only
// each composition's share of the error: it leaves out 1.3 points of the
// score, and the error as a whole is the same to 0.001 point.
const (
	minFlow      = 1e-9
	allocateFlow = 1e-6
)

func newFlow(s *Solution) *flow {
	n := len(s.Dists.Comps.List)
	H := s.Cap + 1
	f := &flow{s: s, ch: s.chooser(), H: H, stop: make([]float64, n*H), before: make([]float64, n*H),
		start: make([]float64, H), next: make([]float64, H), g: make([][]float64, n), visits: make([]float64, n),
		sets: make([]*flowSets, n)}
	for c := 1; c < n; c++ {
		d := &s.Dists.Dists[c]
		if d.Samples > 0 {
			f.g[c] = make([]float64, d.live.Len()+d.dead.Len())
		}
	}
	return f
}

// setsOf returns the shuffles of composition c by class.
func (f *flow) setsOf(c int) *flowSets {
	if fs := f.sets[c]; fs != nil {
		return fs
	}
	d := &f.s.Dists.Dists[c]
	fs := &flowSets{anyDead: d.dead.Len() > 0}
	byClass(&fs.live, &d.live)
	byClass(&fs.dead, &d.dead)
	f.sets[c] = fs
	return fs
}

// byClass fills out with the shuffles of set by the class they stand for:
// their own, and every class none was drawn of.
func byClass(out *[numTops][]flowShuffle, set *sampleSet) {
	var w [numTops]float64
	for i := range set.Len() {
		w[set.Top[i]] += float64(set.Weight[i])
	}
	all := w[TopFour] + w[TopTwo] + w[TopJoker]
	if all == 0 {
		return
	}
	for t := TopFour; t < numTops; t++ {
		for i := range set.Len() {
			own := set.Top[i]
			switch {
			case w[t] > 0 && own == t:
				out[t] = append(out[t], flowShuffle{int32(i), float64(set.Weight[i]) / w[t], 1})
			case w[t] == 0:
				out[t] = append(out[t], flowShuffle{int32(i), float64(set.Weight[i]) / all, w[own] / all})
			}
		}
	}
}

// run plays the rounds forward from a game's start with h0 ip.
func (f *flow) run(h0 int) {
	s := f.s
	f.start[h0] = 1
	for k := s.Rules.Rounds; k >= 1; k-- {
		clear(f.stop)
		clear(f.before)
		clear(f.next)
		for h, m := range f.start {
			f.before[s.at(s.full, h)] += m
		}
		for c := s.full; c >= 1; c-- {
			for h := f.H - 1; h >= 0; h-- {
				f.state(k, c, h)
			}
		}
		f.start, f.next = f.next, f.start
	}
}

// state moves on the mass at composition c with ip h, k rounds to play:
// from the decision to stop or shuffle again, then from the shuffle. The
// states it leads to hold fewer cards, or as many and less ip, except when
// a free INSURE or REVIVE leads back to the state itself: the mass then
// goes round that loop until it leaves, a geometric series.
func (f *flow) state(k, c, h int) {
	s, ch := f.s, f.ch
	i := s.at(c, h)
	removed := float64(s.size - s.Dists.Dists[c].Comp.Cards())
	stops := removed+ch.w[k-1][h] >= ch.b[k][i]
	if m := f.stop[i]; m > 0 {
		if stops {
			f.next[h] += m
			f.score += m * removed
		} else {
			f.before[i] += m
		}
		f.stop[i] = 0
	}
	m := f.before[i]
	if m < f.min {
		return
	}

	if back := f.shuffle(k, c, h, 0, false); back > 0 && !stops {
		m /= 1 - back
	}
	f.shuffle(k, c, h, m, true)
	f.visits[c] += m
	// What came back was counted by the series, or ends the round.
	if stops {
		f.next[h] += f.stop[i]
		f.score += f.stop[i] * removed
	}
	f.stop[i] = 0
}

// shuffle sends mass m from the shuffle of composition c with ip h (k
// rounds to play) where the policy's decisions lead, adding to G of the
// composition's shuffles, and returns the share of the mass that comes
// back to the decision to stop or shuffle again at (c, h). With apply
// unset it moves nothing, and only returns that share.
func (f *flow) shuffle(k, c, h int, m float64, apply bool) float64 {
	s := f.s
	r := &s.Rules
	d := &s.Dists.Dists[c]
	fs := f.setsOf(c)
	g := f.g[c]
	p, pdead := topChances(d.Comp)
	dv := s.deadIP(c)
	nLive := d.live.Len()
	bits := f.ch.ins[k][s.at(c, h)]
	back := 0.0
	for t := TopFour; t < numTops; t++ {
		if p[t] == 0 {
			continue
		}
		hh, insured := h, false
		if h >= r.Insure && bits&(1<<t) != 0 {
			hh, insured = h-r.Insure, true
		}
		if mt := m * p[t] * (1 - pdead[t]); apply && mt > 0 {
			for _, x := range fs.live[t] {
				next, ip, _, own := f.best(k, hh, d.live.choices(int(x.i)))
				f.land(k, next, ip, mt*x.share)
				if g != nil {
					g[x.i] += mt * own * x.draw
				}
			}
		}
		if pdead[t] == 0 {
			continue
		}
		md := m * p[t] * pdead[t]
		base := s.deadBase(k, c, hh, dv, insured)
		if !fs.anyDead {
			back += p[t] * pdead[t] * f.deadLand(k, c, h, hh, dv, insured, md, apply)
			continue
		}
		for _, x := range fs.dead[t] {
			next, ip, val, own := f.best(k, hh, d.dead.choices(int(x.i)))
			v := base
			if next >= 0 && val > base.c {
				v = pv{val, own}
				if apply {
					f.land(k, next, ip, md*x.share)
				}
			} else {
				back += p[t] * pdead[t] * x.share * f.deadLand(k, c, h, hh, dv, insured, md*x.share, apply)
			}
			if apply && g != nil {
				g[nLive+int(x.i)] += md * v.o * x.draw
			}
		}
	}
	return back
}

// best returns, among the choices of a shuffle, the one the policy plays
// with ip h, k rounds to play (the first of the best by the deciding
// solution's values, as Solution.bestChoice): the composition it leaves,
// the ip then held, and its value as the deciding solution and as s see
// it; next is -1 if no choice is affordable.
func (f *flow) best(k, h int, chs []choice) (next, ip int, val, own float64) {
	next, val = -1, math.Inf(-1)
	a, H := f.ch.a[k], f.H
	for _, x := range chs {
		if h < int(x.Need) {
			continue
		}
		j := min(h+int(x.Net), H-1)
		if v := a[int(x.Next)*H+j]; v > val {
			next, ip, val = int(x.Next), j, v
		}
	}
	if next < 0 {
		return -1, 0, val, val
	}
	return next, ip, val, f.s.a[k][next*H+ip]
}

// land adds mass m at the end of a pass that leaves composition c with ip
// h: the next round's start if the deck is cleared, else the decision to
// stop or shuffle again.
func (f *flow) land(k, c, h int, m float64) {
	if c == 0 {
		f.next[h] += m
		f.score += m * float64(f.s.size)
		return
	}
	f.stop[f.s.at(c, h)] += m
}

// deadLand sends mass m of a shuffle of composition c begun with ip h0,
// dead and left dead with ip h after any insurance, where the policy
// leads: insured, to the decision to stop or shuffle again; uninsured, to
// it after REVIVE if the policy revives, else to the next round. It
// returns 1 if that decision is the one at (c, h0), the state the shuffle
// came from (a free INSURE or REVIVE), else 0.
func (f *flow) deadLand(k, c, h0, h, dv int, insured bool, m float64, apply bool) float64 {
	s, ch := f.s, f.ch
	r := &s.Rules
	to := -1
	switch {
	case insured:
		to = h
	case h >= r.Revive && ch.a[k][s.at(c, h-r.Revive)] > ch.w[k-1][s.capIP(h+dv)]:
		to = h - r.Revive
	}
	if to < 0 {
		if apply {
			f.next[s.capIP(h+dv)] += m
		}
		return 0
	}
	if apply {
		f.stop[s.at(c, to)] += m
	}
	return float64(b2i(to == h0))
}

// spread turns the sums G into the variance of the value.
func (f *flow) spread() *Spread {
	s := f.s
	sp := &Spread{ByComp: make([]float64, len(f.g)), Visits: f.visits, Score: f.score}
	for c, g := range f.g {
		if g == nil {
			continue
		}
		d := &s.Dists.Dists[c]
		v := classVariance(g[:d.live.Len()], &d.live) + classVariance(g[d.live.Len():], &d.dead)
		sp.ByComp[c] = v
		sp.Var += v
	}
	return sp
}

// classVariance returns the variance of the mean of g over the shuffles of
// set, class by class of top card: the sum over classes of the sample
// variance of g over the class's draws, divided by their number.
func classVariance(g []float64, set *sampleSet) float64 {
	total := 0.0
	for t := TopFour; t < numTops; t++ {
		n, sum := 0.0, 0.0
		for i, w := range set.Weight {
			if set.Top[i] == t {
				n += float64(w)
				sum += float64(w) * g[i]
			}
		}
		if n < 2 {
			continue
		}
		mean, ss := sum/n, 0.0
		for i, w := range set.Weight {
			if set.Top[i] == t {
				ss += float64(w) * (g[i] - mean) * (g[i] - mean)
			}
		}
		total += ss / (n - 1) / n
	}
	return total
}
