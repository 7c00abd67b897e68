package nora

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/strategies"
)

// DefaultSamples is the budget of the policies solved over whole passes:
// what so many live shuffles of every deck composition cost, spread where
// they make the policy's value surest (Sampling; compositions with fewer
// distinct arrangements are enumerated exactly). It buys the strength of
// the 500 shuffles of every composition the policy was built from before
// at half their cost (14 s of CPU against 31 s on the same machine, the
// pass search's speed-ups in both), and a value twice as sure (a standard
// error of 1.5 points against 2.6). Re-valued on the same 1,000
// independent shuffles of every composition, three builds of this budget
// (three seeds) are worth 450.20, 450.23 and 450.21 points a game; four of
// 500 even, 450.47 (the one built before, DistSeed), 450.11, 449.77 and
// 450.18; of 200 spread, 450.23, 449.66, 449.92; one of 100 spread 448.73.
const DefaultSamples = 250

// OneSwitchSamples is the number of live shuffles drawn per deck
// composition for the policies solved over one switch a pass (optimal-v2,
// optimal-v1), as they were built when they were the best known.
const OneSwitchSamples = 1500

// defaultSamples returns the shuffles per composition a variant is built
// from by default.
func (v Variant) defaultSamples() int {
	if v.Planner() == PlanOneSwitch {
		return OneSwitchSamples
	}
	return DefaultSamples
}

// DistSeed seeds the shuffles of the pass distributions.
const DistSeed = 0x6f7074696d616c

// CheckSeed seeds the independent shuffles on which a policy is
// re-evaluated (Solution.Evaluate) to check it.
const CheckSeed = 0x636865636b

// Optimal plays a computed policy (Solve): the best known one, its earlier
// versions, or the clairvoyant bound's. It keeps the plan it chose for the
// pass being played. With Greedy set it goes beyond the policy: once its
// planned moves are made and the pass is at rest, it plans the rest of the
// pass again from there and plays the best plan by the policy's values
// while that switches; the solver's value then understates its score, and
// the difference measures what the planner's limits leave.
//
// Its policy takes seconds to build the first time: Prepare builds it
// under a context, and a bot that was not prepared builds it at Begin.
type Optimal struct {
	Samples int
	// Uniform builds the policy from Samples live shuffles of every
	// composition (Sampling.Uniform), to compare with one whose budget is
	// spread.
	Uniform bool
	Cap     int
	Greedy  bool
	// Lookahead plays each decision within a pass by trying every action
	// and planning the rest from there (see lookahead): a check on the
	// planner, far slower.
	Lookahead bool
	rules     nora.Rules
	variant   Variant
	sol       *Solution
	pl        passPlanner
	look      *nora.PassState
	ahead     *passSearch
	try       *nora.PassState

	round, pass int            // the pass the plan is for
	plan        []games.Action // the moves that play it
	next        int            // the index in plan of the next move
	seen        []cards.Card   // the clairvoyant's buffer for the revealed deck
	cacheDir    string         // where the pass samples are kept (DistsContext)
}

func (o *Optimal) options(v Variant, s Setup) *games.Options {
	op := games.NewOptions("parameter")
	op.Int(&o.Samples, "samples", s.Samples(v.defaultSamples()), MinSamples, 10_000_000, "the build's budget: what so many live shuffles of every deck composition cost, spread where they make the policy's value surest")
	op.Bool(&o.Uniform, "uniform", false, "draw samples live shuffles of every deck composition instead (as builds did before the budget was spread; to compare)")
	op.Int(&o.Cap, "cap", DefaultIPCap, 2, 1000, "ip beyond which more ip is treated as no more useful")
	op.Bool(&o.Lookahead, "lookahead", false, "at every decision within a pass, try each action and plan the rest of the pass from there (a check on the planner; slow)")
	op.Bool(&o.Greedy, "greedy", false, "once the plan is played and the deck is at rest, plan again from there and play on while the best plan switches (beyond what the solver values)")
	return op
}

// sampling returns the sampling the bot's policy is built with.
func (o *Optimal) sampling() Sampling { return Sampling{Samples: o.Samples, Uniform: o.Uniform} }

// Prepare builds the bot's policy unless it is built (see PolicyContext),
// stopping with ctx's error when ctx is done. It implements
// strategies.Preparer, which sim.Run calls before play.
func (o *Optimal) Prepare(ctx context.Context) error {
	if o.sol != nil {
		return nil
	}
	sol, err := PolicyContext(ctx, o.cacheDir, o.rules, o.sampling(), o.Cap, o.variant)
	if err != nil {
		return err
	}
	o.use(sol)
	return nil
}

// use makes sol the bot's policy.
func (o *Optimal) use(sol *Solution) {
	o.sol = sol
	o.pl = newPassPlanner(sol.Rules, sol.Dists.Comps, sol.Dists.Planner)
	o.look = nora.NewPassState(sol.Rules)
}

// Begin forgets the plan of the last game, and builds the policy if the
// bot was not prepared.
func (o *Optimal) Begin(uint64) {
	if o.sol == nil {
		if err := o.Prepare(context.Background()); err != nil {
			// New accepted the rules and parameters, for which the build
			// cannot fail without a context that ends.
			panic("nora: building the policy: " + err.Error())
		}
	}
	o.round, o.pass, o.plan, o.next = 0, 0, o.plan[:0], 0
}

// Choose plays the policy's action for the view.
func (o *Optimal) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*nora.View)
	sol := o.sol
	st := state(v)
	switch v.Phase {
	case nora.PhaseInsure:
		if sol.Variant == VariantClairvoyant {
			return o.clairvoyantInsure(v, st)
		}
		st.Top = topOf(v.Top, &v.Counts)
		if sol.Insure(st) {
			return nora.Insure
		}
		return nora.Skip
	case nora.PhaseSwitch:
		if o.Lookahead && sol.Variant.Planner() == PlanWholePass {
			return o.lookahead(v, st, legal)
		}
		if o.round != v.Round || o.pass != v.Pass {
			o.choosePlan(v, st)
		}
		for o.next < len(o.plan) {
			a := o.plan[o.next]
			o.next++
			if legalHas(legal, a) {
				return a
			}
			// The engine moved on without asking (it proceeds by itself
			// when nothing is left to decide); skip what it did.
		}
		if o.Greedy && v.PassRemoved > 0 && !hasPair(v.Order) {
			return o.greedySwitch(v, st)
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

func legalHas(legal []games.Action, a games.Action) bool {
	for _, x := range legal {
		if x == a {
			return true
		}
	}
	return false
}

// state returns the policy's state for a view.
func state(v *nora.View) State {
	return State{RoundsLeft: v.RoundsLeft() + 1, Comp: compOfCounts(&v.Counts), IP: v.IP}
}

// choosePlan lists the plans of the pass the view shows and keeps the
// moves of the one the policy plays.
func (o *Optimal) choosePlan(v *nora.View, st State) {
	o.round, o.pass = v.Round, v.Pass
	o.plan, o.next = o.plan[:0], 0
	k, c, h, ok := o.sol.index(st)
	if !ok {
		return
	}
	v.CopyPass(o.look)
	plans := o.pl.plans(o.look, h)
	if i := o.sol.pick(k, c, h, v.Insured, plans, o.pl.rescue()); i >= 0 {
		o.plan = o.pl.actions(plans[i], o.plan)
	}
}

// greedySwitch plays, at rest in a live pass, the plan the policy's values
// favour from here, if it switches.
func (o *Optimal) greedySwitch(v *nora.View, st State) games.Action {
	k, _, h, ok := o.sol.index(st)
	if !ok {
		return nora.Proceed
	}
	v.CopyPass(o.look)
	plans := o.pl.plans(o.look, h)
	best, bi := math.Inf(-1), 0
	for i, pp := range plans {
		if val, ok := o.sol.planValue(k, h, pp); ok && val > best {
			best, bi = val, i
		}
	}
	if bi == 0 {
		return nora.Proceed
	}
	o.plan, o.next = o.pl.actions(plans[bi], o.plan), 1
	a := o.plan[0]
	return a
}

// clairvoyantInsure insures a shuffle it sees is dead when that is worth
// more, its rescues counted. It sees the shuffle through the revealed
// state, whose Cards lists the deck in its shuffled order first.
func (o *Optimal) clairvoyantInsure(v *nora.View, st State) games.Action {
	o.seen = v.Reveal().Cards(o.seen)
	o.look.Begin(o.seen[:v.Left])
	k, c, h, ok := o.sol.index(st)
	plans := o.pl.plans(o.look, h)
	r := &o.sol.Rules
	if !ok || plans[0].live || h < r.Insure {
		return nora.Skip
	}
	if o.sol.deadPlanValue(k, c, h-r.Insure, true, plans) > o.sol.deadPlanValue(k, c, h, false, plans) {
		return nora.Insure
	}
	return nora.Skip
}

// pick returns the index of the plan the policy plays on a seen shuffle
// with ip h, or -1 on a dead shuffle it leaves dead; rescue is the index
// of RescueSwitch's swap among the plans (optimal-v1's only switch), or -1.
func (s *Solution) pick(k, c, h int, insured bool, plans []passPlan, rescue int) int {
	if plans[0].live {
		n := len(plans)
		if s.Variant == VariantV1 {
			n = 1
		}
		best, bi := math.Inf(-1), 0
		for i, pp := range plans[:n] {
			if v, ok := s.planValue(k, h, pp); ok && v > best {
				best, bi = v, i
			}
		}
		return bi
	}
	if s.Variant == VariantV1 {
		if rescue > 0 && h >= s.Rules.Switch && s.resc[k][s.at(c, h)]&(1<<b2i(insured)) != 0 {
			return rescue
		}
		return -1
	}
	best, bi := s.deadBase(k, c, h, s.deadIP(c), insured).c, -1
	for i, pp := range plans[1:] {
		if v, ok := s.planValue(k, h, pp); ok && v > best {
			best, bi = v, i+1
		}
	}
	return bi
}

// deadPlanValue returns the value of a dead shuffle with these plans and
// ip h after any insurance.
func (s *Solution) deadPlanValue(k, c, h int, insured bool, plans []passPlan) float64 {
	best := s.deadBase(k, c, h, s.deadIP(c), insured).c
	for _, pp := range plans[1:] {
		if v, ok := s.planValue(k, h, pp); ok && v > best {
			best = v
		}
	}
	return best
}

// planValue returns the value of playing pp with ip h, and false if it
// needs more ip.
func (s *Solution) planValue(k, h int, pp passPlan) (float64, bool) {
	if h < pp.need {
		return 0, false
	}
	return s.reach(k, pp.next, h+pp.net(s.Rules.Switch)), true
}

// deadIP returns the ip a round ending dead at composition c earns.
func (s *Solution) deadIP(c int) int {
	if c == s.full {
		return s.Rules.DeadFull
	}
	return s.Rules.DeadShort
}

// rescueOf returns the index among plans of RescueSwitch's swap on a dead
// shuffle (the most cards removed, then the most ip, then the leftmost),
// or -1 if no swap makes a pair.
func rescueOf(cs *Comps, plans []plan) int {
	best, left, ip := -1, 0, 0
	for i, pp := range plans {
		if pp.when != switchLook {
			continue
		}
		if n := cs.List[pp.next].Cards(); best < 0 || n < left || n == left && pp.total > ip {
			best, left, ip = i, n, pp.total
		}
	}
	return best
}

// ruled is a game that tells its Nora rules: *nora.Game.
type ruled interface{ RuleValues() nora.Rules }

// policies and dists keep the policies solved and the pass samples drawn
// in this process.
var (
	policies memo[*Solution]
	dists    memo[*PassDists]
)

// Policy returns the optimal policy for r, or with clairvoyant set the
// clairvoyant bound's, built from a budget of samples spread
// (PolicyContext without a context).
func Policy(cacheDir string, r nora.Rules, samples, ipCap int, clairvoyant bool) (*Solution, error) {
	v := VariantOptimal
	if clairvoyant {
		v = VariantClairvoyant
	}
	return PolicyContext(context.Background(), cacheDir, r, Budget(samples), ipCap, v)
}

// PolicyContext returns the policy of the variant for r, computing it once
// per process; the shuffles, the slow part, are also kept on disk in
// cacheDir (see DistsContext). It stops early with ctx's error when ctx is
// done. A command should call it before playing a policy bot, so that
// Ctrl-C interrupts the build; the bots then find the policy made.
func PolicyContext(ctx context.Context, cacheDir string, r nora.Rules, sm Sampling, ipCap int, v Variant) (*Solution, error) {
	d, err := DistsContext(ctx, cacheDir, r, sm, DistSeed, v.Planner())
	if err != nil {
		return nil, err
	}
	return policies.get(policyKey(r, sm, ipCap, v), func() (*Solution, error) {
		return SolveContext(ctx, r, d, ipCap, v)
	})
}

// policyKey returns the key of a policy among those built.
func policyKey(r nora.Rules, sm Sampling, ipCap int, v Variant) string {
	return fmt.Sprintf("%s/%+v/%d/%v", PassKey(r, sm, DistSeed, v.Planner()), r, ipCap, v)
}

// builtPolicy returns the policy of the variant for r if it is built.
func builtPolicy(r nora.Rules, sm Sampling, ipCap int, v Variant) *Solution {
	s, _ := policies.lookup(policyKey(r, sm, ipCap, v))
	return s
}

// Dists returns the shuffles for r drawn from DistSeed with the plans of
// the planner pl, from a budget of samples spread (DistsContext without a
// context).
func Dists(cacheDir string, r nora.Rules, samples int, pl Planner) (*PassDists, error) {
	return DistsContext(context.Background(), cacheDir, r, Budget(samples), DistSeed, pl)
}

// DistsContext returns the shuffles for r, drawn with the given samples
// from seed, with the plans of the planner pl: from memory, else from the
// file nora-samples-<PassKey>.bin in the directory cacheDir, else drawn and
// written there (with cacheDir "", kept in memory only). The caller chooses
// the directory: cardsim keeps the files in cardsim/ under the user's cache
// directory. The file is checked in full (see decodeCache) and
// rebuilt if anything is wrong. The key hashes only the rules that change
// a pass, so changes of the INSURE and REVIVE prices and of the rounds
// reuse the same shuffles. It stops early with ctx's error when ctx is
// done.
func DistsContext(ctx context.Context, cacheDir string, r nora.Rules, sm Sampling, seed uint64, pl Planner) (*PassDists, error) {
	key := PassKey(r, sm, seed, pl)
	return dists.get(key, func() (*PassDists, error) {
		path := cachePath(cacheDir, key)
		if path != "" {
			if d, err := readCache(path, &r, key, pl); err == nil {
				return d, nil
			}
		}
		d, err := EstimatePassDistsContext(ctx, r, sm, seed, 0, pl)
		if err != nil {
			return nil, err
		}
		if path != "" {
			writeCache(path, d, &r)
		}
		return d, nil
	})
}

// CheckDistsContext returns shuffles drawn from CheckSeed as many as d
// holds (EstimateLikeContext), for the rules r d was drawn for: from
// memory, else from the cache file in cacheDir, else drawn and written
// there, as DistsContext does. A policy solved over d is re-valued on them
// (Solution.EvaluateContext) free of the upward bias of valuing it on the
// shuffles it was chosen on. It stops early with ctx's error when ctx is
// done.
func CheckDistsContext(ctx context.Context, cacheDir string, r nora.Rules, d *PassDists) (*PassDists, error) {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s/check/%d", d.Key, CheckSeed)))
	key := hex.EncodeToString(sum[:])[:16]
	return dists.get(key, func() (*PassDists, error) {
		path := cachePath(cacheDir, key)
		if path != "" {
			if c, err := readCache(path, &r, key, d.Planner); err == nil && sameCounts(c, d) {
				return c, nil
			}
		}
		c, err := EstimateLikeContext(ctx, r, d, CheckSeed, 0, key)
		if err != nil {
			return nil, err
		}
		if path != "" {
			writeCache(path, c, &r)
		}
		return c, nil
	})
}

// sameCounts reports whether c holds as many shuffles of every composition
// as d, drawn in chunks of the same size.
func sameCounts(c, d *PassDists) bool {
	if c.Chunk != d.Chunk || len(c.Dists) != len(d.Dists) {
		return false
	}
	for i := range c.Dists {
		if c.Dists[i].Samples != d.Dists[i].Samples {
			return false
		}
	}
	return true
}

// RevalueContext re-values the policies sols, solved for the same rules
// over the same shuffles, on shuffles drawn independently of them
// (CheckDistsContext, kept in cacheDir), and returns the re-valued
// solutions in order: their values are the policies' expected scores free
// of the bias of valuing a policy on its own shuffles, with the sampling
// error Spread gives. It stops early with ctx's error when ctx is done.
func RevalueContext(ctx context.Context, cacheDir string, sols ...*Solution) ([]*Solution, error) {
	if len(sols) == 0 {
		return nil, nil
	}
	d := sols[0].Dists
	for _, s := range sols[1:] {
		if s.Dists != d || s.Rules != sols[0].Rules {
			return nil, errors.New("the policies re-valued together must be solved over the same shuffles")
		}
	}
	chk, err := CheckDistsContext(ctx, cacheDir, sols[0].Rules, d)
	if err != nil {
		return nil, err
	}
	out := make([]*Solution, len(sols))
	for i, s := range sols {
		if out[i], err = s.EvaluateContext(ctx, chk); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// checkBuild reports an error if no policy can be built for r with the
// given samples and ip cap.
func checkBuild(r nora.Rules, samples, ipCap int) error {
	if err := checkSamples(r, samples); err != nil {
		return err
	}
	return checkSolve(r, ipCap)
}

// policyDefinition returns the registry entry of a bot playing a computed
// policy of the variant, whose pass samples are kept in cacheDir.
func policyDefinition(name, summary string, v Variant, s Setup) strategies.Definition {
	make := func() (*Optimal, *games.Options) { o := new(Optimal); return o, o.options(v, s) }
	// plays refuses a game whose views hide what the variant sees.
	plays := func(g games.Game) error {
		if v == VariantClairvoyant && !g.Capabilities().Reveal {
			return fmt.Errorf("strategy %s sees each shuffle before insuring it, which the game hides: "+
				"it plays only under the clairvoyant view (cardsim analyze nora; games/nora.Game.Clairvoyant)", name)
		}
		return nil
	}
	d := strategies.Define(name, "nora", summary, make, func(o *Optimal, g games.Game) (strategies.Strategy, error) {
		if g == nil {
			return nil, fmt.Errorf("strategy %s needs the game to compute its policy", name)
		}
		if err := plays(g); err != nil {
			return nil, err
		}
		rg, ok := g.(ruled)
		if !ok {
			return nil, fmt.Errorf("the optimal policy plays nora only, not %s", g.Name())
		}
		o.rules, o.variant, o.cacheDir = rg.RuleValues(), v, s.CacheDir
		if err := checkBuild(o.rules, o.Samples, o.Cap); err != nil {
			return nil, err
		}
		// The policy is built by Prepare, under the command's context, or
		// at the first game; a bot made once it is built has it at once.
		if sol := builtPolicy(o.rules, o.sampling(), o.Cap, v); sol != nil {
			o.use(sol)
		}
		return o, nil
	})
	d.Plays = plays
	return d
}
