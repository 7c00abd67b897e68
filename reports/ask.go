package reports

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/sim"
)

// AskKind is how an Ask reads a study's figures.
type AskKind int

// The kinds of Ask.
const (
	// Odds reads the win rate of the Ask's strategy: the odds of winning.
	Odds AskKind = iota + 1
	// Score reads the strategy's mean score (a solver's bounds on the best
	// mean where it left scores unproven).
	Score
	// Best names the best of the candidates by the Figure and by how much
	// it beats the next best on the same deals, or says the two cannot be
	// told apart.
	Best
	// Variant says, for each rule a sweep varies, what moving it from the
	// rules' default to the nearest other value swept does to the
	// strategy's Figure.
	Variant
)

// Ask is a question a comparison or a sweep answers at a glance: what the
// answer reads, and how.
type Ask struct {
	Question string
	Kind     AskKind
	// Strategy is the strategy read by Odds, Score and Variant, by name;
	// empty for the first of the study.
	Strategy string
	// Among are Best's candidates by name; empty for every strategy.
	Among []string
	// Figure is "win" or "score": what Best and Variant compare; empty for
	// the score in a solitaire and the win rate in a game of several
	// players.
	Figure string
	// At is the point of a sweep that Odds and Score read, and the point
	// a Variant answer moves a rule from, as "key=value" or
	// "key=value,key=value"; the swept rules not named stay at their
	// defaults. A Variant ask with At answers for the swept rules At does
	// not name: "switch=4" asks what moving INSURE does where SWITCH
	// costs 4.
	At string
	// Condition is said after the strategy and the rules: what the
	// strategy stands for, such as "a player who sees the whole deck".
	Condition string
	// Margin is the margin of practical equivalence of Best's and
	// Variant's differences, in their unit (points, or a share: 0.01 is
	// 1 pp): a difference whose interval lies inside ±Margin is no change
	// that matters. Zero for none.
	Margin float64
	// Quote names a metric a Variant answer quotes at every value swept,
	// such as "ip_spent.insure" for what the strategy spends on what the
	// rule prices; empty for none. The verdict adds the first value above
	// the default at which the metric falls below half the default's:
	// where the strategy starts to do without what the rule prices.
	Quote string
	// Reading puts a Variant verdict in the words of the question; nil
	// for none.
	Reading *Reading
	// OneRow gives a Variant ask over several swept rules one row in the
	// summary, "What is each earning rule worth?", instead of a row a
	// rule: each rule's verdict is still judged as one of the report's
	// family, and the row lists them by kind (jointQuestion).
	OneRow bool
}

// Reading is what a verdict on a rule change means for the designer's
// question, by the kind the summary judges it: the summary's verdict
// opens with the words for that kind ("yes, too cheap" for a price whose
// rise changes nothing that matters). A kind without words, and an
// undecided verdict, keep the verdict as it is.
type Reading struct {
	NoMatter string // the change lies within the question's margin
	Lowers   string // the change lowers the figure
	Raises   string // the change raises the figure
}

// words returns the reading of a verdict of kind k on a difference of
// sign value, or "" for none.
func (r *Reading) words(k Kind, value float64) string {
	switch {
	case r == nil:
		return ""
	case k == NoMatter:
		return r.NoMatter
	case k == Matters && value < 0:
		return r.Lowers
	case k == Matters && value > 0:
		return r.Raises
	}
	return ""
}

// Glance answers the asks from the figures of st (its Summary or Sweep).
// An ask whose strategy or point the study lacks is answered by a sentence
// that says so.
func Glance(st *Study, asks []Ask) []Answer {
	var out []Answer
	for _, a := range asks {
		switch a.Kind {
		case Variant:
			out = append(out, variantAnswers(st, a)...)
		default:
			out = append(out, askAnswer(st, a))
		}
	}
	return out
}

// pointOf returns the summary Odds, Score and Best read: the study's, or
// the sweep point at a.At (every other swept rule at its default) with
// the rules it adds to the condition.
func pointOf(st *Study, at string) (*sim.Summary, []string, error) {
	if st.Sweep == nil {
		if st.Summary == nil {
			return nil, nil, fmt.Errorf("no figures")
		}
		return st.Summary, st.Rules, nil
	}
	p, rules, err := sweepPoint(st, at)
	if err != nil {
		return nil, nil, err
	}
	return &p.Summary, rules, nil
}

// sweepPoint returns the point of a study's sweep at the given rules
// ("key=value" or "key=value,key=value"; "" for the defaults) and the
// rules it was played under.
func sweepPoint(st *Study, at string) (*SweepPoint, []string, error) {
	want := maps.Clone(st.Sweep.Defaults)
	if want == nil {
		want = map[string]string{}
	}
	maps.Copy(want, atRules(at))
	for i := range st.Sweep.Points {
		p := &st.Sweep.Points[i]
		match := true
		for _, k := range st.Sweep.Keys {
			match = match && p.Values[k] == want[k]
		}
		if match {
			rules := slices.Clone(st.Rules)
			for _, k := range st.Sweep.Keys {
				if p.Values[k] != st.Sweep.Defaults[k] {
					rules = append(rules, k+"="+p.Values[k])
				}
			}
			return p, rules, nil
		}
	}
	return nil, nil, fmt.Errorf("the sweep has no point %s", at)
}

// entryNamed returns the figures of the strategy named (the first when
// name is empty).
func entryNamed(s *sim.Summary, name string) (entryFigures, bool) {
	for _, e := range entries(s) {
		if name == "" || e.name == name || strings.HasPrefix(e.name, name+"#") {
			return e, true
		}
	}
	return entryFigures{}, false
}

// rulesText says which rules an answer holds under.
func rulesText(rules []string) string {
	var own []string
	for _, r := range rules {
		if !strings.Contains(r, ",") {
			own = append(own, r)
		}
	}
	if len(own) == 0 {
		return "the rules as written (every option at its default)"
	}
	return strings.Join(own, " ") + " (the other options at their defaults)"
}

// dealsText says how many deals and which seed.
func dealsText(s *sim.Summary) string {
	return fmt.Sprintf("%d deals, seed %d", s.Manifest.Games, s.Manifest.Seed)
}

// askAnswer answers an Odds, Score or Best ask.
func askAnswer(st *Study, a Ask) Answer {
	out := Answer{Game: st.Game, Question: a.Question, Value: math.NaN(), CILow: math.NaN(), CIHigh: math.NaN()}
	s, rules, err := pointOf(st, a.At)
	if err != nil {
		out.Verdict, out.Sentence = Undecided, fmt.Sprintf("The study could not answer: %v.", err)
		return out
	}
	if a.Kind == Best {
		return bestAnswer(out, s, rules, a)
	}
	e, ok := entryNamed(s, a.Strategy)
	if !ok {
		out.Verdict, out.Sentence = Undecided, fmt.Sprintf("The study has no strategy %s (this build lacks it).", a.Strategy)
		return out
	}
	out.Condition = joinConditions(e.name+" "+a.Condition, rulesText(rules), dealsText(s))
	switch a.Kind {
	case Odds:
		w := e.win
		out.Value, out.CILow, out.CIHigh, out.N, out.Unit = w.Rate, w.CILow, w.CIHigh, w.Games, "share"
		out.Verdict = RateWords(w.Rate, w.CIHigh, w.Count+w.Undecided)
		switch {
		case w.Count == 0 && w.Undecided == 0:
			out.Sentence = fmt.Sprintf("%s never won in %d games: its odds are at most %s (95%% interval from 0).", e.name, w.Games, pct(w.CIHigh))
		default:
			out.Sentence = fmt.Sprintf("%s wins %s of %d games (%d; %s to %s)", e.name, pct(w.Rate), w.Games, w.Count, pct(w.CILow), pct(w.CIHigh))
			if w.Undecided > 0 {
				games := "games"
				if w.Undecided == 1 {
					games = "game"
				}
				out.Sentence += fmt.Sprintf(", the %d %s its solver left undecided counted as losses for the lower end and as wins for the upper", w.Undecided, games)
			}
			out.Sentence += "."
		}
	case Score:
		sc := e.score
		hi := s.Manifest.ScoreBounds[1]
		out.Value, out.CILow, out.CIHigh, out.N, out.Unit = sc.Mean, sc.CILow, sc.CIHigh, sc.N, "points"
		out.Verdict = fmt.Sprintf("about %.0f of %d", sc.Mean, hi)
		out.Sentence = fmt.Sprintf("%s scores %.1f of a possible %d on average (%.1f to %.1f) over %d games.", e.name, sc.Mean, hi, sc.CILow, sc.CIHigh, sc.N)
		if b := bestBounds(e); b != nil && b.Exact < b.Games {
			out.Value, out.CILow, out.CIHigh = b.AtLeast, b.CILow, b.CIHigh
			out.Verdict = fmt.Sprintf("at least %.1f, at most %.1f of %d", b.AtLeast, b.AtMost, hi)
			out.Sentence = fmt.Sprintf("The best mean score the deals allow is at least %.1f (the mean %s played) and at most %.1f (the mean of its proven bounds) of a possible %d; %.1f to %.1f with the intervals of both ends, over %d games, %d of them proven best.",
				b.AtLeast, e.name, b.AtMost, hi, b.CILow, b.CIHigh, b.Games, b.Exact)
		}
	}
	return out
}

// figureOf returns an entry's figure (win rate or mean score) with its
// interval, and the name of its unit.
func figureOf(e entryFigures, fig string) (v, lo, hi float64) {
	if fig == "win" {
		return e.win.Rate, e.win.CILow, e.win.CIHigh
	}
	return e.score.Mean, e.score.CILow, e.score.CIHigh
}

// mainFigure returns the figure Best and Variant compare by default: the
// win rate in a game of several players, the score in a solitaire.
func mainFigure(s *sim.Summary, fig string) string {
	if fig != "" {
		return fig
	}
	if len(s.Seats) > 1 {
		return "win"
	}
	return "score"
}

// bestAnswer names the best of a.Among by its figure and says by how much
// it beats the next best on the same deals (their paired comparison), or
// that the two cannot be told apart.
func bestAnswer(out Answer, s *sim.Summary, rules []string, a Ask) Answer {
	fig := mainFigure(s, a.Figure)
	ents := entries(s)
	var cand []int
	for i, e := range ents {
		if len(a.Among) == 0 || slices.ContainsFunc(a.Among, func(n string) bool { return e.name == n || strings.HasPrefix(e.name, n+"#") }) {
			cand = append(cand, i)
		}
	}
	names := make([]string, len(cand))
	for i, c := range cand {
		names[i] = ents[c].name
	}
	out.Condition = joinConditions(strings.Join(names, ", ")+" "+a.Condition, rulesText(rules), dealsText(s))
	if len(cand) < 2 {
		out.Verdict, out.Sentence = Undecided, "Fewer than two strategies to compare."
		return out
	}
	slices.SortStableFunc(cand, func(i, j int) int {
		vi, _, _ := figureOf(ents[i], fig)
		vj, _, _ := figureOf(ents[j], fig)
		switch {
		case vi > vj:
			return -1
		case vi < vj:
			return 1
		}
		return 0
	})
	top, next := cand[0], cand[1]
	var c *sim.Comparison
	for k := range s.Comparisons {
		x := &s.Comparisons[k]
		if (x.A == top && x.B == next) || (x.A == next && x.B == top) {
			c = x
		}
	}
	if c == nil {
		out.Verdict, out.Sentence = Undecided, "The strategies were not compared on the same deals."
		return out
	}
	d, lo, hi := c.ScoreDiff, c.CILow, c.CIHigh
	unit, f := "points difference", func(v float64) string { return fmt.Sprintf("%.2f", v) }
	what := "points a game"
	if fig == "win" {
		d, lo, hi = c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh
		unit, f, what = "share difference", PP, "percentage points of wins"
	}
	if c.A != top {
		d, lo, hi = -d, -hi, -lo
	}
	tn, nn := ents[top].name, ents[next].name
	out.Value, out.CILow, out.CIHigh, out.N, out.Unit = d, lo, hi, s.Manifest.Games, unit
	if u := c.UndecidedA + c.UndecidedB; u > 0 {
		what += fmt.Sprintf(", %d undecided games counted both ways", u)
	}
	if lo > 0 {
		by := f(d)
		if fig == "win" {
			by = PP(d) + " percentage points"
		} else {
			by += " points"
		}
		out.Verdict = tn + ", by " + strings.TrimPrefix(by, "+")
		out.Sentence = fmt.Sprintf("%s is the best: on the same %d deals it beats %s, the next best, by %s %s (%s to %s).", tn, s.Manifest.Games, nn, f(d), what, f(lo), f(hi))
		return out
	}
	out.Margin = a.Margin
	if a.Margin > 0 && lo > -a.Margin && hi < a.Margin {
		out.Verdict = fmt.Sprintf("%s and %s play alike: no difference larger than %s", tn, nn, marginText(a.Margin, fig == "win"))
		out.Sentence = fmt.Sprintf("%s and %s play alike on %d common deals: %s − %s is %s %s (%s to %s), inside the margin of %s that the question sets.", tn, nn, s.Manifest.Games, tn, nn, f(d), what, f(lo), f(hi), marginText(a.Margin, fig == "win"))
		return out
	}
	out.Verdict = Undecided
	out.Sentence = fmt.Sprintf("%s and %s cannot be told apart on %d common deals: %s − %s is %s %s (%s to %s), an interval that reaches zero.", tn, nn, s.Manifest.Games, tn, nn, f(d), what, f(lo), f(hi))
	return out
}

// variantAnswers says, for each swept rule, what moving it from its
// default to the nearest other value swept does to the strategy's figure,
// every other swept rule at its default. The points play the same deal
// indices: where both kept their figures deal by deal (SweepPoint.Deals,
// as a report's studies do), the difference and its interval are paired
// on the deals both played (sim.DealFigures.PairedDifference). Otherwise
// the interval treats the two runs as independent, adding their
// half-widths in quadrature: where the same deals make the two figures
// move together, that is wider than the paired interval, so a change it
// calls one is there.
func variantAnswers(st *Study, a Ask) []Answer {
	sw := st.Sweep
	if sw == nil {
		return nil
	}
	var out []Answer
	fixed := atRules(a.At)
	for _, key := range sw.Keys {
		if _, ok := fixed[key]; ok {
			continue
		}
		def := sw.Defaults[key]
		var values []string
		for _, p := range sw.Points {
			if !slices.Contains(values, p.Values[key]) {
				values = append(values, p.Values[key])
			}
		}
		d := slices.Index(values, def)
		if d < 0 || len(values) < 2 {
			continue
		}
		other := d + 1
		if other == len(values) {
			other = d - 1
		}
		bp, baseRules, err1 := sweepPoint(st, a.At)
		ap, altRules, err2 := sweepPoint(st, withAt(a.At, key+"="+values[other]))
		if err1 != nil || err2 != nil {
			continue
		}
		base, alt := &bp.Summary, &ap.Summary
		be, ok1 := entryNamed(base, a.Strategy)
		ae, ok2 := entryNamed(alt, a.Strategy)
		if !ok1 || !ok2 {
			continue
		}
		fig := mainFigure(base, a.Figure)
		bv, blo, bhi := figureOf(be, fig)
		av, alo, ahi := figureOf(ae, fig)
		diff, lo, hi, paired, ok := bp.Deals.PairedDifference(be.index, ap.Deals, ae.index, fig, base.Manifest.Confidence)
		how, n := fmt.Sprintf("paired on the same %d deals", paired), paired
		if !ok || base.Manifest.Confidence == 0 {
			diff = av - bv
			// Each interval's half-widths on its side, added in quadrature.
			lo = diff - math.Hypot(av-alo, bhi-bv)
			hi = diff + math.Hypot(ahi-av, bv-blo)
			if fig == "win" {
				// A difference of rates cannot pass ±(the larger rate).
				lo, hi = math.Max(lo, -1), math.Min(hi, 1)
			}
			how, n = fmt.Sprintf("the two runs' intervals combined as if independent, over %d deals each", alt.Manifest.Games), alt.Manifest.Games
		}
		show, unit, what := func(v float64) string { return fmt.Sprintf("%.1f", v) }, "points difference", "mean score"
		dshow := func(v float64) string {
			if math.Abs(v) < 0.05 {
				return "0.0"
			}
			return fmt.Sprintf("%+.1f", v)
		}
		size := func(v float64) string { return fmt.Sprintf("%.1f points", math.Abs(v)) }
		if fig == "win" {
			show, unit, what, dshow = pct, "share difference", "win rate", func(v float64) string { return PP(v) + " pp" }
			size = func(v float64) string { return strings.TrimPrefix(PP(math.Abs(v)), "+") + " pp" }
		}
		change := key + "=" + values[other]
		where := ""
		if a.At != "" {
			change += " with " + a.At
			where = ", with " + a.At
		}
		verdict := SignedWords(lo, hi, change+" raises the "+what+" by "+size(diff), change+" lowers the "+what+" by "+size(diff), "undecided: the interval holds no change")
		pointsTo := ""
		switch {
		case lo <= 0 && hi >= 0 && av == bv && alo == blo && ahi == bhi:
			verdict = "no change: the same figures"
		case a.Margin > 0 && lo > -a.Margin && hi < a.Margin:
			verdict = "no change larger than " + marginText(a.Margin, fig == "win")
		case lo > 0 || hi < 0:
			pointsTo = fmt.Sprintf("%s (%s)", change, dshow(diff))
			if fig != "win" {
				pointsTo = fmt.Sprintf("%s (%s points)", change, dshow(diff))
			}
		}
		sentence := fmt.Sprintf("With %s%s, %s=%s instead of the default %s moves the %s from %s (%s to %s) to %s (%s to %s): %s (%s to %s; %s).",
			be.name, where, key, values[other], def, what, show(bv), show(blo), show(bhi), show(av), show(alo), show(ahi), dshow(diff), dshow(lo), dshow(hi), how)
		if len(values) > 2 {
			var rest []string
			for i, v := range values {
				if i == d || i == other {
					continue
				}
				if p, _, err := pointOf(st, withAt(a.At, key+"="+v)); err == nil {
					if e, ok := entryNamed(p, a.Strategy); ok {
						x, xlo, xhi := figureOf(e, fig)
						rest = append(rest, fmt.Sprintf("%s=%s %s (%s to %s)", key, v, show(x), show(xlo), show(xhi)))
					}
				}
			}
			if len(rest) > 0 {
				sentence = strings.TrimSuffix(sentence, ".") + "; " + strings.Join(rest, ", ") + "."
			}
		}
		if a.Margin > 0 {
			sentence = strings.TrimSuffix(sentence, ".") + fmt.Sprintf("; the question's margin: a change within %s does not matter.", marginText(a.Margin, fig == "win"))
		}
		if quoted, halved := quoteMetric(st, a, key, values, be.name); quoted != "" {
			sentence += " " + quoted
			if halved != "" {
				verdict += "; " + halved
			}
		}
		q, together := a.Question, ""
		switch {
		case q == "":
			q = fmt.Sprintf("What does %s=%s instead of %s change?", key, values[other], def)
		case a.OneRow && len(sw.Keys) > 1: // one row for every rule
			together = key + "=" + values[other]
		case len(sw.Keys) > 1: // one question a rule the sweep varies
			q = fmt.Sprintf("%s: %s=%s instead of %s?", strings.TrimSuffix(q, "?"), key, values[other], def)
		}
		out = append(out, Answer{Game: st.Game, Question: q, Verdict: verdict, Sentence: sentence, Reading: a.Reading, change: together,
			Value: diff, CILow: lo, CIHigh: hi, Unit: unit, N: n, Margin: a.Margin, PointsTo: pointsTo,
			Condition: joinConditions(be.name+" "+a.Condition, rulesText(altRules)+" against "+rulesText(baseRules), fmt.Sprintf("%d deals a point, seed %d", alt.Manifest.Games, alt.Manifest.Seed))})
	}
	return out
}

// atRules returns the rules a point "key=value,key=value" sets.
func atRules(at string) map[string]string {
	out := map[string]string{}
	for kv := range strings.SplitSeq(at, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			out[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out
}

// withAt returns the point at holds with the rule kv added: "switch=4"
// and "insure=2" give "switch=4,insure=2".
func withAt(at, kv string) string {
	if at == "" {
		return kv
	}
	return at + "," + kv
}

// marginText writes a margin of practical equivalence: "±1 pp" for a
// share, "±2 points" otherwise.
func marginText(m float64, share bool) string {
	if share {
		return "±" + strings.TrimPrefix(strconv.FormatFloat(100*m, 'f', -1, 64), "+") + " pp"
	}
	return "±" + strconv.FormatFloat(m, 'f', -1, 64) + " points"
}
