package reports

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Answer is one of the designers' questions answered at a glance, as the
// report's Answers section and answers.json give it: a verdict, the figure
// it rests on with its interval and the count behind it, and the condition
// it holds under (the bot, the players, the rules). A question may have
// several answers, one per condition, when the answer depends on it.
type Answer struct {
	Game     string
	Question string
	// Verdict is Yes, No, "depends on …" (DependsOn), Undecided, or, for a
	// question of how much or which, the answer in a few words ("about
	// 30%", "planner").
	Verdict  string
	Sentence string // the answer in one plain sentence, figures included
	// Value is the figure the verdict rests on, in Unit, with its interval
	// CILow to CIHigh; NaN where the answer has none.
	Value, CILow, CIHigh float64
	Unit                 string
	N                    int64 // the count the figure rests on: deals, games or seat-games, as Sentence says
	Condition            string
}

// The verdicts an answer gives besides a figure in words.
const (
	Yes       = "yes"
	No        = "no"
	Undecided = "not decidable at this many deals"
)

// DependsOn returns the verdict "depends on what".
func DependsOn(what string) string { return "depends on " + what }

// answerJSON is an Answer as answers.json writes it.
type answerJSON struct {
	Game      string   `json:"game"`
	Question  string   `json:"question"`
	Verdict   string   `json:"verdict"`
	Sentence  string   `json:"sentence"`
	Value     *float64 `json:"value"`
	CILow     *float64 `json:"ci_low"`
	CIHigh    *float64 `json:"ci_high"`
	Unit      string   `json:"unit"`
	N         int64    `json:"n"`
	Condition string   `json:"condition"`
}

// MarshalJSON writes the answer with null for a figure it has not.
func (a Answer) MarshalJSON() ([]byte, error) {
	num := func(v float64) *float64 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil
		}
		return &v
	}
	return json.Marshal(answerJSON{a.Game, a.Question, a.Verdict, a.Sentence, num(a.Value), num(a.CILow), num(a.CIHigh), a.Unit, a.N, a.Condition})
}

// UnmarshalJSON reads an answer, null figures as NaN.
func (a *Answer) UnmarshalJSON(b []byte) error {
	var j answerJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	num := func(p *float64) float64 {
		if p == nil {
			return math.NaN()
		}
		return *p
	}
	*a = Answer{j.Game, j.Question, j.Verdict, j.Sentence, num(j.Value), num(j.CILow), num(j.CIHigh), j.Unit, j.N, j.Condition}
	return nil
}

// AnswersSchemaVersion is the version of answers.json's layout.
const AnswersSchemaVersion = 1

// AnswersSchema is the JSON Schema (draft 2020-12) of answers.json.
//
//go:embed answers.schema.json
var AnswersSchema []byte

// AnswersFile is answers.json: every answer of a report, in the order of
// its Answers section.
type AnswersFile struct {
	SchemaVersion int      `json:"schema_version"`
	Answers       []Answer `json:"answers"`
}

// answersJSON returns answers.json's contents.
func answersJSON(as []Answer) ([]byte, error) {
	if as == nil {
		as = []Answer{}
	}
	b, err := json.MarshalIndent(AnswersFile{AnswersSchemaVersion, as}, "", "  ")
	return append(b, '\n'), err
}

// answersCSV returns answers.csv's contents: the fields of answers.json,
// a row an answer, empty cells for figures an answer has not.
func answersCSV(as []Answer) []byte {
	var b bytes.Buffer
	w := newCSVWriter(&b)
	w.Write([]string{"game", "question", "verdict", "sentence", "value", "ci_low", "ci_high", "unit", "n", "condition"})
	for _, a := range as {
		w.Write([]string{a.Game, a.Question, a.Verdict, a.Sentence, FullNumber(a.Value), FullNumber(a.CILow), FullNumber(a.CIHigh), a.Unit, strconv.FormatInt(a.N, 10), a.Condition})
	}
	w.Flush()
	return b.Bytes()
}

// FullNumber writes a figure in full, as the CSV files do, or nothing for
// none (NaN or an infinity).
func FullNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Answers returns every answer of the report's studies at a glance, in
// the studies' order.
func (r *Report) Answers() []Answer {
	var out []Answer
	for _, st := range r.Studies {
		out = append(out, st.Glance...)
	}
	return out
}

// RateWords writes a rate for a verdict: "about 30%", "about 0.69%";
// "never seen: at most 0.04%" when count is 0.
func RateWords(rate, hi float64, count int64) string {
	if count == 0 {
		return "never seen: at most " + roughPct(hi)
	}
	return "about " + roughPct(rate)
}

// roughPct writes a share as a percentage to two significant digits.
func roughPct(x float64) string {
	p := 100 * x
	switch {
	case p == 0:
		return "0%"
	case p >= 10:
		return fmt.Sprintf("%.0f%%", p)
	case p >= 1:
		return fmt.Sprintf("%.1f%%", p)
	}
	d := int(math.Ceil(-math.Log10(p))) + 1
	return strconv.FormatFloat(p, 'f', d, 64) + "%"
}

// SignedWords reads a difference with its interval lo … hi for a verdict:
// rise or fall words where the interval is clear of zero, otherwise the
// words for no measurable change.
func SignedWords(lo, hi float64, rise, fall, none string) string {
	switch {
	case lo > 0:
		return rise
	case hi < 0:
		return fall
	}
	return none
}

// joinConditions joins the non-empty parts of a condition with "; ".
func joinConditions(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
}

// answerGroup is one game's answers, for the Answers section.
type answerGroup struct {
	Game    string
	Answers []Answer
}

// answerGroups groups answers by game, games in the order they first
// appear.
func answerGroups(as []Answer) []answerGroup {
	var out []answerGroup
	for _, a := range as {
		i := slices.IndexFunc(out, func(g answerGroup) bool { return g.Game == a.Game })
		if i < 0 {
			out = append(out, answerGroup{Game: a.Game})
			i = len(out) - 1
		}
		out[i].Answers = append(out[i].Answers, a)
	}
	return out
}
