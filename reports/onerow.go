package reports

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cardsim/cardsim/stat"
)

// oneRow reports whether a question's answers are the rule changes of one
// Variant ask that share its summary row (Ask.OneRow).
func oneRow(as []Answer) bool {
	if len(as) == 0 {
		return false
	}
	for _, a := range as {
		if a.change == "" || !inFamily(a) {
			return false
		}
	}
	return true
}

// jointQuestion returns the summary row of a question whose answers are
// several rule changes of one ask (oneRow): each change is judged as one
// of the family of family verdicts, as a row of its own would be, and the
// row's verdict lists them by kind, the changes that matter first and the
// largest of them first ("worth points: ip-reaction=0 -64.1, ip-chain=0
// -56.1 points; undecided: ip-quad=0 (-8.3 to +4.4 points)"). The row
// matters where any change does; its play stopped out of budget where any
// change is undecided. It has no interval of its own: its sentence gives
// each change's, widened for the family.
func jointQuestion(q Question, family int, plans map[string]*stat.Plan) Question {
	type judged struct {
		a      Answer
		k      Kind
		lo, hi float64
		label  string
	}
	var js []judged
	for _, a := range q.Details {
		k, lo, hi := judge(a, family, plans)
		label := a.Reading.words(k, a.Value)
		if label == "" {
			label = string(k)
		}
		js = append(js, judged{a, k, lo, hi, label})
	}
	rank := map[Kind]int{Matters: 0, NoMatter: 1, Open: 2}
	slices.SortStableFunc(js, func(x, y judged) int {
		if c := cmp.Compare(rank[x.k], rank[y.k]); c != 0 {
			return c
		}
		if x.k == Matters {
			return cmp.Compare(math.Abs(y.a.Value), math.Abs(x.a.Value))
		}
		return 0
	})
	first := q.Details[0]
	share := strings.HasPrefix(first.Unit, "share")
	value := func(v float64) string {
		if share {
			return PP(v) + " pp"
		}
		return fmt.Sprintf("%+.1f", v)
	}
	unit := ""
	if !share {
		unit = " points"
	}
	interval := func(j judged) string {
		return IntervalText(Answer{CILow: j.lo, CIHigh: j.hi, Unit: j.a.Unit})
	}
	var groups, each []string
	for i := 0; i < len(js); {
		var items []string
		k := i
		for ; k < len(js) && js[k].label == js[i].label; k++ {
			if js[k].k == Matters {
				items = append(items, js[k].a.change+" "+value(js[k].a.Value))
			} else {
				items = append(items, fmt.Sprintf("%s (%s)", js[k].a.change, interval(js[k])))
			}
		}
		group := js[i].label + ": " + strings.Join(items, ", ")
		if js[i].k == Matters {
			group += unit
		}
		groups = append(groups, group)
		i = k
	}
	kind, outcome, stop := NoMatter, Equivalent, js[0]
	for _, j := range js {
		switch {
		case j.k == Open && outcome != OutOfBudget:
			outcome, stop = OutOfBudget, j
			if kind != Matters {
				kind = Open
			}
		case j.k == Matters:
			kind = Matters
			if outcome == Equivalent {
				outcome = Decided
			}
		}
	}
	for _, j := range js {
		each = append(each, fmt.Sprintf("%s %s (%s, %s)", j.a.change, value(j.a.Value), interval(j), j.k))
	}
	row := first
	row.Verdict = strings.Join(groups, "; ")
	row.Sentence = fmt.Sprintf("Each change on its own, on the same deals, with the family of verdicts held together: %s.", strings.Join(each, "; "))
	if first.Margin > 0 {
		row.Sentence += fmt.Sprintf(" The question's margin: a change within %s does not matter.", marginText(first.Margin, share))
	}
	row.Value, row.CILow, row.CIHigh = math.NaN(), math.NaN(), math.NaN()
	row.Condition = strings.Replace(first.Condition, first.change+" ", "each change, one at a time, ", 1)
	row.PointsTo, row.Reading, row.change = "", nil, ""
	q.Answer, q.Kind, q.Family, q.Outcome, q.Disagree = row, kind, family, outcome, ""
	q.Stopped = stopped(stop.a, stop.k)
	return q
}
