package reports

import (
	"fmt"
	"html/template"
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
	// interval is then the repeated confidence interval of Judge, and its
	// Kind read off that. Zero for a figure measured.
	Family int
	// Outcome and Stopped say how play stopped on a verdict of the family:
	// decided, equivalent or out of budget, and in words, at how many
	// deals and why. Empty for a figure measured.
	Outcome Outcome
	Stopped string
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
// Every verdict resting on a difference is judged by Judge as one of a
// family of the verdicts counted, or of family if that is more: a
// report's studies decide when to stop playing before all of them are
// counted, so the report declares the most it can hold (Report.Family).
func Questions(as []Answer, family int) []Question {
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
	counted := 0
	for _, q := range out {
		switch {
		case oneRow(q.Details):
			counted += len(q.Details)
		case inFamily(q.Answer):
			counted++
		}
	}
	family = max(family, counted)
	plans := map[string]*stat.Plan{}
	for i := range out {
		if oneRow(out[i].Details) {
			out[i] = jointQuestion(out[i], family, plans)
			continue
		}
		a := &out[i].Answer
		if !inFamily(*a) {
			continue
		}
		out[i].Family = family
		alone := KindOf(*a)
		out[i].Kind, a.CILow, a.CIHigh = judge(*a, family, plans)
		if out[i].Kind == Open && alone != Open && alone != Measured {
			// Its own 95% interval decided it; the family's does not.
			a.Verdict = "undecided with the family held together (alone: " + a.Verdict + ")"
		}
		if w := a.Reading.words(out[i].Kind, a.Value); w != "" {
			a.Verdict = w + ": " + a.Verdict
		}
		out[i].Outcome = outcomeOf(out[i].Kind)
		if out[i].Kind == Measured {
			out[i].Outcome = "" // a finding across conditions: no verdict to stop on
		}
		out[i].Stopped = stopped(*a, out[i].Kind)
	}
	return out
}

// inFamily reports whether an answer's verdict rests on a difference with
// an interval: one of the report's family of verdicts.
func inFamily(a Answer) bool {
	return isDifference(a.Unit) && !math.IsNaN(a.CILow) && !math.IsNaN(a.CIHigh)
}

// FamilyAlpha is the error rate of the report's family of verdicts taken
// together: the chance that any verdict of the summary that rests on a
// difference is wrong is at most 5%, by Bonferroni's inequality, at
// whatever look each study stopped. Answers whose intervals are at
// another confidence (report --confidence) hold together at that one.
const FamilyAlpha = 0.05

// Judge returns the kind of an answer's verdict and the interval it rests
// on, judged as one of a family of verdicts resting on a difference. Each
// member is given the error rate FamilyAlpha/family (stat.Bonferroni),
// spent over the looks of its study's sequential plan (a.Looks, or one
// look at a.N) as stat.PocockSpending does, and its 95% interval is
// widened to the plan's repeated confidence interval at the look its
// figures come from: each side scaled by the ratio of the look's critical
// value to 1.96, exact for a normal interval, close for a Wilson interval
// of a rate away from 0 and 1; stat.Plan.Judge reads the verdict off it,
// as it does for compare's and tune's. The repeated intervals hold at every look
// together, so the verdict stays valid whenever play stopped, for any
// reason. An answer not resting on a difference keeps KindOf's kind and
// its own interval.
func Judge(a Answer, family int) (k Kind, lo, hi float64) {
	if !inFamily(a) {
		return KindOf(a), a.CILow, a.CIHigh
	}
	return judge(a, max(family, 1), nil)
}

// judge is Judge for a member of the family, with plans of earlier calls
// kept in plans if it is not nil.
func judge(a Answer, family int, plans map[string]*stat.Plan) (Kind, float64, float64) {
	confidence := a.Confidence
	if !(confidence > 0 && confidence < 1) {
		confidence = 1 - FamilyAlpha
	}
	looks, look := a.Looks, a.Look
	if len(looks) == 0 || look < 0 || look >= len(looks) {
		looks, look = []int64{max(a.N, 1)}, 0
	}
	key := fmt.Sprint(looks, family, confidence)
	p := plans[key]
	if p == nil {
		var err error
		if p, err = stat.NewPlan(looks, stat.Bonferroni(1-confidence, family), stat.PocockSpending); err != nil {
			return Open, math.NaN(), math.NaN() // looks not increasing: no verdict can be read
		}
		if plans != nil {
			plans[key] = p
		}
	}
	// The answer's interval at any confidence: each side scaled by the
	// ratio of the normal critical values.
	z95 := distuv.UnitNormal.Quantile(0.5 + confidence/2)
	at := func(confidence float64) (effect, lo, hi float64) {
		f := distuv.UnitNormal.Quantile(0.5+confidence/2) / z95
		return a.Value, a.Value - f*(a.Value-a.CILow), a.Value + f*(a.CIHigh-a.Value)
	}
	margin := a.Margin
	if !(margin >= 0) {
		margin = 0
	}
	v := p.Judge(look, margin, at)
	b := a
	b.CILow, b.CIHigh = v.Low, v.High
	return KindOf(b), v.Low, v.High
}

// Outcome is how play stopped on a verdict resting on a difference, in
// the words of stat.Outcome: "decided", "equivalent" or "out of budget".
type Outcome string

// The outcomes of a summary's verdict resting on a difference.
const (
	Decided     Outcome = "decided"
	Equivalent  Outcome = "equivalent"
	OutOfBudget Outcome = "out of budget"
)

// outcomeOf returns the outcome of a verdict of the given kind: a study
// plays on while one of its verdicts is open, unless its budget has run
// out, so an open verdict is one the budget left undecided.
func outcomeOf(k Kind) Outcome {
	switch k {
	case Matters:
		return Decided
	case NoMatter:
		return Equivalent
	}
	return OutOfBudget
}

// stopped says in words where play stopped on a verdict: at how many
// deals and which look of its study's plan, where it had several, and why.
func stopped(a Answer, k Kind) string {
	looks := len(a.Looks)
	at := ""
	if looks > 1 && a.Look >= 0 && a.Look < looks {
		at = fmt.Sprintf(" at %s deals, look %d of %d", grouped(a.Looks[a.Look]), a.Look+1, looks)
	}
	switch k {
	case Matters:
		return "decided" + at
	case NoMatter:
		if a.Margin > 0 {
			return "equivalent" + at + ": within " + marginText(a.Margin, strings.HasPrefix(a.Unit, "share")) + " of no change"
		}
		return "equivalent" + at
	case Open:
		switch {
		case at == "":
			return "out of budget: played once, at the deals asked for"
		case a.Look < looks-1:
			return "out of budget" + at + ": its study's CPU budget ran out before its plan's " + grouped(a.Looks[looks-1]) + " deals"
		}
		return "out of budget" + at + ": its plan's last look"
	}
	return ""
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
		"undecided: the interval reaches zero and leaves the margin: the study played until its budget ran out and could not tell (out of budget). " +
		"measured: the answer to a question of how much or how often, a figure with its interval."},
	{"interval", "95% confidence interval: over many repetitions of the study, 95% of such intervals hold the true figure. " +
		"In the summary, the interval of every verdict that rests on a difference is widened so that all of them hold together 95% of the time " +
		"(Bonferroni: each at 1 − 5%/k for k such verdicts), and so that it stays valid although its study chose when to stop: " +
		"the details give each answer's own 95% interval."},
	{"decided / equivalent / out of budget", "how play stopped on a verdict. A study whose verdict is undecided plays again on twice the deals " +
		"(the same deals and more), while its CPU budget lasts, up to its plan's last look (a study whose first look fills most of its budget plays one look). Each look spends part of the verdict's error rate " +
		"(Lan and DeMets' Pocock-type spending), so the interval at whatever look play stopped holds with the family's 95%: " +
		"decided (clear of zero), equivalent (inside the margin), or out of budget (neither when the budget or the plan ran out)."},
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
	Picture    template.HTML // the interval drawn against zero and the margin
}

// summaryRows returns the rows of the summary table, a game's questions
// under its name.
func summaryRows(qs []Question) []summaryRow {
	var out []summaryRow
	for i, q := range qs {
		out = append(out, summaryRow{Question: q, Anchor: fmt.Sprintf("q%d", i+1), GameHeader: i == 0 || qs[i-1].Game != q.Game,
			Class: kindClass(q.Kind), Verdict: q.Answer.Verdict, Interval: IntervalText(q.Answer),
			RestsOn: withoutParentheses(q.Answer.Condition), PointsTo: q.Answer.PointsTo, Picture: IntervalPicture(q)})
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
