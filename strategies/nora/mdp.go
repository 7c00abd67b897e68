package nora

import (
	"errors"
	"fmt"
	"math"

	"github.com/cardsim/cardsim/games/nora"
)

// DefaultIPCap is the ip held beyond which the policy treats more ip as no
// more useful. Solution.CapGain measures that it does not bind.
const DefaultIPCap = 100

// Solution is the optimal policy of Nora's pairs solitaire over the
// decision state (rounds left, ip held up to a cap, deck composition), found
// by backward induction over the pass distributions (PassDists).
//
// The model and its approximations:
//   - the state is exact as far as it goes: by symmetry only how many ranks
//     hold four and two cards, and whether the jokers are in, matter; the
//     score so far adds to every option alike;
//   - a pass's outcome (composition left, ip earned) is drawn from its
//     composition's PassDist, exact for small decks and estimated from
//     shuffles through nora.Pass for large ones; P(dead) is always exact;
//   - the INSURE decision ignores the top card the engine shows;
//   - the only SWITCH is the rescue of a dead shuffle by RescueSwitch (the
//     single swap that then removes most cards), bought or not by the value
//     of the average rescued outcome, not of the one the order shows; live
//     passes are never switched, and no second switch is made;
//   - ip beyond Cap count as Cap (CapGain measures that this does not bind);
//   - ip earned in a pass count as available after it; this is exact here,
//     since only dead shuffles, which earn nothing before the switch, are
//     switched.
//
// The values are those of the policy under the distributions it was chosen
// on, so they carry the usual upward bias of an optimum over estimates;
// Evaluate re-values the policy on independent shuffles. Within the
// approximations, which restrict the policy rather than bias its value, the
// values are exact when every composition is enumerated.
//
// With Clairvoyant set the player sees each shuffle before deciding to
// insure it; everything else is as above. Its value bounds what better
// insurance decisions could add to this class of policies.
type Solution struct {
	Rules nora.Rules
	Dists *PassDists
	Cap   int
	// Clairvoyant marks the upper-bound policy, which sees each shuffle
	// before deciding to insure it.
	Clairvoyant bool

	full, size int
	// a[k][c*(cap+1)+ip] is the value at the stop-or-shuffle decision with k
	// rounds to play (this one included), composition c and ip; b is the
	// value before the shuffle (INSURE pending); w[k][ip] the value at the
	// start of a round, w[0] = 0.
	a, b [][]float64
	w    [][]float64
	// ins[k][c*(cap+1)+ip] is whether to insure before the shuffle.
	ins [][]bool
	// pol, if set, makes every decision: the values are then those of
	// pol's policy under these distributions (Evaluate).
	pol *Solution
}

// Solve computes the optimal policy for r over dists with ip capped at
// ipCap; with clairvoyant set, the policy of a player who sees each shuffle
// before deciding to insure it (an upper bound on realistic play).
func Solve(r nora.Rules, dists *PassDists, ipCap int, clairvoyant bool) (*Solution, error) {
	return solve(r, dists, ipCap, clairvoyant, nil)
}

// Evaluate returns the values of s's policy (every decision as s takes it)
// under other pass distributions, such as ones estimated from independent
// shuffles. Solve's own values are biased upward by the estimation (the
// policy is best for the very samples it is valued on); evaluated on fresh
// samples the bias goes, and what is left is the model's approximations.
func (s *Solution) Evaluate(dists *PassDists) (*Solution, error) {
	return solve(s.Rules, dists, s.Cap, s.Clairvoyant, s)
}

func solve(r nora.Rules, dists *PassDists, ipCap int, clairvoyant bool, pol *Solution) (*Solution, error) {
	if ipCap < 1 {
		return nil, fmt.Errorf("ip cap %d: want at least 1", ipCap)
	}
	if dists == nil || len(dists.Dists) != len(newComps(&r).List) {
		return nil, errors.New("pass distributions do not fit the rules' deck")
	}
	if r.Rounds < 1 {
		return nil, fmt.Errorf("rounds %d: want at least 1", r.Rounds)
	}
	s := &Solution{Rules: r, Dists: dists, Cap: ipCap, Clairvoyant: clairvoyant,
		full: len(dists.Comps.List) - 1, size: r.DeckSize(), pol: pol}
	n := len(dists.Comps.List) * (ipCap + 1)
	s.w = make([][]float64, r.Rounds+1)
	s.w[0] = make([]float64, ipCap+1)
	s.a = make([][]float64, r.Rounds+1)
	s.b = make([][]float64, r.Rounds+1)
	s.ins = make([][]bool, r.Rounds+1)
	for k := 1; k <= r.Rounds; k++ {
		s.a[k], s.b[k], s.ins[k] = make([]float64, n), make([]float64, n), make([]bool, n)
		s.w[k] = make([]float64, ipCap+1)
		s.solveRound(k)
	}
	return s, nil
}

func (s *Solution) at(c, ip int) int { return c*(s.Cap+1) + ip }

func (s *Solution) capIP(ip int) int { return min(ip, s.Cap) }

// reach returns the value of arriving at composition c with ip after a live
// pass with k rounds to play: the whole deck scored if c is empty.
func (s *Solution) reach(k, c, ip int) float64 {
	ip = s.capIP(ip)
	if c == 0 {
		return float64(s.size) + s.w[k-1][ip]
	}
	return s.a[k][s.at(c, ip)]
}

// expect returns the mean value of the outcomes os reached with ip.
func (s *Solution) expect(k int, os []Outcome, ip int) float64 {
	v := 0.0
	for _, o := range os {
		v += o.P * s.reach(k, o.Next, ip+o.IP)
	}
	return v
}

// Dead-shuffle actions.
const (
	deadAccept  = iota // let the round end with 0 points
	deadRevive         // pay REVIVE
	deadSwitch         // pay SWITCH for the rescue switch
	deadProceed        // insured: go on with nothing removed
)

// deadChoice returns the best action on a dead shuffle of composition c
// with ip left (after any insurance), insured or not, rescuable or not, and
// its value.
func (s *Solution) deadChoice(k, c, ip int, insured, rescuable bool) (int, float64) {
	var v [4]float64
	ok := s.deadOptions(k, c, ip, insured, rescuable, &v)
	act := -1
	if s.pol != nil {
		act, _ = s.pol.deadChoice(k, c, ip, insured, rescuable)
	} else {
		for a := range v {
			if ok[a] && (act < 0 || v[a] > v[act]) {
				act = a
			}
		}
	}
	return act, v[act]
}

// deadOptions fills v with the value of every action open on a dead
// shuffle and reports which are open.
func (s *Solution) deadOptions(k, c, ip int, insured, rescuable bool, v *[4]float64) (ok [4]bool) {
	r := &s.Rules
	if insured {
		ok[deadProceed], v[deadProceed] = true, s.a[k][s.at(c, ip)]
	} else {
		dv := r.DeadShort
		if c == s.full {
			dv = r.DeadFull
		}
		ok[deadAccept], v[deadAccept] = true, s.w[k-1][s.capIP(ip+dv)]
		if ip >= r.Revive {
			ok[deadRevive], v[deadRevive] = true, s.a[k][s.at(c, ip-r.Revive)]
		}
	}
	if rescuable && ip >= r.Switch && len(s.Dists.Dists[c].Rescued) > 0 {
		ok[deadSwitch], v[deadSwitch] = true, s.expect(k, s.Dists.Dists[c].Rescued, ip-r.Switch)
	}
	return ok
}

// deadValue returns the expected value of a dead shuffle, over whether it
// can be rescued.
func (s *Solution) deadValue(k, c, ip int, insured bool) float64 {
	d := &s.Dists.Dists[c]
	_, v0 := s.deadChoice(k, c, ip, insured, false)
	if d.Rescue == 0 {
		return v0
	}
	_, v1 := s.deadChoice(k, c, ip, insured, true)
	return d.Rescue*v1 + (1-d.Rescue)*v0
}

// shuffleValue returns the value of shuffling composition c with ip, insured
// (ip already paid) or not.
func (s *Solution) shuffleValue(k, c, ip int, insured bool) float64 {
	d := &s.Dists.Dists[c]
	v := 0.0
	if d.Dead < 1 {
		v += (1 - d.Dead) * s.expect(k, d.Live, ip)
	}
	if d.Dead > 0 {
		v += d.Dead * s.deadValue(k, c, ip, insured)
	}
	return v
}

// clairvoyantValue is shuffleValue for a player who sees the shuffle before
// deciding to insure: live shuffles go uninsured, dead ones insured if that
// is worth more.
func (s *Solution) clairvoyantValue(k, c, ip int) float64 {
	d := &s.Dists.Dists[c]
	r := &s.Rules
	v := 0.0
	if d.Dead < 1 {
		v += (1 - d.Dead) * s.expect(k, d.Live, ip)
	}
	if d.Dead > 0 {
		best := func(rescuable bool) float64 {
			_, x := s.deadChoice(k, c, ip, false, rescuable)
			if ip >= r.Insure {
				_, y := s.deadChoice(k, c, ip-r.Insure, true, rescuable)
				if s.pol != nil {
					if s.pol.ClairvoyantInsure(State{k, s.Dists.Comps.List[c], ip}, rescuable) {
						return y
					}
					return x
				}
				if y > x {
					x = y
				}
			}
			return x
		}
		dv := (1 - d.Rescue) * best(false)
		if d.Rescue > 0 {
			dv += d.Rescue * best(true)
		}
		v += d.Dead * dv
	}
	return v
}

// solveRound fills the values of round k (k rounds to play) from the
// smallest deck up; for each deck ip ascends, since a dead shuffle can only
// lead back to the same deck with less ip. A free INSURE or REVIVE makes a
// state depend on itself: its value is then the fixed point, reached by
// iteration (a contraction by the chance of a dead shuffle).
func (s *Solution) solveRound(k int) {
	r := &s.Rules
	selfLoop := r.Insure == 0 || r.Revive == 0
	for c := 1; c <= s.full; c++ {
		removed := float64(s.size - s.Dists.Comps.List[c].Cards())
		for ip := 0; ip <= s.Cap; ip++ {
			i := s.at(c, ip)
			stop := removed + s.w[k-1][ip]
			s.a[k][i] = stop
			for iter := 0; ; iter++ {
				before, insure := s.beforeShuffle(k, c, ip)
				s.b[k][i], s.ins[k][i] = before, insure
				v := math.Max(stop, before)
				if s.pol != nil {
					v = before
					if s.pol.Stop(State{k, s.Dists.Comps.List[c], ip}) {
						v = stop
					}
				}
				done := !selfLoop || math.Abs(v-s.a[k][i]) < 1e-10 || iter > 100000
				s.a[k][i] = v
				if done {
					break
				}
			}
		}
	}
	for ip := 0; ip <= s.Cap; ip++ {
		s.w[k][ip] = s.b[k][s.at(s.full, ip)]
	}
}

// beforeShuffle returns the value before a shuffle and whether to insure it.
func (s *Solution) beforeShuffle(k, c, ip int) (float64, bool) {
	if s.Clairvoyant {
		return s.clairvoyantValue(k, c, ip), false
	}
	v := s.shuffleValue(k, c, ip, false)
	if s.pol != nil {
		if s.pol.Insure(State{k, s.Dists.Comps.List[c], ip}) {
			return s.shuffleValue(k, c, ip-s.Rules.Insure, true), true
		}
		return v, false
	}
	if ip >= s.Rules.Insure {
		if x := s.shuffleValue(k, c, ip-s.Rules.Insure, true); x > v {
			return x, true
		}
	}
	return v, false
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
	i := s.at(c, ip)
	return float64(s.size-st.Comp.Cards())+s.w[k-1][ip] >= s.b[k][i]
}

// Insure reports whether to insure the shuffle at st (the ip not yet paid).
func (s *Solution) Insure(st State) bool {
	k, c, ip, ok := s.index(st)
	if !ok || c == 0 {
		return false
	}
	return s.ins[k][s.at(c, ip)]
}

// DeadAction returns what to do with a dead shuffle at st (ip after any
// insurance): "accept", "revive", "switch" (only if rescuable) or
// "proceed" (only if insured).
func (s *Solution) DeadAction(st State, insured, rescuable bool) string {
	if s.pol != nil {
		return s.pol.DeadAction(st, insured, rescuable)
	}
	k, c, ip, ok := s.index(st)
	if !ok || c == 0 {
		return "accept"
	}
	a, _ := s.deadChoice(k, c, ip, insured, rescuable)
	return [...]string{"accept", "revive", "switch", "proceed"}[a]
}

// ClairvoyantInsure reports whether the clairvoyant player insures a
// shuffle at st that it sees is dead, rescuable or not.
func (s *Solution) ClairvoyantInsure(st State, rescuable bool) bool {
	if s.pol != nil {
		return s.pol.ClairvoyantInsure(st, rescuable)
	}
	k, c, ip, ok := s.index(st)
	if !ok || c == 0 || ip < s.Rules.Insure {
		return false
	}
	_, x := s.deadChoice(k, c, ip, false, rescuable)
	_, y := s.deadChoice(k, c, ip-s.Rules.Insure, true, rescuable)
	return y > x
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
