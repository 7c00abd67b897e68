package reports

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// Answers returns plain sentences that read a study's figures: every
// strategy's score and odds with their intervals and counts, each pair of
// strategies as "A beats B by …" (or that they cannot be told apart), the
// first player's edge in percentage points, whether the seats win alike,
// the trend of each deal feature
// against the fair share, and the metrics the study quotes; or, for a
// sweep, how the main figures move across each swept rule.
func Answers(st *Study) []string {
	if st.Sweep != nil {
		return sweepAnswers(st.Sweep)
	}
	s := st.Summary
	var out []string
	several := len(s.Seats) > 1
	for _, e := range entries(s) {
		if several && len(s.Entries) == 1 {
			// One strategy in every seat: its wins are shared out by
			// construction; what is left to say is how often games draw.
			d := e.draw
			out = append(out, fmt.Sprintf("%s plays against itself in every seat over %d deals: %s of the games are drawn (%d; %s to %s), and the rest are won by one seat or another.",
				e.name, s.Manifest.Games, pct(d.Rate), d.Count, pct(d.CILow), pct(d.CIHigh)))
			continue
		}
		out = append(out, entrySentence(e, s.Manifest.Games, several))
	}
	for _, c := range s.Comparisons {
		out = append(out, comparisonSentence(c, s.Manifest.Games, several))
	}
	if fp := s.FirstPlayer; fp != nil {
		fair := fp.FairShare
		share := "a fair share of " + pct(fair)
		if d := 1 - fair*float64(len(s.Seats)); d > 0 {
			share += fmt.Sprintf(" (the %s of games not drawn, shared among %d seats)", pct(1-d), len(s.Seats))
		}
		out = append(out, fmt.Sprintf("The player who moves first wins %s of %d games (%s to %s), against %s: %s.",
			pct(fp.WinRate.Rate), fp.WinRate.Games, pct(fp.WinRate.CILow), pct(fp.WinRate.CIHigh), share, EdgeText(fp.Edge, fp.CILow, fp.CIHigh)))
	}
	if st := s.SeatTest; st != nil {
		out = append(out, seatSentence(s, st))
	}
	// A seat's fair share of the games, with draws the games not drawn
	// shared out, as the first player's edge is read.
	fair, why := 1.0, ""
	if several {
		fair, _ = fairShare(s)
		if d := 1 - fair*float64(len(s.Seats)); d > 1e-9 {
			why = fmt.Sprintf(" (the %s of games not drawn, shared among %d seats)", pct(1-d), len(s.Seats))
		}
	}
	for _, f := range s.Features {
		out = append(out, featureSentences(f, f.Usage, "a seat's chance of winning the game", "seat-games", fair, "the fair share", why)...)
	}
	for _, f := range s.RoundFeatures {
		out = append(out, featureSentences(f, "round by round, "+lowerFirst(f.Usage), "a seat's chance of winning that round alone", "seat-rounds", -1, "the average round", "")...)
	}
	for _, name := range st.Quote {
		out = append(out, quoteSentences(s, name)...)
	}
	return out
}

// quoteSentences reads a metric's mean per game for each strategy, once
// when every strategy took part in the same games (seats rotated).
func quoteSentences(s *sim.Summary, name string) []string {
	ents := entries(s)
	same := true
	for _, e := range ents[1:] {
		same = same && e.metrics[name] == ents[0].metrics[name]
	}
	var out []string
	for _, e := range ents {
		m, ok := e.metrics[name]
		if !ok {
			continue
		}
		who := ""
		if len(ents) > 1 && !same {
			who = " with " + e.name
		}
		if u, ok := strings.CutPrefix(m.Usage, "1 if "); ok && m.Min >= 0 && m.Max <= 1 {
			// A yes-or-no count: the share of games, with the Wilson
			// interval of a rate (a mean's interval says nothing at 0).
			lo, hi := stat.Wilson(m.Total, m.N, 0.95)
			out = append(out, fmt.Sprintf("%s%s: %s of games (%d of %d; %s to %s).",
				capitalize(u), who, pct(m.Mean), m.Total, m.N, pct(lo), pct(hi)))
		} else {
			out = append(out, fmt.Sprintf("%s%s: %.2f per game (%.2f to %.2f; sd %.2f, from %d to %d), over %d deals.",
				capitalize(m.Usage), who, m.Mean, m.CILow, m.CIHigh, m.SD, m.Min, m.Max, s.Manifest.Games))
		}
		if same {
			break
		}
	}
	return out
}

// entrySentence reads one strategy's score and odds.
func entrySentence(e entryFigures, deals int64, several bool) string {
	w := e.win
	var odds string
	switch {
	case w.Count == 0 && w.Undecided == 0:
		odds = fmt.Sprintf("never wins in %d games (at most %s at this confidence)", w.Games, pct(w.CIHigh))
	default:
		odds = fmt.Sprintf("wins %s of %d games (%d; %s to %s)", pct(w.Rate), w.Games, w.Count, pct(w.CILow), pct(w.CIHigh))
	}
	if sv := e.solver; sv != nil {
		odds += fmt.Sprintf(", where the solver left %d of %d games undecided (%s), counted as losses for the lower end and as wins for the upper", sv.Undecided, sv.Games, pct(sv.UndecidedShare))
	} else if w.Undecided > 0 {
		odds += fmt.Sprintf(", where the solver left %d games undecided, counted as losses for the lower end and as wins for the upper", w.Undecided)
	}
	if e.draw.Count > 0 {
		odds += fmt.Sprintf(", and draws %s (%d)", pct(e.draw.Rate), e.draw.Count)
	}
	if several {
		odds = strings.Replace(odds, " games", " seat-games", 1)
		return fmt.Sprintf("%s %s, scoring %.1f points a game on average (%.1f to %.1f), over %d deals with the seats rotated.",
			e.name, odds, e.score.Mean, e.score.CILow, e.score.CIHigh, deals)
	}
	out := fmt.Sprintf("%s scores %.1f points on average (%.1f to %.1f) and %s.", e.name, e.score.Mean, e.score.CILow, e.score.CIHigh, odds)
	if b := bestBounds(e); b != nil && b.Exact < b.Games {
		out += fmt.Sprintf(" Its scores are the best the deals allow only where proven: the best mean is at least %.1f and at most %.1f (%.1f to %.1f at this confidence; %d of %d scores proven best).",
			b.AtLeast, b.AtMost, b.CILow, b.CIHigh, b.Exact, b.Games)
	}
	return out
}

// bestBounds returns the bounds a solver proved of the best mean score,
// or nil.
func bestBounds(e entryFigures) *sim.BestBounds {
	if e.solver == nil {
		return nil
	}
	return e.solver.Best
}

// comparisonSentence reads the paired difference of two strategies with
// the better one first: by score in a solitaire, by wins in a game of
// several players.
func comparisonSentence(c sim.Comparison, deals int64, several bool) string {
	a, b, _ := strings.Cut(c.Label, " − ")
	type diff struct {
		d, lo, hi float64
		unit      string
		fmt       func(float64) string
	}
	score := diff{c.ScoreDiff, c.CILow, c.CIHigh, "points a game", func(v float64) string { return fmt.Sprintf("%.2f", v) }}
	wins := diff{c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh, "percentage points of wins", PP}
	main, other := score, wins
	if several {
		main, other = wins, score
	}
	if main.d < 0 {
		a, b = b, a
		main = diff{-main.d, -main.hi, -main.lo, main.unit, main.fmt}
		other = diff{-other.d, -other.hi, -other.lo, other.unit, other.fmt}
	}
	var out string
	if main.lo > 0 {
		out = fmt.Sprintf("On the same %d deals, %s beats %s by %s %s (%s to %s)", deals, a, b, main.fmt(main.d), main.unit, main.fmt(main.lo), main.fmt(main.hi))
	} else {
		out = fmt.Sprintf("On the same %d deals, %s and %s cannot be told apart: %s − %s is %s %s (%s to %s)", deals, a, b, a, b, main.fmt(main.d), main.unit, main.fmt(main.lo), main.fmt(main.hi))
	}
	out += fmt.Sprintf("; %s − %s is %s %s (%s to %s)", a, b, other.fmt(other.d), other.unit, other.fmt(other.lo), other.fmt(other.hi))
	if u := c.UndecidedA + c.UndecidedB; u > 0 {
		out += fmt.Sprintf(", with %d undecided games counted both ways", u)
	}
	return out + "."
}

// featureSentences reads a deal feature: the trend of winning per unit of
// the feature, and how often the seats dealt the most win against a
// reference rate (the fair share of a game, or the average round).
func featureSentences(f sim.FeatureSummary, what, chance, unit string, ref float64, refName, refWhy string) []string {
	tr := f.WinTrend
	if tr == nil {
		return nil
	}
	verdict := "no trend the interval can tell from zero"
	if tr.CILow > 0 {
		verdict = "a rise"
	} else if tr.CIHigh < 0 {
		verdict = "a fall"
	}
	var n, wins int64
	for _, v := range f.Values {
		n += v.Games
		wins += v.Win.Count
	}
	if ref < 0 {
		ref = float64(wins) / float64(n)
	}
	if len(f.Values) == 2 && f.Values[0].Value == 0 && f.Values[1].Value == 1 {
		// A yes-or-no feature: the two groups side by side, and the slope
		// is the difference between them.
		no, yes := f.Values[0], f.Values[1]
		what = strings.TrimPrefix(what, "1 if ")
		return []string{fmt.Sprintf("%s: the %s for which it holds (%d) win %s (%s to %s), the others (%d) %s (%s to %s): %s in %s.",
			capitalize(what), unit, yes.Games, pct(yes.Win.Rate), pct(yes.Win.CILow), pct(yes.Win.CIHigh), no.Games, pct(no.Win.Rate), pct(no.Win.CILow), pct(no.Win.CIHigh),
			changeText(tr.Slope, tr.CILow, tr.CIHigh), chance)}
	}
	out := []string{fmt.Sprintf("%s: each one more changes %s by %s percentage points (%s to %s; a straight-line fit over %d %s): %s.",
		capitalize(what), chance, PP(tr.Slope), PP(tr.CILow), PP(tr.CIHigh), n, unit, verdict)}
	// The seats dealt the most, pooled from the top value down until they
	// are at least 1% of all.
	var top, topWins int64
	from := int64(0)
	for i := len(f.Values) - 1; i >= 0; i-- {
		top += f.Values[i].Games
		topWins += f.Values[i].Win.Count
		from = f.Values[i].Value
		if top*100 >= n {
			break
		}
	}
	if top < 2 || ref >= 1 {
		return out
	}
	lo, hi := stat.Wilson(topWins, top, 0.95)
	return append(out, fmt.Sprintf("The %s with %s ≥ %d (%d of them) win %s (%s to %s, 95%%) against %s of %s%s: %s.",
		unit, f.Name, from, top, pct(float64(topWins)/float64(top)), pct(lo), pct(hi), refName, pct(ref), refWhy, shareVerdict(lo, hi, ref, refName)))
}

// shareVerdict says how a rate with the interval lo … hi stands against
// the reference rate ref, named refName (the fair share of the seats, or
// the average round): the yardstick of "most of the time" when seats are
// many, with a majority of games said as well where the rate has one.
func shareVerdict(lo, hi, ref float64, refName string) string {
	switch {
	case lo > ref && lo > 0.5:
		return "more often than " + refName + ", and most of the time"
	case lo > ref:
		return "more often than " + refName + ", though not most of the time"
	case hi < ref:
		return "less often than " + refName
	}
	return "no more nor less often than " + refName + " as far as the interval can tell"
}

// changeText reads a difference x of rates with its interval lo … hi in
// percentage points: "a rise of 4.90 percentage points (1.83 to 7.97)", "a
// fall of …" with the size of the fall, or "a difference the interval
// cannot tell from zero: -1.20 percentage points (-3.00 to +0.60)".
func changeText(x, lo, hi float64) string {
	switch {
	case lo > 0:
		return fmt.Sprintf("a rise of %s percentage points (%s to %s)", points(x), points(lo), points(hi))
	case hi < 0:
		return fmt.Sprintf("a fall of %s percentage points (%s to %s)", points(-x), points(-hi), points(-lo))
	}
	return fmt.Sprintf("a difference the interval cannot tell from zero: %s percentage points (%s to %s)", PP(x), PP(lo), PP(hi))
}

// EdgeText reads an edge x over a fair share, with its interval lo … hi,
// in percentage points: "an edge of +2.40 percentage points (+0.57 to
// +4.23)" when the interval lies above zero, "a handicap of 2.45
// percentage points (0.91 to 3.99)" below it (the size of the handicap),
// and otherwise "no edge the interval can tell from zero: -1.63 percentage
// points (-3.67 to +0.41)".
func EdgeText(x, lo, hi float64) string {
	switch {
	case lo > 0:
		return fmt.Sprintf("an edge of %s percentage points (%s to %s)", PP(x), PP(lo), PP(hi))
	case hi < 0:
		return fmt.Sprintf("a handicap of %s percentage points (%s to %s)", points(-x), points(-hi), points(-lo))
	}
	return fmt.Sprintf("no edge the interval can tell from zero: %s percentage points (%s to %s)", PP(x), PP(lo), PP(hi))
}

// lowerFirst lower-cases the first letter of a phrase.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sweepAnswers(sw *Sweep) []string {
	var out []string
	for _, key := range sw.Keys {
		// The values of key, other swept rules at their first value.
		var line []*SweepPoint
		for i := range sw.Points {
			p := &sw.Points[i]
			same := true
			for _, k := range sw.Keys {
				if k != key && p.Values[k] != sw.Points[0].Values[k] {
					same = false
				}
			}
			if same {
				line = append(line, p)
			}
		}
		if len(line) < 2 {
			continue
		}
		first, last := line[0], line[len(line)-1]
		fe, le := entries(&first.Summary), entries(&last.Summary)
		if fs, ls := &first.Summary, &last.Summary; len(fs.Seats) > 1 && len(fs.Entries) == 1 {
			// One strategy in every seat: its wins are shared by
			// construction, so read the draws and the game's length.
			sentence := fmt.Sprintf("With %s against itself, moving %s from %s to %s moves the share of drawn games from %s (%s to %s) to %s (%s to %s)",
				fe[0].name, key, first.Values[key], last.Values[key], pct(fe[0].draw.Rate), pct(fe[0].draw.CILow), pct(fe[0].draw.CIHigh),
				pct(le[0].draw.Rate), pct(le[0].draw.CILow), pct(le[0].draw.CIHigh))
			if fs.Balance != nil && ls.Balance != nil && fs.Balance.Duration != nil && ls.Balance.Duration != nil {
				fd, ld := fs.Balance.Duration, ls.Balance.Duration
				sentence += fmt.Sprintf(" and a game's length from %.1f turns (%.1f to %.1f) to %.1f (%.1f to %.1f)", fd.Mean, fd.CILow, fd.CIHigh, ld.Mean, ld.CILow, ld.CIHigh)
			}
			out = append(out, sentence+fmt.Sprintf(", over %d deals at each value.", fs.Manifest.Games))
			continue
		}
		for i := range fe {
			out = append(out, fmt.Sprintf("With %s, moving %s from %s to %s moves the mean score from %.1f (%.1f to %.1f) to %.1f (%.1f to %.1f) and the win rate from %s (%s to %s) to %s (%s to %s), over %d deals at each value.",
				fe[i].name, key, first.Values[key], last.Values[key], fe[i].score.Mean, fe[i].score.CILow, fe[i].score.CIHigh,
				le[i].score.Mean, le[i].score.CILow, le[i].score.CIHigh, pct(fe[i].win.Rate), pct(fe[i].win.CILow), pct(fe[i].win.CIHigh),
				pct(le[i].win.Rate), pct(le[i].win.CILow), pct(le[i].win.CIHigh), first.Summary.Manifest.Games))
			if s := aroundDefault(line, key, sw.Defaults[key], i); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// aroundDefault reads entry i's mean score at the rule's default value,
// where the sweep has it, and at the values on either side: what moving
// the designer's value one step would do.
func aroundDefault(line []*SweepPoint, key, def string, i int) string {
	d := slices.IndexFunc(line, func(p *SweepPoint) bool { return def != "" && p.Values[key] == def })
	if d < 0 {
		return ""
	}
	at := func(p *SweepPoint) string {
		e := entries(&p.Summary)[i]
		return fmt.Sprintf("%.1f (%.1f to %.1f)", e.score.Mean, e.score.CILow, e.score.CIHigh)
	}
	out := fmt.Sprintf("At the rules' own %s=%s, %s scores %s", key, def, entries(&line[d].Summary)[i].name, at(line[d]))
	var sides []string
	if d > 0 {
		sides = append(sides, fmt.Sprintf("at %s=%s %s", key, line[d-1].Values[key], at(line[d-1])))
	}
	if d+1 < len(line) {
		sides = append(sides, fmt.Sprintf("at %s=%s %s", key, line[d+1].Values[key], at(line[d+1])))
	}
	if len(sides) > 0 {
		out += "; " + strings.Join(sides, ", ")
	}
	return out + "."
}
