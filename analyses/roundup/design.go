package roundup

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/analyses/fit"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// designOptions are the options of Round-up's analysis.
type designOptions struct {
	Games   int      // deals of each player count and mix, and of each face-card ablation
	Players []int    // the player counts
	Mixes   []string // each "a" or "a+b": the strategies seated round the table
}

func (o *designOptions) bind() *games.Options {
	opts := games.NewOptions("option")
	opts.Int(&o.Games, "games", 20000, 2, 1_000_000_000, "deals of each player count and bot mix, and of each face-card ablation")
	analyses.Ints(opts, &o.Players, "players", []int{2, 3, 4, 5, 6}, 2, 6, "player counts to study")
	analyses.Strings(opts, &o.Mixes, "mixes", []string{"greedy", "defender", "greedy+defender"},
		"bot mixes round the table: a, or a+b seated in turn (seats rotated)")
	return opts
}

// Design returns Round-up's analysis: are players dealt more face cards
// sure to win most of the time, which face card is most useful (by a
// logistic regression on the counts dealt, and by ablation: the same deals
// replayed with the rank made powerless), the starting seat's edge, allied
// bids, round length and the last suit.
func Design() analyses.Definition {
	return analyses.Define("roundup",
		"face cards, seats and rounds at 2 to 6 players: do seats dealt more face cards win most of the time, which face card is most useful, does the starting seat win more, do allied bidders gain, how long is a round",
		(*designOptions).bind, runDesign)
}

// designStudy is Round-up's analysis under way.
type designStudy struct {
	designOptions
	env *analyses.Env
}

var faceRanks = []struct{ rule, feature, letter string }{
	{"jack", "jacks", "J"}, {"queen", "queens", "Q"}, {"king", "kings", "K"},
}

// roundupFigures are the measured figures of one player count and mix.
type roundupFigures struct {
	players  int
	mix      string
	summary  sim.Summary
	logit    *fit.Logit
	ablation map[string]*fit.Logit // rank rule → the model with that rank powerless
	metrics  map[string]sim.MetricSummary
}

func runDesign(ctx context.Context, env *analyses.Env, o designOptions) (analyses.Page, error) {
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
	return a.page(all)
}

// run plays one configuration.
func (a *designStudy) run(ctx context.Context, rules []string, mix string) (*sim.Result, error) {
	g, err := a.env.Game("roundup", rules...)
	if err != nil {
		return nil, err
	}
	lineup, err := a.env.Lineup(g, strings.Split(mix, "+")...)
	if err != nil {
		return nil, err
	}
	return a.env.Run(ctx, fmt.Sprintf("roundup %s %s", strings.Join(rules, " "), mix), g, lineup, int64(a.Games))
}

func (a *designStudy) measure(ctx context.Context, n int, mix string) (*roundupFigures, error) {
	players := "players=" + strconv.Itoa(n)
	r, err := a.run(ctx, []string{players}, mix)
	if err != nil {
		return nil, err
	}
	fig := &roundupFigures{players: n, mix: mix, summary: r.Summary(), ablation: map[string]*fit.Logit{}}
	fig.metrics = fig.summary.Metrics
	names := featureNames(r.Config.Game)
	use := []string{"jacks", "queens", "kings"}
	if fig.logit, err = fit.Logistic(r.Tally, names, use, a.env.Confidence); err != nil {
		return nil, fmt.Errorf("regression on the face cards dealt: %w", err)
	}
	for _, rank := range faceRanks {
		r, err := a.run(ctx, []string{players, rank.rule + "=off"}, mix)
		if err != nil {
			return nil, err
		}
		if fig.ablation[rank.rule], err = fit.Logistic(r.Tally, featureNames(r.Config.Game), use, a.env.Confidence); err != nil {
			return nil, fmt.Errorf("regression with %ss powerless: %w", rank.rule, err)
		}
	}
	return fig, nil
}

func featureNames(g games.Game) []string {
	fg, ok := g.(games.Featured)
	if !ok {
		return nil
	}
	var names []string
	for _, m := range fg.DealFeatures() {
		names = append(names, m.Name)
	}
	return names
}

// page turns the figures into the report's studies: charts, sentences and
// tables.
func (a *designStudy) page(all []*roundupFigures) (*reports.Report, error) {
	r := &reports.Report{
		Title: "Round-up: face cards, seats and rounds",
		Intro: fmt.Sprintf("Each figure from %d deals per player count and bot mix, every deal played with the seats rotated, seed %d, %g%% intervals. "+
			"A face card's usefulness is measured two ways: a logistic regression of a seat's win on the Jacks, Queens and Kings it was dealt, "+
			"and an ablation that replays the same deals with that rank made powerless (rule jack/queen/king=off) and sees how much of its effect disappears.",
			a.Games, a.env.Seed, 100*a.env.Confidence),
	}
	rows := [][]string{{"figure", "statistic", "value"}}
	add := func(fig *roundupFigures, name string, v, lo, hi float64) {
		f := fmt.Sprintf("players=%d mix=%s %s", fig.players, fig.mix, name)
		rows = append(rows, []string{f, "value", fnum(v)}, []string{f, "ci_low", fnum(lo)}, []string{f, "ci_high", fnum(hi)})
	}
	byMix := map[string][]*roundupFigures{}
	for _, fig := range all {
		byMix[fig.mix] = append(byMix[fig.mix], fig)
		for _, fs := range fig.summary.Features {
			if fs.Name != "face_cards" {
				continue
			}
			for _, v := range fs.Values {
				add(fig, fmt.Sprintf("win_rate|face_cards=%d", v.Value), v.Win.Rate, v.Win.CILow, v.Win.CIHigh)
				add(fig, fmt.Sprintf("mean_game_points|face_cards=%d", v.Value), v.Score.Mean, v.Score.CILow, v.Score.CIHigh)
			}
		}
		for j, r := range faceRanks {
			l := fig.logit
			add(fig, "uplift_per_card|"+r.rule, l.Uplift[j+1], l.UpliftCILow[j+1], l.UpliftCIHigh[j+1])
			ab := fig.ablation[r.rule]
			add(fig, "uplift_per_card_when_powerless|"+r.rule, ab.Uplift[j+1], ab.UpliftCILow[j+1], ab.UpliftCIHigh[j+1])
		}
		if fp := fig.summary.FirstPlayer; fp != nil {
			add(fig, "first_player_edge", fp.Edge, fp.CILow, fp.CIHigh)
		}
		for _, m := range []string{"rounds", "round_turns.first", "allied.rounds", "allied.won", "last_suit.clubs", "last_suit.diamonds", "last_suit.hearts", "last_suit.spades"} {
			if ms, ok := fig.metrics[m]; ok {
				add(fig, "mean_per_game|"+m, ms.Mean, ms.CILow, ms.CIHigh)
			}
		}
	}
	for _, mix := range a.Mixes {
		figs := byMix[mix]
		st, err := faceCardStudy(mix, figs)
		if err != nil {
			return nil, err
		}
		r.Studies = append(r.Studies, st...)
	}
	st, err := seatStudy(a.Mixes, byMix)
	if err != nil {
		return nil, err
	}
	r.Studies = append(r.Studies, st)
	r.Studies[0].Rows = rows // the full table of figures, once
	for i := 1; i < len(r.Studies); i++ {
		r.Studies[i].Rows = [][]string{{"figure", "statistic", "value"}}
	}
	return r, nil
}

func faceCardStudy(mix string, figs []*roundupFigures) ([]reports.Study, error) {
	// Win rate against face cards dealt, a line per player count.
	var lines []reports.LineSeries
	var answer []string
	for _, fig := range figs {
		s := reports.LineSeries{Label: fmt.Sprintf("%d players", fig.players)}
		for _, fs := range fig.summary.Features {
			if fs.Name != "face_cards" {
				continue
			}
			var few, many *sim.FeatureValue
			for i := range fs.Values {
				v := &fs.Values[i]
				if v.Games < 50 {
					continue
				}
				s.X = append(s.X, float64(v.Value))
				s.Y = append(s.Y, v.Win.Rate)
				s.Lo = append(s.Lo, v.Win.CILow)
				s.Hi = append(s.Hi, v.Win.CIHigh)
				if few == nil {
					few = v
				}
				many = v
			}
			if few != nil && many != few {
				verdict := "do not win most of the time"
				if many.Win.CILow > 0.5 {
					verdict = "win most of the time"
				}
				answer = append(answer, fmt.Sprintf("With %d players (%s), seats dealt %d face cards win %s; seats dealt %d win %s (%s to %s), against a fair share of %s: they %s.",
					fig.players, mix, few.Value, pctf(few.Win.Rate), many.Value, pctf(many.Win.Rate), pctf(many.Win.CILow), pctf(many.Win.CIHigh), pctf(1/float64(fig.players)), verdict))
			}
		}
		lines = append(lines, s)
	}
	c1, err := reports.LineChart("roundup_face_cards_"+safe(mix), "Round-up ("+mix+"): win rate against face cards dealt",
		"face cards dealt to the seat in the first round", "win rate of the seat (band: interval)", lines)
	if err != nil {
		return nil, err
	}
	// Uplift per extra card of each rank, and what is left of it when the rank is powerless.
	var up, left []reports.LineSeries
	var best []string
	for j, r := range faceRanks {
		s := reports.LineSeries{Label: "one more " + r.letter}
		w := reports.LineSeries{Label: r.letter + " (" + r.rule + "=off)"}
		for _, fig := range figs {
			l, ab := fig.logit, fig.ablation[r.rule]
			x := float64(fig.players)
			s.X, s.Y, s.Lo, s.Hi = append(s.X, x), append(s.Y, l.Uplift[j+1]), append(s.Lo, l.UpliftCILow[j+1]), append(s.Hi, l.UpliftCIHigh[j+1])
			w.X, w.Y, w.Lo, w.Hi = append(w.X, x), append(w.Y, ab.Uplift[j+1]), append(w.Lo, ab.UpliftCILow[j+1]), append(w.Hi, ab.UpliftCIHigh[j+1])
		}
		up, left = append(up, s), append(left, w)
	}
	for _, fig := range figs {
		bi, ai := 0, 0
		for j, r := range faceRanks {
			if fig.logit.Uplift[j+1] > fig.logit.Uplift[bi+1] {
				bi = j
			}
			// Ablation: the share of the rank's effect that disappears.
			gain := fig.logit.Uplift[j+1] - fig.ablation[r.rule].Uplift[j+1]
			if gain > fig.logit.Uplift[ai+1]-fig.ablation[faceRanks[ai].rule].Uplift[ai+1] {
				ai = j
			}
		}
		l := fig.logit
		best = append(best, fmt.Sprintf("With %d players (%s), the most useful face card by regression is the %s: one more changes the chance of winning by %+.1f points (%+.1f to %+.1f). By ablation, the %s: making it powerless takes away %+.1f points of win chance per card dealt.",
			fig.players, mix, strings.ToLower(faceRanks[bi].rule), 100*l.Uplift[bi+1], 100*l.UpliftCILow[bi+1], 100*l.UpliftCIHigh[bi+1],
			strings.ToLower(faceRanks[ai].rule), 100*(l.Uplift[ai+1]-fig.ablation[faceRanks[ai].rule].Uplift[ai+1])))
	}
	c2, err := reports.LineChart("roundup_uplift_"+safe(mix), "Round-up ("+mix+"): change in win chance per face card dealt",
		"players", "Δ win chance per card (band: interval)", append(up, left...))
	if err != nil {
		return nil, err
	}
	return []reports.Study{
		{Game: "roundup", Title: "If someone is dealt more face cards, do they win most of the time? (" + mix + ")", Answer: answer, Charts: []reports.Chart{c1}},
		{Game: "roundup", Title: "Which face card is most useful? (" + mix + ")", Answer: best, Charts: []reports.Chart{c2}},
	}, nil
}

func seatStudy(mixes []string, byMix map[string][]*roundupFigures) (reports.Study, error) {
	var edge, turns, allied []reports.LineSeries
	var answer []string
	for _, mix := range mixes {
		e := reports.LineSeries{Label: mix}
		tn := reports.LineSeries{Label: mix}
		al := reports.LineSeries{Label: mix}
		for _, fig := range byMix[mix] {
			x := float64(fig.players)
			if fp := fig.summary.FirstPlayer; fp != nil {
				e.X, e.Y, e.Lo, e.Hi = append(e.X, x), append(e.Y, fp.Edge), append(e.Lo, fp.CILow), append(e.Hi, fp.CIHigh)
				verdict := "no measurable edge"
				if fp.CILow > 0 {
					verdict = "an edge"
				} else if fp.CIHigh < 0 {
					verdict = "a handicap"
				}
				answer = append(answer, fmt.Sprintf("With %d players (%s), the seat that starts wins %s of games against a fair %s: %s (%+.1f points, %+.1f to %+.1f).",
					fig.players, mix, pctf(fp.WinRate.Rate), pctf(1/float64(fig.players)), verdict, 100*fp.Edge, 100*fp.CILow, 100*fp.CIHigh))
			}
			if m, ok := fig.metrics["round_turns.first"]; ok {
				tn.X, tn.Y, tn.Lo, tn.Hi = append(tn.X, x), append(tn.Y, m.Mean), append(tn.Lo, m.CILow), append(tn.Hi, m.CIHigh)
			}
			if r, ok := fig.metrics["allied.rounds"]; ok && r.Total > 0 {
				w := fig.metrics["allied.won"]
				lo, hi := sim.Wilson(w.Total, r.Total, fig.summary.Manifest.Confidence)
				share := float64(w.Total) / float64(r.Total)
				al.X, al.Y, al.Lo, al.Hi = append(al.X, x), append(al.Y, share), append(al.Lo, lo), append(al.Hi, hi)
			}
		}
		edge, turns, allied = append(edge, e), append(turns, tn), append(allied, al)
	}
	var charts []reports.Chart
	for _, c := range []struct {
		name, title, y string
		s              []reports.LineSeries
	}{
		{"roundup_first_player", "Round-up: the starting seat's edge", "win rate of the starting seat − 1/players (band: interval)", edge},
		{"roundup_round_turns", "Round-up: length of the first round", "turns (band: interval)", turns},
		{"roundup_allied", "Round-up: rounds with allied bids that the allies won", "share of allied rounds won (band: interval)", allied},
	} {
		ch, err := reports.LineChart(c.name, c.title, "players", c.y, c.s)
		if err != nil {
			return reports.Study{}, err
		}
		charts = append(charts, ch)
	}
	return reports.Study{Game: "roundup", Title: "Is the starting seat favoured, do allied bidders gain, how long is a round?", Answer: answer, Charts: charts}, nil
}

func pctf(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func safe(s string) string {
	return strings.NewReplacer("+", "_", ":", "_", "=", "_", ",", "_").Replace(s)
}

func fnum(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }
