package nora

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/cardsim/cardsim/games/nora"
)

// DefaultIPCap is the ip held beyond which the policy treats more ip as no
// more useful. Solution.CapGain measures that it does not bind.
const DefaultIPCap = 100

// Variant names the class of policies a Solution optimises over.
type Variant int

const (
	// VariantOptimal plays every decision the rules offer by the values of the
	// backward induction: INSURE knowing the top card; after looking, the
	// whole pass as the whole-pass search plans it (any number of switches
	// and removal steps, see passSearch); REVIVE, stop or shuffle again.
	VariantOptimal Variant = iota
	// VariantClairvoyant plays as VariantOptimal but sees the whole shuffle before
	// deciding to insure it: its value bounds what better insurance could
	// add to VariantOptimal's class of play.
	VariantClairvoyant
	// VariantV1 is the first optimal policy, kept to compare against: no switch on
	// a live pass; on a dead one only RescueSwitch's swap, bought or not by
	// the mean value of the rescued outcomes; INSURE blind to the top card.
	VariantV1
	// VariantV2 is the second optimal policy, kept to compare against: as
	// VariantOptimal but at most one SWITCH per pass, one that makes two
	// equal ranks neighbours, made before any pair falls, between removal
	// steps, or once the cascade has come to rest (see plan).
	VariantV2
)

var variantNames = [...]string{"optimal", "clairvoyant", "v1", "v2"}

// String returns "optimal", "clairvoyant", "v1" or "v2".
func (v Variant) String() string { return variantNames[v] }

// Planner returns the play within a pass the variant is solved over.
func (v Variant) Planner() Planner {
	if v == VariantV1 || v == VariantV2 {
		return PlanOneSwitch
	}
	return PlanWholePass
}

// Solution is a policy of Nora's pairs solitaire over the decision state
// (rounds left, ip held up to a cap, deck composition), found by backward
// induction over the shuffles of PassDists.
//
// The model and its approximations:
//   - the state is exact as far as it goes: by symmetry only how many ranks
//     hold four and two cards, and whether the jokers are in, matter; the
//     score so far adds to every option alike;
//   - a pass's shuffle is drawn from its composition's shuffles, all of
//     them for small decks and a sample for large ones; each shuffle keeps
//     the class of its top card and every plan it offers (see plan), so
//     every decision made after looking is made on the order itself, and
//     INSURE on the top card, whose classes weigh by their exact chances;
//     the chance of a dead shuffle is always exact;
//   - what remains restricted is the play within a pass: at most one
//     SWITCH, and only one that makes two equal ranks neighbours, made at
//     the points plan lists; otherwise pairs fall in the max-ip order;
//   - ip beyond Cap count as Cap (CapGain measures that this does not bind).
//
// The values are those of the policy under the shuffles it was chosen on,
// so they carry the usual upward bias of an optimum over estimates;
// Evaluate re-values the policy on independent shuffles. Within the
// restriction the values are exact when every composition is enumerated.
type Solution struct {
	Rules   nora.Rules
	Dists   *PassDists
	Cap     int
	Variant Variant

	full, size int
	// a[k][c*(cap+1)+ip] is the value at the stop-or-shuffle decision with k
	// rounds to play (this one included), composition c and ip (for the
	// empty deck c = 0, the whole deck scored and the next round); b is the
	// value before the shuffle (INSURE pending); w[k][ip] the value at the
	// start of a round, w[0] = 0.
	a, b [][]float64
	w    [][]float64
	// ins[k][c*(cap+1)+ip] has bit t set to insure a shuffle whose top card
	// is of class t (V1: bit 0, whatever the top card).
	ins [][]uint8
	// resc (V1 only) has bit 0 set to make the rescue switch on a dead,
	// uninsured shuffle, bit 1 on an insured one.
	resc [][]uint8
	// pol, if set, makes every decision: the values are then those of
	// pol's policy under these shuffles (Evaluate).
	pol *Solution
}

// Solve computes the optimal policy for r over dists with ip capped at
// ipCap, or with clairvoyant set the clairvoyant bound's (SolveContext
// without a context).
func Solve(r nora.Rules, dists *PassDists, ipCap int, clairvoyant bool) (*Solution, error) {
	v := VariantOptimal
	if clairvoyant {
		v = VariantClairvoyant
	}
	return solve(context.Background(), r, dists, ipCap, v, nil)
}

// SolveContext computes the policy of the variant for r over dists with ip
// capped at ipCap. It stops early with ctx's error when ctx is done.
func SolveContext(ctx context.Context, r nora.Rules, dists *PassDists, ipCap int, v Variant) (*Solution, error) {
	return solve(ctx, r, dists, ipCap, v, nil)
}

// Evaluate returns the values of s's policy (every decision as s takes it)
// under other shuffles, such as ones drawn independently (EvaluateContext
// without a context).
func (s *Solution) Evaluate(dists *PassDists) (*Solution, error) {
	return solve(context.Background(), s.Rules, dists, s.Cap, s.Variant, s)
}

// EvaluateContext returns the values of s's policy (every decision as s
// takes it) under other shuffles, such as ones drawn independently. Solve's
// own values are biased upward by the estimation (the policy is best for
// the very shuffles it is valued on); on fresh shuffles the bias goes.
func (s *Solution) EvaluateContext(ctx context.Context, dists *PassDists) (*Solution, error) {
	return solve(ctx, s.Rules, dists, s.Cap, s.Variant, s)
}

func solve(ctx context.Context, r nora.Rules, dists *PassDists, ipCap int, v Variant, pol *Solution) (*Solution, error) {
	if err := checkSolve(r, ipCap); err != nil {
		return nil, err
	}
	if dists == nil || len(dists.Dists) != len(newComps(&r).List) {
		return nil, errors.New("pass distributions do not fit the rules' deck")
	}
	if v < VariantOptimal || v > VariantV2 {
		return nil, fmt.Errorf("variant %d: unknown", v)
	}
	if dists.Planner != v.Planner() {
		return nil, fmt.Errorf("the %s policy is solved over %s passes, not the %s distributions given", v, v.Planner(), dists.Planner)
	}
	s := &Solution{Rules: r, Dists: dists, Cap: ipCap, Variant: v,
		full: len(dists.Comps.List) - 1, size: r.DeckSize(), pol: pol}
	n := len(dists.Comps.List) * (ipCap + 1)
	s.w = make([][]float64, r.Rounds+1)
	s.w[0] = make([]float64, ipCap+1)
	s.a = make([][]float64, r.Rounds+1)
	s.b = make([][]float64, r.Rounds+1)
	s.ins = make([][]uint8, r.Rounds+1)
	s.resc = make([][]uint8, r.Rounds+1)
	sc := newScratch(ipCap + 1)
	for k := 1; k <= r.Rounds; k++ {
		s.a[k], s.b[k], s.ins[k], s.resc[k] = make([]float64, n), make([]float64, n), make([]uint8, n), make([]uint8, n)
		s.w[k] = make([]float64, ipCap+1)
		// The empty deck's row: the round scores the whole deck, and the
		// next begins.
		for ip := 0; ip <= ipCap; ip++ {
			s.a[k][s.at(0, ip)] = float64(s.size) + s.w[k-1][ip]
		}
		for c := 1; c <= s.full; c++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			s.solveComp(k, c, sc)
		}
		for ip := 0; ip <= ipCap; ip++ {
			s.w[k][ip] = s.b[k][s.at(s.full, ip)]
		}
	}
	return s, nil
}

// checkSolve reports an error if no policy can be solved for r with ip
// capped at ipCap.
func checkSolve(r nora.Rules, ipCap int) error {
	if ipCap < 1 {
		return fmt.Errorf("ip cap %d: want at least 1", ipCap)
	}
	if r.Rounds < 1 {
		return fmt.Errorf("rounds %d: want at least 1", r.Rounds)
	}
	return nil
}

func (s *Solution) at(c, ip int) int { return c*(s.Cap+1) + ip }

func (s *Solution) capIP(ip int) int { return min(ip, s.Cap) }

// chooser returns the solution whose values make the decisions: pol when
// evaluating it, else s.
func (s *Solution) chooser() *Solution {
	if s.pol != nil {
		return s.pol
	}
	return s
}

// row returns the values, by ip, of ending a pass with composition c left
// with k rounds to play: the whole deck and the rounds after if c is empty.
func (s *Solution) row(k, c int) []float64 {
	return s.a[k][s.at(c, 0) : s.at(c, 0)+s.Cap+1]
}

// reach returns the value of ending a pass with composition c left and ip
// held, k rounds to play.
func (s *Solution) reach(k, c, ip int) float64 {
	return s.a[k][s.at(c, max(s.capIP(ip), 0))]
}

// price returns the ip a choice needs in hand, and the ip it leaves net of
// its switches.
func (s *Solution) price(ch choice) (need, net int) { return int(ch.Need), int(ch.Net) }

// scratch holds one solve's working rows.
type scratch struct {
	h            int
	live         [numTops][]float64 // by class of top card: summed values of the live shuffles, by ip
	liveW        [numTops]float64
	best, own    []float64
	deadC, deadO [][]float64 // by dead shuffle: the best rescue's value by ip, chooser's and own
	rescC, rescO []float64   // V1: the mean rescued value by ip
}

func newScratch(h int) *scratch {
	sc := &scratch{h: h, best: make([]float64, h), own: make([]float64, h), rescC: make([]float64, h), rescO: make([]float64, h)}
	for t := range sc.live {
		sc.live[t] = make([]float64, h)
	}
	return sc
}

// deadRows returns n rows of the dead shuffles' rescue values.
func (sc *scratch) deadRows(n int) {
	for len(sc.deadC) < n {
		sc.deadC = append(sc.deadC, make([]float64, sc.h))
		sc.deadO = append(sc.deadO, make([]float64, sc.h))
	}
}

// bestChoice fills best (chooser's values) and own (own values of the
// chooser's pick, the first of the best) with the best of chs by ip; ip
// below every choice's need get -Inf. When s decides for itself own is
// best, and may be the same slice.
func (s *Solution) bestChoice(k int, chs []choice, best, own []float64) {
	ch := s.chooser()
	H := s.Cap + 1
	for h := range best {
		best[h] = math.Inf(-1)
	}
	if ch == s {
		for _, c := range chs {
			need, net := int(c.Need), int(c.Net)
			row := s.row(k, int(c.Next))
			// Up to mid, h+net is below the cap; from it on, at the cap.
			mid := min(max(H-1-net, need), H)
			if need < mid {
				dst := best[need:mid]
				for i, v := range row[need+net : mid+net] {
					if v > dst[i] {
						dst[i] = v
					}
				}
			}
			if v := row[H-1]; mid < H {
				for h := mid; h < H; h++ {
					if v > best[h] {
						best[h] = v
					}
				}
			}
		}
		if &own[0] != &best[0] {
			copy(own, best)
		}
		return
	}
	for h := range own {
		own[h] = math.Inf(-1)
	}
	for _, c := range chs {
		need, net := int(c.Need), int(c.Net)
		rowC := ch.row(k, int(c.Next))
		rowO := s.row(k, int(c.Next))
		for h := need; h < H; h++ {
			j := min(h+net, s.Cap)
			if v := rowC[j]; v > best[h] {
				best[h], own[h] = v, rowO[j]
			}
		}
	}
}

// solveComp fills the values of composition c with k rounds to play.
func (s *Solution) solveComp(k, c int, sc *scratch) {
	r := &s.Rules
	d := &s.Dists.Dists[c]
	ch := s.chooser()
	H := s.Cap + 1
	p, pdead := topChances(d.Comp)

	// Live shuffles: the best plan's value, by class of top card and ip.
	for t := range sc.live {
		clear(sc.live[t])
		sc.liveW[t] = 0
	}
	for i := range d.live.Len() {
		chs := d.live.choices(i)
		if s.Variant == VariantV1 {
			chs = chs[:1]
		}
		s.bestChoice(k, chs, sc.best, sc.own)
		t, wt := d.live.Top[i], float64(d.live.Weight[i])
		for h := range H {
			sc.live[t][h] += wt * sc.own[h]
		}
		sc.liveW[t] += wt
	}
	var pooled [numTops]bool // classes with no live shuffle drawn use them all
	for t := range sc.live {
		if sc.liveW[t] > 0 {
			for h := range H {
				sc.live[t][h] /= sc.liveW[t]
			}
		} else {
			pooled[t] = true
		}
	}
	allW := sc.liveW[TopFour] + sc.liveW[TopTwo] + sc.liveW[TopJoker]
	for t := range sc.live {
		if pooled[t] && allW > 0 {
			for h := range H {
				sc.live[t][h] = (sc.live[TopFour][h]*sc.liveW[TopFour] + sc.live[TopTwo][h]*sc.liveW[TopTwo] + sc.live[TopJoker][h]*sc.liveW[TopJoker]) / allW
			}
		}
	}

	// Dead shuffles: each one's best rescue, by ip.
	nd := d.dead.Len()
	sc.deadRows(nd)
	var deadW [numTops]float64
	rescW, allDeadW := 0.0, 0.0
	clear(sc.rescC)
	clear(sc.rescO)
	for i := range nd {
		chs := d.dead.choices(i)
		wt := float64(d.dead.Weight[i])
		deadW[d.dead.Top[i]] += wt
		allDeadW += wt
		if s.Variant == VariantV1 {
			// The fixed rescue, valued on average over the rescuable shuffles.
			for _, x := range chs {
				if x.Flags&choiceRescue != 0 {
					s.bestChoice(k, []choice{x}, sc.best, sc.own)
					for h := range H {
						sc.rescC[h] += wt * sc.best[h]
						sc.rescO[h] += wt * sc.own[h]
					}
					rescW += wt
				}
			}
			continue
		}
		s.bestChoice(k, chs, sc.deadC[i], sc.deadO[i])
	}
	if rescW > 0 {
		for h := range H {
			sc.rescC[h] /= rescW
			sc.rescO[h] /= rescW
		}
	}
	pResc := 0.0
	if allDeadW > 0 {
		pResc = rescW / allDeadW
	}

	removed := float64(s.size - d.Comp.Cards())
	dv := r.DeadShort
	if c == s.full {
		dv = r.DeadFull
	}
	selfLoop := r.Insure == 0 || r.Revive == 0
	for h := range H {
		i := s.at(c, h)
		stopO := removed + s.w[k-1][h]
		stopC := removed + ch.w[k-1][h]
		s.a[k][i] = stopO
		for iter := 0; ; iter++ {
			before := s.beforeShuffle(k, c, h, dv, p, pdead, &deadW, pResc, sc)
			s.b[k][i] = before
			v := before
			if stopC >= ch.b[k][i] {
				v = stopO
			}
			done := !selfLoop || math.Abs(v-s.a[k][i]) < 1e-10 || iter > 100000
			s.a[k][i] = v
			if done {
				break
			}
		}
	}
}

// pv is a value as the chooser sees it (c) and as it is (o).
type pv struct{ c, o float64 }

func better(x, y pv) pv {
	if y.c > x.c {
		return y
	}
	return x
}

var noValue = pv{math.Inf(-1), math.Inf(-1)}

// deadBase returns the value of a dead shuffle left dead (no switch) with
// ip h after any insurance: insured, the round goes on; uninsured, REVIVE
// or accept the end of the round.
func (s *Solution) deadBase(k, c, h, dv int, insured bool) pv {
	ch := s.chooser()
	if insured {
		i := s.at(c, h)
		return pv{ch.a[k][i], s.a[k][i]}
	}
	x := pv{ch.w[k-1][s.capIP(h+dv)], s.w[k-1][s.capIP(h+dv)]}
	if h >= s.Rules.Revive {
		i := s.at(c, h-s.Rules.Revive)
		x = better(x, pv{ch.a[k][i], s.a[k][i]})
	}
	return x
}

// deadValue returns the mean value of the dead shuffles of class t (all of
// them if pooled) with ip h after any insurance.
func (s *Solution) deadValue(k, c, h, dv int, insured bool, t Top, pooled bool, sc *scratch) pv {
	d := &s.Dists.Dists[c]
	base := s.deadBase(k, c, h, dv, insured)
	if s.Variant == VariantV1 {
		// One decision for every rescuable shuffle, on the mean rescue.
		rescue := base
		if h >= s.Rules.Switch {
			ch := s.chooser()
			take := pv{sc.rescC[h], sc.rescO[h]}.c > base.c
			if s.pol != nil {
				take = ch.resc[k][s.at(c, h)]&(1<<b2i(insured)) != 0
			} else if take {
				s.resc[k][s.at(c, h)] |= 1 << b2i(insured)
			} else {
				s.resc[k][s.at(c, h)] &^= 1 << b2i(insured)
			}
			if take {
				rescue = pv{sc.rescC[h], sc.rescO[h]}
			}
		}
		pr := 0.0
		if total := d.dead.totalWeight(); total > 0 {
			pr = d.dead.rescuableWeight() / total
		}
		return pv{pr*rescue.c + (1-pr)*base.c, pr*rescue.o + (1-pr)*base.o}
	}
	var sum pv
	wsum := 0.0
	for i := range d.dead.Len() {
		if !pooled && d.dead.Top[i] != t {
			continue
		}
		wt := float64(d.dead.Weight[i])
		x := better(base, pv{sc.deadC[i][h], sc.deadO[i][h]})
		sum.c += wt * x.c
		sum.o += wt * x.o
		wsum += wt
	}
	if wsum == 0 {
		return base
	}
	return pv{sum.c / wsum, sum.o / wsum}
}

// beforeShuffle returns the value of composition c with ip h before the
// shuffle, and records the INSURE decisions.
func (s *Solution) beforeShuffle(k, c, h, dv int, p, pdead [numTops]float64, deadW *[numTops]float64, pResc float64, sc *scratch) float64 {
	r := &s.Rules
	i := s.at(c, h)
	ch := s.chooser()
	// The value of the shuffle for a top card of class t with ip h after
	// any insurance. The INSURE decision compares these own values when
	// solving, and follows pol's recorded decision when evaluating it.
	shuffle := func(t Top, h int, insured bool) float64 {
		v := sc.live[t][h]
		if pdead[t] > 0 {
			v = (1-pdead[t])*v + pdead[t]*s.deadValue(k, c, h, dv, insured, t, deadW[t] == 0, sc).o
		}
		return v
	}
	total := 0.0
	switch s.Variant {
	case VariantClairvoyant:
		for t := TopFour; t < numTops; t++ {
			if p[t] == 0 {
				continue
			}
			v := (1 - pdead[t]) * sc.live[t][h]
			if pdead[t] > 0 {
				v += pdead[t] * s.clairvoyantDead(k, c, h, dv, t, deadW[t] == 0, sc)
			}
			total += p[t] * v
		}
		return total
	case VariantV1:
		u, y := 0.0, 0.0
		for t := TopFour; t < numTops; t++ {
			if p[t] == 0 {
				continue
			}
			u += p[t] * shuffle(t, h, false)
			if h >= r.Insure {
				y += p[t] * shuffle(t, h-r.Insure, true)
			}
		}
		insure := h >= r.Insure && y > u
		if s.pol != nil {
			insure = h >= r.Insure && ch.ins[k][i] != 0
		} else {
			s.ins[k][i] = uint8(b2i(insure))
		}
		if insure {
			return y
		}
		return u
	}
	var bits uint8
	for t := TopFour; t < numTops; t++ {
		if p[t] == 0 {
			continue
		}
		u := shuffle(t, h, false)
		insure, y := false, 0.0
		if h >= r.Insure {
			// A free INSURE is never worse than none: take it on a tie,
			// as when no dead shuffle of this top card was sampled but
			// one can still come.
			y = shuffle(t, h-r.Insure, true)
			insure = y > u || r.Insure == 0
		}
		if s.pol != nil {
			insure = h >= r.Insure && ch.ins[k][i]&(1<<t) != 0
		}
		if insure {
			bits |= 1 << t
			total += p[t] * y
		} else {
			total += p[t] * u
		}
	}
	if s.pol == nil {
		s.ins[k][i] = bits
	}
	return total
}

// clairvoyantDead returns the mean value of the dead shuffles of class t
// for a player who sees each before deciding to insure it.
func (s *Solution) clairvoyantDead(k, c, h, dv int, t Top, pooled bool, sc *scratch) float64 {
	d := &s.Dists.Dists[c]
	r := &s.Rules
	un := s.deadBase(k, c, h, dv, false)
	var in pv
	if h >= r.Insure {
		in = s.deadBase(k, c, h-r.Insure, dv, true)
	}
	sum, wsum := 0.0, 0.0
	for i := range d.dead.Len() {
		if !pooled && d.dead.Top[i] != t {
			continue
		}
		x := better(un, pv{sc.deadC[i][h], sc.deadO[i][h]})
		if h >= r.Insure {
			x = better(x, better(in, pv{sc.deadC[i][h-r.Insure], sc.deadO[i][h-r.Insure]}))
		}
		wt := float64(d.dead.Weight[i])
		sum += wt * x.o
		wsum += wt
	}
	if wsum == 0 {
		x := un
		if h >= r.Insure {
			x = better(un, in)
		}
		return x.o
	}
	return sum / wsum
}

// totalWeight returns the number of shuffles in the set.
func (ss *sampleSet) totalWeight() float64 {
	t := 0.0
	for _, w := range ss.Weight {
		t += float64(w)
	}
	return t
}

// rescuableWeight returns the number of shuffles in the set with a choice.
func (ss *sampleSet) rescuableWeight() float64 {
	t := 0.0
	for i, w := range ss.Weight {
		if ss.Off[i+1] > ss.Off[i] {
			t += float64(w)
		}
	}
	return t
}

// Value returns the expected game score of the policy from the start of a
// game with the given ip.
func (s *Solution) Value(startIP int) float64 { return s.w[s.Rules.Rounds][s.capIP(startIP)] }

// RoundStart returns the expected score of the rest of a game from the
// start of a round with k rounds to play (this one included) and ip.
func (s *Solution) RoundStart(k, ip int) float64 { return s.w[k][s.capIP(ip)] }

// CapGain returns the largest gain in value, over every state, from holding
// Cap ip rather than Cap−1: if it is negligible the cap does not bind.
func (s *Solution) CapGain() float64 {
	g := 0.0
	for k := 1; k <= s.Rules.Rounds; k++ {
		for c := 1; c <= s.full; c++ {
			g = math.Max(g, s.a[k][s.at(c, s.Cap)]-s.a[k][s.at(c, s.Cap-1)])
		}
	}
	return g
}

// State is a decision state of the policy.
type State struct {
	RoundsLeft int  // rounds to play, this one included
	Comp       Comp // the deck
	IP         int  // ip held
	Top        Top  // the class of the top card, seen before INSURE
}

func (s *Solution) index(st State) (k, c, ip int, ok bool) {
	c, ok = s.Dists.Comps.Index(st.Comp)
	if !ok || st.RoundsLeft < 1 || st.RoundsLeft > s.Rules.Rounds || st.IP < 0 {
		return 0, 0, 0, false
	}
	return st.RoundsLeft, c, s.capIP(st.IP), true
}

// Stop reports whether to stop at st after a live pass (or an insured or
// revived dead one): true when scoring the cards removed is worth at least
// as much as shuffling again.
func (s *Solution) Stop(st State) bool {
	if s.pol != nil {
		return s.pol.Stop(st)
	}
	k, c, ip, ok := s.index(st)
	if !ok || c == 0 {
		return true
	}
	return float64(s.size-st.Comp.Cards())+s.w[k-1][ip] >= s.b[k][s.at(c, ip)]
}

// Insure reports whether to insure the shuffle at st (the ip not yet paid)
// whose top card is of class st.Top. For TopUnknown it reports whether the
// policy insures for top cards that make up at least half the deck. The
// clairvoyant policy decides on the shuffle itself and never insures here.
func (s *Solution) Insure(st State) bool {
	if s.pol != nil {
		return s.pol.Insure(st)
	}
	k, c, ip, ok := s.index(st)
	if !ok || c == 0 || s.Variant == VariantClairvoyant {
		return false
	}
	bits := s.ins[k][s.at(c, ip)]
	if s.Variant == VariantV1 {
		return bits != 0
	}
	if st.Top != TopUnknown {
		return bits&(1<<st.Top) != 0
	}
	p, _ := topChances(st.Comp)
	share := 0.0
	for t := TopFour; t < numTops; t++ {
		if bits&(1<<t) != 0 {
			share += p[t]
		}
	}
	return share >= 0.5
}

// DeadAction returns what the policy does with a dead shuffle at st (ip
// after any insurance). With rescuable unset, the shuffle is one no switch
// makes live: "proceed" if insured, else "revive" or "accept". With
// rescuable set it answers "switch" when the policy rescues at least half
// of the dead shuffles some switch makes live (which it decides on each
// order), else as above.
func (s *Solution) DeadAction(st State, insured, rescuable bool) string {
	k, c, ip, ok := s.index(st)
	if !ok || c == 0 {
		return "accept"
	}
	if rescuable && s.rescueShare(k, c, ip, insured) >= 0.5 {
		return "switch"
	}
	if insured {
		return "proceed"
	}
	ch := s.chooser()
	dv := s.Rules.DeadShort
	if c == s.full {
		dv = s.Rules.DeadFull
	}
	if ip >= s.Rules.Revive && ch.a[k][s.at(c, ip-s.Rules.Revive)] > ch.w[k-1][s.capIP(ip+dv)] {
		return "revive"
	}
	return "accept"
}

// rescueShare returns the share of the rescuable dead shuffles of
// composition c that the policy rescues with ip h.
func (s *Solution) rescueShare(k, c, h int, insured bool) float64 {
	if h < s.Rules.Switch {
		return 0
	}
	if s.Variant == VariantV1 {
		return float64(b2i(s.resc[k][s.at(c, h)]&(1<<b2i(insured)) != 0))
	}
	ch := s.chooser()
	d := &s.Dists.Dists[c]
	base := s.deadBase(k, c, h, s.deadIP(c), insured).c
	yes, all := 0.0, 0.0
	for i := range d.dead.Len() {
		chs := d.dead.choices(i)
		if len(chs) == 0 {
			continue
		}
		wt := float64(d.dead.Weight[i])
		all += wt
		for _, x := range chs {
			need, net := s.price(x)
			if h >= need && ch.reach(k, int(x.Next), h+net) > base {
				yes += wt
				break
			}
		}
	}
	if all == 0 {
		return 0
	}
	return yes / all
}

// Continue returns the value of shuffling again at st (before the INSURE
// decision) and of stopping there.
func (s *Solution) Continue(st State) (shuffle, stop float64) {
	k, c, ip, ok := s.index(st)
	if !ok || c == 0 {
		return 0, 0
	}
	return s.b[k][s.at(c, ip)], float64(s.size-st.Comp.Cards()) + s.w[k-1][ip]
}
