package nora

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
)

// Cautious weighs the exact chance that the next shuffle is dead (see
// nora.DeadChance). Before a shuffle it insures when that chance exceeds
// Insure. After a live pass it stops when the chance exceeds Stop and it
// cannot afford insurance; if it can, it shuffles again and insures. It never
// switches or revives.
type Cautious struct {
	Stop, Insure float64
}

func (c *Cautious) options() *games.Options { return c.bind(0.3, 0.2) }

// bind binds the thresholds to their parameters with the given defaults.
func (c *Cautious) bind(stop, insure float64) *games.Options {
	o := games.NewOptions("parameter")
	o.Float(&c.Stop, "stop", stop, 0, 1, "stop when the chance the next shuffle is dead exceeds this and insurance is unaffordable")
	o.Float(&c.Insure, "insure", insure, 0, 1, "insure a shuffle whose chance of being dead exceeds this")
	return o
}

// Begin does nothing: the bot has no state.
func (c *Cautious) Begin(uint64) {}

// Choose applies the rules above.
func (c *Cautious) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*nora.View)
	switch v.Phase {
	case nora.PhaseStop:
		return stopOrGo(v, c.Stop, c.Insure)
	case nora.PhaseInsure:
		if deadRisk(v) > c.Insure {
			return nora.Insure
		}
		return nora.Skip
	case nora.PhaseRevive:
		return nora.Accept
	}
	return nora.Proceed
}

// stopOrGo stops when the next shuffle is riskier than stop and will not be
// insured (insurance unaffordable, or the risk below insure).
func stopOrGo(v *nora.View, stop, insure float64) games.Action {
	risk := deadRisk(v)
	if risk <= stop {
		return nora.Continue
	}
	if risk > insure && v.IP >= v.Rules.Insure {
		return nora.Continue
	}
	return nora.Stop
}
