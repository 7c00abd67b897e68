package nora

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/reports"
	snora "github.com/cardsim/cardsim/strategies/nora"
)

// policyOptions are the options of Nora's solver.
type policyOptions struct {
	Samples int
	Uniform bool
	Cap     int
	Fresh   bool
	Check   bool
	// Replicas is the number of independent sets of shuffles the upper
	// bound is computed from again, to give its sampling error; 0 for none.
	Replicas int
}

// sampling returns the sampling the policies are built with.
func (o *policyOptions) sampling() snora.Sampling {
	return snora.Sampling{Samples: o.Samples, Uniform: o.Uniform}
}

func (o *policyOptions) bind(s snora.Setup) *games.Options {
	opts := games.NewOptions("option")
	opts.Int(&o.Samples, "samples", s.Samples(snora.DefaultSamples), 1, 1_000_000_000, "the build's budget: what so many live shuffles of every deck composition cost, spread where they make the value surest")
	opts.Bool(&o.Uniform, "uniform", false, "draw samples live shuffles of every deck composition instead (as builds did before the budget was spread; to compare)")
	opts.Int(&o.Cap, "cap", snora.DefaultIPCap, 2, 1000, "ip beyond which more ip counts as no more useful")
	opts.Bool(&o.Fresh, "fresh", false, "estimate the pass outcomes anew instead of reading the cache (to time the build)")
	opts.Bool(&o.Check, "check", false, "also re-value the policies on independent shuffles (free of the bias of valuing a policy on its own samples)")
	opts.Int(&o.Replicas, "replicas", 0, 0, 100, "also compute the upper bound from this many independent sets of shuffles, each as large as the build's, to give its sampling error (each costs a build)")
	return opts
}

// Policy returns Nora's solver: the optimal policy by backward induction
// over (rounds left, ip held, deck composition), each composition's pass
// outcomes estimated with the real engine (exactly for small decks) and
// cached in s.CacheDir ("" for memory only), keyed by a hash of the rules
// that change a pass; and the value of a clairvoyant player who sees each shuffle
// before deciding to insure it. Its page holds policy.csv (every state:
// values and actions), round_values.csv (the expected score of the rest of
// the game by rounds left and ip), pass_dists.csv (per composition: dead
// chance, rescue chance, mean outcome) and the chart of the stop and insure
// frontier.
func Policy(s snora.Setup) analyses.Definition {
	return analyses.Define("nora",
		"the best policy known, by backward induction over (rounds left, ip held, deck composition) with whole passes planned, its value, an upper bound on every policy and the certified gap between them, as CSV with the stop and insure frontier",
		func(o *policyOptions) *games.Options { return o.bind(s) }, func(ctx context.Context, env *analyses.Env, opts policyOptions) (*reports.Report, error) {
			return runPolicy(ctx, env, opts, s)
		})
}

func runPolicy(ctx context.Context, env *analyses.Env, opts policyOptions, s snora.Setup) (*reports.Report, error) {
	cacheDir := s.CacheDir
	r, err := nora.ParseRules(env.Rules)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	var dists *snora.PassDists
	if opts.Fresh {
		dists, err = snora.EstimatePassDistsContext(ctx, r, opts.sampling(), snora.DistSeed, env.Workers, snora.PlanWholePass)
	} else {
		dists, err = snora.DistsContext(ctx, cacheDir, r, opts.sampling(), snora.DistSeed, snora.PlanWholePass)
	}
	if err != nil {
		return nil, err
	}
	distTime := time.Since(start)
	t := time.Now()
	sol, err := snora.SolveContext(ctx, r, dists, opts.Cap, snora.VariantOptimal)
	if err != nil {
		return nil, err
	}
	solveTime := time.Since(t)
	ub, err := snora.SolveContext(ctx, r, dists, opts.Cap, snora.VariantClairvoyant)
	if err != nil {
		return nil, err
	}
	how := "read from the cache, or built and cached"
	if opts.Fresh {
		how = fmt.Sprintf("estimated on %d workers", env.Workers)
	}
	var lines []string
	say := func(format string, args ...any) {
		lines = append(lines, fmt.Sprintf(format, args...))
		env.Printf(format+"\n", args...)
	}
	live, enumerated := 0, 0
	for _, pd := range dists.Dists[1:] {
		live += pd.Samples
		enumerated += b2i(pd.Samples == 0)
	}
	spreadHow := "spread where they make the value surest"
	if opts.Uniform {
		spreadHow = "as many of each"
	}
	say("nora: %d deck compositions, %d of them enumerated, the others from %d live shuffles (a budget of %d a composition, %s; %s) in %.2f s; backward induction in %.2f s",
		len(dists.Comps.List)-1, enumerated, live, opts.Samples, spreadHow, how, distTime.Seconds(), solveTime.Seconds())
	one, err := snora.DistsContext(ctx, cacheDir, r, snora.Budget(s.Samples(snora.OneSwitchSamples)), snora.DistSeed, snora.PlanOneSwitch)
	if err != nil {
		return nil, err
	}
	v1, err := snora.SolveContext(ctx, r, one, opts.Cap, snora.VariantV1)
	if err != nil {
		return nil, err
	}
	bound, below, err := snora.RelaxedBound(r, dists, r.StartIP, opts.Cap)
	if err != nil {
		return nil, err
	}
	value := sol.Value(r.StartIP)
	spread, err := sol.Spread(r.StartIP)
	if err != nil {
		return nil, err
	}
	say("expected game score, optimal policy:       %.3f ± %.2f (start-ip %d; whole passes planned by a bounded search; "+
		"± the standard error of the shuffles sampled; valued on the shuffles it was chosen on, which flatters it: check=true re-values it on fresh ones)",
		value, spread.SE(), r.StartIP)
	say("expected game score, first policy (optimal-v1): %.3f (one switch a pass, %d samples)", v1.Value(r.StartIP), s.Samples(snora.OneSwitchSamples))
	say("expected game score, clairvoyant insurance: %.3f (a bound on better insurance within the optimal policy's play)", ub.Value(r.StartIP))
	say("upper bound on every policy:               %.3f (the game scored perfect once %d ip are held)", bound, below)
	say("certified gap:                             %.3f points a game (the optimal policy is at most this far from the best possible play)", bound-value)
	if opts.Replicas > 0 {
		bounds := []float64{bound}
		for k := range opts.Replicas {
			d, err := snora.DistsContext(ctx, "", r, opts.sampling(), snora.DistSeed+1+uint64(k), snora.PlanWholePass)
			if err != nil {
				return nil, err
			}
			b, _, err := snora.RelaxedBound(r, d, r.StartIP, opts.Cap)
			if err != nil {
				return nil, err
			}
			bounds = append(bounds, b)
		}
		mean, sd := stat.MeanStdDev(bounds, nil)
		say("upper bound's sampling error:              %.3f standard deviation over %d independent sets of shuffles (bounds %.3f to %.3f, mean %.3f ± %.3f)",
			sd, len(bounds), floats.Min(bounds), floats.Max(bounds), mean, sd/math.Sqrt(float64(len(bounds))))
	}
	if opts.Check {
		chk, err := snora.RevalueContext(ctx, cacheDir, sol, ub)
		if err != nil {
			return nil, err
		}
		cs, err := chk[0].Spread(r.StartIP)
		if err != nil {
			return nil, err
		}
		say("re-valued on independent shuffles:         %.3f ± %.2f, and %.3f with clairvoyant insurance (the expected scores of their play, ± the standard error of the fresh shuffles)",
			chk[0].Value(r.StartIP), cs.SE(), chk[1].Value(r.StartIP))
	}
	say("ip cap %d: holding %d rather than %d ip gains at most %.2g points in any state", opts.Cap, opts.Cap, opts.Cap-1, sol.CapGain())
	chart, err := frontierChart(sol)
	if err != nil {
		return nil, err
	}
	return &reports.Report{
		Layout: reports.PageLayout,
		Title:  "Nora's optimal policy",
		Intro:  fmt.Sprintf("Rules: %s. Backward induction over (rounds left, ip held, deck composition); pass outcomes from a budget of %d shuffles a composition.", ruleText(env.Rules), opts.Samples),
		Studies: []reports.Study{
			{Game: "nora", Title: "Expected game score", Answer: []string{strings.Join(lines, ". ") + "."}},
			{Game: "nora", Title: "Stop and insure frontiers", Answer: []string{"The largest deck at which the policy stops, and at which it insures, by ip held."}, Charts: []reports.Chart{chart}},
		},
		Files: map[string][]byte{
			"policy.csv":       reports.RowsCSV(policyRows(sol)),
			"round_values.csv": reports.RowsCSV(roundValueRows(sol, ub)),
			"pass_dists.csv":   reports.RowsCSV(passDistRows(dists)),
		},
	}, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ftoa writes a figure of a CSV file in full: the shortest text that reads
// back as v.
func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// policyRows lists every decision state with its values and actions.
func policyRows(s *snora.Solution) [][]string {
	rows := [][]string{{"rounds_left", "n4", "n2", "jokers", "cards_left", "ip", "value_stop", "value_shuffle",
		"stop", "insure", "dead_uninsured", "dead_uninsured_rescuable", "dead_insured_rescuable"}}
	for k := 1; k <= s.Rules.Rounds; k++ {
		for _, c := range s.Dists.Comps.List[1:] {
			for ip := 0; ip <= s.Cap; ip++ {
				st := snora.State{RoundsLeft: k, Comp: c, IP: ip}
				shuffle, stop := s.Continue(st)
				j := "0"
				if c.Jokers {
					j = "2"
				}
				rows = append(rows, []string{itoa(k), itoa(c.N4), itoa(c.N2), j, itoa(c.Cards()), itoa(ip),
					ftoa(stop), ftoa(shuffle), strconv.FormatBool(s.Stop(st)), strconv.FormatBool(s.Insure(st)),
					s.DeadAction(st, false, false), s.DeadAction(st, false, true), s.DeadAction(st, true, true)})
			}
		}
	}
	return rows
}

// roundValueRows lists the expected score of the rest of the game at the
// start of a round, by rounds left and ip, for both policies.
func roundValueRows(s, ub *snora.Solution) [][]string {
	rows := [][]string{{"rounds_left", "ip", "optimal", "upper_bound"}}
	for k := 1; k <= s.Rules.Rounds; k++ {
		for ip := 0; ip <= s.Cap; ip++ {
			rows = append(rows, []string{itoa(k), itoa(ip), ftoa(s.RoundStart(k, ip)), ftoa(ub.RoundStart(k, ip))})
		}
	}
	return rows
}

// passDistRows summarises each composition's pass distribution.
func passDistRows(d *snora.PassDists) [][]string {
	rows := [][]string{{"n4", "n2", "jokers", "cards", "p_dead", "p_rescuable_if_dead", "mean_removed_if_live", "mean_ip_if_live", "outcomes", "samples"}}
	for _, pd := range d.Dists[1:] {
		removed, ip := 0.0, 0.0
		for _, o := range pd.Live {
			removed += o.P * float64(pd.Comp.Cards()-d.Comps.List[o.Next].Cards())
			ip += o.P * float64(o.IP)
		}
		j := "0"
		if pd.Comp.Jokers {
			j = "2"
		}
		rows = append(rows, []string{itoa(pd.Comp.N4), itoa(pd.Comp.N2), j, itoa(pd.Comp.Cards()),
			ftoa(pd.Dead), ftoa(pd.Rescue),
			ftoa(removed), ftoa(ip), itoa(len(pd.Live)), itoa(pd.Samples)})
	}
	return rows
}

// frontier returns, for each ip from 0 to maxIP, the largest number of cards
// left at which the policy takes the action (stop, or insure) in at least
// half of the compositions of that size, in the round with k rounds to play.
func frontier(s *snora.Solution, k, maxIP int, act func(snora.State) bool) []float64 {
	out := make([]float64, maxIP+1)
	for ip := 0; ip <= maxIP; ip++ {
		yes, all := map[int]int{}, map[int]int{}
		for _, c := range s.Dists.Comps.List[1:] {
			st := snora.State{RoundsLeft: k, Comp: c, IP: ip}
			all[c.Cards()]++
			if act(st) {
				yes[c.Cards()]++
			}
		}
		for n, a := range all {
			if 2*yes[n] >= a && float64(n) > out[ip] {
				out[ip] = float64(n)
			}
		}
	}
	return out
}

// frontierChart draws the stop and insure frontiers of the first and the
// last round.
func frontierChart(s *snora.Solution) (reports.Chart, error) {
	const maxIP = 30
	xs := make([]float64, maxIP+1)
	for i := range xs {
		xs[i] = float64(i)
	}
	var series []reports.LineSeries
	for _, k := range []int{s.Rules.Rounds, 1} {
		when := "first round"
		if k == 1 {
			when = "last round"
		}
		if k == 1 && s.Rules.Rounds == 1 {
			when = "the round"
		}
		series = append(series,
			reports.LineSeries{Label: "largest deck it stops at, " + when, X: xs, Y: frontier(s, k, maxIP, s.Stop)},
			reports.LineSeries{Label: "largest deck it insures, " + when, X: xs, Y: frontier(s, k, maxIP, s.Insure)})
		if s.Rules.Rounds == 1 {
			break
		}
	}
	return reports.LineChart("frontier", "Optimal policy: stop and insure frontiers (in most compositions of a size)",
		"ip held", "cards left in the deck", series)
}
