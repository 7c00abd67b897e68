package roundup

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/reports"
)

// designersPlayers is the player count the designer calls best, whose
// figures the answers at a glance give for each bot.
var designersPlayers = roundup.DefaultRules().Players

// glance returns Round-up's answers at a glance: each question answered
// for each bot at the designer's player count (or the first studied), and
// the face cards' questions with a bottom line over every player count.
func (a *designStudy) glance(byMix map[string][]*roundupFigures, duels []duel) []reports.Answer {
	n := designersPlayers
	if !slices.Contains(a.Players, n) {
		n = a.Players[0]
	}
	at := func(mix string) *roundupFigures {
		for _, fig := range byMix[mix] {
			if fig.players == n {
				return fig
			}
		}
		return nil
	}
	cond := func(fig *roundupFigures, extra string) string {
		who := fig.mix + " in every seat"
		if strings.Contains(fig.mix, "+") {
			who = strings.ReplaceAll(fig.mix, "+", " and ") + " seated in turn"
		}
		c := fmt.Sprintf("%s; %d players", who, fig.players)
		if fig.players == designersPlayers {
			c += " (the designer's count)"
		}
		if len(a.env.Rules) > 0 {
			c += "; " + strings.Join(a.env.Rules, " ")
		}
		return fmt.Sprintf("%s%s; %d deals, seats rotated, seed %d", c, extra, a.Games, a.env.Seed)
	}
	var out []reports.Answer
	if b, ok := faceBottomLine(a.Mixes, byMix, n); ok {
		b.Condition = fmt.Sprintf("%s; %s players; %d deals each, seats rotated, seed %d", strings.Join(a.Mixes, ", "), joinInts(a.Players), a.Games, a.env.Seed)
		out = append(out, b)
	}
	// Each question for each bot at the designer's count, in turn.
	perMix := func(extra string, answer func(fig *roundupFigures) (reports.Answer, bool)) {
		for _, mix := range a.Mixes {
			if fig := at(mix); fig != nil {
				if ans, ok := answer(fig); ok {
					ans.Condition = cond(fig, extra)
					out = append(out, ans)
				}
			}
		}
	}
	perMix(", face cards counted in round 1's deal", mostAnswer)
	perMix(", each face card made blank in a replay of the same deals", func(fig *roundupFigures) (reports.Answer, bool) {
		_, ans := usefulSentence(fig)
		return ans, true
	})
	if u, ok := usefulBottomLine(a.Mixes, byMix); ok {
		u.Condition = fmt.Sprintf("%s; %s players; %d deals each, seed %d", strings.Join(a.Mixes, ", "), joinInts(a.Players), a.Games, a.env.Seed)
		out = append(out, u)
	}
	perMix("", startAnswer)
	perMix("", alliedGainAnswer)
	perMix("", roundAnswer)
	for _, d := range duels {
		if d.players != n {
			continue
		}
		if ans, ok := duelAnswer(d); ok {
			ans.Condition = fmt.Sprintf("%s seated in turn; %d players; %d deals, seats rotated, seed %d", strings.ReplaceAll(d.pair, "+", " and "), d.players, a.Games, a.env.Seed)
			out = append(out, ans)
		}
	}
	return out
}

// startAnswer answers whether the seat that starts is favoured.
func startAnswer(fig *roundupFigures) (reports.Answer, bool) {
	fp := fig.summary.FirstPlayer
	if fp == nil {
		return reports.Answer{}, false
	}
	e := estimate{fp.Edge, fp.CILow, fp.CIHigh, fp.WinRate.Games}
	return reports.Answer{Game: "roundup", Question: "Is the seat that starts favoured?",
		Verdict:  reports.SignedWords(e.lo, e.hi, "yes: an edge of "+reports.PP(e.value)+" pp", "no: a handicap of "+strings.TrimPrefix(reports.PP(e.value), "-")+" pp", reports.Undecided),
		Sentence: edgeSentence(fig.players, fig.mix, fp), Value: e.value, CILow: e.lo, CIHigh: e.hi, Unit: "share difference", N: e.n}, true
}

// roundAnswer answers how long a round is: the first round of every game.
func roundAnswer(fig *roundupFigures) (reports.Answer, bool) {
	m, ok := fig.summary.Lead().Metrics["round_turns.first"]
	if !ok {
		return reports.Answer{}, false
	}
	return reports.Answer{Game: "roundup", Question: "How long is a round?", Verdict: fmt.Sprintf("about %.0f turns", m.Mean),
		Sentence: fmt.Sprintf("With %d players (%s), a first round takes %.1f turns on average (%.1f to %.1f; from %d to %d), over %d games.", fig.players, fig.mix, m.Mean, m.CILow, m.CIHigh, m.Min, m.Max, m.N),
		Value:    m.Mean, CILow: m.CILow, CIHigh: m.CIHigh, Unit: "turns", N: m.N}, true
}

// joinInts writes player counts as "2, 3, 4".
func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// mostVerdict reads whether the seats dealt the most face cards win most
// of the time: yes where their interval lies above one half, no where it
// lies below, otherwise not decidable.
func mostVerdict(top topGroup) string {
	switch {
	case top.lo > 0.5:
		return reports.Yes
	case top.hi < 0.5:
		return reports.No
	}
	return reports.Undecided
}

// mostAnswer answers "are they sure to win most of the time?" at one
// player count for one bot: the seats dealt the most face cards in round
// 1 against one half (most of the time) and their fair share.
func mostAnswer(fig *roundupFigures) (reports.Answer, bool) {
	f := feature(fig.summary.Features, "face_cards")
	if f == nil {
		return reports.Answer{}, false
	}
	top, ok := topSeats(f)
	if !ok {
		return reports.Answer{}, false
	}
	v := mostVerdict(top)
	words := map[string]string{reports.Yes: "yes, most of the time, though never sure", reports.No: "no", reports.Undecided: reports.Undecided}[v]
	s := fmt.Sprintf("With %d players (%s), seats dealt %d or more face cards in round 1 (%d seat-games) win %s of their games (%s to %s): %s; against their fair share of %s, %s.",
		fig.players, fig.mix, top.from, top.games, pctf(top.rate), pctf(top.lo), pctf(top.hi),
		map[string]string{reports.Yes: "more than half", reports.No: "less than half", reports.Undecided: "half as far as the interval can tell"}[v],
		fairShare(&fig.summary, fig.players), fairVerdict(top, fairShare(&fig.summary, fig.players)))
	return reports.Answer{Game: "roundup", Question: "If someone is dealt more face cards, are they sure to win most of the time?", Verdict: words, Sentence: s,
		Value: top.rate, CILow: top.lo, CIHigh: top.hi, Unit: "share", N: top.games}, true
}

// faceBottomLine writes the answer to the designer's question over every
// bot and player count: where the seats dealt the most face cards win most
// of the time, where not, and what each face card does to a seat at the
// designer's player count n, in the game and in a round.
func faceBottomLine(mixes []string, byMix map[string][]*roundupFigures, n int) (reports.Answer, bool) {
	var parts []string
	verdicts := map[string]bool{}
	for _, mix := range mixes {
		groups := map[string][]int{}
		var yes []string
		lo, hi := math.Inf(1), math.Inf(-1) // the range of the per-card slopes
		for _, fig := range byMix[mix] {
			f := feature(fig.summary.Features, "face_cards")
			if f == nil {
				continue
			}
			if tr := f.WinTrend; tr != nil {
				lo, hi = math.Min(lo, tr.Slope), math.Max(hi, tr.Slope)
			}
			top, ok := topSeats(f)
			if !ok {
				continue
			}
			v := mostVerdict(top)
			verdicts[v] = true
			groups[v] = append(groups[v], fig.players)
			if v == reports.Yes {
				yes = append(yes, fmt.Sprintf("at %d players the seats dealt %d or more win %s of their games, %s to %s", fig.players, top.from, pctf(top.rate), pctf(top.lo), pctf(top.hi)))
			}
		}
		var p []string
		if g := groups[reports.Yes]; len(g) > 0 {
			p = append(p, fmt.Sprintf("yes at %s, most of the time but never sure (%s)", players(g), strings.Join(yes, "; ")))
		}
		if g := groups[reports.No]; len(g) > 0 {
			p = append(p, "no at "+players(g))
		}
		if g := groups[reports.Undecided]; len(g) > 0 {
			p = append(p, "not decidable at "+players(g)+" at this many deals")
		}
		if len(p) > 0 {
			part := "with " + mix + ", " + strings.Join(p, ", ")
			if lo <= hi {
				part += fmt.Sprintf(" (each face card dealt in round 1 moves a seat's chance of winning the game by %s to %s percentage points, by player count)", reports.PP(lo), reports.PP(hi))
			}
			parts = append(parts, part)
		}
	}
	if len(parts) == 0 {
		return reports.Answer{}, false
	}
	verdict := reports.DependsOn("how people play and how many play")
	switch {
	case len(verdicts) == 1 && verdicts[reports.No]:
		verdict = reports.No
	case len(verdicts) == 1 && verdicts[reports.Yes]:
		verdict = "yes, most of the time, though never sure"
	case len(verdicts) == 1:
		verdict = reports.Undecided
	}
	s := "Do the seats dealt the most face cards in round 1 (the top 1% of seats or so) win most of the time, more than half their games? Never surely: " + strings.Join(parts, "; ") + "."
	// Each face card at the designer's count, in the game and in a round.
	var at []string
	value := estimate{math.NaN(), math.NaN(), math.NaN(), 0}
	for _, mix := range mixes {
		for _, fig := range byMix[mix] {
			if fig.players != n {
				continue
			}
			g, r := feature(fig.summary.Features, "face_cards"), feature(fig.summary.RoundFeatures, "face_cards")
			if g == nil || r == nil || g.WinTrend == nil || r.WinTrend == nil {
				continue
			}
			at = append(at, fmt.Sprintf("with %s each face card dealt in round 1 changes a seat's chance of winning the game by %s percentage points (%s to %s), and each dealt in a round its chance of winning that round alone by %s (%s to %s)",
				mix, reports.PP(g.WinTrend.Slope), reports.PP(g.WinTrend.CILow), reports.PP(g.WinTrend.CIHigh), reports.PP(r.WinTrend.Slope), reports.PP(r.WinTrend.CILow), reports.PP(r.WinTrend.CIHigh)))
			if math.IsNaN(value.value) {
				value = estimate{g.WinTrend.Slope, g.WinTrend.CILow, g.WinTrend.CIHigh, g.Games()}
			}
		}
	}
	if len(at) > 0 {
		s += fmt.Sprintf(" At %d players, %s.", n, strings.Join(at, "; "))
	}
	return reports.Answer{Game: "roundup", Question: "If someone is dealt more face cards, are they sure to win most of the time? (bottom line)", Verdict: verdict, Sentence: s,
		Value: value.value, CILow: value.lo, CIHigh: value.hi, Unit: "share difference per card", N: value.n}, true
}

// players writes player counts: "2 players", "3 to 6 players", "2, 4 and
// 6 players".
func players(v []int) string {
	slices.Sort(v)
	if len(v) == 1 {
		return strconv.Itoa(v[0]) + " players"
	}
	if v[len(v)-1]-v[0] == len(v)-1 {
		return fmt.Sprintf("%d to %d players", v[0], v[len(v)-1])
	}
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1] + " players"
}

// usefulBottomLine says, over every bot and player count, where a paired
// test names the most useful face card.
func usefulBottomLine(mixes []string, byMix map[string][]*roundupFigures) (reports.Answer, bool) {
	named := map[string][]string{} // card → "greedy at 2 players"
	var rest []string
	for _, mix := range mixes {
		var none []int
		for _, fig := range byMix[mix] {
			_, ans := usefulSentence(fig)
			if card, ok := strings.CutPrefix(ans.Verdict, "the "); ok {
				named[card] = append(named[card], fmt.Sprintf("%s at %d players", mix, fig.players))
			} else {
				none = append(none, fig.players)
			}
		}
		if len(none) > 0 {
			rest = append(rest, fmt.Sprintf("%s at %s", mix, players(none)))
		}
	}
	if len(named) == 0 && len(rest) == 0 {
		return reports.Answer{}, false
	}
	var parts []string
	var cards []string
	for _, r := range faceRanks {
		if w := named[r.name]; len(w) > 0 {
			parts = append(parts, fmt.Sprintf("the %s with %s", r.name, strings.Join(w, ", ")))
			cards = append(cards, r.name)
		}
	}
	verdict := reports.DependsOn("how people play and how many play")
	s := ""
	switch {
	case len(cards) == 0:
		verdict = "none stands out where a paired test can tell"
		s = "No face card's power stands out from the others in a paired test on the same deals, with any bot at any player count studied."
	case len(cards) == 1 && len(rest) == 0:
		verdict = "the " + cards[0]
		s = fmt.Sprintf("The %s's power is the most useful wherever it was measured: a paired test on the same deals separates it from the others with %s.", cards[0], strings.Join(named[cards[0]], ", "))
	default:
		s = "A paired test on the same deals names the most useful face card only in some games: " + strings.Join(parts, "; ") + "."
		if len(rest) > 0 {
			s += " With " + strings.Join(rest, ", with ") + " none stands out (no paired difference clear of zero, or no power that helps)."
		}
	}
	nan := math.NaN()
	return reports.Answer{Game: "roundup", Question: "Which face card is most useful? (bottom line)", Verdict: verdict, Sentence: s, Value: nan, CILow: nan, CIHigh: nan}, true
}

// alliedGainAnswer compares the round points of allied and lone bidders in
// the same rounds: those where some players backed a suit together and
// others alone.
func alliedGainAnswer(fig *roundupFigures) (reports.Answer, bool) {
	g := fig.allied
	q := "Do allied bidders gain?"
	if math.IsNaN(g.value) {
		if fig.players > 2 {
			return reports.Answer{}, false
		}
		nan := math.NaN()
		return reports.Answer{Game: "roundup", Question: q, Verdict: "no such rounds at 2 players",
			Sentence: fmt.Sprintf("With %d players (%s) two allied bidders are the whole table: no round has allied and lone bidders side by side.", fig.players, fig.mix),
			Value:    nan, CILow: nan, CIHigh: nan}, true
	}
	verdict := reports.SignedWords(g.lo, g.hi, fmt.Sprintf("yes: %.2f points a round more", g.value), fmt.Sprintf("no: %.2f points a round fewer", -g.value), reports.Undecided)
	s := fmt.Sprintf("With %d players (%s), in the rounds where some players backed a suit together and others bid alone, an allied bidder scored %.3f points a round (%.3f to %.3f, %d bids) and a lone bidder %.3f (%.3f to %.3f, %d bids): allied bidders score %+.3f points a round (%+.3f to %+.3f, clustered by deal) in the same rounds. Allies and lone bidders hold different cards, so this is what bidding together goes with, not what it would do for the same hand.",
		fig.players, fig.mix, fig.alliedPts.value, fig.alliedPts.lo, fig.alliedPts.hi, fig.alliedPts.n, fig.lonePts.value, fig.lonePts.lo, fig.lonePts.hi, fig.lonePts.n, g.value, g.lo, g.hi)
	return reports.Answer{Game: "roundup", Question: q, Verdict: verdict, Sentence: s, Value: g.value, CILow: g.lo, CIHigh: g.hi, Unit: "points a round", N: g.n}, true
}

// duelAnswer reads a head-to-head run: which bot wins more, by how much.
func duelAnswer(d duel) (reports.Answer, bool) {
	s := &d.summary
	if len(s.Comparisons) == 0 || len(s.Entries) < 2 {
		return reports.Answer{}, false
	}
	c := s.Comparisons[0]
	a, b := s.Entries[c.A].Strategy.Name, s.Entries[c.B].Strategy.Name
	e := estimate{c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh, s.Manifest.Games}
	if e.value < 0 {
		a, b, e = b, a, estimate{-e.value, -e.hi, -e.lo, e.n}
	}
	ans := reports.Answer{Game: "roundup", Question: "Which bot plays better, and by how much?", Value: e.value, CILow: e.lo, CIHigh: e.hi, Unit: "share difference", N: e.n}
	wa, wb := s.Entries[0].Win, s.Entries[1].Win
	if s.Entries[0].Strategy.Name != a {
		wa, wb = wb, wa
	}
	rates := fmt.Sprintf("%s wins %s of its seat-games (%s to %s), %s %s (%s to %s)", a, pctf(wa.Rate), pctf(wa.CILow), pctf(wa.CIHigh), b, pctf(wb.Rate), pctf(wb.CILow), pctf(wb.CIHigh))
	if e.lo > 0 {
		ans.Verdict = fmt.Sprintf("%s, by %s pp", a, strings.TrimPrefix(reports.PP(e.value), "+"))
		ans.Sentence = fmt.Sprintf("With %d players, %s and %s seated in turn over the same %d deals (seats rotated): %s; %s wins %s percentage points (%s to %s) more of its games, paired deal by deal.",
			d.players, a, b, e.n, rates, a, reports.PP(e.value), reports.PP(e.lo), reports.PP(e.hi))
	} else {
		ans.Verdict = reports.Undecided
		ans.Sentence = fmt.Sprintf("With %d players, %s and %s seated in turn over the same %d deals (seats rotated): %s; they cannot be told apart (%s − %s is %s percentage points, %s to %s).",
			d.players, a, b, e.n, rates, a, b, reports.PP(e.value), reports.PP(e.lo), reports.PP(e.hi))
	}
	return ans, true
}

// duelStudy reads every head-to-head run, with a chart of the win-rate
// difference against the player count.
func duelStudy(duels []duel, level float64) (reports.Study, error) {
	var out []string
	lines := map[string]*reports.LineSeries{}
	var order []string
	for _, d := range duels {
		ans, ok := duelAnswer(d)
		if !ok {
			continue
		}
		out = append(out, ans.Sentence)
		c := d.summary.Comparisons[0]
		if lines[d.pair] == nil {
			lines[d.pair] = &reports.LineSeries{Label: c.Label}
			order = append(order, d.pair)
		}
		l := lines[d.pair]
		l.X, l.Y, l.Lo, l.Hi = append(l.X, float64(d.players)), append(l.Y, c.WinDiff), append(l.Lo, c.WinDiffCILow), append(l.Hi, c.WinDiffCIHigh)
	}
	var series []reports.LineSeries
	for _, k := range order {
		series = append(series, *lines[k])
	}
	ch, err := reports.LineChart("roundup_versus", "Round-up: one bot against the other, seated in turn (same deals, seats rotated)",
		"players", "difference in the share of games won (percentage points)", series, reports.LineOptions{Level: level, Refs: []reports.RefLine{reports.NoChangeRef()}, Percent: true})
	if err != nil {
		return reports.Study{}, err
	}
	return reports.Study{Game: "roundup", Title: "Which bot plays better, head to head?", Answer: out, Charts: []reports.Chart{ch}}, nil
}
