package nora

import (
	"strconv"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/strategies"
)

// StopAt stops a round as soon as at most Cards cards are left, and never
// spends ip: the baseline every other bot is measured against.
type StopAt struct {
	Cards int
}

func (s *StopAt) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Int(&s.Cards, "cards", 30, 0, 54, "stop once at most this many cards are left (30 scores best among stop-at thresholds)")
	return o
}

// Begin does nothing: the bot has no state.
func (s *StopAt) Begin(uint64) {}

// Choose stops at the threshold and otherwise declines every purchase.
func (s *StopAt) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*nora.View)
	switch v.Phase {
	case nora.PhaseStop:
		if v.Left <= s.Cards {
			return nora.Stop
		}
		return nora.Continue
	case nora.PhaseInsure:
		return nora.Skip
	case nora.PhaseRevive:
		return nora.Accept
	}
	return nora.Proceed
}

// Register adds the Nora bots to r. The policy bots are built as s says:
// their pass samples kept in s.CacheDir, to be read back by later runs
// (Setup{} keeps them in memory only; see DistsContext).
func Register(r *strategies.Registry, s Setup) {
	r.Register(strategies.Define("stop-at", "nora", "stops once at most N cards are left; never spends ip (the baseline)",
		func() (*StopAt, *games.Options) { s := new(StopAt); return s, s.options() }, nil))
	r.Register(strategies.Define("cautious", "nora", "stops or insures by the exact chance that the next shuffle is dead",
		func() (*Cautious, *games.Options) { s := new(Cautious); return s, s.options() }, nil))
	r.Register(strategies.Define("rescuer", "nora", "like cautious, and saves dead shuffles with SWITCH, then REVIVE",
		func() (*Rescuer, *games.Options) { s := new(Rescuer); return s, s.options() }, nil))
	r.Register(policyDefinition("optimal", "the best policy known, within "+strconv.FormatFloat(CertifiedGap, 'f', 1, 64)+" points a game of optimal play under the default rules (certified: cardsim solve nora prints the bound and the gap): backward induction over (rounds left, ip, deck composition) "+
		"with every switch and removal of a pass planned by a bounded search; cardsim solve nora prints how far it can be from the best play", VariantOptimal, s))
	r.Register(policyDefinition("optimal-v2", "the second policy: at most one switch a pass, one that makes a pair", VariantV2, s))
	r.Register(policyDefinition("optimal-v1", "the first optimal policy: switches only to rescue a dead shuffle, insures blind to the top card", VariantV1, s))
	r.Register(policyDefinition("upper-bound", "clairvoyant: plays as optimal but sees each shuffle before insuring (plays only under cardsim analyze)",
		VariantClairvoyant, s))
}
