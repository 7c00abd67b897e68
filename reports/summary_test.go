package reports

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestKindOf: each kind of verdict from a hand-set interval: a level is
// measured; a difference matters when its interval is clear of zero, does
// not inside its margin, and is undecided otherwise or without a margin.
func TestKindOf(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		name string
		a    Answer
		want Kind
	}{
		{"a rate", Answer{Verdict: "about 30%", Unit: "share", Value: .3, CILow: .28, CIHigh: .32}, Measured},
		{"a score", Answer{Verdict: "about 449 of 540", Unit: "points", Value: 449, CILow: 447, CIHigh: 451}, Measured},
		{"a rise", Answer{Verdict: "x", Unit: "points difference", Value: 3, CILow: 1, CIHigh: 5}, Matters},
		{"a fall", Answer{Verdict: "x", Unit: "share difference", Value: -.06, CILow: -.08, CIHigh: -.05}, Matters},
		{"per card", Answer{Verdict: "x", Unit: "share difference per card", Value: .011, CILow: .005, CIHigh: .018}, Matters},
		{"inside the margin", Answer{Verdict: "x", Unit: "points difference", Value: .2, CILow: -.9, CIHigh: 1.3, Margin: 2}, NoMatter},
		{"past the margin", Answer{Verdict: "x", Unit: "points difference", Value: .2, CILow: -.9, CIHigh: 2.3, Margin: 2}, Open},
		{"no margin", Answer{Verdict: "x", Unit: "points difference", Value: 0, CILow: -.1, CIHigh: .1}, Open},
		{"the same figures", Answer{Verdict: "no change: the same figures", Unit: "share difference", CILow: 0, CIHigh: 0}, NoMatter},
		{"no figure", Answer{Verdict: Undecided, Value: nan, CILow: nan, CIHigh: nan}, Open},
		{"none stands out", Answer{Verdict: "none stands out where a paired test can tell", Value: nan, CILow: nan, CIHigh: nan}, Open},
		{"depends", Answer{Verdict: DependsOn("how many play"), Unit: "share difference per card", Value: nan, CILow: nan, CIHigh: nan}, Measured},
	} {
		if got := KindOf(c.a); got != c.want {
			t.Errorf("%s: KindOf = %q, want %q", c.name, got, c.want)
		}
	}
}

// insurance is Nora's insurance question as two bots answer it: the best
// policy sees no change within 2 points, cautious (who never switches)
// loses 53.9 points.
var insurance = []Answer{
	{Game: "nora", Question: "Is the insurance rule too cheap?", Verdict: "no change the interval can tell", Sentence: "optimal: -0.3.",
		Value: -.3, CILow: -1.1, CIHigh: .5, Unit: "points difference", N: 2000, Margin: 2, Condition: "optimal (the best policy); insure=2; 2000 deals"},
	{Game: "nora", Question: "Is the insurance rule too cheap?", Verdict: "insure=2 lowers the mean score by 53.9 points", Sentence: "cautious: -53.9.",
		Value: -53.9, CILow: -56, CIHigh: -51.8, Unit: "points difference", N: 2000, Margin: 2, Condition: "cautious; insure=2; 2000 deals"},
}

// TestQuestionsOneVerdict: the two answers of Nora's insurance question
// collapse into one question whose verdict is the first answer's (the best
// player's), with both answers as details; answers of one question under
// several conditions in a parenthesis are one question; answers whose
// intervals lie clear of zero on opposite sides are said to disagree.
func TestQuestionsOneVerdict(t *testing.T) {
	as := append([]Answer{}, insurance...)
	as = append(as,
		Answer{Game: "spite", Question: "How big is the first player's edge? (greedy)", Verdict: "a", Unit: "share difference", Value: .05, CILow: .02, CIHigh: .08, Condition: "greedy against itself; 4000 deals"},
		Answer{Game: "spite", Question: "How big is the first player's edge? (planner)", Verdict: "b", Unit: "share difference", Value: -.04, CILow: -.07, CIHigh: -.01, Condition: "planner against itself; 4000 deals"},
	)
	qs := Questions(as, 0)
	if len(qs) != 2 {
		t.Fatalf("%d questions, want 2: %+v", len(qs), qs)
	}
	nora := qs[0]
	if nora.Kind != NoMatter || nora.Answer.Sentence != "optimal: -0.3." || len(nora.Details) != 2 || nora.Disagree != "" {
		t.Errorf("insurance: kind %q, verdict from %q, %d details, disagree %q; want does not matter, from optimal, 2, none",
			nora.Kind, nora.Answer.Sentence, len(nora.Details), nora.Disagree)
	}
	// Two verdicts rest on differences: each summary interval is widened
	// to 1 − 0.05/2, the critical value 2.2414 in place of 1.9600.
	if lo := -0.3 - 0.8*2.2414/1.9600; nora.Family != 2 || math.Abs(nora.Answer.CILow-lo) > 1e-3 || nora.Details[0].CILow != -1.1 {
		t.Errorf("insurance: family %d, summary interval from %g (want %.4f), details from %g (want -1.1)", nora.Family, nora.Answer.CILow, lo, nora.Details[0].CILow)
	}
	spite := qs[1]
	if spite.Question != "How big is the first player's edge?" || spite.Kind != Matters || len(spite.Details) != 2 {
		t.Errorf("edge: %q, kind %q, %d details", spite.Question, spite.Kind, len(spite.Details))
	}
	if !strings.Contains(spite.Disagree, "greedy against itself +2.00 to +8.00 pp") || !strings.Contains(spite.Disagree, "planner against itself -7.00 to -1.00 pp") {
		t.Errorf("edge: disagreement %q", spite.Disagree)
	}
}

// TestIntervalText: intervals in the units a reader knows.
func TestIntervalText(t *testing.T) {
	for _, c := range []struct {
		a    Answer
		want string
	}{
		{Answer{Unit: "share", CILow: .1234, CIHigh: .14}, "12.34% to 14.00%"},
		{Answer{Unit: "share difference", CILow: -.0812, CIHigh: -.05}, "-8.12 to -5.00 pp"},
		{Answer{Unit: "share difference per card", CILow: .0049, CIHigh: .0181}, "+0.49 to +1.81 pp per card"},
		{Answer{Unit: "points difference", CILow: -56, CIHigh: -51.8}, "-56.0 to -51.8 points"},
		{Answer{Unit: "points", CILow: 447.2, CIHigh: 451}, "447.2 to 451.0 points"},
		{Answer{Unit: "points a round", CILow: 0.97, CIHigh: 1.04}, "+0.97 to +1.04 points a round"},
		{Answer{Unit: "points", CILow: math.Inf(-1), CIHigh: 451}, ""},
	} {
		if got := IntervalText(c.a); got != c.want {
			t.Errorf("IntervalText(%+v) = %q, want %q", c.a, got, c.want)
		}
	}
}

// TestSummaryOpensThePage: report.html's first element after its title is
// the summary table, which holds one row per question of answers.json, in
// its order, each with its kind as a word and a class for its colour;
// report.md opens with the same summary.
func TestSummaryOpensThePage(t *testing.T) {
	r := &Report{Title: "t", Intro: "i", Studies: []Study{
		{Game: "nora", Title: "prices", Answer: []string{"a"}, Rows: [][]string{{"figure", "value"}}, Glance: insurance, Command: "cardsim sweep nora -r insure=0,2"},
		{Game: "spite", Title: "drawn", Answer: []string{"b"}, Rows: [][]string{{"figure", "value"}}, Glance: []Answer{
			{Game: "spite", Question: "How often are games drawn?", Verdict: "about 2.5%", Sentence: "s", Value: 0.025, CILow: 0.023, CIHigh: 0.027, Unit: "share", N: 20000, Condition: "greedy"},
			{Game: "spite", Question: "Which bot plays better?", Verdict: Undecided, Sentence: "s", Value: .01, CILow: -.01, CIHigh: .03, Unit: "share difference", N: 20000, Condition: "greedy against planner"},
		}},
	}}
	dir := t.TempDir()
	if err := WriteReportDir(dir, r); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f AnswersFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Questions) != 3 || len(f.Answers) != 4 || f.Questions[0].Command != "cardsim sweep nora -r insure=0,2" || f.Questions[0].Kind != NoMatter {
		t.Fatalf("answers.json: %d questions, %d answers: %+v", len(f.Questions), len(f.Answers), f.Questions)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	first := regexp.MustCompile(`(?s)</h1>\s*<([a-z]+)([^>]*)>`).FindSubmatch(page)
	if first == nil || string(first[1]) != "table" || !strings.Contains(string(first[2]), `id="summary"`) {
		t.Fatalf("the element after the title is %q, want the summary table", first)
	}
	rows := regexp.MustCompile(`<tr class="question"[^>]*><td><a href="#q\d+">([^<]*)</a></td><td><span class="kind kind-(\w+)">([^<]*)</span>`).FindAllSubmatch(page, -1)
	if len(rows) != len(f.Questions) {
		t.Fatalf("the summary has %d rows, answers.json %d questions", len(rows), len(f.Questions))
	}
	for i, row := range rows {
		q := f.Questions[i]
		if string(row[1]) != htmlEscape(q.Question) || string(row[3]) != string(q.Kind) || string(row[2]) != kindClass(q.Kind) {
			t.Errorf("summary row %d: %q, %s %q; answers.json: %q, %q", i, row[1], row[2], row[3], q.Question, q.Kind)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if s, q := strings.Index(string(md), "## Summary"), strings.Index(string(md), "Is the insurance rule too cheap?"); s < 0 || q < s || strings.Index(string(md), "\ni\n") < q {
		t.Errorf("report.md does not open with its summary:\n%s", md)
	}
}

// htmlEscape escapes text as html/template does in an element's body.
func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "'", "&#39;", `"`, "&#34;").Replace(s)
}

// TestJudgeRepeatedInterval: a verdict is judged on its study's repeated
// confidence interval. At look 3 of five equal looks with Pocock-type
// spending at 5%, the critical value is 2.4101 (Jennison and Turnbull's
// published bounds), so the 95% interval +0.5 to +2.5 (z 1.96) widens to
// +1.5 ± 1.2297 and stays decided; at a family of 10 the same look's
// critical value is larger and the verdict is out of budget, as it is
// where the plan still had looks to play.
func TestJudgeRepeatedInterval(t *testing.T) {
	a := Answer{Unit: "points difference", Value: 1.5, CILow: 0.5, CIHigh: 2.5, N: 300, Margin: 5, Looks: []int64{100, 200, 300, 400, 500}, Look: 2}
	k, lo, hi := Judge(a, 1)
	if half := 2.4101 / 1.96; k != Matters || math.Abs(lo-(1.5-half)) > 1e-3 || math.Abs(hi-(1.5+half)) > 1e-3 {
		t.Errorf("family 1: %q, %.4f to %.4f; want matters, %.4f to %.4f", k, lo, hi, 1.5-half, 1.5+half)
	}
	a.Margin = 0.5
	k, lo, _ = Judge(a, 10)
	if k != Open || lo > 0 {
		t.Errorf("family 10: %q from %.4f; want undecided, below 0", k, lo)
	}
	qs := Questions([]Answer{a}, 10)
	if q := qs[0]; q.Outcome != OutOfBudget || q.Family != 10 || !strings.Contains(q.Stopped, "at 300 deals, look 3 of 5") || !strings.Contains(q.Stopped, "budget ran out") {
		t.Errorf("family 10: outcome %q, family %d, %q", q.Outcome, q.Family, q.Stopped)
	}
	// One look at a.N, no plan given: the fixed-sample Bonferroni interval.
	b := Answer{Unit: "share difference", Value: .02, CILow: .01, CIHigh: .03, N: 2000, Margin: .05}
	if k, lo, _ := Judge(b, 2); k != Matters || math.Abs(lo-(.02-.01*2.2414/1.96)) > 1e-5 {
		t.Errorf("one look, family 2: %q from %.5f", k, lo)
	}
	// An answer at 90% (report --confidence 0.9), alone in its family of
	// one look, keeps its interval: the family holds at 90% too.
	c := Answer{Unit: "points difference", Value: 1, CILow: .2, CIHigh: 1.8, N: 100, Confidence: .9}
	if _, lo, hi := Judge(c, 1); math.Abs(lo-.2) > 1e-9 || math.Abs(hi-1.8) > 1e-9 {
		t.Errorf("a 90%% interval judged at 90%%: %g to %g, want 0.2 to 1.8", lo, hi)
	}
	qs = Questions([]Answer{{Unit: "share difference", Value: .001, CILow: -.002, CIHigh: .004, N: 8000, Margin: .01, Looks: []int64{2000, 4000, 8000}, Look: 2}}, 1)
	if q := qs[0]; q.Kind != NoMatter || q.Outcome != Equivalent || q.Stopped != "equivalent at 8,000 deals, look 3 of 3: within ±1 pp of no change" {
		t.Errorf("equivalent: %q %q %q", q.Kind, q.Outcome, q.Stopped)
	}
}

// TestVerdictAgreesWithItsKind: a verdict its own 95% interval decides but
// the family's interval does not reads as undecided, its own words kept
// in a parenthesis, so the summary's word and verdict never disagree.
func TestVerdictAgreesWithItsKind(t *testing.T) {
	// +0.02 to +0.08 at 95% (z 1.96): at a family of 30 (z 3.14) it
	// reaches below zero.
	a := Answer{Game: "g", Question: "q", Verdict: "x raises the win rate by 5.00 pp", Unit: "share difference", Value: .05, CILow: .0005, CIHigh: .0995, N: 400}
	q := Questions([]Answer{a}, 30)[0]
	if q.Kind != Open || q.Answer.Verdict != "undecided with the family held together (alone: x raises the win rate by 5.00 pp)" {
		t.Errorf("kind %q, verdict %q", q.Kind, q.Answer.Verdict)
	}
	if q := Questions([]Answer{a}, 1)[0]; q.Kind != Matters || q.Answer.Verdict != a.Verdict {
		t.Errorf("alone: kind %q, verdict %q", q.Kind, q.Answer.Verdict)
	}
}
