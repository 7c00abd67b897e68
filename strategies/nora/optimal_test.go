package nora

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"

	"github.com/cardsim/cardsim/games/nora"
)

// stoppingOracle solves the pure stopping problem (no ip can be spent, one
// round) by exact enumeration, independently of the engine and the solver:
// every distinct sequence of ranks is equally likely, the cards a pass
// removes are those cast out by the stack reduction, and the pass is dead
// if no two neighbours share a rank. It returns the value at the stop
// decision of every deck, keyed by its counts per rank, and the value of
// the round from the full deck.
type stoppingOracle struct {
	size int
	memo map[[15]int]float64
}

// next returns, for each deck reachable by one pass from counts, the
// number of sequences leading there; dead counts the dead sequences.
func (o *stoppingOracle) next(counts [15]int) (outcomes map[[15]int]float64, dead, total float64) {
	outcomes = map[[15]int]float64{}
	n := 0
	for _, c := range counts {
		n += c
	}
	seq := make([]int, 0, n)
	left := counts
	var rec func()
	rec = func() {
		if len(seq) == n {
			total++
			live := false
			for i := 1; i < n; i++ {
				if seq[i] == seq[i-1] {
					live = true
				}
			}
			if !live {
				dead++
				return
			}
			var stack []int
			for _, r := range seq {
				if len(stack) > 0 && stack[len(stack)-1] == r {
					stack = stack[:len(stack)-1]
				} else {
					stack = append(stack, r)
				}
			}
			var after [15]int
			for _, r := range stack {
				after[r]++
			}
			outcomes[after]++
			return
		}
		for r := range left {
			if left[r] > 0 {
				left[r]--
				seq = append(seq, r)
				rec()
				seq = seq[:len(seq)-1]
				left[r]++
			}
		}
	}
	rec()
	return outcomes, dead, total
}

// shuffle returns the value of shuffling counts once more.
func (o *stoppingOracle) shuffle(counts [15]int) float64 {
	outcomes, _, total := o.next(counts)
	v := 0.0
	for after, w := range outcomes {
		v += w / total * o.stopPoint(after)
	}
	return v // dead sequences score 0
}

// stopPoint returns the value at the stop decision with counts left.
func (o *stoppingOracle) stopPoint(counts [15]int) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return float64(o.size)
	}
	if v, ok := o.memo[counts]; ok {
		return v
	}
	v := math.Max(float64(o.size-n), o.shuffle(counts))
	o.memo[counts] = v
	return v
}

func compOfIntCounts(counts [15]int) Comp {
	var c Comp
	for r := 1; r <= 13; r++ {
		switch counts[r] {
		case 4:
			c.N4++
		case 2:
			c.N2++
		}
	}
	c.Jokers = counts[14] == 2
	return c
}

// TestSolveStoppingExact: with every price out of reach the game is a pure
// stopping problem; on small decks the solver (which enumerates them
// exactly) must find the values of an independent exact enumeration, at
// every deck the round can reach.
func TestSolveStoppingExact(t *testing.T) {
	tests := []struct{ ranks, jokers int }{{2, 0}, {2, 2}, {3, 0}}
	for _, tt := range tests {
		r, err := nora.ParseRules([]string{"rounds=1", "insure=1000", "switch=1000", "revive=1000",
			"ranks=" + itoa(tt.ranks), "jokers=" + itoa(tt.jokers)})
		if err != nil {
			t.Fatal(err)
		}
		d, err := EstimatePassDists(r, 100000, 1, 2, PlanWholePass)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := Solve(r, d, 10, false)
		if err != nil {
			t.Fatal(err)
		}
		o := &stoppingOracle{size: r.DeckSize(), memo: map[[15]int]float64{}}
		var full [15]int
		for k := 1; k <= tt.ranks; k++ {
			full[k] = 4
		}
		full[14] = tt.jokers
		if got, want := sol.Value(0), o.shuffle(full); math.Abs(got-want) > 1e-9 {
			t.Errorf("ranks=%d jokers=%d: game value %.12f, exact %.12f", tt.ranks, tt.jokers, got, want)
		}
		checked := 0
		for counts, want := range o.memo {
			st := State{RoundsLeft: 1, Comp: compOfIntCounts(counts)}
			shuffle, stop := sol.Continue(st)
			if got := math.Max(shuffle, stop); math.Abs(got-want) > 1e-9 {
				t.Errorf("ranks=%d jokers=%d deck %v: value %.12f, exact %.12f", tt.ranks, tt.jokers, st.Comp, got, want)
			}
			checked++
		}
		if checked < 1 {
			t.Errorf("ranks=%d jokers=%d: only %d decks checked", tt.ranks, tt.jokers, checked)
		}
	}
}

func itoa(n int) string {
	return string(rune('0' + n))
}

// TestDeadChanceMatchesEnumeration checks that the exact dead chance the
// solver uses agrees with counting dead sequences.
func TestDeadChanceMatchesEnumeration(t *testing.T) {
	o := &stoppingOracle{}
	for _, counts := range [][15]int{{1: 4, 2: 4}, {1: 4, 2: 2, 14: 2}, {1: 2, 2: 2, 3: 2}} {
		_, dead, total := o.next(counts)
		c := compOfIntCounts(counts)
		if got, want := nora.DeadChance(c.N4, c.N2, c.Jokers), dead/total; math.Abs(got-want) > 1e-12 {
			t.Errorf("%v: DeadChance %g, enumeration %g", c, got, want)
		}
	}
}

// smallRules are the rules of the fast tests: a deck of five ranks and the
// jokers, three rounds, the default prices and earnings.
func smallRules(t testing.TB, extra ...string) nora.Rules {
	r, err := nora.ParseRules(append([]string{"ranks=5", "rounds=3"}, extra...))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// lineupRun plays the named bots on the same deals of game g.
func lineupRun(t *testing.T, g games.Game, names []string, n int64) sim.Summary {
	t.Helper()
	samples := 3000
	if rg, ok := g.(ruled); ok && rg.RuleValues().Ranks <= 3 {
		samples = 40000 // every deck enumerated
	}
	reg := new(strategies.Registry)
	Register(reg, Setup{})
	var lineup []sim.Player
	for _, spec := range names {
		name, rest, _ := strings.Cut(spec, ":")
		def, err := reg.Lookup(g, name)
		if err != nil {
			t.Fatal(err)
		}
		var params []string
		if rest != "" {
			params = strings.Split(rest, ":")
		}
		if (name == "optimal" || name == "optimal-v1" || name == "upper-bound") && !strings.Contains(rest, "samples=") {
			params = append(params, "samples="+strconv.Itoa(samples))
		}
		lineup = append(lineup, sim.Player{Strategy: def, Params: params})
	}
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: 11, Games: n}
	tally, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sim.Summarize(&cfg, tally, 0.99)
}

// TestOptimalSolverMatchesSimulation plays the optimal, the upper-bound
// and the first optimal policies in the real engine on decks small enough
// that the solver enumerates every pass exactly, so its expected scores
// are the true ones of its policies and must fall inside the simulation's
// intervals. It also checks that the upper bound is above the optimum, and
// that no heuristic bot, nor the first policy, beats the optimum on the
// same deals.
func TestOptimalSolverMatchesSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	t.Parallel() // independent of the other long tests, and long: they share the cores
	dir := t.TempDir()
	for _, deck := range [][]string{{"ranks=3", "jokers=0"}, {"ranks=2", "jokers=2"}} {
		r := smallRules(t, deck...)
		opt, err := Policy(dir, r, 40000, DefaultIPCap, false)
		if err != nil {
			t.Fatal(err)
		}
		ub, err := Policy(dir, r, 40000, DefaultIPCap, true)
		if err != nil {
			t.Fatal(err)
		}
		v1, err := PolicyContext(context.Background(), dir, r, Budget(40000), DefaultIPCap, VariantV1)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range opt.Dists.Dists[1:] {
			if d.Samples != 0 {
				t.Fatalf("%v: deck %v sampled, not enumerated", deck, d.Comp)
			}
		}
		if ub.Value(0) < opt.Value(0) {
			t.Errorf("%v: upper bound %.3f below the optimum %.3f", deck, ub.Value(0), opt.Value(0))
		}
		names := []string{"optimal", "upper-bound", "optimal-v1", "stop-at", "cautious", "rescuer"}
		s := lineupRun(t, nora.New(r).Clairvoyant(), names, 10000)
		for i, want := range []float64{opt.Value(0), ub.Value(0), v1.Value(0)} {
			e := s.Entries[i].Score
			t.Logf("%v %s: solver %.3f, simulation %.3f (%.3f … %.3f)", deck, names[i], want, e.Mean, e.CILow, e.CIHigh)
			if want < e.CILow || want > e.CIHigh {
				t.Errorf("%v %s: solver %.3f outside the simulation's interval %.3f … %.3f", deck, names[i], want, e.CILow, e.CIHigh)
			}
		}
		for _, c := range s.Comparisons {
			t.Logf("%v %s: %+.3f (%.3f … %.3f)", deck, c.Label, c.ScoreDiff, c.CILow, c.CIHigh)
			if c.A == 0 && c.B >= 2 && c.CILow <= 0 {
				t.Errorf("%v %s: %+.3f (%.3f … %.3f): the optimum does not beat a heuristic", deck, c.Label, c.ScoreDiff, c.CILow, c.CIHigh)
			}
			if c.A == 0 && c.B == 1 && c.CIHigh >= 0 {
				t.Errorf("%v %s: %+.3f (%.3f … %.3f): the upper bound does not beat the optimum", deck, c.Label, c.ScoreDiff, c.CILow, c.CIHigh)
			}
		}
	}
}

// TestOptimalBeatsHeuristicsSampled: on a deck whose passes are sampled,
// the optimum beats every heuristic on the same deals, and its value
// re-evaluated on independent shuffles is close to the simulation's.
func TestOptimalBeatsHeuristicsSampled(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	t.Parallel() // independent of the other long tests, and long: they share the cores
	dir := t.TempDir()
	r := smallRules(t)
	opt, err := Policy(dir, r, 3000, DefaultIPCap, false)
	if err != nil {
		t.Fatal(err)
	}
	s := lineupRun(t, nora.New(r), []string{"optimal", "stop-at", "stop-at:cards=6", "cautious", "cautious:stop=0.1:insure=0.1",
		"cautious:stop=0.5:insure=0.4", "rescuer", "rescuer:stop=0.2:insure=0.2", "rescuer:stop=0.6:insure=0.8"}, 3000)
	e := s.Entries[0].Score
	// The solver's value is an estimate from 3000 shuffles per deck: allow
	// one point (2% of the score) besides the simulation's interval.
	if v := opt.Value(0); v < e.CILow-1 || v > e.CIHigh+1 {
		t.Errorf("solver %.3f far from the simulation's %.3f (%.3f … %.3f)", v, e.Mean, e.CILow, e.CIHigh)
	}
	for _, c := range s.Comparisons {
		if c.A == 0 && c.CILow <= 0 {
			t.Errorf("%s: %+.3f (%.3f … %.3f): the optimum does not beat a heuristic", c.Label, c.ScoreDiff, c.CILow, c.CIHigh)
		}
	}
}

// revalueDeals is the deals TestRevaluedValueMatchesPlay plays at each
// rule set: 4,000, about 5 minutes of CPU for all seven with their builds,
// within CI's budget for the long tests (20,000, as the issue asks, take
// about 25 minutes; set it so to check by hand).
const revalueDeals = 4000

// TestRevaluedValueMatchesPlay: on the full deck, whose passes are
// sampled, the solver's expectation is the bot's score. At the default
// rules, at every SWITCH price the report sweeps (cmd/catalog: switch=0,
// 1, 2, 4, 8), at the issue's INSURE 2 and SWITCH 3 together and at a dear
// REVIVE, the policy re-valued on fresh shuffles (RevalueContext), give or
// take its sampling error (Spread), agrees with the bot's mean score over
// revalueDeals deals within their combined 99% interval, the bot allowed a
// tenth of a point more (understate). The value on the
// build's own shuffles is logged beside it: it carries the bias of an
// optimum over the shuffles it was chosen on besides. Each rule set is a
// subtest, so that one price can be run alone (-run
// 'TestRevaluedValueMatchesPlay/switch=8').
func TestRevaluedValueMatchesPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	t.Parallel() // independent of the other long tests, and long: they share the cores
	dir := t.TempDir()
	reg := new(strategies.Registry)
	Register(reg, Setup{CacheDir: dir})
	def, err := reg.Lookup(nora.New(nora.DefaultRules()), "optimal")
	if err != nil {
		t.Fatal(err)
	}
	const z99 = 2.5758
	// understate is how far the solver's value may lie below the bot's
	// score beyond the sampling errors: the bot, searching only the plans
	// it can pay for, finds plans the solver's beam lacked (see
	// wholePass: 0.05 points a game at the default rules). It matters
	// where both errors vanish: at switch=0 the value is 539.995 ± 0.000
	// and nearly every game scores 540.
	const understate = 0.1
	for _, rules := range [][]string{
		nil, {"switch=0"}, {"switch=1"}, {"switch=4"}, {"switch=8"},
		{"insure=2", "switch=3"}, {"revive=8"},
	} {
		name := strings.Join(rules, ",")
		if name == "" {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
			r, err := nora.ParseRules(rules)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := PolicyContext(t.Context(), dir, r, Budget(DefaultSamples), DefaultIPCap, VariantOptimal)
			if err != nil {
				t.Fatal(err)
			}
			chk, err := RevalueContext(t.Context(), dir, sol)
			if err != nil {
				t.Fatal(err)
			}
			sp, err := chk[0].Spread(r.StartIP)
			if err != nil {
				t.Fatal(err)
			}
			cfg := sim.Config{Game: nora.New(r), Lineup: []sim.Player{{Strategy: def}}, Seed: 11, Games: revalueDeals}
			tally, err := sim.Run(t.Context(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			sum := sim.Summarize(&cfg, tally, 0.99)
			e := sum.Lead().Score
			play := (e.CIHigh - e.CILow) / 2 / z99
			v := chk[0].Value(r.StartIP)
			tol := z99 * math.Hypot(sp.SE(), play)
			t.Logf("%s: re-valued %.3f ± %.3f (on its own shuffles %.3f); the bot %.3f ± %.3f over %d deals; difference %+.3f, allowed %.3f (%.2f above)",
				name, v, sp.SE(), sol.Value(r.StartIP), e.Mean, play, cfg.Games, e.Mean-v, tol, tol+understate)
			if d := e.Mean - v; d < -tol || d > tol+understate {
				t.Errorf("%s: re-valued %.3f ± %.3f, the bot scores %.3f ± %.3f: %+.3f apart, outside the 99%% band %.3f (%.2f above)",
					name, v, sp.SE(), e.Mean, play, d, tol, tol+understate)
			}
		})
	}
}

// TestRescueSwitch: the rescue switch is the one that removes the most
// cards, and there is none when no single swap creates a pair.
func TestRescueSwitchBest(t *testing.T) {
	r := nora.DefaultRules()
	tests := []struct {
		order string
		pos   int
		ok    bool
	}{
		{"AC 2C AD 3C", 0, true},             // 2C AC AD 3C: two aces fall
		{"AC 2C 3C AD", 0, false},            // no single swap pairs anything
		{"2C AC 2D 3C AD 3D", 0, true},       // every rescue removes one pair: the leftmost
		{"3C 2C AC 2D AD 3D", 1, true},       // 3C AC 2C 2D AD 3D: the twos, the aces, then the threes fall
		{"KC QC KD 2C AC 2D AD", 3, true},    // the twos, then the aces: 4 cards, more than the kings' 2 at 1
		{"KC QC KD 2C AC 2D AD QD", 3, true}, // likewise
	}
	for _, tt := range tests {
		d, err := cards.ParseDeck(tt.order)
		if err != nil {
			t.Fatal(err)
		}
		pos, ok := RescueSwitch(r, d)
		if ok != tt.ok || (ok && pos != tt.pos) {
			t.Errorf("RescueSwitch(%s) = %d, %v; want %d, %v", tt.order, pos, ok, tt.pos, tt.ok)
		}
	}
}

// TestPriceChangesReuseDists: the prices of insurance and revival, rounds
// and start-ip share the pass distributions; the switch price does not (the
// whole-pass search spends ip on switches as it plans), nor does an earning
// rule.
func TestPriceChangesReuseDists(t *testing.T) {
	dir := t.TempDir()
	base, err := Dists(dir, smallRules(t, "ranks=2"), 500, PlanWholePass)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rule string
		same bool
	}{
		{"insure=5", true}, {"switch=0", false}, {"revive=8", true}, {"rounds=7", true}, {"start-ip=3", true},
		{"ip-dead=3", true}, {"ip-quad=2", false}, {"ip-reaction=0", false}, {"jokers=0", false},
	}
	for _, tt := range tests {
		d, err := Dists(dir, smallRules(t, "ranks=2", tt.rule), 500, PlanWholePass)
		if err != nil {
			t.Fatal(err)
		}
		if (d == base) != tt.same {
			t.Errorf("%s: distributions shared %v, want %v", tt.rule, d == base, tt.same)
		}
	}
}

// TestCapDoesNotBind: at the default cap one more ip is worth nothing.
func TestCapDoesNotBind(t *testing.T) {
	dir := t.TempDir()
	samples := 500
	if testing.Short() {
		samples = 150 // the cap binds on no sample; make test-long builds from 500
	}
	for _, rule := range []string{"insure=0", "insure=1", "switch=0"} {
		sol, err := Policy(dir, smallRules(t, "ranks=3", rule), samples, DefaultIPCap, false)
		if err != nil {
			t.Fatal(err)
		}
		if g := sol.CapGain(); g > 1e-6 {
			t.Errorf("%s: the ip cap binds: one more ip gains %g", rule, g)
		}
	}
}

// ExampleSolve solves a deck of one rank: its four cards always fall
// together, so every round scores 4.
func ExampleSolve() {
	r, _ := nora.ParseRules([]string{"ranks=1", "jokers=0", "rounds=10"})
	d, _ := EstimatePassDists(r, 100, 1, 1, PlanWholePass)
	sol, _ := Solve(r, d, 10, false)
	fmt.Printf("%.2f\n", sol.Value(0))
	// Output: 40.00
}

func BenchmarkEstimatePassDists(b *testing.B) {
	r := smallRules(b, "ranks=4")
	for b.Loop() {
		if _, err := EstimatePassDists(r, 1000, 1, 1, PlanWholePass); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPolicyBuild builds the optimal policy of the default rules as
// a cold cache does (the shuffles drawn, spread and the policy solved), on
// one worker, from the smallest budget (MinSamples, a fifth of the
// default: the pilot and one allocation), so that make bench follows the
// build's cost in the pass search, the allocation and the solve.
func BenchmarkPolicyBuild(b *testing.B) {
	r := nora.DefaultRules()
	start := processCPU()
	for b.Loop() {
		d, err := EstimatePassDistsContext(b.Context(), r, Budget(MinSamples), DistSeed, 1, PlanWholePass)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := SolveContext(b.Context(), r, d, DefaultIPCap, VariantOptimal); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkSolve(b *testing.B) {
	r := smallRules(b, "ranks=4", "rounds=10")
	d, err := EstimatePassDists(r, 1000, 1, 0, PlanWholePass)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Solve(r, d, DefaultIPCap, false); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPolicyFollowsPrices: a policy is solved for the prices of the game it
// plays, so a price sweep re-solves it at every point, and a dearer price
// never raises its value (a player paying less can copy any play of one
// paying more).
func TestPolicyFollowsPrices(t *testing.T) {
	dir := t.TempDir()
	reg := new(strategies.Registry)
	Register(reg, Setup{CacheDir: dir})
	def, err := reg.Lookup(nora.New(nora.DefaultRules()), "optimal")
	if err != nil {
		t.Fatal(err)
	}
	samples := 500
	if testing.Short() {
		samples = 150 // the same prices and checks on fewer shuffles; make test-long builds from 500
	}
	for _, key := range []string{"insure", "switch", "revive"} {
		prev := math.Inf(1)
		for _, price := range []int{0, 1, 2, 4, 8} {
			r := smallRules(t, "ranks=3", key+"="+strconv.Itoa(price))
			bot, err := def.New(nora.New(r), []string{"samples=" + strconv.Itoa(samples)})
			if err != nil {
				t.Fatal(err)
			}
			if err := bot.(*Optimal).Prepare(context.Background()); err != nil {
				t.Fatal(err)
			}
			sol := bot.(*Optimal).sol
			got := map[string]int{"insure": sol.Rules.Insure, "switch": sol.Rules.Switch, "revive": sol.Rules.Revive}[key]
			if got != price {
				t.Errorf("%s=%d: the bot's policy was solved for %s=%d", key, price, key, got)
			}
			if v := sol.Value(0); v > prev+1e-9 {
				t.Errorf("%s=%d: value %.4f above %.4f at a lower price", key, price, v, prev)
			} else {
				prev = v
			}
		}
	}
}

// TestInsureSeesTopCard: the policy's INSURE decision depends on the class
// of the top card somewhere (the chance of a dead shuffle, and what a dead
// one can be rescued to, depend on it).
func TestInsureSeesTopCard(t *testing.T) {
	r := smallRules(t, "ranks=2", "jokers=2")
	// Every deck enumerated: the shuffles TestSolverValueIsTheBotsScore's
	// policy plays on, drawn once for both (the rounds do not change them).
	d, err := Dists("", r, 40000, PlanWholePass)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Solve(r, d, DefaultIPCap, false)
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for k := 1; k <= r.Rounds; k++ {
		for _, c := range d.Comps.List[1:] {
			for ip := 1; ip <= 10; ip++ {
				seen := map[bool]bool{}
				p, _ := topChances(c)
				for top := TopFour; top < numTops; top++ {
					if p[top] > 0 {
						seen[sol.Insure(State{RoundsLeft: k, Comp: c, IP: ip, Top: top})] = true
					}
				}
				if len(seen) == 2 {
					differ++
				}
			}
		}
	}
	if differ == 0 {
		t.Error("the INSURE decision never depends on the top card")
	}
	t.Logf("%d states insure by the top card", differ)
}

// BenchmarkOptimalGame plays whole games of the default rules with the
// optimal bot (its policy built once, before the loop, or read from the
// user's cache).
func BenchmarkOptimalGame(b *testing.B) {
	reg := new(strategies.Registry)
	Register(reg, Setup{})
	g := nora.New(nora.DefaultRules())
	def, err := reg.Lookup(g, "optimal")
	if err != nil {
		b.Fatal(err)
	}
	bot, err := def.New(g, nil)
	if err != nil {
		b.Fatal(err)
	}
	if err := bot.(*Optimal).Prepare(context.Background()); err != nil {
		b.Fatal(err)
	}
	s := g.NewState()
	var legal []games.Action
	var seed uint64
	b.ReportAllocs()
	start := processCPU()
	for b.Loop() {
		seed++
		s.Reset(seed)
		bot.Begin(seed)
		for s.Turn() != games.Terminal {
			legal = s.Legal(legal)
			s.Apply(bot.Choose(s.View(0), legal))
		}
	}
	reportCPU(b, start)
}

// TestSolverValueIsTheBotsScore is the quick suite's check of the policy
// that plans whole passes: on a deck small enough that every pass is
// enumerated, the solver's value is exactly the expected score of the bot
// playing it, so it must lie inside the bot's 99% interval over 4,000
// deals (TestOptimalSolverMatchesSimulation checks more decks and bots in
// make test-long).
func TestSolverValueIsTheBotsScore(t *testing.T) {
	dir := t.TempDir()
	r, err := nora.ParseRules([]string{"ranks=2", "rounds=2"})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Policy(dir, r, 40000, DefaultIPCap, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sol.Dists.Dists[1:] {
		if d.Samples != 0 {
			t.Fatalf("deck %v sampled, not enumerated", d.Comp)
		}
	}
	s := lineupRun(t, nora.New(r), []string{"optimal"}, 4000)
	e := s.Lead().Score
	t.Logf("solver %.4f, bot %.4f (%.4f … %.4f, 99%%)", sol.Value(0), e.Mean, e.CILow, e.CIHigh)
	if v := sol.Value(0); v < e.CILow || v > e.CIHigh {
		t.Errorf("solver %.4f outside the bot's interval %.4f … %.4f", v, e.CILow, e.CIHigh)
	}
}
