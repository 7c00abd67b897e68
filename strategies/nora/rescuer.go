package nora

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
)

// Rescuer plays like Cautious, and when a shuffle it did not insure turns out
// dead it saves it: with a SWITCH that brings two equal ranks together if one
// exists, otherwise with REVIVE when it holds the price.
type Rescuer struct {
	Stop, Insure float64
}

func (r *Rescuer) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Float(&r.Stop, "stop", 0.3, 0, 1, "stop when the chance the next shuffle is dead exceeds this and insurance is unaffordable")
	o.Float(&r.Insure, "insure", 0.5, 0, 1, "insure a shuffle whose chance of being dead exceeds this")
	return o
}

// Begin does nothing: the bot has no state.
func (r *Rescuer) Begin(uint64) {}

// Choose applies the rules above.
func (r *Rescuer) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*nora.View)
	switch v.Phase {
	case nora.PhaseStop:
		return stopOrGo(v, r.Stop, r.Insure)
	case nora.PhaseInsure:
		if deadRisk(v) > r.Insure {
			return nora.Insure
		}
		return nora.Skip
	case nora.PhaseSwitch:
		if v.PassRemoved == 0 && !v.Insured && !hasPair(v.Order) {
			if i, ok := rescueSwitch(v.Order); ok {
				return nora.SwitchAt(i)
			}
		}
		return nora.Proceed
	case nora.PhaseRevive:
		return nora.Revive
	}
	return nora.Proceed
}
