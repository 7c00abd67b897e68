package reports

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
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
	// Margin is the margin of practical equivalence of a difference, in
	// Unit: an interval inside ±Margin says the change does not matter.
	// Zero where the question sets none (then only identical figures do).
	Margin float64
	// PointsTo is the rule change the answer points to, where it points
	// to one ("start=coin removes the first player's handicap").
	PointsTo string
	// Command is the command that reproduces the answer's figures.
	Command string
	// Looks are the deals of each look of the sequential plan its study
	// played by, the last its budget of deals, and Look the look its
	// figures come from (counted from 0); nil for a study of one look,
	// which the summary judges as a plan of that one look.
	Looks []int64
	Look  int
	// Confidence is the confidence of the interval CILow to CIHigh; zero
	// is 95%. The summary holds its family of verdicts together at it.
	Confidence float64
	// Reading puts the verdict in the words of the question once the
	// summary has judged it (Ask.Reading); nil for none.
	Reading *Reading
	// change is the rule change of a Variant answer that shares its
	// summary row with the other rules its ask varies (Ask.OneRow), such
	// as "ip-joke=0"; "" for an answer with a row of its own.
	change string
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
	Margin    *float64 `json:"margin,omitempty"`
	PointsTo  string   `json:"points_to,omitempty"`
	Command   string   `json:"command,omitempty"`
	Looks     []int64  `json:"looks,omitempty"`
	Look      int      `json:"look,omitempty"`
	// Confidence is written where it is not 95%.
	Confidence float64 `json:"confidence,omitempty"`
}

// MarshalJSON writes the answer with null for a figure it has not.
func (a Answer) MarshalJSON() ([]byte, error) {
	num := func(v float64) *float64 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil
		}
		return &v
	}
	var margin *float64
	if a.Margin > 0 {
		margin = num(a.Margin)
	}
	return json.Marshal(answerJSON{a.Game, a.Question, a.Verdict, a.Sentence, num(a.Value), num(a.CILow), num(a.CIHigh), a.Unit, a.N, a.Condition,
		margin, a.PointsTo, a.Command, a.Looks, a.Look, nonDefaultConfidence(a.Confidence)})
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
	*a = Answer{j.Game, j.Question, j.Verdict, j.Sentence, num(j.Value), num(j.CILow), num(j.CIHigh), j.Unit, j.N, j.Condition, 0, j.PointsTo, j.Command, j.Looks, j.Look, j.Confidence, nil, ""}
	if j.Margin != nil {
		a.Margin = *j.Margin
	}
	return nil
}

// AnswersSchemaVersion is the version of answers.json's layout: 2 added
// questions, one verdict each.
const AnswersSchemaVersion = 2

// AnswersSchema is the JSON Schema (draft 2020-12) of answers.json.
//
//go:embed answers.schema.json
var AnswersSchema []byte

// AnswersFile is answers.json: the designers' questions, one verdict
// each with its answers as details, in the order of the report's summary;
// and every answer of the report, in the same order, as answers.csv has
// them.
type AnswersFile struct {
	SchemaVersion int            `json:"schema_version"`
	Questions     []QuestionJSON `json:"questions"`
	Answers       []Answer       `json:"answers"`
}

// QuestionJSON is a Question as answers.json writes it: its one verdict
// and kind, the sentence, interval (widened for the family, where Family
// is set) and condition of the answer it rests on, and every answer to the
// question (that one first, with its own 95% interval) as details.
type QuestionJSON struct {
	Game     string   `json:"game"`
	GameName string   `json:"game_name"`
	Question string   `json:"question"`
	Kind     Kind     `json:"kind"`
	Verdict  string   `json:"verdict"`
	Sentence string   `json:"sentence"`
	Interval string   `json:"interval"`
	RestsOn  string   `json:"rests_on"`
	PointsTo string   `json:"points_to"`
	Disagree string   `json:"disagree"`
	Command  string   `json:"command"`
	Family   int      `json:"family"`
	Outcome  Outcome  `json:"outcome"`
	Stopped  string   `json:"stopped,omitempty"`
	Details  []Answer `json:"details"`
}

// questionJSON returns q as answers.json writes it.
func questionJSON(q Question) QuestionJSON {
	return QuestionJSON{Game: q.Game, GameName: q.GameName, Question: q.Question, Kind: q.Kind, Verdict: q.Answer.Verdict,
		Sentence: q.Answer.Sentence, Interval: IntervalText(q.Answer), RestsOn: q.RestsOn(), PointsTo: q.Answer.PointsTo,
		Disagree: q.Disagree, Command: q.Answer.Command, Family: q.Family, Outcome: q.Outcome, Stopped: q.Stopped, Details: q.Details}
}

// answersJSON returns answers.json's contents.
func answersJSON(as []Answer, family int) ([]byte, error) {
	if as == nil {
		as = []Answer{}
	}
	qs := []QuestionJSON{}
	for _, q := range Questions(as, family) {
		qs = append(qs, questionJSON(q))
	}
	b, err := json.MarshalIndent(AnswersFile{AnswersSchemaVersion, qs, as}, "", "  ")
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
		for _, a := range st.Glance {
			if a.Command == "" {
				a.Command = st.Command
			}
			out = append(out, a)
		}
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

// nonDefaultConfidence returns a confidence, or zero for 95%, which
// answers.json leaves out.
func nonDefaultConfidence(c float64) float64 {
	if c == 0.95 {
		return 0
	}
	return c
}
