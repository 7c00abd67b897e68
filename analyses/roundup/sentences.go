package roundup

import (
	"fmt"
	"math"
	"strings"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

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
			ties = append(ties, fmt.Sprintf("the %s's (%s − %s: %s percentage points a card, %s to %s)", faceRanks[other].name, faceRanks[best].name, faceRanks[other].name, reports.PP(d.value), reports.PP(d.lo), reports.PP(d.hi)))
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
		all = append(all, "cannot be told from "+strings.Join(ties, " or "))
		out += fmt.Sprintf(" None stands out: paired on the same deals, the %s's gain per card %s; only a difference whose interval is clear of zero tells two cards apart.", faceRanks[best].name, strings.Join(all, ", but "))
		ans.Sentence = fmt.Sprintf("With %d players (%s), the %s's power gains most per card held (%s percentage points, %s to %s), but paired on the same deals its gain %s.",
			fig.players, fig.mix, faceRanks[best].name, reports.PP(b.Slope), reports.PP(b.CILow), reports.PP(b.CIHigh), strings.Join(all, ", but "))
	}
	return out, ans
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

// pctf writes a rate as a percentage to one decimal.
func pctf(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
