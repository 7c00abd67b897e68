package nora

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
)

// Rescuer plays like Cautious, and when a shuffle it did not insure turns out
// dead it saves it: with a SWITCH that brings two equal ranks together if one
// exists, otherwise with REVIVE when it holds the price.
type Rescuer struct {
	Cautious
}

func (r *Rescuer) options() *games.Options {
	return r.bind(0.3, 0.5)
}

// Choose applies the rules above.
func (r *Rescuer) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*nora.View)
	switch v.Phase {
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
	return r.Cautious.Choose(gv, legal)
}
