package nora

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	snora "github.com/cardsim/cardsim/strategies/nora"
)

// noraStrategies are the strategies the nora report compares, in order.
var noraStrategies = []string{"stop-at", "cautious", "rescuer", "optimal", "upper-bound"}

// noraPrices are the price rules swept, with their labels.
var noraPrices = []struct{ key, label string }{{"insure", "INSURE"}, {"switch", "SWITCH"}, {"revive", "REVIVE"}}

// noraEarnings are the earning rules swept: the rule key and the source it
// pays (ip_earned.<source>).
var noraEarnings = []struct{ key, source string }{
	{"ip-joke", "joke"}, {"ip-triple", "triple"}, {"ip-quad", "quad"}, {"ip-sweep", "sweep"},
	{"ip-jamboree", "jamboree"}, {"ip-chain", "chain"}, {"ip-reaction", "reaction"},
	{"ip-dead-full", "dead_deck"}, {"ip-dead", "dead_deck"},
}

// economyOptions are the options of Nora's analysis.
type economyOptions struct {
	Games        int // deals of the main comparison of strategies
	SweepGames   int // deals per point of a price curve checked by simulation (0: solver only)
	Samples      int // the budget of the policy at the rules given (strategies/nora.Sampling)
	SweepSamples int // the budget of each policy whose passes an earning rule or the SWITCH price changes
}

// sweepSamples is the budget of the policies of the price and earning
// sweeps, each of which changes the passes: at the default rules their
// value's standard error is 2.5 points (strategies/nora.Spread), below the
// 2.6 of the 500 shuffles of every composition the optimal policy was
// built from before the budget was spread, let alone the 300 the sweeps
// had, at a third of their cost.
const sweepSamples = 100

func (o *economyOptions) bind(s snora.Setup) *games.Options {
	opts := games.NewOptions("option")
	opts.Int(&o.Games, "games", 20000, 2, 1_000_000_000, "deals on which the strategies are compared")
	opts.Int(&o.SweepGames, "sweep-games", 500, 0, 1_000_000_000, "deals per point of a price curve checked by simulation, or 0 for the solver alone")
	opts.Int(&o.Samples, "samples", s.Samples(snora.DefaultSamples), 1, 1_000_000_000, "the policy's budget: what so many live shuffles of every deck composition cost, spread where they make its value surest")
	opts.Int(&o.SweepSamples, "sweep-samples", s.Samples(sweepSamples), 1, 1_000_000_000, "the budget of each policy whose passes an earning rule or the SWITCH price changes")
	return opts
}

// Check refuses a price curve checked on a single deal, which has no
// interval.
func (o *economyOptions) Check() error {
	if o.SweepGames == 1 {
		return fmt.Errorf("option sweep-games=1: want 0 (solver only) or at least 2 deals")
	}
	return nil
}

// Economy returns Nora's analysis: the insurance-point economy under the
// optimal policy and the heuristics, on the same deals. The policies' pass
// samples are kept in s.CacheDir ("" for memory only; see
// strategies/nora.DistsContext).
func Economy(s snora.Setup) analyses.Definition {
	return analyses.Define("nora",
		"the insurance-point economy: the optimal policy and a clairvoyant bound against the heuristics, ip earned by source and spent by action, price curves of INSURE, SWITCH and REVIVE, the value of one more ip, and what each earning rule is worth",
		func(o *economyOptions) *games.Options { return o.bind(s) }, func(ctx context.Context, env *analyses.Env, o economyOptions) (*reports.Report, error) {
			return runEconomy(ctx, env, o, s.CacheDir)
		})
}

// economyStudy is Nora's analysis under way.
type economyStudy struct {
	economyOptions
	env      *analyses.Env
	cacheDir string // where the policies' pass samples are kept
}

// noraRun plays the named strategies on the same deals of g.
func noraRun(ctx context.Context, a *economyStudy, g games.Game, names []string, params [][]string, n int) (sim.Summary, error) {
	var lineup []sim.Player
	for i, name := range names {
		def, err := a.env.Strategies.Lookup(g, name)
		if err != nil {
			return sim.Summary{}, err
		}
		lineup = append(lineup, sim.Player{Strategy: def, Params: params[i]})
	}
	r, err := a.env.Run(ctx, "nora "+strings.Join(names, ","), g, lineup, int64(n))
	if err != nil {
		return sim.Summary{}, err
	}
	return r.Summary(), nil
}

// full writes a figure in full, the shortest text that reads back as v:
// tables keep every figure so for their CSV files, and pages show them
// through reports.ReadableTable.
func full(v float64) string { return ftoa(v) }

func withRule(base []string, kv ...string) []string {
	return append(append([]string(nil), base...), kv...)
}

func runEconomy(ctx context.Context, env *analyses.Env, o economyOptions, cacheDir string) (*reports.Report, error) {
	a := &economyStudy{economyOptions: o, env: env, cacheDir: cacheDir}
	r, err := nora.ParseRules(env.Rules)
	if err != nil {
		return nil, err
	}
	logf := env.Logf
	begin := time.Now()
	policyParams := []string{"samples=" + strconv.Itoa(a.Samples)}
	t0 := time.Now()
	opt, err := snora.PolicyContext(ctx, a.cacheDir, r, snora.Budget(a.Samples), snora.DefaultIPCap, snora.VariantOptimal)
	if err != nil {
		return nil, err
	}
	ub, err := snora.PolicyContext(ctx, a.cacheDir, r, snora.Budget(a.Samples), snora.DefaultIPCap, snora.VariantClairvoyant)
	if err != nil {
		return nil, err
	}
	logf("policy ready in %.1f s (value %.2f, upper bound %.2f)", time.Since(t0).Seconds(), opt.Value(r.StartIP), ub.Value(r.StartIP))
	// Re-value both policies on independent shuffles: free of the upward
	// bias of valuing a policy on the samples it was chosen for.
	chk, err := snora.RevalueContext(ctx, a.cacheDir, opt, ub)
	if err != nil {
		return nil, err
	}
	optChk, ubChk := chk[0], chk[1]
	spread, err := optChk.Spread(r.StartIP)
	if err != nil {
		return nil, err
	}
	logf("re-valued on independent shuffles: %.2f ± %.2f and %.2f", optChk.Value(r.StartIP), spread.SE(), ubChk.Value(r.StartIP))
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// 1. The strategies on the same deals, under the clairvoyant view
	// (which only upper-bound reads).
	params := make([][]string, len(noraStrategies))
	params[3], params[4] = policyParams, policyParams
	s, err := noraRun(ctx, a, nora.New(r).Clairvoyant(), noraStrategies, params, a.Games)
	if err != nil {
		return nil, err
	}
	logf("strategies compared on %d deals (%.0f s)", a.Games, time.Since(begin).Seconds())
	page := &reports.Report{
		Layout: reports.PageLayout,
		Title:  "The economy of Nora's pairs solitaire",
		Intro: fmt.Sprintf("Rules: %s. Strategies compared on the same %d deals (seed %d), intervals at %g%%. "+
			"The optimal policy is solved by backward induction over (rounds left, ip, deck composition) with pass outcomes "+
			"estimated from a budget of %d shuffles a composition; upper-bound is a clairvoyant player who sees each shuffle before "+
			"deciding to insure it (no real player can).", ruleText(a.env.Rules), a.Games, a.env.Seed, a.env.Confidence*100, a.Samples),
		Files: map[string][]byte{},
	}
	bound, below, err := snora.RelaxedBound(r, opt.Dists, r.StartIP, snora.DefaultIPCap)
	if err != nil {
		return nil, err
	}
	sec, err := noraStrategySection(&s, [2]*snora.Solution{opt, ub}, [2]*snora.Solution{optChk, ubChk}, spread.SE(), r, relaxed{bound, below}, page.Files)
	if err != nil {
		return nil, err
	}
	page.Studies = append(page.Studies, sec...)
	secs, err := noraIPSections(&s, page.Files)
	if err != nil {
		return nil, err
	}
	page.Studies = append(page.Studies, secs...)
	sec1, err := noraMarginalSection(ctx, a, opt, r, page.Files)
	if err != nil {
		return nil, err
	}
	page.Studies = append(page.Studies, sec1)
	sec1, err = noraPriceSection(ctx, a, r, page.Files)
	if err != nil {
		return nil, err
	}
	page.Studies = append(page.Studies, sec1)
	logf("price curves done (%.0f s)", time.Since(begin).Seconds())
	sec1, err = noraEarningSection(ctx, a, r, &s, page.Files, logf)
	if err != nil {
		return nil, err
	}
	page.Studies = append(page.Studies, sec1)
	for i := range page.Studies {
		page.Studies[i].Game = "nora" // every section is Nora's, wherever the page is embedded
	}
	return page, nil
}

func ruleText(rules []string) string {
	if len(rules) == 0 {
		return "the designer's defaults"
	}
	return strings.Join(rules, " ")
}

// relaxed is a bound on every policy (snora.RelaxedBound): the expected
// score when the game is scored perfect once below ip are held.
type relaxed struct {
	bound float64
	below int
}

func noraStrategySection(s *sim.Summary, sols, checks [2]*snora.Solution, checkSE float64, r nora.Rules, rb relaxed, files map[string][]byte) ([]reports.Study, error) {
	perfect := r.DeckSize() * r.Rounds
	opt := sols[0]
	table := [][]string{{"strategy", "mean score", "ci low", "ci high", "solver", "solver, fresh shuffles", fmt.Sprintf("P(%d)", perfect), "ci low", "ci high"}}
	for i, name := range noraStrategies {
		e := s.Entries[i]
		solver, check := "", ""
		if i >= 3 {
			solver, check = full(sols[i-3].Value(r.StartIP)), full(checks[i-3].Value(r.StartIP))
		}
		table = append(table, []string{name, full(e.Score.Mean), full(e.Score.CILow), full(e.Score.CIHigh), solver, check,
			full(e.Win.Rate), full(e.Win.CILow), full(e.Win.CIHigh)})
	}
	files["strategies.csv"] = reports.RowsCSV(table)
	cmp := [][]string{{"comparison (paired on the same deals)", "score difference", "ci low", "ci high"}}
	var best sim.Comparison
	for _, c := range s.Comparisons {
		cmp = append(cmp, []string{c.Label, full(c.ScoreDiff), full(c.CILow), full(c.CIHigh)})
		if c.A < 3 && c.B == 3 && (best.Label == "" || -c.ScoreDiff < -best.ScoreDiff) {
			best = c // the heuristic closest to the optimum
		}
	}
	files["comparisons.csv"] = reports.RowsCSV(cmp)
	o, u := s.Entries[3], s.Entries[4]
	text := fmt.Sprintf("The optimal policy scores %.1f points per game (%.1f … %.1f; the solver expects %.1f, and %.1f ± %.1f re-valued on fresh shuffles, ± its sampling error) and wins "+
		"(%d) in %.2f%% of games; on the same deals it beats the best heuristic, %s, by %.1f points (%.1f … %.1f). "+
		"Seeing each shuffle before insuring would raise the score to %.1f: better insurance decisions, the passes played alike, can add at most %.1f points. "+
		"No policy whatsoever can expect more than %.1f, the score of a player whose game is made perfect once %d ip are held (the bound is %.1f points above the policy).",
		o.Score.Mean, o.Score.CILow, o.Score.CIHigh, opt.Value(r.StartIP), checks[0].Value(r.StartIP), checkSE, perfect, 100*o.Win.Rate,
		noraStrategies[best.A], -best.ScoreDiff, -best.CIHigh, -best.CILow, u.Score.Mean, u.Score.Mean-o.Score.Mean,
		rb.bound, rb.below, rb.bound-opt.Value(r.StartIP))
	// Score distributions in bins of 20 points.
	const bin = 20
	nb := r.DeckSize()*r.Rounds/bin + 1
	dist := [][]string{{"strategy", "score_from", "score_to", "share"}}
	var series []reports.LineSeries
	for i, name := range noraStrategies {
		e := s.Entries[i]
		shares := make([]float64, nb)
		total := 0.0
		for _, b := range e.Score.Histogram {
			shares[min(int(b.Value)/bin, nb-1)] += float64(b.Count)
			total += float64(b.Count)
		}
		xs := make([]float64, nb)
		for j := range shares {
			shares[j] /= total
			xs[j] = float64(j*bin + bin/2)
			dist = append(dist, []string{name, strconv.Itoa(j * bin), strconv.Itoa(j*bin + bin - 1), full(shares[j])})
		}
		series = append(series, reports.LineSeries{Label: name, X: xs, Y: shares})
	}
	files["score_distribution.csv"] = reports.RowsCSV(dist)
	chart, err := reports.LineChart("score_distribution", "Game score by strategy", "game score (bins of 20 points)", "share of games", series)
	if err != nil {
		return nil, err
	}
	return []reports.Study{
		{Title: fmt.Sprintf("Expected score and P(%d) by strategy", perfect), Answer: []string{text}, Rows: reports.ReadableTable(table)},
		{Title: "Paired differences", Answer: []string{"Each difference is measured on the same deals; its interval is that of the per-deal differences."}, Rows: reports.ReadableTable(cmp)},
		{Title: "Score distribution", Answer: []string{fmt.Sprintf("Under the optimal policy half the games score at least %.0f; the middle 90%% lie between %.0f and %.0f.",
			o.Score.Quantiles["p50"], o.Score.Quantiles["p05"], o.Score.Quantiles["p95"])}, Charts: []reports.Chart{chart}},
	}, nil
}

func noraIPSections(s *sim.Summary, files map[string][]byte) ([]reports.Study, error) {
	sources := []string{"joke", "triple", "quad", "sweep", "jamboree", "chain", "reaction", "dead_deck"}
	spends := []string{"insure", "switch", "revive"}
	rows := [][]string{{"strategy", "kind", "item", "mean_per_game", "ci_low", "ci_high"}}
	earned := make([]reports.BarStack, len(sources))
	for j, src := range sources {
		earned[j].Label = src
	}
	spent := make([]reports.BarStack, len(spends)+1)
	for j, a := range spends {
		spent[j].Label = "spent on " + a
	}
	spent[len(spends)].Label = "left unused"
	for i, name := range noraStrategies {
		e := s.Entries[i]
		for j, src := range sources {
			m := e.Metrics["ip_earned."+src]
			earned[j].Values = append(earned[j].Values, m.Mean)
			rows = append(rows, []string{name, "earned", src, full(m.Mean), full(m.CILow), full(m.CIHigh)})
		}
		for j, a := range spends {
			m := e.Metrics["ip_spent."+a]
			spent[j].Values = append(spent[j].Values, m.Mean)
			rows = append(rows, []string{name, "spent", a, full(m.Mean), full(m.CILow), full(m.CIHigh)})
		}
		m := e.Metrics["ip_unused"]
		spent[len(spends)].Values = append(spent[len(spends)].Values, m.Mean)
		rows = append(rows, []string{name, "unused", "ip_unused", full(m.Mean), full(m.CILow), full(m.CIHigh)})
	}
	files["ip_economy.csv"] = reports.RowsCSV(rows)
	c1, err := reports.StackedBars("ip_earned", "ip earned per game, by source", "ip per game", noraStrategies, earned)
	if err != nil {
		return nil, err
	}
	c2, err := reports.StackedBars("ip_spent", "ip spent per game, by action, and left unused", "ip per game", noraStrategies, spent)
	if err != nil {
		return nil, err
	}
	o := s.Entries[3]
	total, top, topSrc := 0.0, 0.0, ""
	for _, src := range sources {
		v := o.Metrics["ip_earned."+src].Mean
		total += v
		if v > top {
			top, topSrc = v, src
		}
	}
	sp := func(a string) float64 { return o.Metrics["ip_spent."+a].Mean }
	return []reports.Study{
		{Title: "ip earned by source", Answer: []string{fmt.Sprintf("The optimal player earns %.1f ip per game, most from %s (%.1f).", total, topSrc, top)}, Charts: []reports.Chart{c1}},
		{Title: "ip spent by action, and left unused", Answer: []string{fmt.Sprintf("It spends %.1f ip per game on INSURE, %.1f on SWITCH and %.1f on REVIVE, and ends the game with %.1f ip unused.",
			sp("insure"), sp("switch"), sp("revive"), o.Metrics["ip_unused"].Mean)}, Charts: []reports.Chart{c2}},
	}, nil
}

func noraMarginalSection(ctx context.Context, a *economyStudy, opt *snora.Solution, r nora.Rules, files map[string][]byte) (reports.Study, error) {
	rows := [][]string{{"start_ip", "expected_score", "gain_from_previous_ip", "sim_score", "sim_ci_low", "sim_ci_high"}}
	var xs, ys []float64
	check := reports.LineSeries{Label: fmt.Sprintf("simulated (%d deals)", a.SweepGames)}
	for ip := 0; ip <= 20; ip++ {
		v := opt.Value(ip)
		row := []string{strconv.Itoa(ip), full(v), "", "", "", ""}
		if ip > 0 {
			row[2] = full(v - opt.Value(ip-1))
		}
		if a.SweepGames > 0 && (ip <= 2 || ip%5 == 0) {
			g, err := a.env.Game("nora", "start-ip="+strconv.Itoa(ip))
			if err != nil {
				return reports.Study{}, err
			}
			s, err := noraRun(ctx, a, g, []string{"optimal"}, [][]string{{"samples=" + strconv.Itoa(a.Samples)}}, a.SweepGames)
			if err != nil {
				return reports.Study{}, err
			}
			row[3], row[4], row[5] = full(s.Lead().Score.Mean), full(s.Lead().Score.CILow), full(s.Lead().Score.CIHigh)
			check.X, check.Y = append(check.X, float64(ip)), append(check.Y, s.Lead().Score.Mean)
			check.Lo, check.Hi = append(check.Lo, s.Lead().Score.CILow), append(check.Hi, s.Lead().Score.CIHigh)
		}
		rows = append(rows, row)
		xs, ys = append(xs, float64(ip)), append(ys, v)
	}
	files["marginal_ip.csv"] = reports.RowsCSV(rows)
	series := []reports.LineSeries{{Label: "optimal policy (solver)", X: xs, Y: ys}}
	if len(check.X) > 0 {
		series = append(series, check)
	}
	c, err := reports.LineChart("marginal_ip", "Expected optimal score by ip held at the start (rule start-ip)", "start-ip", "expected game score",
		series, reports.LineOptions{Level: a.env.Confidence, Refs: []reports.RefLine{{Label: fmt.Sprintf("the rules' start-ip (%d)", r.StartIP), At: float64(r.StartIP), Vertical: true}}})
	if err != nil {
		return reports.Study{}, err
	}
	s := r.StartIP
	return reports.Study{Title: "The marginal value of one ip",
		Answer: []string{fmt.Sprintf("One extra starting ip is worth %.1f points per game (from %d to %d ip); the tenth is worth %.1f and the twentieth %.2f.",
			opt.Value(s+1)-opt.Value(s), s, s+1, opt.Value(10)-opt.Value(9), opt.Value(20)-opt.Value(19))},
		Charts: []reports.Chart{c}, Rows: reports.ReadableTable(rows[:12])}, nil
}

func noraPriceSection(ctx context.Context, a *economyStudy, r nora.Rules, files map[string][]byte) (reports.Study, error) {
	rows := [][]string{{"price", "value", "solver_score", "sim_score", "sim_ci_low", "sim_ci_high"}}
	var series []reports.LineSeries
	var sentences []string
	var solving time.Duration
	points := 0
	for _, p := range noraPrices {
		var ser reports.LineSeries
		ser.Label = p.label + " price"
		if a.SweepGames > 0 {
			ser.Lo, ser.Hi = []float64{}, []float64{}
		}
		// The SWITCH price shapes the passes themselves (the pass search
		// spends ip as it plans), so each of its points is a build of its
		// own, made at the sweep's sampling; the other prices reuse the
		// passes of the rules given.
		samples := a.Samples
		if p.key == "switch" {
			samples = a.SweepSamples
		}
		off, err := noraPolicyValue(ctx, a.cacheDir, withRule(a.env.Rules, p.key+"=1000"), samples, snora.VariantOptimal)
		if err != nil {
			return reports.Study{}, err
		}
		var atDefault float64
		for price := 0; price <= 8; price++ {
			kv := withRule(a.env.Rules, p.key+"="+strconv.Itoa(price))
			t := time.Now()
			v, err := noraPolicyValue(ctx, a.cacheDir, kv, samples, snora.VariantOptimal)
			if err != nil {
				return reports.Study{}, err
			}
			solving += time.Since(t)
			points++
			row := []string{p.key, strconv.Itoa(price), full(v), "", "", ""}
			if a.SweepGames > 0 {
				g, err := a.env.Game("nora", p.key+"="+strconv.Itoa(price))
				if err != nil {
					return reports.Study{}, err
				}
				s, err := noraRun(ctx, a, g, []string{"optimal"}, [][]string{{"samples=" + strconv.Itoa(samples)}}, a.SweepGames)
				if err != nil {
					return reports.Study{}, err
				}
				row[3], row[4], row[5] = full(s.Lead().Score.Mean), full(s.Lead().Score.CILow), full(s.Lead().Score.CIHigh)
				ser.Lo, ser.Hi = append(ser.Lo, s.Lead().Score.CILow), append(ser.Hi, s.Lead().Score.CIHigh)
			}
			rows = append(rows, row)
			ser.X, ser.Y = append(ser.X, float64(price)), append(ser.Y, v)
			if price == priceOf(r, p.key) {
				atDefault = v
			}
		}
		rows = append(rows, []string{p.key, "1000", full(off), "", "", ""})
		series = append(series, ser)
		sentences = append(sentences, fmt.Sprintf("%s at %d ip adds %.1f points per game over no %s (price 1000)",
			p.label, priceOf(r, p.key), atDefault-off, p.label))
	}
	files["price_curves.csv"] = reports.RowsCSV(rows)
	a.env.Logf("price curves: %d policies solved in %.2f s (pass distributions reused)", points, solving.Seconds())
	band := ""
	if a.SweepGames > 0 {
		band = fmt.Sprintf(" Bands: the simulated score's interval over %d deals per point.", a.SweepGames)
	}
	var refs []reports.RefLine
	for _, p := range noraPrices {
		refs = append(refs, reports.RefLine{Label: fmt.Sprintf("the rules' %s price (%d)", p.label, priceOf(r, p.key)), At: float64(priceOf(r, p.key)), Vertical: true})
	}
	c, err := reports.LineChart("price_curves", "Expected optimal score as each price varies (others at their rule value)", "price in ip", "expected game score (solver)", series,
		reports.LineOptions{Level: a.env.Confidence, Refs: refs})
	if err != nil {
		return reports.Study{}, err
	}
	return reports.Study{Title: "Price curves", Answer: []string{strings.Join(sentences, "; ") + "." + band}, Charts: []reports.Chart{c}}, nil
}

func priceOf(r nora.Rules, key string) int {
	switch key {
	case "insure":
		return r.Insure
	case "switch":
		return r.Switch
	}
	return r.Revive
}

// noraPolicyValue solves the policy of the variant under the given rules,
// its pass samples kept in cacheDir, and returns its expected game score; it stops with ctx's error when ctx
// is done.
func noraPolicyValue(ctx context.Context, cacheDir string, rules []string, samples int, v snora.Variant) (float64, error) {
	r, err := nora.ParseRules(rules)
	if err != nil {
		return 0, err
	}
	sol, err := snora.PolicyContext(ctx, cacheDir, r, snora.Budget(samples), snora.DefaultIPCap, v)
	if err != nil {
		return 0, err
	}
	return sol.Value(r.StartIP), nil
}

func noraEarningSection(ctx context.Context, a *economyStudy, r nora.Rules, s *sim.Summary, files map[string][]byte, logf func(string, ...any)) (reports.Study, error) {
	rows := [][]string{{"rule", "value", "solver_score", "samples"}}
	var series []reports.LineSeries
	settings := map[string]string{}
	for _, st := range r.Settings() {
		settings[st.Name] = st.Value
	}
	// The reference under the same (sweep) sampling, so that differences
	// are not sampling noise between sample sizes.
	ref, err := noraPolicyValue(ctx, a.cacheDir, a.env.Rules, a.SweepSamples, snora.VariantOptimal)
	if err != nil {
		return reports.Study{}, err
	}
	type effect struct {
		key  string
		loss float64
	}
	var effects []effect
	for _, e := range noraEarnings {
		def, err := strconv.Atoi(settings[e.key])
		if err != nil {
			return reports.Study{}, fmt.Errorf("rule %s: %w", e.key, err)
		}
		values := []int{0, def, 2 * def}
		if def == 0 {
			values = []int{0, 1, 2}
		}
		ser := reports.LineSeries{Label: e.key}
		for _, v := range values {
			val := ref
			if v != def {
				val, err = noraPolicyValue(ctx, a.cacheDir, withRule(a.env.Rules, e.key+"="+strconv.Itoa(v)), a.SweepSamples, snora.VariantOptimal)
				if err != nil {
					return reports.Study{}, err
				}
			}
			rows = append(rows, []string{e.key, strconv.Itoa(v), full(val), strconv.Itoa(a.SweepSamples)})
			ser.X, ser.Y = append(ser.X, float64(v)), append(ser.Y, val)
			if v == 0 {
				effects = append(effects, effect{e.key, ref - val})
			}
		}
		series = append(series, ser)
		logf("earning rule %s swept", e.key)
	}
	files["earning_rules.csv"] = reports.RowsCSV(rows)
	c, err := reports.LineChart("earning_rules", "Expected optimal score as each earning rule's value varies (0 = off)", "ip the rule pays", "expected game score (solver)", series)
	if err != nil {
		return reports.Study{}, err
	}
	most, least := effects[0], effects[0]
	for _, e := range effects {
		if e.loss > most.loss {
			most = e
		}
		if e.loss < least.loss {
			least = e
		}
	}
	return reports.Study{Title: "Earning rules",
		Answer: []string{fmt.Sprintf("Switching off %s costs the most, %.1f points per game; switching off %s costs the least, %.1f. "+
			"Each point changing a pass re-estimates the pass outcomes from a budget of %d shuffles a composition (ip-dead and ip-dead-full reuse them).",
			most.key, most.loss, least.key, least.loss, a.SweepSamples)},
		Charts: []reports.Chart{c}}, nil
}
