package roundup

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

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
		if r := s.Lead().Metrics["allied.rounds"]; r.Total > 0 {
			w := s.Lead().Metrics["allied.won"]
			lo, hi := stat.Wilson(w.Total, r.Total, s.Manifest.Confidence)
			add(fig, "allied_suit_last", "rate", float64(w.Total)/float64(r.Total), lo, hi, r.Total)
		}
		for _, m := range []string{"rounds", "turns", "round_turns.first", "round_turns.shortest", "round_turns.longest", "allied.rounds", "allied.won"} {
			if ms, ok := s.Lead().Metrics[m]; ok {
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
		"face cards dealt to the seat in the first round", "win rate of the seat (%)", game, reports.LineOptions{Level: level, Percent: true})
	if err != nil {
		return nil, err
	}
	c2, err := reports.LineChart("roundup_face_cards_round_"+safe(mix), "Round-up ("+mix+"): chance of winning a round alone against face cards in that round's deal",
		"face cards dealt to the seat in the round", "share of rounds the seat won alone (%)", round, reports.LineOptions{Level: level, Percent: true})
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
		"players", "change in the holder's chance of winning (percentage points)", gains, reports.LineOptions{Level: level, Refs: []reports.RefLine{reports.NoChangeRef()}, Percent: true})
	if err != nil {
		return nil, err
	}
	return []reports.Study{
		{Game: "roundup", Title: "If someone is dealt more face cards, do they win most of the time? (" + mix + ")", Answer: answer, Charts: []reports.Chart{c1, c2}},
		{Game: "roundup", Title: "Which face card is most useful? (" + mix + ")", Answer: useful, Charts: []reports.Chart{c3}},
	}, nil
}

// seatStudy answers the questions on seats and rounds for every bot mix:
// the starting seat's edge, allied bids and a round's length, each against
// the player count.
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
			if m, ok := s.Lead().Metrics["round_turns.first"]; ok {
				tn.X, tn.Y, tn.Lo, tn.Hi = append(tn.X, x), append(tn.Y, m.Mean), append(tn.Lo, m.CILow), append(tn.Hi, m.CIHigh)
				rounds, turns := s.Lead().Metrics["rounds"], s.Lead().Metrics["turns"]
				length := fmt.Sprintf("With %d players (%s), a first round takes %.1f turns (%.1f to %.1f; from %d to %d)", fig.players, mix, m.Mean, m.CILow, m.CIHigh, m.Min, m.Max)
				if rounds.Mean > 0 {
					length += fmt.Sprintf(", every round %.1f on average, and a game %.1f rounds (%.1f to %.1f)", turns.Mean/rounds.Mean, rounds.Mean, rounds.CILow, rounds.CIHigh)
				}
				answer = append(answer, length+".")
			}
			if r, ok := s.Lead().Metrics["allied.rounds"]; ok && r.Total > 0 {
				w := s.Lead().Metrics["allied.won"]
				lo, hi := stat.Wilson(w.Total, r.Total, s.Manifest.Confidence)
				won := float64(w.Total) / float64(r.Total)
				al.X, al.Y, al.Lo, al.Hi = append(al.X, x), append(al.Y, won), append(al.Lo, lo), append(al.Hi, hi)
				answer = append(answer, alliedSentence(fig.players, mix, s.Lead().Metrics["rounds"].Total, r.Total, w.Total, lo, hi))
				if g, ok := alliedGainAnswer(fig); ok {
					answer = append(answer, g.Sentence)
				}
				alliedRounds += r.Total
				rounds += s.Lead().Metrics["rounds"].Total
				unbacked += s.Lead().Metrics["last_suit_unbacked"].Total
			} else if ok {
				answer = append(answer, fmt.Sprintf("With %d players (%s), none of the %d rounds had allied bids (two or more players backing one suit).", fig.players, mix, s.Lead().Metrics["rounds"].Total))
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
		percent        bool // rates, drawn in %
	}{
		{"roundup_first_player", "Round-up: the starting seat's edge", "win rate of the starting seat − its fair share (percentage points)", edge, []reports.RefLine{reports.NoChangeRef()}, true},
		{"roundup_round_turns", "Round-up: length of the first round", "turns", turns, nil, false},
		{"roundup_allied", "Round-up: rounds with allied bids that the allies won", "share of allied rounds won (%)", allied,
			[]reports.RefLine{{Label: "one suit in four (25%)", At: 0.25}}, true},
	} {
		ch, err := reports.LineChart(c.name, c.title, "players", c.y, c.s, reports.LineOptions{Level: level, Refs: c.refs, Percent: c.percent})
		if err != nil {
			return reports.Study{}, err
		}
		charts = append(charts, ch)
	}
	return reports.Study{Game: "roundup", Title: "Is the starting seat favoured, do allied bidders gain, how long is a round?", Answer: answer, Charts: charts}, nil
}

// safe makes a bot mix fit a chart's file name.
func safe(s string) string {
	return strings.NewReplacer("+", "_", ":", "_", "=", "_", ",", "_").Replace(s)
}
