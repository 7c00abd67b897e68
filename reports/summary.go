package reports

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/cardsim/cardsim/stat"
)

// Kind is what a question's verdict says, in one word a reader can scan:
// that a change or a difference matters, that it does not, that the deals
// played cannot tell, or, for a question of how much, the figure measured.
type Kind string

// The kinds of verdict.
const (
	// Matters is a difference whose interval is clear of zero.
	Matters Kind = "matters"
	// NoMatter is a difference whose interval lies inside the question's
	// margin of practical equivalence, or figures that are the same.
	NoMatter Kind = "does not matter"
	// Open is a difference whose interval reaches zero and leaves the
	// margin: the deals played cannot tell.
	Open Kind = "undecided"
	// Measured is the answer to a question of how much or how often: a
	// figure with its interval.
	Measured Kind = "measured"
)

// KindOf returns the kind of an answer's verdict, read off its unit, its
// interval and its margin: a level (a share, a score, a length) is
// Measured; a difference Matters where its interval is clear of zero,
// does not where the interval lies inside ±Margin (or the figures are the
// same), and is Open otherwise, as is an answer the study could not give.
func KindOf(a Answer) Kind {
	v := strings.ToLower(a.Verdict)
	switch {
	case a.Verdict == Undecided || strings.HasPrefix(v, "not decidable"):
		return Open
	case strings.HasPrefix(v, "no change: the same figures"):
		return NoMatter
	case strings.HasPrefix(v, "depends on"):
		return Measured // a finding across conditions, not one difference
	}
	if !isDifference(a.Unit) {
		if a.Unit == "" && (strings.HasPrefix(v, "none") || strings.HasPrefix(v, "little")) {
			return Open
		}
		return Measured
	}
	switch {
	case math.IsNaN(a.CILow) || math.IsNaN(a.CIHigh):
		return Open
	case a.CILow > 0 || a.CIHigh < 0:
		return Matters
	case a.Margin > 0 && a.CILow > -a.Margin && a.CIHigh < a.Margin:
		return NoMatter
	}
	return Open
}

// isDifference reports whether a unit is that of a difference or an
// effect (per card, per joker, a round more) rather than of a level.
func isDifference(unit string) bool {
	return strings.Contains(unit, "difference") || strings.Contains(unit, " per ") || strings.Contains(unit, "a round")
}

// Question is one of the designers' questions as the report's summary
// gives it: one verdict, from the answer the study lists first (the best
// realistic player's), with every answer behind it as its details.
type Question struct {
	Game     string // the game's CLI name
	GameName string // the game's name, as its designer wrote it
	Question string
	Kind     Kind
	// Answer is the verdict's answer; Details are all of the question's
	// answers, that one first.
	Answer  Answer
	Details []Answer
	// Disagree, if set, says that two answers (bots or conditions) see a
	// difference in opposite directions.
	Disagree string
	// Family is the number of the summary's verdicts that rest on a
	// difference, this one among them, where it is one: its Answer's
	// interval is then widened to 1 − FamilyAlpha/Family (Bonferroni),
	// and its Kind read off that. Zero for a figure measured.
	Family int
}

// questionKey returns the question an answer belongs to: its text without
// a parenthesis at its end, which names a condition.
func questionKey(q string) string {
	q = strings.TrimSpace(q)
	if strings.HasSuffix(q, ")") {
		if i := strings.LastIndex(q, " ("); i > 0 {
			return q[:i]
		}
	}
	return q
}

// Questions groups answers into the designers' questions, in the order
// they first appear, each with one verdict: its first answer's, which the
// studies list first because it comes from the best realistic player.
func Questions(as []Answer) []Question {
	var out []Question
	index := map[[2]string]int{}
	for _, a := range as {
		k := [2]string{a.Game, questionKey(a.Question)}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, Question{Game: a.Game, GameName: GameName(a.Game), Question: k[1], Answer: a, Kind: KindOf(a)})
		}
		out[i].Details = append(out[i].Details, a)
	}
	for i := range out {
		out[i].Disagree = disagreement(out[i].Details)
	}
	family := 0
	for _, q := range out {
		if isDifference(q.Answer.Unit) && !math.IsNaN(q.Answer.CILow) && !math.IsNaN(q.Answer.CIHigh) {
			family++
		}
	}
	if family > 1 {
		for i := range out {
			a := &out[i].Answer
			if isDifference(a.Unit) && !math.IsNaN(a.CILow) && !math.IsNaN(a.CIHigh) {
				out[i].Family = family
				a.CILow, a.CIHigh = widen(a.Value, a.CILow, a.CIHigh, family)
				out[i].Kind = KindOf(*a)
			}
		}
	}
	return out
}

// FamilyAlpha is the error rate of the report's family of verdicts taken
// together: the chance that any verdict of the summary that rests on a
// difference is wrong is at most 5%, by Bonferroni's inequality.
const FamilyAlpha = 0.05

// widen returns a 95% interval lo … hi around v widened to the family's
// confidence 1 − FamilyAlpha/members (stat.Bonferroni), each side scaled
// by the ratio of the normal critical values: exact for a normal
// interval, close for a Wilson interval of a rate away from 0 and 1.
func widen(v, lo, hi float64, members int) (float64, float64) {
	n := distuv.UnitNormal
	f := n.Quantile(1-stat.Bonferroni(FamilyAlpha, members)/2) / n.Quantile(0.975)
	return v - f*(v-lo), v + f*(hi-v)
}

// disagreement says which answers of one question see a difference in
// opposite directions (each interval clear of zero), or "" where none do.
func disagreement(as []Answer) string {
	var up, down []string
	for _, a := range as {
		if !isDifference(a.Unit) || math.IsNaN(a.CILow) || math.IsNaN(a.CIHigh) {
			continue
		}
		who := conditionHead(a.Condition)
		switch {
		case a.CILow > 0:
			up = append(up, who+" "+IntervalText(a))
		case a.CIHigh < 0:
			down = append(down, who+" "+IntervalText(a))
		}
	}
	if len(up) == 0 || len(down) == 0 {
		return ""
	}
	return "The answers disagree on the direction: " + strings.Join(up, "; ") + " against " + strings.Join(down, "; ") + "."
}

// conditionHead returns the first part of a condition: the bots.
func conditionHead(c string) string {
	head, _, _ := strings.Cut(c, ";")
	if i := strings.Index(head, " ("); i > 0 {
		head = head[:i]
	}
	return strings.TrimSpace(head)
}

// IntervalText writes an answer's interval in its unit, as the summary
// gives it: "12.3% to 14.0%", "+1.2 to +3.4 pp", "-2.1 to +0.4 points";
// "" where it has none.
func IntervalText(a Answer) string {
	lo, hi := a.CILow, a.CIHigh
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return ""
	}
	u := a.Unit
	switch {
	case u == "share":
		return pct(lo) + " to " + pct(hi)
	case strings.HasPrefix(u, "share difference"):
		rest := strings.TrimSpace(strings.TrimPrefix(u, "share difference"))
		s := PP(lo) + " to " + PP(hi) + " pp"
		if rest != "" {
			s += " " + rest
		}
		return s
	case strings.Contains(u, "points"), u == "turns", u == "rounds":
		d := 1 // decimals: two where one would not tell the ends apart
		if hi-lo < 1 {
			d = 2
		}
		if isDifference(u) {
			return fmt.Sprintf("%+.*f to %+.*f %s", d, lo, d, hi, strings.TrimSuffix(u, " difference"))
		}
		return fmt.Sprintf("%.*f to %.*f %s", d, lo, d, hi, u)
	}
	return fmt.Sprintf("%.3g to %.3g %s", lo, hi, u)
}

// RestsOn returns what a question's verdict rests on: the bots, players,
// rules and deals of its answer's condition.
func (q *Question) RestsOn() string { return q.Answer.Condition }

// gameNames are the games' names as their designers write them.
var gameNames = map[string]string{
	"nora":       "Nora's Pairs Solitaire",
	"spite":      "Spite and Malice",
	"flip":       "Flip Solitaire",
	"roundup":    "Round-up",
	"chriscross": "Chris-Cross Pairs Solitaire",
}

// GameName returns a game's name as its designer writes it, or its CLI
// name for a game without one.
func GameName(id string) string {
	if n, ok := gameNames[id]; ok {
		return n
	}
	return id
}

// Legend explains, once, every unit the report's verdicts are given in.
var Legend = []struct{ Term, Meaning string }{
	{"matters / does not matter / undecided / measured", "matters: the interval of a difference is clear of zero. " +
		"does not matter: the interval lies inside the margin the question states (a change smaller than that makes no practical difference). " +
		"undecided: the interval reaches zero and leaves the margin, so the deals played cannot tell. " +
		"measured: the answer to a question of how much or how often, a figure with its interval."},
	{"interval", "95% confidence interval: over many repetitions of the study, 95% of such intervals hold the true figure. " +
		"In the summary, the interval of every verdict that rests on a difference is widened so that all of them hold together 95% of the time " +
		"(Bonferroni: each at 1 − 5%/k for k such verdicts, the critical value scaled from the normal's); the details give each answer's own 95% interval."},
	{"pp (percentage points)", "the difference of two percentages: from 40% to 43% is +3 pp (not 7.5%)."},
	{"first minus second", "a first-player effect: the first player's win rate minus the second player's, in percentage points."},
	{"paired", "both sides were played on the same deals, and the interval is that of the deal-by-deal differences: narrower than comparing two separate runs."},
	{"clustered by deal", "the games of one deal (its seats, or its rotations of seats) are counted as one sample, since they share the cards."},
	{"fair share", "the win rate every seat would have if none were favoured: 1 in the number of players."},
	{"realistic player", "a bot that sees only what a person at the table sees; a clairvoyant bot sees hidden cards and bounds every player's odds."},
}

// kindStyle is how the report colours a kind of verdict: colours from
// Okabe and Ito's palette, told apart by readers with any common colour
// blindness, and always beside the kind's word.
type kindStyle struct {
	Kind              Kind
	Class             string
	Background, Color string
}

// kindStyles are the styles of the kinds of verdict.
var kindStyles = []kindStyle{
	{Matters, "matters", "#D55E00", "#fff"},   // vermillion
	{NoMatter, "nomatter", "#0072B2", "#fff"}, // blue
	{Open, "undecided", "#F0E442", "#222"},    // yellow
	{Measured, "measured", "#DDDDDD", "#222"}, // grey
}

// kindClass returns the CSS class of a kind of verdict.
func kindClass(k Kind) string {
	for _, s := range kindStyles {
		if s.Kind == k {
			return s.Class
		}
	}
	return "undecided"
}

// summaryRow is a question as the summary table shows it.
type summaryRow struct {
	Question
	Anchor     string // the question's answers, "q1", "q2", …
	GameHeader bool   // the first question of its game
	Class      string
	Verdict    string
	Interval   string
	RestsOn    string // the condition without its explanations
	PointsTo   string
}

// summaryRows returns the rows of the summary table, a game's questions
// under its name.
func summaryRows(qs []Question) []summaryRow {
	var out []summaryRow
	for i, q := range qs {
		out = append(out, summaryRow{Question: q, Anchor: fmt.Sprintf("q%d", i+1), GameHeader: i == 0 || qs[i-1].Game != q.Game,
			Class: kindClass(q.Kind), Verdict: q.Answer.Verdict, Interval: IntervalText(q.Answer),
			RestsOn: withoutParentheses(q.Answer.Condition), PointsTo: q.Answer.PointsTo})
	}
	return out
}

// withoutParentheses drops the parenthesised explanations of a condition,
// which the details give in full.
func withoutParentheses(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	return strings.ReplaceAll(out, " ;", ";")
}
