package nora

import (
	"math"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
)

// lookahead chooses the action at a decision within a pass by trying every
// action that could matter (proceeding, each block of pairs, each switch
// that makes a pair or touches a waiting one), planning the rest of the
// pass from each result with the whole-pass search, and valuing each by
// the best of those plans under the policy's values. It is a check on the
// planner: played at every decision, it beats the planned pass only where
// the search missed a better sequence.
func (o *Optimal) lookahead(v *nora.View, st State, legal []games.Action) games.Action {
	k, c, h, ok := o.sol.index(st)
	if !ok {
		return nora.Proceed
	}
	if o.ahead == nil {
		o.ahead = newPassSearch(o.sol.Rules, o.sol.Dists.Comps)
		o.try = nora.NewPassState(o.sol.Rules)
	}
	v.CopyPass(o.look)
	sw := o.sol.Rules.Switch
	near := waitingCards(o.look.Order())
	best, choice := math.Inf(-1), games.Action(nora.Proceed)
	for _, a := range legal {
		o.try.CopyFrom(o.look)
		hh := h
		ends := false
		switch i, kk, isRemove := nora.RemovePosition(a); {
		case a == nora.Proceed:
			if o.try.Waiting() {
				e := o.try.Settle(nil, nil)
				hh += e.Total()
			} else {
				ends = true
			}
		case isRemove:
			e := o.try.Remove(i, kk, nil)
			hh += e.Total()
		default:
			i, _ := nora.SwitchPosition(a)
			order := o.try.Order()
			makes := i > 0 && order[i+1].Rank() == order[i-1].Rank() || i+2 < len(order) && order[i].Rank() == order[i+2].Rank()
			if !makes && near&(0xf<<uint(i)>>1) == 0 {
				continue
			}
			o.try.Switch(i)
			hh -= sw
		}
		var val float64
		if ends {
			val = o.endValue(k, c, hh, v.Insured, o.try)
		} else {
			val = math.Inf(-1)
			for _, pp := range o.ahead.list(o.try, searchMaxNeed) {
				if pp.need > hh {
					continue
				}
				x := o.sol.reach(k, pp.next, hh+pp.net(sw))
				if !pp.live {
					x = o.sol.deadBase(k, c, hh, o.sol.deadIP(c), v.Insured).c
				}
				val = max(val, x)
			}
		}
		if val > best {
			best, choice = val, a
		}
	}
	return choice
}

// endValue returns the value of ending the pass q with ip h (its bonus not
// yet counted).
func (o *Optimal) endValue(k, c, h int, insured bool, q *nora.PassState) float64 {
	if q.Removed() == 0 {
		return o.sol.deadBase(k, c, h, o.sol.deadIP(c), insured).c
	}
	b := q.Bonus()
	return o.sol.reach(k, o.sol.Dists.Comps.of(q.Order()), h+b.Total())
}
