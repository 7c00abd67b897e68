package nora

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/strategies"
)

// DefaultSamples is the number of live shuffles drawn per deck composition
// to estimate its pass distribution (compositions with fewer distinct
// arrangements are enumerated exactly).
const DefaultSamples = 6000

// DistSeed seeds the shuffles of the pass distributions.
const DistSeed = 0x6f7074696d616c

// Optimal plays the policy of Solve: it insures, stops, revives and rescues
// dead shuffles with a switch as the backward induction over (rounds left,
// ip, deck composition) found best for the expected game score.
type Optimal struct {
	Samples int
	Cap     int
	sol     *Solution
}

func (o *Optimal) options() *games.Options {
	op := games.NewOptions("parameter")
	op.Int(&o.Samples, "samples", DefaultSamples, 100, 10_000_000, "live shuffles per deck composition to estimate its pass outcomes")
	op.Int(&o.Cap, "cap", DefaultIPCap, 2, 1000, "ip beyond which more ip is treated as no more useful")
	return op
}

// Begin does nothing: the policy is fixed.
func (o *Optimal) Begin(uint64) {}

// Choose plays the policy's action for the view.
func (o *Optimal) Choose(gv games.View, legal []games.Action) games.Action {
	return choose(o.sol, gv.(*nora.View), false)
}

// state returns the policy's state for a view.
func state(v *nora.View) State {
	return State{RoundsLeft: v.RoundsLeft() + 1, Comp: compOfCounts(&v.Counts), IP: v.IP}
}

// choose returns the action of policy sol for view v; a clairvoyant player
// decides INSURE from the order its view shows.
func choose(sol *Solution, v *nora.View, clairvoyant bool) games.Action {
	st := state(v)
	switch v.Phase {
	case nora.PhaseInsure:
		if clairvoyant {
			if hasPair(v.Order) {
				return nora.Skip
			}
			_, rescuable := RescueSwitch(*v.Rules, v.Order)
			if sol.ClairvoyantInsure(st, rescuable) {
				return nora.Insure
			}
			return nora.Skip
		}
		if sol.Insure(st) {
			return nora.Insure
		}
		return nora.Skip
	case nora.PhaseSwitch:
		if v.PassRemoved == 0 && !hasPair(v.Order) {
			if i, ok := RescueSwitch(*v.Rules, v.Order); ok && sol.DeadAction(st, v.Insured, true) == "switch" {
				return nora.SwitchAt(i)
			}
		}
		return nora.Proceed
	case nora.PhaseRevive:
		if sol.DeadAction(st, false, false) == "revive" {
			return nora.Revive
		}
		return nora.Accept
	case nora.PhaseStop:
		if sol.Stop(st) {
			return nora.Stop
		}
		return nora.Continue
	}
	return nora.Proceed
}

// ruled is a game that tells its Nora rules: *nora.Game and
// *ClairvoyantGame.
type ruled interface{ RuleValues() nora.Rules }

var (
	policyMu sync.Mutex
	policies = map[string]*Solution{}
	distsMu  sync.Mutex
	distsMem = map[string]*PassDists{}
)

// Policy returns the solution for r, computing it once per process; the
// pass distributions, the slow part, are also kept on disk under the user's
// cache directory (see Dists).
func Policy(r nora.Rules, samples, ipCap int, clairvoyant bool) (*Solution, error) {
	d, err := Dists(r, samples)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s/%+v/%d/%v", d.Key, r, ipCap, clairvoyant)
	policyMu.Lock()
	defer policyMu.Unlock()
	if s, ok := policies[key]; ok {
		return s, nil
	}
	s, err := Solve(r, d, ipCap, clairvoyant)
	if err != nil {
		return nil, err
	}
	policies[key] = s
	return s, nil
}

// Dists returns the pass distributions for r, estimated with the given
// samples from DistSeed: from memory, else from the file
// nora-passdist-<PassKey>.json in os.UserCacheDir()/cardsim, else computed
// and written there. The key hashes only the rules that change a pass, so
// price and round changes reuse the same distributions. A cache that cannot
// be read or written is ignored.
func Dists(r nora.Rules, samples int) (*PassDists, error) {
	return DistsSeeded(r, samples, DistSeed)
}

// CheckSeed seeds the independent shuffles on which a policy is
// re-evaluated (Solution.Evaluate) to check it.
const CheckSeed = 0x636865636b

// DistsSeeded is Dists with the shuffles drawn from seed.
func DistsSeeded(r nora.Rules, samples int, seed uint64) (*PassDists, error) {
	key := PassKey(r, samples, seed)
	distsMu.Lock()
	defer distsMu.Unlock()
	if d, ok := distsMem[key]; ok {
		return d, nil
	}
	path := ""
	if dir, err := os.UserCacheDir(); err == nil {
		path = filepath.Join(dir, "cardsim", "nora-passdist-"+key+".json")
		if d, err := readDists(path, r, key); err == nil {
			distsMem[key] = d
			return d, nil
		}
	}
	d, err := EstimatePassDists(r, samples, seed, 0)
	if err != nil {
		return nil, err
	}
	distsMem[key] = d
	if path != "" {
		writeDists(path, d)
	}
	return d, nil
}

func readDists(path string, r nora.Rules, key string) (*PassDists, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ds []PassDist
	if err := json.Unmarshal(b, &ds); err != nil {
		return nil, err
	}
	cs := newComps(&r)
	if len(ds) != len(cs.List) {
		return nil, fmt.Errorf("%s: %d compositions, want %d", path, len(ds), len(cs.List))
	}
	for i, d := range ds {
		if i > 0 && d.Comp != cs.List[i] {
			return nil, fmt.Errorf("%s: composition %d is %v, want %v", path, i, d.Comp, cs.List[i])
		}
	}
	return &PassDists{Comps: cs, Dists: ds, Key: key}, nil
}

func writeDists(path string, d *PassDists) {
	b, err := json.Marshal(d.Dists)
	if err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if os.WriteFile(tmp, b, 0o644) == nil {
		os.Rename(tmp, path)
	}
}

// policyFor builds the policy of a bot for game g.
func policyFor(g games.Game, samples, ipCap int, clairvoyant bool) (*Solution, error) {
	rg, ok := g.(ruled)
	if !ok {
		return nil, fmt.Errorf("the optimal policy plays nora only, not %s", g.Name())
	}
	return Policy(rg.RuleValues(), samples, ipCap, clairvoyant)
}

// policyDefinition returns the registry entry of a bot playing a computed
// policy: the optimal one, or the clairvoyant upper bound.
func policyDefinition(name, summary string, clairvoyant bool) strategies.Definition {
	make := func() (*Optimal, *games.Options) { o := new(Optimal); return o, o.options() }
	return strategies.Definition{
		Name: name, Game: "nora", Summary: summary,
		Params: func() []games.Setting { _, o := make(); return o.Settings() },
		New: func(g games.Game, params []string) (strategies.Strategy, error) {
			o, op := make()
			if err := op.Apply(params); err != nil {
				return nil, err
			}
			if g == nil {
				return nil, fmt.Errorf("strategy %s needs the game to compute its policy", name)
			}
			if clairvoyant {
				if _, ok := g.(*ClairvoyantGame); !ok {
					return nil, fmt.Errorf("strategy %s sees each shuffle before insuring it, which the game hides: "+
						"it plays only under the clairvoyant view (cardsim analyze nora; strategies/nora.Clairvoyant)", name)
				}
			}
			sol, err := policyFor(g, o.Samples, o.Cap, clairvoyant)
			if err != nil {
				return nil, err
			}
			o.sol = sol
			if clairvoyant {
				return &UpperBound{sol: sol}, nil
			}
			return o, nil
		},
	}
}
