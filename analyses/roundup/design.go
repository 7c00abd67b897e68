package roundup

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

// designOptions are the options of Round-up's analysis.
type designOptions struct {
	Games   int      // deals of each player count and mix, and of each face card made blank
	Players []int    // the player counts
	Mixes   []string // each "a" or "a+b": the strategies seated round the table
	Versus  []string // each "a+b": two bots head to head at every player count, no card made blank
}

func (o *designOptions) bind() *games.Options {
	opts := games.NewOptions("option")
	opts.Int(&o.Games, "games", 20000, 2, 1_000_000_000, "deals of each player count and bot mix, and of each face card made blank")
	analyses.Ints(opts, &o.Players, "players", []int{2, 3, 4, 5, 6}, 2, 6, "player counts to study")
	analyses.Strings(opts, &o.Mixes, "mixes", []string{"greedy", "defender", "greedy+defender"},
		"bot mixes round the table: a, or a+b seated in turn (seats rotated)")
	analyses.Strings(opts, &o.Versus, "versus", []string{"greedy+defender"},
		"pairs of bots a+b played head to head at every player count (seated in turn, seats rotated), to say which plays better; none for no such runs")
	return opts
}

// Design returns Round-up's analysis. It answers the designer's questions
// for each bot mix and player count: do seats dealt more face cards win
// most of the time (the trend of winning against the face cards dealt, in
// the first round against the game and round by round against the round,
// and how the seats dealt the most fare against the fair share); which face
// card is most useful (the same deals replayed with that rank's power taken
// away but the card still playable, jack|queen|king=blank, and the
// difference it makes to each seat, paired deal by deal, per card held);
// does the starting seat win more, do allied bidders gain, how long is a
// round.
func Design() analyses.Definition {
	return analyses.Define("roundup",
		"face cards, seats and rounds at 2 to 6 players: do seats dealt more face cards win most of the time, which face card's power is most useful, does the starting seat win more, do allied bidders gain, how long is a round",
		(*designOptions).bind, runDesign)
}

// designStudy is Round-up's analysis under way.
type designStudy struct {
	designOptions
	env *analyses.Env
}

// faceRank is a face card, by rule and deal feature.
type faceRank struct{ rule, feature, name string }

// faceRanks are the face cards.
var faceRanks = []faceRank{
	{"jack", "jacks", "Jack"}, {"queen", "queens", "Queen"}, {"king", "kings", "King"},
}

// powerGain is what a face card's power is worth to the seat holding it:
// the paired difference, power on minus power blank on the same deal, in a
// seat's chance of winning and in its points, per card of the rank dealt to
// it in the first round, and on average over the seats dealt at least one.
type powerGain struct {
	winPerCard, pointsPerCard sim.Trend
	holderWin, holderPoints   [3]float64 // mean, low, high
	holders                   int64
	pairs                     int64 // seats of deals fitted
}

// roundupFigures are the measured figures of one player count and mix.
type roundupFigures struct {
	players int
	mix     string
	summary sim.Summary
	power   [3]powerGain // by faceRanks
	// versus[i] are paired the two ranks of pairs[i], rank a's gain less
	// rank b's, per card held and over the holders.
	perCard, holders [3]estimate
	// allied is the round points an allied bidder scored less a lone
	// bidder's in the same rounds; alliedPts and lonePts each kind's.
	allied, alliedPts, lonePts estimate
}

// rankPairs are the pairs of face ranks compared on the same deals.
var rankPairs = [3][2]int{{0, 1}, {0, 2}, {1, 2}}

// duel is two bots head to head at one player count.
type duel struct {
	players int
	pair    string
	summary sim.Summary
}

func runDesign(ctx context.Context, env *analyses.Env, o designOptions) (analyses.Page, error) {
	if err := checkRules(env.Rules); err != nil {
		return nil, err
	}
	if err := checkMixes(env, o.Mixes); err != nil {
		return nil, err
	}
	a := &designStudy{designOptions: o, env: env}
	var all []*roundupFigures
	for _, mix := range a.Mixes {
		for _, n := range a.Players {
			env.Logf("roundup: %d players, %s", n, mix)
			fig, err := a.measure(ctx, n, mix)
			if err != nil {
				return nil, fmt.Errorf("%d players, %s: %w", n, mix, err)
			}
			all = append(all, fig)
		}
	}
	var duels []duel
	for _, pair := range a.Versus {
		if pair == "none" {
			continue
		}
		for _, n := range a.Players {
			env.Logf("roundup: %d players, %s head to head", n, pair)
			r, err := a.run(ctx, []string{"players=" + strconv.Itoa(n)}, pair, nil)
			if err != nil {
				return nil, fmt.Errorf("%d players, %s: %w", n, pair, err)
			}
			duels = append(duels, duel{players: n, pair: pair, summary: r.Summary()})
		}
	}
	return a.page(all, duels)
}

// Check refuses a head-to-head pair that is not two bots.
func (o *designOptions) Check() error {
	for _, v := range o.Versus {
		if v != "none" && len(strings.Split(v, "+")) != 2 {
			return fmt.Errorf("versus=%s: want two bots a+b, or none", v)
		}
	}
	return nil
}

// checkRules refuses the rule options the analysis sets itself: the
// player count (each of --opt players in turn, which would silently
// override it) and a face card's power (each made blank in turn against
// every power on, a comparison a rule changing a power would break).
func checkRules(rules []string) error {
	for _, kv := range rules {
		k, v, _ := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case k == "players":
			return fmt.Errorf("--rule players=%s: the analysis plays each player count of --opt players in turn and would override it; give --opt players=%s instead", v, v)
		case slices.ContainsFunc(faceRanks, func(r faceRank) bool { return r.rule == k }) && v != "on":
			return fmt.Errorf("--rule %s=%s: the analysis values each face card's power by replaying the same deals with that card made blank and every other power on, which a rule changing the %s's power would break; to play with it %s, use cardsim run or compare roundup --rule %s=%s", k, v, k, v, k, v)
		}
	}
	return nil
}

// checkMixes refuses, before any deal is played, a mix with an empty name
// (greedy+, which would seat the game's first strategy unasked) or a
// strategy Round-up does not have.
func checkMixes(env *analyses.Env, mixes []string) error {
	for _, mix := range mixes {
		for _, name := range strings.Split(mix, "+") {
			if strings.TrimSpace(name) == "" {
				return fmt.Errorf("option mixes: mix %q: want a strategy, or strategies joined by +, such as greedy+defender", mix)
			}
			if _, err := env.Strategies.Lookup("roundup", strings.TrimSpace(name)); err != nil {
				return fmt.Errorf("option mixes: mix %q: %w", mix, err)
			}
		}
	}
	return nil
}

// rulesInForce describes the rules the analysis's runs are played under:
// the ones given with --rule, then the others at the designer's defaults,
// the player count and the face card made blank aside.
func (a *designStudy) rulesInForce() (string, error) {
	g, err := a.env.Game("roundup")
	if err != nil {
		return "", err
	}
	var given, defaults []string
	for _, st := range g.Rules() {
		if st.Name == "players" {
			continue
		}
		if st.Value != st.Default {
			given = append(given, st.Name+"="+st.Value)
		} else {
			defaults = append(defaults, st.Name+"="+st.Value)
		}
	}
	out := "rules in force: "
	if len(given) > 0 {
		out += strings.Join(given, " ") + " (given with --rule), the others at the designer's defaults, "
	} else {
		out += "the designer's defaults, "
	}
	return out + strings.Join(defaults, " ") + "; players as studied, and each face card made blank in its own replay", nil
}

// run plays one configuration, sending its records to records if not nil.
func (a *designStudy) run(ctx context.Context, rules []string, mix string, records sim.RecordSink) (*sim.Result, error) {
	return a.env.RunLineup(ctx, "roundup", rules, strings.Split(mix, "+"), int64(a.Games), records)
}

func (a *designStudy) measure(ctx context.Context, n int, mix string) (*roundupFigures, error) {
	players := "players=" + strconv.Itoa(n)
	g, err := a.env.Game("roundup", players)
	if err != nil {
		return nil, err
	}
	base, err := newSeatResults(g)
	if err != nil {
		return nil, err
	}
	r, err := a.run(ctx, []string{players}, mix, base)
	if err != nil {
		return nil, err
	}
	fig := &roundupFigures{players: n, mix: mix, summary: r.Summary()}
	for i, rank := range faceRanks {
		paired := &pairedSeats{base: base, feature: i}
		if _, err := a.run(ctx, []string{players, rank.rule + "=blank"}, mix, paired); err != nil {
			return nil, err
		}
		if paired.next != len(base.seats) {
			return nil, fmt.Errorf("%s blank: %d seats played, %d with the power on", rank.rule, paired.next, len(base.seats))
		}
		fig.power[i] = paired.gain(a.env.Confidence)
	}
	for k, pr := range rankPairs {
		fig.perCard[k] = pairedGain(base.seats, pr[0], pr[1], true, a.env.Confidence)
		fig.holders[k] = pairedGain(base.seats, pr[0], pr[1], false, a.env.Confidence)
	}
	fig.allied, fig.alliedPts, fig.lonePts = alliedGain(base.allied, a.env.Confidence)
	return fig, nil
}

// seatResult is one seat of one game as the paired comparison needs it.
type seatResult struct {
	deal          int64
	seating, seat int16
	score         int32
	win           bool
	held          [3]int8 // Jacks, Queens, Kings dealt in the first round
	dw            [3]int8 // the seat's win with every power on less with each rank made blank
}

// seatResults keeps every seat of every game of the run with every power
// on, in deal order: a sim.RecordSink.
type seatResults struct {
	seats    []seatResult
	features [3]int // the deal feature of each face rank
	// allied holds each deal's counts of allied and lone bidders in mixed
	// rounds (metrics mixed.*), every seating's game added.
	allied []alliedDeal
	mixed  [4]int // the metrics' indexes: allied bidders, their points, lone bidders, their points
	last   int64  // the deal of allied's last entry
}

// newSeatResults returns an empty keeper for the records of g, whose deal
// features must count each face rank.
func newSeatResults(g games.Game) (*seatResults, error) {
	fs := g.Capabilities().DealFeatures
	if fs == nil {
		return nil, fmt.Errorf("%s has no deal features", g.Name())
	}
	var names []string
	for _, m := range fs {
		names = append(names, m.Name)
	}
	s := &seatResults{last: -1}
	for i, rank := range faceRanks {
		if s.features[i] = slices.Index(names, rank.feature); s.features[i] < 0 {
			return nil, fmt.Errorf("%s deals have no feature %s", g.Name(), rank.feature)
		}
	}
	var metrics []string
	for _, m := range g.Metrics() {
		metrics = append(metrics, m.Name)
	}
	for i, name := range []string{"mixed.allied_bidders", "mixed.allied_points", "mixed.lone_bidders", "mixed.lone_points"} {
		if s.mixed[i] = slices.Index(metrics, name); s.mixed[i] < 0 {
			return nil, fmt.Errorf("%s games have no metric %s", g.Name(), name)
		}
	}
	return s, nil
}

// Write keeps the records.
func (s *seatResults) Write(rs []sim.Record) error {
	for _, r := range rs {
		sr := seatResult{deal: r.Index, seating: int16(r.Seating), seat: int16(r.Seat), score: int32(r.Score), win: r.Result == games.Win}
		for i, fi := range s.features {
			sr.held[i] = int8(r.Features[fi])
		}
		s.seats = append(s.seats, sr)
		if r.Seat != 0 {
			continue // the game's metrics, once a game
		}
		if r.Index != s.last {
			s.allied = append(s.allied, alliedDeal{})
			s.last = r.Index
		}
		d := &s.allied[len(s.allied)-1]
		m := r.Metrics
		d.allied += float64(m[s.mixed[0]])
		d.alliedPoints += float64(m[s.mixed[1]])
		d.lone += float64(m[s.mixed[2]])
		d.lonePoints += float64(m[s.mixed[3]])
	}
	return nil
}

// pairedSeats walks the seats of a run with one rank made blank alongside
// the same seats with every power on, and sums the differences.
type pairedSeats struct {
	base    *seatResults
	feature int // index into faceRanks
	next    int
	deal    int64
	win     sim.TrendSums // on − blank win (0/±1) against the cards held
	points  sim.TrendSums
	hWin    sim.TrendSums // the same over the seats holding at least one
	hPoints sim.TrendSums
	holders int64
}

// Write pairs the records with the base run's, seat by seat in deal order.
func (p *pairedSeats) Write(rs []sim.Record) error {
	for _, r := range rs {
		if p.next >= len(p.base.seats) {
			return fmt.Errorf("more seats than the run with every power on")
		}
		on := &p.base.seats[p.next]
		p.next++
		if on.deal != r.Index || int(on.seating) != r.Seating || int(on.seat) != r.Seat {
			return fmt.Errorf("deal %d seating %d seat %d paired with deal %d seating %d seat %d", r.Index, r.Seating, r.Seat, on.deal, on.seating, on.seat)
		}
		if r.Index != p.deal {
			for _, t := range []*sim.TrendSums{&p.win, &p.points, &p.hWin, &p.hPoints} {
				t.EndCluster()
			}
			p.deal = r.Index
		}
		dw := b2f(on.win) - b2f(r.Result == games.Win)
		on.dw[p.feature] = int8(dw)
		dp := float64(on.score) - float64(r.Score)
		held := float64(on.held[p.feature])
		p.win.Add(held, dw)
		p.points.Add(held, dp)
		if held > 0 {
			p.hWin.Add(0, dw)
			p.hPoints.Add(0, dp)
			p.holders++
		}
	}
	return nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// gain returns the power's worth to its holders.
func (p *pairedSeats) gain(confidence float64) powerGain {
	for _, t := range []*sim.TrendSums{&p.win, &p.points, &p.hWin, &p.hPoints} {
		t.EndCluster()
	}
	var g powerGain
	g.winPerCard, _ = p.win.Fit(confidence)
	g.pointsPerCard, _ = p.points.Fit(confidence)
	g.holderWin[0], g.holderWin[1], g.holderWin[2] = p.hWin.Mean(confidence)
	g.holderPoints[0], g.holderPoints[1], g.holderPoints[2] = p.hPoints.Mean(confidence)
	g.holders = p.holders
	g.pairs = p.win.Pairs()
	return g
}

// feature returns the summary's feature named name.
func feature(fs []sim.FeatureSummary, name string) *sim.FeatureSummary {
	for i := range fs {
		if fs[i].Name == name {
			return &fs[i]
		}
	}
	return nil
}

// page turns the figures into the report's studies: charts, sentences and
// one table of every figure.
func (a *designStudy) page(all []*roundupFigures, duels []duel) (*reports.Report, error) {
	rules, err := a.rulesInForce()
	if err != nil {
		return nil, err
	}
	r := &reports.Report{
		Title: "Round-up: face cards, seats and rounds",
		Intro: fmt.Sprintf("Each figure from %d deals per player count and bot mix, every deal played with the seats rotated, seed %d, %g%% intervals that count deals, not seats, as independent; %s. "+
			"Face cards are measured against the game (the first round's deal) and round by round (each round's deal against that round). "+
			"A face card's power is valued by replaying the same deals with the power taken away but the card still playable (rule jack, queen or king=blank) and pairing each seat's result with and without it.",
			a.Games, a.env.Seed, 100*a.env.Confidence, rules),
	}
	note := fmt.Sprintf("seed %d, %d deals per player count and bot mix; %s; cardsim %s", a.env.Seed, a.Games, rules, sim.Version)
	// The table of every figure, a figure a row in the columns report.csv
	// reads by name (reports.Study.Rows): the rules (the player count
	// first), the bot mix as the strategy, the figure and, for figures by
	// a deal feature, the feature and its value.
	rows := [][]string{{"rules", "strategy", "metric", "statistic", "feature", "feature_value", "value", "ci_low", "ci_high", "n"}}
	tableRules := func(fig *roundupFigures) string {
		return strings.Join(append([]string{"players=" + strconv.Itoa(fig.players)}, a.env.Rules...), ";")
	}
	addBy := func(fig *roundupFigures, metric, stat, feat, featValue string, v, lo, hi float64, n int64) {
		count := ""
		if n > 0 {
			count = strconv.FormatInt(n, 10)
		}
		rows = append(rows, []string{tableRules(fig), fig.mix, metric, stat, feat, featValue, reports.FullNumber(v), reports.FullNumber(lo), reports.FullNumber(hi), count})
	}
	add := func(fig *roundupFigures, metric, stat string, v, lo, hi float64, n int64) {
		addBy(fig, metric, stat, "", "", v, lo, hi, n)
	}
	byMix := map[string][]*roundupFigures{}
	for _, fig := range all {
		byMix[fig.mix] = append(byMix[fig.mix], fig)
		s := &fig.summary
		for _, src := range []struct {
			prefix string
			fs     []sim.FeatureSummary
		}{{"game", s.Features}, {"round", s.RoundFeatures}} {
			f := feature(src.fs, "face_cards")
			if f == nil {
				continue
			}
			if tr := f.WinTrend; tr != nil {
				addBy(fig, src.prefix+"_win", "slope", "face_cards", "", tr.Slope, tr.CILow, tr.CIHigh, f.Games())
			}
			for _, v := range f.Values {
				fv := strconv.FormatInt(v.Value, 10)
				addBy(fig, src.prefix+"_win", "rate", "face_cards", fv, v.Win.Rate, v.Win.CILow, v.Win.CIHigh, v.Games)
				addBy(fig, src.prefix+"_points", "mean", "face_cards", fv, v.Score.Mean, v.Score.CILow, v.Score.CIHigh, v.Games)
			}
		}
		for i, rank := range faceRanks {
			g := &fig.power[i]
			add(fig, rank.rule+"_power_win", "slope_per_card_held", g.winPerCard.Slope, g.winPerCard.CILow, g.winPerCard.CIHigh, g.pairs)
			add(fig, rank.rule+"_power_points", "slope_per_card_held", g.pointsPerCard.Slope, g.pointsPerCard.CILow, g.pointsPerCard.CIHigh, g.pairs)
			add(fig, rank.rule+"_power_holder_win", "gain", g.holderWin[0], g.holderWin[1], g.holderWin[2], g.holders)
			add(fig, rank.rule+"_power_holder_points", "gain", g.holderPoints[0], g.holderPoints[1], g.holderPoints[2], g.holders)
		}
		for k, pr := range rankPairs {
			name := faceRanks[pr[0]].rule + "_less_" + faceRanks[pr[1]].rule + "_power_win"
			add(fig, name, "paired_slope_per_card_held", fig.perCard[k].value, fig.perCard[k].lo, fig.perCard[k].hi, fig.perCard[k].n)
			add(fig, name, "paired_holder_gain", fig.holders[k].value, fig.holders[k].lo, fig.holders[k].hi, fig.holders[k].n)
		}
		if !math.IsNaN(fig.allied.value) {
			add(fig, "allied_bidder_points", "mean_per_round", fig.alliedPts.value, fig.alliedPts.lo, fig.alliedPts.hi, fig.alliedPts.n)
			add(fig, "lone_bidder_points", "mean_per_round", fig.lonePts.value, fig.lonePts.lo, fig.lonePts.hi, fig.lonePts.n)
			add(fig, "allied_less_lone_bidder_points", "difference_per_round", fig.allied.value, fig.allied.lo, fig.allied.hi, fig.allied.n)
		}
		if fp := s.FirstPlayer; fp != nil {
			add(fig, "first_player_win", "rate", fp.WinRate.Rate, fp.WinRate.CILow, fp.WinRate.CIHigh, fp.WinRate.Games)
			add(fig, "first_player_win", "fair_share", fp.FairShare, math.NaN(), math.NaN(), fp.WinRate.Games)
			add(fig, "first_player_win", "edge_over_fair_share", fp.Edge, fp.CILow, fp.CIHigh, fp.WinRate.Games)
		}
		if r := s.Metrics["allied.rounds"]; r.Total > 0 {
			w := s.Metrics["allied.won"]
			lo, hi := sim.Wilson(w.Total, r.Total, s.Manifest.Confidence)
			add(fig, "allied_suit_last", "rate", float64(w.Total)/float64(r.Total), lo, hi, r.Total)
		}
		for _, m := range []string{"rounds", "turns", "round_turns.first", "round_turns.shortest", "round_turns.longest", "allied.rounds", "allied.won"} {
			if ms, ok := s.Metrics[m]; ok {
				add(fig, m, "mean_per_game", ms.Mean, ms.CILow, ms.CIHigh, ms.N)
			}
		}
	}
	for _, mix := range a.Mixes {
		figs := byMix[mix]
		st, err := faceCardStudies(mix, figs, a.env.Confidence)
		if err != nil {
			return nil, err
		}
		r.Studies = append(r.Studies, st...)
	}
	st, err := seatStudy(a.Mixes, byMix, a.env.Confidence)
	if err != nil {
		return nil, err
	}
	r.Studies = append(r.Studies, st)
	if len(duels) > 0 {
		st, err := duelStudy(duels, a.env.Confidence)
		if err != nil {
			return nil, err
		}
		for _, d := range duels {
			if len(d.summary.Comparisons) == 0 {
				continue
			}
			c := d.summary.Comparisons[0]
			fig := &roundupFigures{players: d.players, mix: d.pair}
			add(fig, "win", "difference "+c.Label, c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh, d.summary.Manifest.Games)
		}
		r.Studies = append(r.Studies, st)
	}
	r.Studies[0].Glance = a.glance(byMix, duels)
	r.Studies[0].Rows = rows // the full table of figures, once
	for i := range r.Studies {
		if i > 0 {
			r.Studies[i].Rows = [][]string{{"figure", "value"}}
		}
		r.Studies[i].Note = note
		r.Studies[i].Seed, r.Studies[i].Deals = a.env.Seed, int64(a.Games)
	}
	return r, nil
}

// faceCardStudies answers the designer's two questions for one bot mix.
func faceCardStudies(mix string, figs []*roundupFigures, level float64) ([]reports.Study, error) {
	var game, round []reports.LineSeries
	var answer []string
	for _, fig := range figs {
		s := &fig.summary
		var parts []string
		for _, src := range []struct {
			fs     []sim.FeatureSummary
			lines  *[]reports.LineSeries
			phrase string
		}{
			{s.Features, &game, "each more face card dealt in the first round changes a seat's chance of winning the game by"},
			{s.RoundFeatures, &round, "each more in a round's deal changes its chance of winning that round alone by"},
		} {
			f := feature(src.fs, "face_cards")
			if f == nil {
				continue
			}
			line := reports.LineSeries{Label: fmt.Sprintf("%d players", fig.players)}
			if src.lines == &game { // a game's fair share; a round won alone has none so plain
				line.FairShare = fairShare(s, fig.players).rate
			}
			var total int64
			for _, v := range f.Values {
				total += v.Games
			}
			for _, v := range f.Values {
				if v.Games*100 < total { // too few seats for a point worth plotting
					continue
				}
				line.X, line.Y = append(line.X, float64(v.Value)), append(line.Y, v.Win.Rate)
				line.Lo, line.Hi = append(line.Lo, v.Win.CILow), append(line.Hi, v.Win.CIHigh)
			}
			*src.lines = append(*src.lines, line)
			if tr := f.WinTrend; tr != nil {
				parts = append(parts, fmt.Sprintf("%s %s percentage points (%s to %s)", src.phrase, reports.PP(tr.Slope), reports.PP(tr.CILow), reports.PP(tr.CIHigh)))
			}
		}
		sentence := fmt.Sprintf("With %d players (%s): %s.", fig.players, mix, strings.Join(parts, "; "))
		if f := feature(s.Features, "face_cards"); f != nil {
			if top, ok := topSeats(f); ok {
				sentence += " " + topSentence(top, fairShare(s, fig.players))
			}
		}
		answer = append(answer, sentence)
	}
	c1, err := reports.LineChart("roundup_face_cards_game_"+safe(mix), "Round-up ("+mix+"): chance of winning the game against face cards dealt in the first round",
		"face cards dealt to the seat in the first round", "win rate of the seat", game, reports.LineOptions{Level: level})
	if err != nil {
		return nil, err
	}
	c2, err := reports.LineChart("roundup_face_cards_round_"+safe(mix), "Round-up ("+mix+"): chance of winning a round alone against face cards in that round's deal",
		"face cards dealt to the seat in the round", "share of rounds the seat won alone", round, reports.LineOptions{Level: level})
	if err != nil {
		return nil, err
	}
	// What each power is worth to its holder, per card held.
	var gains []reports.LineSeries
	var useful []string
	for i, rank := range faceRanks {
		s := reports.LineSeries{Label: rank.name + "'s power"}
		for _, fig := range figs {
			g := fig.power[i].winPerCard
			s.X, s.Y = append(s.X, float64(fig.players)), append(s.Y, g.Slope)
			s.Lo, s.Hi = append(s.Lo, g.CILow), append(s.Hi, g.CIHigh)
		}
		gains = append(gains, s)
	}
	for _, fig := range figs {
		u, _ := usefulSentence(fig)
		useful = append(useful, u)
	}
	c3, err := reports.LineChart("roundup_power_"+safe(mix), "Round-up ("+mix+"): a face card's power to its holder, per card held (same deals, the card blank)",
		"players", "change in the holder's chance of winning", gains, reports.LineOptions{Level: level, Refs: []reports.RefLine{reports.NoChangeRef()}})
	if err != nil {
		return nil, err
	}
	return []reports.Study{
		{Game: "roundup", Title: "If someone is dealt more face cards, do they win most of the time? (" + mix + ")", Answer: answer, Charts: []reports.Chart{c1, c2}},
		{Game: "roundup", Title: "Which face card is most useful? (" + mix + ")", Answer: useful, Charts: []reports.Chart{c3}},
	}, nil
}

// usefulSentence reads what each face card's power is worth to its holder
// at one player count, saying exactly what each figure is, and names the
// most useful card only where a paired test on the same deals separates
// it from every other: the gain of its power per card held less the
// other's, each seat's two ablations paired, clustered by deal. It returns
// the sentence and its answer at a glance.
func usefulSentence(fig *roundupFigures) (string, reports.Answer) {
	var parts, holders []string
	best := 0
	for i, rank := range faceRanks {
		g := &fig.power[i]
		w := g.winPerCard
		parts = append(parts, fmt.Sprintf("%s %s (%s to %s)", rank.name, reports.PP(w.Slope), reports.PP(w.CILow), reports.PP(w.CIHigh)))
		holders = append(holders, fmt.Sprintf("%s %s (%s to %s)", rank.name, reports.PP(g.holderWin[0]), reports.PP(g.holderWin[1]), reports.PP(g.holderWin[2])))
		if w.Slope > fig.power[best].winPerCard.Slope {
			best = i
		}
	}
	out := fmt.Sprintf("With %d players (%s), each face card's power is valued by replaying the same deals with that rank's power taken away in every round (the card still played, to no effect). Per card of the rank the seat was dealt in round 1 (the slope of its paired difference in winning the game against those cards), its chance of winning the game changes by %s percentage points; seats dealt at least one in round 1 gain on average %s percentage points (the holders' mean difference).",
		fig.players, fig.mix, strings.Join(parts, ", "), strings.Join(holders, ", "))
	// The paired differences of the best card against each other one.
	var beats, ties, tied []string
	runnerUp := estimate{value: math.Inf(1)}
	for k, pr := range rankPairs {
		if pr[0] != best && pr[1] != best {
			continue
		}
		d := fig.perCard[k]
		other := pr[1]
		if pr[1] == best {
			d, other = estimate{-d.value, -d.hi, -d.lo, d.n}, pr[0]
		}
		if d.lo > 0 {
			beats = append(beats, fmt.Sprintf("the %s's by %s percentage points a card (%s to %s)", faceRanks[other].name, reports.PP(d.value), reports.PP(d.lo), reports.PP(d.hi)))
		} else {
			ties = append(ties, fmt.Sprintf("cannot be told from the %s's (%s − %s: %s percentage points a card, %s to %s)", faceRanks[other].name, faceRanks[best].name, faceRanks[other].name, reports.PP(d.value), reports.PP(d.lo), reports.PP(d.hi)))
			tied = append(tied, "the "+faceRanks[other].name)
		}
		if d.value < runnerUp.value {
			runnerUp = d
		}
	}
	b := fig.power[best].winPerCard
	ans := reports.Answer{Game: "roundup", Question: "Which face card is most useful?", Value: runnerUp.value, CILow: runnerUp.lo, CIHigh: runnerUp.hi,
		Unit: "share difference per card", N: runnerUp.n}
	switch {
	case b.CILow <= 0:
		ans.Verdict = "none helps its holder measurably at this many deals"
		out += " No power helps its holder measurably at this number of deals: every per-card interval reaches zero or below."
		ans.Sentence = fmt.Sprintf("With %d players (%s), no face card's power helps its holder measurably: per card held, %s percentage points.", fig.players, fig.mix, strings.Join(parts, ", "))
	case len(ties) == 0:
		ans.Verdict = "the " + faceRanks[best].name
		out += fmt.Sprintf(" The %s's power is the most useful: paired on the same deals, its gain per card beats %s.", faceRanks[best].name, strings.Join(beats, " and "))
		ans.Sentence = fmt.Sprintf("With %d players (%s), the %s's power is the most useful: it moves its holder's chance of winning by %s percentage points a card (%s to %s), and paired on the same deals beats %s.",
			fig.players, fig.mix, faceRanks[best].name, reports.PP(b.Slope), reports.PP(b.CILow), reports.PP(b.CIHigh), strings.Join(beats, " and "))
	default:
		ans.Verdict = "none stands out: a paired test cannot separate the " + faceRanks[best].name + " from " + strings.Join(tied, " or ")
		var all []string
		if len(beats) > 0 {
			all = append(all, "beats "+strings.Join(beats, " and "))
		}
		all = append(all, ties...)
		out += fmt.Sprintf(" None stands out: paired on the same deals, the %s's gain per card %s; only a difference whose interval is clear of zero tells two cards apart.", faceRanks[best].name, strings.Join(all, ", but "))
		ans.Sentence = fmt.Sprintf("With %d players (%s), the %s's power gains most per card held (%s percentage points, %s to %s), but paired on the same deals its gain %s.",
			fig.players, fig.mix, faceRanks[best].name, reports.PP(b.Slope), reports.PP(b.CILow), reports.PP(b.CIHigh), strings.Join(all, ", but "))
	}
	return out, ans
}

// share is a seat's fair share of wins: the games not drawn shared out
// evenly among the players, (1 − draw rate)/players.
type share struct {
	rate    float64
	drawn   float64 // the share of games drawn
	players int
}

// fairShare returns a seat's fair share of wins in the games of s.
func fairShare(s *sim.Summary, players int) share {
	d := 0.0
	if s.Balance != nil {
		d = s.Balance.DrawRate
	}
	return share{rate: (1 - d) / float64(players), drawn: d, players: players}
}

// String writes the fair share with how it is made.
func (f share) String() string {
	if f.drawn > 1e-9 {
		return fmt.Sprintf("%s (the %s of games not drawn, shared among %d players)", pctf(f.rate), pctf(1-f.drawn), f.players)
	}
	return fmt.Sprintf("%s (one game in %d)", pctf(f.rate), f.players)
}

// topSentence reads how often the seats dealt the most face cards win,
// against their fair share: the yardstick of "most of the time" when seats
// are many, with a majority of games said as well where the interval lies
// above one half too (as reports reads a deal feature).
func topSentence(top topGroup, fair share) string {
	return fmt.Sprintf("Seats dealt %d or more face cards in the first round (%d seat-games) win %s of their games (%s to %s) against a fair share of %s: %s.",
		top.from, top.games, pctf(top.rate), pctf(top.lo), pctf(top.hi), fair, fairVerdict(top, fair))
}

// fairVerdict reads how the seats dealt the most fare against their fair
// share, and against one half.
func fairVerdict(top topGroup, fair share) string {
	switch {
	case top.lo > fair.rate && top.lo > 0.5:
		return "more often than their fair share, and most of the time"
	case top.lo > fair.rate:
		return "more often than their fair share, though not most of the time"
	case top.hi < fair.rate:
		return "less often than their fair share"
	}
	return "not distinguishable from their fair share at this number of deals"
}

// topGroup is the seats dealt the most face cards.
type topGroup struct {
	from         int64
	games        int64
	rate, lo, hi float64
}

// topSeats pools the seats dealt the most face cards, from the top value
// down until they are at least 1% of all, with the pooled interval bounded
// by the seat-weighted sum of the values' half-widths (which holds whatever
// their correlation).
func topSeats(f *sim.FeatureSummary) (topGroup, bool) {
	var total int64
	for _, v := range f.Values {
		total += v.Games
	}
	var g topGroup
	var wins, half float64
	k := len(f.Values) - 1
	for ; k >= 0 && g.games*100 < total; k-- {
		v := f.Values[k]
		g.games += v.Games
		wins += float64(v.Win.Count)
		g.from = v.Value
	}
	if g.games < 2 || k < 0 {
		return g, false
	}
	for _, v := range f.Values[k+1:] {
		half += float64(v.Games) / float64(g.games) * (v.Win.CIHigh - v.Win.CILow) / 2
	}
	g.rate = wins / float64(g.games)
	g.lo, g.hi = math.Max(0, g.rate-half), math.Min(1, g.rate+half)
	return g, true
}

func seatStudy(mixes []string, byMix map[string][]*roundupFigures, level float64) (reports.Study, error) {
	var edge, turns, allied []reports.LineSeries
	var answer []string
	var alliedRounds, rounds, unbacked int64 // over every configuration
	for _, mix := range mixes {
		e := reports.LineSeries{Label: mix}
		tn := reports.LineSeries{Label: mix}
		al := reports.LineSeries{Label: mix}
		for _, fig := range byMix[mix] {
			x := float64(fig.players)
			s := &fig.summary
			if fp := s.FirstPlayer; fp != nil {
				e.X, e.Y, e.Lo, e.Hi = append(e.X, x), append(e.Y, fp.Edge), append(e.Lo, fp.CILow), append(e.Hi, fp.CIHigh)
				answer = append(answer, edgeSentence(fig.players, mix, fp))
			}
			if m, ok := s.Metrics["round_turns.first"]; ok {
				tn.X, tn.Y, tn.Lo, tn.Hi = append(tn.X, x), append(tn.Y, m.Mean), append(tn.Lo, m.CILow), append(tn.Hi, m.CIHigh)
				rounds, turns := s.Metrics["rounds"], s.Metrics["turns"]
				length := fmt.Sprintf("With %d players (%s), a first round takes %.1f turns (%.1f to %.1f; from %d to %d)", fig.players, mix, m.Mean, m.CILow, m.CIHigh, m.Min, m.Max)
				if rounds.Mean > 0 {
					length += fmt.Sprintf(", every round %.1f on average, and a game %.1f rounds (%.1f to %.1f)", turns.Mean/rounds.Mean, rounds.Mean, rounds.CILow, rounds.CIHigh)
				}
				answer = append(answer, length+".")
			}
			if r, ok := s.Metrics["allied.rounds"]; ok && r.Total > 0 {
				w := s.Metrics["allied.won"]
				lo, hi := sim.Wilson(w.Total, r.Total, s.Manifest.Confidence)
				won := float64(w.Total) / float64(r.Total)
				al.X, al.Y, al.Lo, al.Hi = append(al.X, x), append(al.Y, won), append(al.Lo, lo), append(al.Hi, hi)
				answer = append(answer, alliedSentence(fig.players, mix, s.Metrics["rounds"].Total, r.Total, w.Total, lo, hi))
				if g, ok := alliedGainAnswer(fig); ok {
					answer = append(answer, g.Sentence)
				}
				alliedRounds += r.Total
				rounds += s.Metrics["rounds"].Total
				unbacked += s.Metrics["last_suit_unbacked"].Total
			} else if ok {
				answer = append(answer, fmt.Sprintf("With %d players (%s), none of the %d rounds had allied bids (two or more players backing one suit).", fig.players, mix, s.Metrics["rounds"].Total))
			}
		}
		edge, turns, allied = append(edge, e), append(turns, tn), append(allied, al)
	}
	if alliedRounds > 0 {
		answer = append(answer, fmt.Sprintf("One suit in four is what a suit gets by chance, but a suit somebody backed closes last in nearly every round (one nobody backed closed last in %d of the %d rounds above), so a lone bid beats one in four as well: how often an allied suit closes last does not say whether an ally fares better than a lone bidder (the last suit pays its backers 3 points alone, 2 each in a pair, 1 each in three, nothing to four or more). The comparison that does is of the round points allied and lone bidders scored in the same rounds, above.",
			unbacked, rounds))
	}
	var charts []reports.Chart
	for _, c := range []struct {
		name, title, y string
		s              []reports.LineSeries
		refs           []reports.RefLine
	}{
		{"roundup_first_player", "Round-up: the starting seat's edge", "win rate of the starting seat − its fair share", edge, []reports.RefLine{reports.NoChangeRef()}},
		{"roundup_round_turns", "Round-up: length of the first round", "turns", turns, nil},
		{"roundup_allied", "Round-up: rounds with allied bids that the allies won", "share of allied rounds won", allied,
			[]reports.RefLine{{Label: "one suit in four (0.25)", At: 0.25}}},
	} {
		ch, err := reports.LineChart(c.name, c.title, "players", c.y, c.s, reports.LineOptions{Level: level, Refs: c.refs})
		if err != nil {
			return reports.Study{}, err
		}
		charts = append(charts, ch)
	}
	return reports.Study{Game: "roundup", Title: "Is the starting seat favoured, do allied bidders gain, how long is a round?", Answer: answer, Charts: charts}, nil
}

// edgeSentence reads the starting seat's edge against the fair share sim
// measured it from: the games not drawn shared out evenly.
func edgeSentence(players int, mix string, fp *sim.EdgeSummary) string {
	fair := fp.FairShare
	fs := share{rate: fair, drawn: 1 - fair*float64(players), players: players}
	return fmt.Sprintf("With %d players (%s), the seat that starts wins %s of %d games (%s to %s) against a fair share of %s: %s.",
		players, mix, pctf(fp.WinRate.Rate), fp.WinRate.Games, pctf(fp.WinRate.CILow), pctf(fp.WinRate.CIHigh), fs, reports.EdgeText(fp.Edge, fp.CILow, fp.CIHigh))
}

// alliedSentence reads how often allied bidders, two or more backing one
// suit, saw an allied suit close last (and score for them): won of allied
// rounds, out of rounds, with its Wilson interval lo to hi, against the
// chance that a suit closes last, one in four for each suit allied. With
// four players or more a round may hold several allied suits (up to
// players/2), which the counts do not tell apart: the fair share then lies
// in a range, and only an interval clear of all of it is read as a gain or
// a loss.
func alliedSentence(players int, mix string, rounds, allied, won int64, lo, hi float64) string {
	low, high := 0.25, float64(players/2)/4
	fair := fmt.Sprintf("%s (one suit in four)", pctf(low))
	if high > low {
		fair += fmt.Sprintf(" to %s (when %d suits are allied, which these counts do not tell apart)", pctf(high), players/2)
	}
	verdict := "not distinguishable from the fair share at this number of deals"
	switch {
	case lo > high:
		verdict = "more often than the fair share"
	case hi < low:
		verdict = "less often than the fair share"
	}
	return fmt.Sprintf("With %d players (%s), %d of %d rounds had allied bids (two or more players backing one suit); an allied suit closed last (the allies' bid came good) in %d of them: %s (%s to %s, rounds counted as independent) against a fair share of %s: %s.",
		players, mix, allied, rounds, won, pctf(float64(won)/float64(allied)), pctf(lo), pctf(hi), fair, verdict)
}

func pctf(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// pp writes a difference of rates in percentage points, with its sign.

func safe(s string) string {
	return strings.NewReplacer("+", "_", ":", "_", "=", "_", ",", "_").Replace(s)
}
