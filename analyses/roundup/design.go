package roundup

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
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

// runDesign measures every bot mix at every player count, plays the
// head-to-head pairs, and returns the report of what they show.
func runDesign(ctx context.Context, env *analyses.Env, o designOptions) (*reports.Report, error) {
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
	g := roundup.New(roundup.DefaultRules())
	for _, mix := range mixes {
		for _, name := range strings.Split(mix, "+") {
			if strings.TrimSpace(name) == "" {
				return fmt.Errorf("option mixes: mix %q: want a strategy, or strategies joined by +, such as greedy+defender", mix)
			}
			if _, err := env.Strategies.Lookup(g, strings.TrimSpace(name)); err != nil {
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

// measure plays one player count and mix with every power on, replays
// its deals with each face card made blank, and pairs the seats.
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
