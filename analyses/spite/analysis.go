package spite

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// options are the options of Spite's analysis.
type options struct {
	Games     int      // deals of each run
	Bots      []string // each against itself; the first two head to head
	Rebuild   []string // readings of what a rebuild takes, the first the one studied in full
	RebuildAt []int    // readings of when it happens, the first the one studied in full
}

func (o *options) bind() *games.Options {
	opts := games.NewOptions("option")
	opts.Int(&o.Games, "games", 20000, 2, 1_000_000_000, "deals of each run (each bot, each reading, each starting rule)")
	analyses.Strings(opts, &o.Bots, "bots", []string{"greedy", "planner"}, "bots, each played against itself; the first two also head to head")
	analyses.Strings(opts, &o.Rebuild, "rebuild", []string{"all", "completed"}, "readings of what the stock rebuild takes (rule rebuild), the first studied in full")
	analyses.Ints(opts, &o.RebuildAt, "rebuild-at", []int{12, 0}, 0, 46, "readings of when the rebuild happens (rule rebuild-at), the first studied in full")
	return opts
}

// Check refuses a rebuild reading the game does not have.
func (o *options) Check() error {
	for _, r := range o.Rebuild {
		if r != "all" && r != "completed" {
			return fmt.Errorf("rebuild=%s: want all or completed", r)
		}
	}
	return nil
}

// Edge returns Spite and Malice's analysis.
func Edge() analyses.Definition {
	return analyses.Define("spite",
		"the first player's edge taken apart from the higher upcard's (the same deals played with either seat moving first), what a joker is worth, the draws of every pairing, which bot plays better, and how much the answers hang on reading the stock rebuild",
		(*options).bind, run)
}

// study is the analysis under way.
type study struct {
	options
	env *analyses.Env
}

// botFigures are one bot's figures under one reading.
type botFigures struct {
	bot    string
	higher sim.Summary // against itself, the rules as written (the higher upcard first)
	cross  crossover
	// Under the reading studied in full: the same deals with a coin
	// deciding who moves first.
	coin                *sim.Summary
	coinRank, coinFirst estimate
	coinErr             error
}

// readingFigures are every figure of one reading of the stock rebuild.
type readingFigures struct {
	rebuild string
	at      int
	bots    []*botFigures
	h2h     *sim.Summary // the first two bots head to head, seats swapped
}

// rules returns the reading's rules.
func (r *readingFigures) rules() []string {
	return []string{"rebuild=" + r.rebuild, "rebuild-at=" + strconv.Itoa(r.at)}
}

// name writes the reading for a sentence.
func (r *readingFigures) name() string {
	return fmt.Sprintf("rebuild=%s rebuild-at=%d", r.rebuild, r.at)
}

func run(ctx context.Context, env *analyses.Env, o options) (*reports.Report, error) {
	if err := checkRules(env.Rules); err != nil {
		return nil, err
	}
	a := &study{options: o, env: env}
	var all []*readingFigures
	for i, rb := range o.Rebuild {
		for j, at := range o.RebuildAt {
			rf := &readingFigures{rebuild: rb, at: at}
			env.Logf("spite: %s", rf.name())
			if err := a.measure(ctx, rf, i == 0 && j == 0); err != nil {
				return nil, fmt.Errorf("%s: %w", rf.name(), err)
			}
			all = append(all, rf)
		}
	}
	return a.page(all)
}

// checkRules refuses the rule options the analysis sets itself.
func checkRules(rules []string) error {
	for _, kv := range rules {
		k, v, _ := strings.Cut(kv, "=")
		switch k = strings.TrimSpace(k); k {
		case "start":
			return fmt.Errorf("--rule start=%s: the analysis plays each deal with either upcard moving first (start=higher and lower) and with a coin (start=coin) itself", strings.TrimSpace(v))
		case "rebuild", "rebuild-at":
			return fmt.Errorf("--rule %s=%s: the analysis plays each reading of --opt %s in turn and would override it; give --opt %s=%s instead", k, strings.TrimSpace(v), k, k, strings.TrimSpace(v))
		}
	}
	return nil
}

// play runs deals of the lineup under rules, sending records to sink.
func (a *study) play(ctx context.Context, rules []string, lineup []string, sink sim.RecordSink) (sim.Summary, error) {
	r, err := a.env.RunLineup(ctx, "spite", rules, lineup, int64(a.Games), sink)
	if err != nil {
		return sim.Summary{}, err
	}
	return r.Summary(), nil
}

// measure plays one reading: each bot against itself with the higher and
// then the lower upcard moving first (and, where full, with a coin), and
// the first two bots head to head.
func (a *study) measure(ctx context.Context, rf *readingFigures, full bool) error {
	g, err := a.env.Game("spite", rf.rules()...)
	if err != nil {
		return err
	}
	f, err := featuresOf(g)
	if err != nil {
		return err
	}
	for _, bot := range a.Bots {
		b := &botFigures{bot: bot}
		hi, lo := &dealPlays{f: f}, &dealPlays{f: f}
		if b.higher, err = a.play(ctx, append(rf.rules(), "start=higher"), []string{bot}, hi); err != nil {
			return err
		}
		if _, err = a.play(ctx, append(rf.rules(), "start=lower"), []string{bot}, lo); err != nil {
			return err
		}
		if err := b.cross.pair(hi.deals, lo.deals); err != nil {
			return fmt.Errorf("%s: %w", bot, err)
		}
		if full {
			cf := newCoinFit(f)
			s, err := a.play(ctx, append(rf.rules(), "start=coin"), []string{bot}, cf)
			if err != nil {
				return err
			}
			b.coin = &s
			b.coinRank, b.coinFirst, b.coinErr = cf.result(a.env.Confidence)
		}
		rf.bots = append(rf.bots, b)
	}
	if len(a.Bots) >= 2 {
		s, err := a.play(ctx, append(rf.rules(), "start=higher"), a.Bots[:2], nil)
		if err != nil {
			return err
		}
		rf.h2h = &s
	}
	return nil
}

// edgeMargin is the margin of practical equivalence of a first-player
// effect: no seat edge larger than 1 pp (first minus second) matters.
const edgeMargin = 0.01

// pp writes a difference of shares in percentage points with its sign.
func pp(x float64) string { return reports.PP(x) }

// est writes an estimate as "+1.23 percentage points (+0.45 to +2.01)".
func (e estimate) String() string {
	return fmt.Sprintf("%s percentage points (%s to %s)", pp(e.value), pp(e.lo), pp(e.hi))
}

// answer returns an answer resting on e, in unit.
func (e estimate) answer(game, question, verdict, sentence, unit, condition string) reports.Answer {
	return reports.Answer{Game: game, Question: question, Verdict: verdict, Sentence: sentence,
		Value: e.value, CILow: e.lo, CIHigh: e.hi, Unit: unit, N: e.n, Condition: condition}
}

// edgeWords reads a change in a seat's chance of winning for a verdict:
// an edge, a handicap, or none the interval can tell from zero; per, such
// as " a rank", follows the figures.
func edgeWords(e estimate, per string) string {
	return reports.SignedWords(e.lo, e.hi,
		fmt.Sprintf("an edge of %s pp%s", pp(e.value), per),
		fmt.Sprintf("a handicap of %s pp%s", points(-e.value), per),
		fmt.Sprintf("none this many deals can tell from zero (%s to %s pp%s)", pp(e.lo), pp(e.hi), per))
}

// condition writes what an answer holds under: who played (such as
// "greedy against itself"), the reading, and the deals.
func (a *study) condition(who string, rf *readingFigures, deals int64, extra string) string {
	rules := "the rules as written"
	if rf.rebuild != "all" || rf.at != 12 {
		rules = rf.name() + " (the other rules as written)"
	}
	if len(a.env.Rules) > 0 {
		rules += ", with " + strings.Join(a.env.Rules, " ")
	}
	return fmt.Sprintf("%s; %s%s; %d deals, seed %d", who, rules, extra, deals, a.env.Seed)
}

// moreOften reads a difference between two seats' chances of winning: the
// first wins more often, less often, or neither as far as the interval
// can tell, than other.
func moreOften(e estimate, other string) string {
	switch {
	case e.lo > 0:
		return fmt.Sprintf("wins %s percentage points (%s to %s) more often than %s", points(e.value), points(e.lo), points(e.hi), other)
	case e.hi < 0:
		return fmt.Sprintf("wins %s percentage points (%s to %s) less often than %s", points(-e.value), points(-e.hi), points(-e.lo), other)
	}
	return fmt.Sprintf("wins neither more nor less often than %s as far as the interval can tell (%s)", other, e)
}

// points writes a size of a difference of shares in percentage points.
func points(x float64) string { return strings.TrimPrefix(pp(x), "+") }

func (a *study) page(all []*readingFigures) (*reports.Report, error) {
	main := all[0]
	level := a.env.Confidence
	r := &reports.Report{
		Title: "Spite and Malice: the first player's edge, jokers, draws and the stock rebuild",
		Intro: fmt.Sprintf("Each bot plays against itself, %d deals a run, seed %d, %g%% intervals. The rules as written let the higher upcard move first, so plain play cannot tell the edge of moving first from the edge of the higher upcard: every deal is played twice, once with the higher upcard moving first (start=higher) and once with the lower (start=lower), the cards and every later chance event the same, and a third time with a coin deciding who moves first (start=coin) as a second way to measure both.",
			a.Games, a.env.Seed, 100*level),
	}
	// The first player's edge, taken apart.
	var edge []string
	var glance []reports.Answer
	var gaps []reports.LineSeries
	for _, b := range main.bots {
		c := &b.cross
		first, written := mean(&c.first, level), mean(&c.written, level)
		higher := mean(&c.higher, level)
		rank, okRank := c.perRank(level)
		s := fmt.Sprintf("%s against itself, %d deals: under the rules as written (the higher upcard moves first) the first mover %s. Played again with the lower upcard moving first, the same deals show moving first itself changing a seat's chance of winning by %s with the upcards held fixed, and the seat with the higher upcard, with the order of play held fixed, %s",
			b.bot, c.deals, moreOften(written, "the other seat"), first, moreOften(higher, "the other"))
		if okRank {
			s += fmt.Sprintf(", %s for each rank by which its upcard is higher", rank)
		}
		s += "."
		edge = append(edge, s)
		cond := a.condition(b.bot+" against itself", main, c.deals, "")
		// One scale for every first-player effect: the first mover's win
		// rate minus the second's, in percentage points, under each
		// starting rule.
		edgeAns := written.answer("spite", "How big is the first player's edge?", "as written (the higher upcard moves first), first minus second: "+edgeWords(written, ""),
			fmt.Sprintf("With %s in both seats, under the rules as written (the higher upcard moves first) the first mover %s, on %d deals: first minus second %s. Moving first itself, the upcards held fixed (the same deals played with either upcard moving first), changes a seat's chance by %s; the rest is the higher upcard's.", b.bot, moreOften(written, "the second"), c.deals, written, first),
			"share difference", cond)
		edgeAns.Margin = edgeMargin
		ei := len(glance)
		glance = append(glance, edgeAns)
		firstAns := first.answer("spite", "How big is the first player's edge? (moving first alone, the upcards held fixed)", "moving first alone: "+edgeWords(first, ""),
			fmt.Sprintf("With %s in both seats, moving first changes a seat's chance of winning by %s, on the same %d deals played with either upcard moving first (the upcards held fixed).", b.bot, first, c.deals),
			"share difference", cond)
		firstAns.Margin = edgeMargin
		glance = append(glance, firstAns)
		if okRank {
			glance = append(glance, rank.answer("spite", "How much is a higher upcard worth?", "a higher upcard: "+edgeWords(rank, " a rank"),
				fmt.Sprintf("With %s in both seats, each rank by which a seat's upcard is higher than the other's changes its chance of winning by %s, the order of play held fixed (over %d deals; on average the seat with the higher upcard %s).", b.bot, rank, c.deals, moreOften(higher, "the other")),
				"share difference per rank", cond))
		}
		if b.coin != nil {
			if b.coinErr == nil {
				edge = append(edge, fmt.Sprintf("Checked a second way on %d deals where a coin decided who moved first (start=coin), a least-squares fit of a seat's win on its upcard's rank less the other's and on moving first, errors clustered by deal, gives with %s: moving first %s, each rank of upcard gap %s.",
					b.coinFirst.n, b.bot, b.coinFirst, b.coinRank))
			}
			if fp, wfp := b.coin.FirstPlayer, b.higher.FirstPlayer; fp != nil && wfp != nil {
				e := estimate{fp.Edge, fp.CILow, fp.CIHigh, fp.WinRate.Games}
				we := estimate{wfp.Edge, wfp.CILow, wfp.CIHigh, wfp.WinRate.Games}
				s := fmt.Sprintf("if a coin decided who starts (start=coin), the first mover would win %s of %d games against a fair share of %s: %s; under the rules as written %s: %s.",
					pctf(fp.WinRate.Rate), fp.WinRate.Games, pctf(fp.FairShare), reports.EdgeText(fp.Edge, fp.CILow, fp.CIHigh), pctf(wfp.WinRate.Rate), reports.EdgeText(wfp.Edge, wfp.CILow, wfp.CIHigh))
				edge = append(edge, fmt.Sprintf("With %s: %s", b.bot, s))
				// On the one scale: first minus second is twice the edge
				// over a fair share in a game of two seats. The change from
				// the rules as written to a coin toss, with the two runs'
				// half-widths added in quadrature (as if independent: they
				// play the same deals, so this is the wider interval).
				coin := estimate{2 * e.value, 2 * e.lo, 2 * e.hi, e.n}
				wr := estimate{2 * we.value, 2 * we.lo, 2 * we.hi, we.n}
				d := coin.value - wr.value
				change := estimate{d, d - math.Hypot(coin.value-coin.lo, wr.hi-wr.value), d + math.Hypot(coin.hi-coin.value, wr.value-wr.lo), e.n}
				ans := change.answer("spite", "What does starting by a coin toss instead of the higher upcard change?",
					fmt.Sprintf("first minus second moves from %s pp as written to %s pp by a coin", pp(wr.value), pp(coin.value)),
					fmt.Sprintf("With %s in both seats, first minus second is %s as written and %s when a coin decides who starts: a change of %s (the two runs' intervals combined as if independent). In the terms of a fair share: %s", b.bot, wr, coin, change, s),
					"share difference", a.condition(b.bot+" against itself", main, fp.WinRate.Games, ", start=coin against start=higher"))
				ans.Margin = edgeMargin
				glance = append(glance, ans)
				if written.lo > 0 || written.hi < 0 {
					if coin.lo > -edgeMargin && coin.hi < edgeMargin {
						glance[ei].PointsTo = fmt.Sprintf("toss a coin for the start (start=coin): it leaves no first-player edge larger than %s pp", points(edgeMargin))
					} else {
						glance[ei].PointsTo = fmt.Sprintf("a coin toss for the start (start=coin) gives first minus second %s", coin)
					}
				}
			}
		}
		gs := reports.LineSeries{Label: b.bot}
		for gap := 1; gap <= 12; gap++ {
			t := &c.byGap[gap]
			if t.Pairs() < 20 {
				continue
			}
			m := mean(t, level)
			gs.X, gs.Y, gs.Lo, gs.Hi = append(gs.X, float64(gap)), append(gs.Y, m.value), append(gs.Lo, m.lo), append(gs.Hi, m.hi)
		}
		gaps = append(gaps, gs)
	}
	gapChart, err := reports.LineChart("spite_upcard_gap", "Spite and Malice: the higher upcard's edge, the order of play held fixed",
		"ranks by which the higher upcard beats the lower", "higher seat's win rate − lower seat's (percentage points)", gaps, reports.LineOptions{Level: level, Refs: []reports.RefLine{reports.NoChangeRef()}, Percent: true})
	if err != nil {
		return nil, err
	}
	r.Studies = append(r.Studies, reports.Study{Game: "spite", Title: "How big is the first player's edge? Moving first and the higher upcard taken apart",
		Answer: edge, Charts: []reports.Chart{gapChart}, Glance: glance})

	// What a joker is worth.
	var jokers []string
	glance = nil
	var jl []reports.LineSeries
	for _, b := range main.bots {
		f := feature(b.higher.Features, "jokers_in_first_hand")
		if f == nil || f.WinTrend == nil {
			continue
		}
		tr := f.WinTrend
		e := estimate{tr.Slope, tr.CILow, tr.CIHigh, b.higher.Manifest.Games}
		s := fmt.Sprintf("With %s in both seats, each joker among the five cards dealt to a seat changes its chance of winning by %s (a straight line over %d seat-games, clustered by deal).", b.bot, e, f.Games())
		jokers = append(jokers, s)
		glance = append(glance, e.answer("spite", "What is a joker worth?", reports.SignedWords(e.lo, e.hi, fmt.Sprintf("%s pp of a seat's chance a joker dealt", pp(e.value)), fmt.Sprintf("%s pp a joker dealt: a cost", pp(e.value)), reports.Undecided),
			s, "share difference per joker", a.condition(b.bot+" against itself", main, b.higher.Manifest.Games, "")))
		ls := reports.LineSeries{Label: b.bot, FairShare: b.higher.FirstPlayer.FairShare}
		for _, v := range f.Values {
			if v.Games < 30 {
				continue
			}
			ls.X, ls.Y, ls.Lo, ls.Hi = append(ls.X, float64(v.Value)), append(ls.Y, v.Win.Rate), append(ls.Lo, v.Win.CILow), append(ls.Hi, v.Win.CIHigh)
		}
		jl = append(jl, ls)
	}
	jokers = append(jokers, "What a joker in the deck does to the whole game (draws, length) is swept in the study of the joker count.")
	jokerChart, err := reports.LineChart("spite_jokers", "Spite and Malice: a seat's chance of winning against the jokers in its first hand",
		"jokers among the five cards dealt", "win rate of the seat (%)", jl, reports.LineOptions{Level: level, Percent: true})
	if err != nil {
		return nil, err
	}
	r.Studies = append(r.Studies, reports.Study{Game: "spite", Title: "What is a joker worth?", Answer: jokers, Charts: []reports.Chart{jokerChart}, Glance: glance})

	// Draws and the best bot.
	var draws []string
	glance = nil
	for _, b := range main.bots {
		s, a2 := drawSentence(b.bot+" against itself", &b.higher)
		draws = append(draws, s)
		a2.Condition = a.condition(b.bot+" against itself", main, b.higher.Manifest.Games, "")
		glance = append(glance, a2)
	}
	if h := main.h2h; h != nil {
		who := strings.Join(a.Bots[:2], " against ")
		s, a2 := drawSentence(who+" (seats swapped on every deal)", h)
		draws = append(draws, s)
		a2.Condition = a.condition(who, main, h.Manifest.Games, ", seats swapped on every deal")
		glance = append(glance, a2)
		if ans, ok := bestBot(h, a.Bots[:2]); ok {
			ans.Condition = a2.Condition
			draws = append(draws, ans.Sentence)
			glance = append(glance, ans)
		}
	}
	r.Studies = append(r.Studies, reports.Study{Game: "spite", Title: "How often are games drawn, by which pairing of bots, and which bot plays better?", Answer: draws, Glance: glance})

	// The readings of the stock rebuild.
	st, err := a.readingsStudy(all)
	if err != nil {
		return nil, err
	}
	r.Studies = append(r.Studies, st)

	rows := a.table(all)
	note := fmt.Sprintf("seed %d, %d deals a run; each bot against itself with start=higher, start=lower (and start=coin under the first reading), the first two head to head; readings %s; cardsim %s",
		a.env.Seed, a.Games, readingList(all), sim.Version)
	for i := range r.Studies {
		r.Studies[i].Note = note
		r.Studies[i].Seed, r.Studies[i].Deals = a.env.Seed, int64(a.Games)
		r.Studies[i].Rows = [][]string{{"figure", "value"}}
	}
	r.Studies[0].Rows = rows
	return r, nil
}

// readingList names the readings played.
func readingList(all []*readingFigures) string {
	var s []string
	for _, rf := range all {
		s = append(s, rf.name())
	}
	return strings.Join(s, ", ")
}

// drawSentence reads how often the games of a run were drawn, and by which
// rule, with an answer at a glance resting on the draw rate. The games
// drawn are counted by the draw metrics (one a game); the rate and its
// interval are the run's, which count deals, not games, as independent.
func drawSentence(who string, s *sim.Summary) (string, reports.Answer) {
	d, metrics := s.Lead().Draw, s.Lead().Metrics
	var why []string
	var drawn, games int64
	for _, m := range []struct{ name, what string }{
		{"draw.repeat", "a position repeated"}, {"draw.stall", "no stockpile card played for stall-turns turns"},
		{"draw.idle", "nobody played or discarded for idle-rounds rounds"}, {"draw.cap", "the turn cap"}} {
		ms := metrics[m.name]
		games = max(games, ms.N)
		if ms.Total > 0 {
			drawn += ms.Total
			why = append(why, fmt.Sprintf("%d for %s", ms.Total, m.what))
		}
	}
	sentence := fmt.Sprintf("With %s, %s of the games are drawn (%d of %d games; %s to %s)", who, pctf(d.Rate), drawn, games, pctf(d.CILow), pctf(d.CIHigh))
	if len(why) > 0 {
		sentence += ": " + strings.Join(why, ", ")
	}
	sentence += "."
	return sentence, reports.Answer{Game: "spite", Question: "How often are games drawn?", Verdict: reports.RateWords(d.Rate, d.CIHigh, drawn),
		Sentence: sentence, Value: d.Rate, CILow: d.CILow, CIHigh: d.CIHigh, Unit: "share", N: games}
}

// bestBot reads the head-to-head comparison of two bots.
func bestBot(s *sim.Summary, bots []string) (reports.Answer, bool) {
	if len(s.Comparisons) == 0 {
		return reports.Answer{}, false
	}
	c := s.Comparisons[0]
	d, lo, hi := c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh
	a, b := bots[0], bots[1]
	if d < 0 {
		a, b, d, lo, hi = b, a, -d, -hi, -lo
	}
	e := estimate{d, lo, hi, s.Manifest.Games}
	if lo > 0 {
		return e.answer("spite", "Which bot plays better, and by how much?", fmt.Sprintf("%s, by %s pp", a, strings.TrimPrefix(pp(d), "+")),
			fmt.Sprintf("On the same %d deals, seats swapped, %s %s.", s.Manifest.Games, a, moreOften(e, b)), "share difference", ""), true
	}
	return e.answer("spite", "Which bot plays better, and by how much?", reports.Undecided,
		fmt.Sprintf("On the same %d deals, seats swapped, %s and %s cannot be told apart: %s − %s is %s.", s.Manifest.Games, a, b, a, b, e), "share difference", ""), true
}

// readingsStudy says how much the answers hang on the reading of the stock
// rebuild: each bot's draws and first-move edge, and the head-to-head lead,
// under every reading.
func (a *study) readingsStudy(all []*readingFigures) (reports.Study, error) {
	level := a.env.Confidence
	var out []string
	var glance []reports.Answer
	drawLines := map[string]*reports.LineSeries{}
	edgeLines := map[string]*reports.LineSeries{}
	var order []string
	for _, rf := range all {
		var parts []string
		for _, b := range rf.bots {
			d := b.higher.Lead().Draw
			first := mean(&b.cross.first, level)
			parts = append(parts, fmt.Sprintf("%s against itself draws %s (%s to %s), moving first %s, a game %.0f turns",
				b.bot, pctf(d.Rate), pctf(d.CILow), pctf(d.CIHigh), first, b.higher.Balance.Duration.Mean))
			key := fmt.Sprintf("%s, rebuild=%s", b.bot, rf.rebuild)
			if drawLines[key] == nil {
				drawLines[key], edgeLines[key] = &reports.LineSeries{Label: key}, &reports.LineSeries{Label: key}
				order = append(order, key)
			}
			dl, el := drawLines[key], edgeLines[key]
			dl.X, dl.Y, dl.Lo, dl.Hi = append(dl.X, float64(rf.at)), append(dl.Y, d.Rate), append(dl.Lo, d.CILow), append(dl.Hi, d.CIHigh)
			el.X, el.Y, el.Lo, el.Hi = append(el.X, float64(rf.at)), append(el.Y, first.value), append(el.Lo, first.lo), append(el.Hi, first.hi)
		}
		if h := rf.h2h; h != nil && len(h.Comparisons) > 0 {
			c := h.Comparisons[0]
			parts = append(parts, fmt.Sprintf("%s − %s is %s percentage points of wins (%s to %s)", a.Bots[0], a.Bots[1], pp(c.WinDiff), pp(c.WinDiffCILow), pp(c.WinDiffCIHigh)))
		}
		out = append(out, fmt.Sprintf("Under %s: %s.", rf.name(), strings.Join(parts, "; ")))
	}
	// How far the readings move each bot's answers.
	for i, bot := range a.Bots {
		lowD, highD := all[0], all[0]
		lowE, highE := all[0], all[0]
		for _, rf := range all {
			if rf.bots[i].higher.Lead().Draw.Rate < lowD.bots[i].higher.Lead().Draw.Rate {
				lowD = rf
			}
			if rf.bots[i].higher.Lead().Draw.Rate > highD.bots[i].higher.Lead().Draw.Rate {
				highD = rf
			}
			if mean(&rf.bots[i].cross.first, level).value < mean(&lowE.bots[i].cross.first, level).value {
				lowE = rf
			}
			if mean(&rf.bots[i].cross.first, level).value > mean(&highE.bots[i].cross.first, level).value {
				highE = rf
			}
		}
		dl, dh := lowD.bots[i].higher.Lead().Draw, highD.bots[i].higher.Lead().Draw
		el, eh := mean(&lowE.bots[i].cross.first, level), mean(&highE.bots[i].cross.first, level)
		// The spread of the draw rate, with the two intervals combined as
		// if independent (the readings play the same deal indices).
		spread := estimate{dh.Rate - dl.Rate, dh.Rate - dl.Rate - math.Hypot(dh.Rate-dh.CILow, dl.CIHigh-dl.Rate), dh.Rate - dl.Rate + math.Hypot(dh.CIHigh-dh.Rate, dl.Rate-dl.CILow), dh.Games}
		verdict := "little: the draw rate moves less than the intervals can tell"
		switch {
		case spread.lo > edgeMargin:
			verdict = reports.DependsOn("the reading: the draw rate runs from " + pctf(dl.Rate) + " to " + pctf(dh.Rate))
		case spread.lo > 0:
			verdict = fmt.Sprintf("a little: the draw rate moves by %s pp between readings (%s to %s)", points(spread.value), points(spread.lo), points(spread.hi))
		}
		s := fmt.Sprintf("With %s against itself the reading of the rebuild moves the draw rate from %s (%s to %s, %s) to %s (%s to %s, %s), and the edge of moving first from %s (%s) to %s (%s).",
			bot, pctf(dl.Rate), pctf(dl.CILow), pctf(dl.CIHigh), lowD.name(), pctf(dh.Rate), pctf(dh.CILow), pctf(dh.CIHigh), highD.name(), el, lowE.name(), eh, highE.name())
		out = append(out, s)
		ra := spread.answer("spite", "How much do the answers depend on the reading of the stock rebuild?", verdict, s, "share difference",
			fmt.Sprintf("%s against itself; readings %s; %d deals each, seed %d", bot, readingList(all), a.Games, a.env.Seed))
		ra.Margin = edgeMargin
		glance = append(glance, ra)
	}
	out = append(out, "A rebuild under the rules as written (rebuild=all rebuild-at=12) takes every centre card, stacks still being built included, before every draw once the stock holds 12 cards or fewer; rebuild=completed takes only the completed stacks, rebuild-at=0 waits until the stock is empty. Where an answer moves this much with the reading, the designer's text decides the game, and docs/findings.md says which reading each figure holds under.")
	var dls, els []reports.LineSeries
	for _, k := range order {
		dls, els = append(dls, *drawLines[k]), append(els, *edgeLines[k])
	}
	c1, err := reports.LineChart("spite_rebuild_draws", "Spite and Malice: games drawn under each reading of the stock rebuild (each bot against itself)",
		"rebuild-at (the stock size at which it is rebuilt)", "share of games drawn (%)", dls, reports.LineOptions{Level: level, Refs: []reports.RefLine{{Label: "the rules' rebuild-at (12)", At: 12, Vertical: true}}, Percent: true})
	if err != nil {
		return reports.Study{}, err
	}
	c2, err := reports.LineChart("spite_rebuild_first", "Spite and Malice: the edge of moving first (upcards held fixed) under each reading of the stock rebuild",
		"rebuild-at (the stock size at which it is rebuilt)", "change in a seat's chance of winning (percentage points)", els, reports.LineOptions{Level: level, Refs: []reports.RefLine{reports.NoChangeRef()}, Percent: true})
	if err != nil {
		return reports.Study{}, err
	}
	return reports.Study{Game: "spite", Title: "How much do the answers depend on the reading of the stock rebuild?", Answer: out, Charts: []reports.Chart{c1, c2}, Glance: glance}, nil
}

// table returns every figure a row, in the columns report.csv reads.
func (a *study) table(all []*readingFigures) [][]string {
	level := a.env.Confidence
	rows := [][]string{{"rules", "strategy", "metric", "statistic", "value", "ci_low", "ci_high", "n"}}
	add := func(rf *readingFigures, strategy, metric, stat string, e estimate) {
		rows = append(rows, []string{strings.Join(append(rf.rules(), a.env.Rules...), ";"), strategy, metric, stat, reports.FullNumber(e.value), reports.FullNumber(e.lo), reports.FullNumber(e.hi), strconv.FormatInt(e.n, 10)})
	}
	for _, rf := range all {
		for _, b := range rf.bots {
			d := b.higher.Lead().Draw
			add(rf, b.bot, "draw", "rate", estimate{d.Rate, d.CILow, d.CIHigh, d.Games})
			add(rf, b.bot, "first_move_upcards_fixed", "win_difference", mean(&b.cross.first, level))
			add(rf, b.bot, "higher_upcard_order_fixed", "win_difference", mean(&b.cross.higher, level))
			if e, ok := b.cross.perRank(level); ok {
				add(rf, b.bot, "upcard_gap", "win_change_per_rank", e)
			}
			add(rf, b.bot, "first_mover_as_written", "win_difference", mean(&b.cross.written, level))
			if dur := b.higher.Balance.Duration; dur != nil {
				add(rf, b.bot, "turns", "mean", estimate{dur.Mean, dur.CILow, dur.CIHigh, b.higher.Manifest.Games})
			}
			if f := feature(b.higher.Features, "jokers_in_first_hand"); f != nil && f.WinTrend != nil {
				add(rf, b.bot, "jokers_in_first_hand", "win_change_per_joker", estimate{f.WinTrend.Slope, f.WinTrend.CILow, f.WinTrend.CIHigh, f.Games()})
			}
			if b.coin != nil && b.coinErr == nil {
				add(rf, b.bot, "coin_fit_moves_first", "win_change", b.coinFirst)
				add(rf, b.bot, "coin_fit_upcard_gap", "win_change_per_rank", b.coinRank)
				if fp := b.coin.FirstPlayer; fp != nil {
					add(rf, b.bot, "coin_first_mover", "edge_over_fair_share", estimate{fp.Edge, fp.CILow, fp.CIHigh, fp.WinRate.Games})
				}
			}
		}
		if h := rf.h2h; h != nil && len(h.Comparisons) > 0 {
			c := h.Comparisons[0]
			name := strings.Join(a.Bots[:2], "+")
			add(rf, name, "win", "difference "+c.Label, estimate{c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh, h.Manifest.Games})
			d := h.Entries[0].Draw
			add(rf, name, "draw", "rate", estimate{d.Rate, d.CILow, d.CIHigh, d.Games})
		}
	}
	return rows
}

// feature returns the summary's feature named name.
func feature(fs []sim.FeatureSummary, name string) *sim.FeatureSummary {
	i := slices.IndexFunc(fs, func(f sim.FeatureSummary) bool { return f.Name == name })
	if i < 0 {
		return nil
	}
	return &fs[i]
}

func pctf(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }
