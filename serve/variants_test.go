package serve_test

import (
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/serve"
)

// recordedSpec returns the Spec the workbench recorded for run id.
func recordedSpec(t *testing.T, dir, id string) experiment.Spec {
	t.Helper()
	var rec struct {
		Spec experiment.Spec `json:"spec"`
	}
	b, err := os.ReadFile(filepath.Join(dir, id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	return rec.Spec
}

// TestVariantsFromTheForm: the form's rule variants (a name and rule
// changes each, changes separated by commas or spaces, an unnamed one, a
// baseline, figures and a margin) give the comparison of variants the
// Runner plays for the same Spec, variants.csv byte for byte; its page
// shows each variant's paired difference from the baseline with its
// verdict, and the command with --variant; and its link fills the form so
// that Run plays it again, variants.csv byte for byte.
func TestVariantsFromTheForm(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 100_000)
	form := url.Values{"game": {"nora"}, "s": {"cautious", "rescuer"}, "r.rounds": {"3"},
		"vn.0": {"cheap"}, "vr.0": {"insure=0, switch=1"}, "vn.1": {""}, "vr.1": {"revive=2"}, "vn.2": {""}, "vr.2": {""},
		"figure": {"score,win"}, "margin": {"score=5 win=0.02"}, "games": {"200"}, "seed": {"6"}}
	id := finished(t, ts, form)
	want := experiment.Spec{Kind: experiment.Compare, Game: "nora", Rules: []string{"rounds=3"}, Strategies: []string{"cautious", "rescuer"},
		Variants: []experiment.Variant{{Name: "cheap", Rules: []string{"insure=0", "switch=1"}}, {Rules: []string{"revive=2"}}},
		Figures:  []string{"score", "win"}, Margins: []string{"score=5", "win=0.02"}, Games: 200, Seed: 6, Confidence: experiment.DefaultConfidence}
	if got := recordedSpec(t, dir, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("the form's Spec:\n%+v\nwant\n%+v", got, want)
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, err := runner().Run(t.Context(), want, out); err != nil {
		t.Fatal(err)
	}
	web, err1 := os.ReadFile(filepath.Join(dir, id, "variants.csv"))
	direct, err2 := os.ReadFile(filepath.Join(out, "variants.csv"))
	if err1 != nil || err2 != nil || string(web) != string(direct) {
		t.Fatalf("variants.csv from the workbench differs from the Runner's (%v, %v)", err1, err2)
	}
	if _, err := os.Stat(filepath.Join(dir, id+serve.RecordsSuffix)); err == nil {
		t.Error("a comparison of variants kept records")
	}

	_, body := getBody(t, ts.URL, "/runs/"+id)
	// A row per variant, strategy and figure: 2 × 2 × 2.
	rows := regexp.MustCompile(`<tr><td>(cheap|revive=2)</td><td>([^<]*)</td><td>(cautious|rescuer)</td><td>(mean score \(points\)|win rate)</td>`+
		`<td class="num">[-0-9.]+</td><td class="num">[-0-9.]+</td><td class="num">([-+0-9.]+)</td><td class="num">([-+0-9.]+)</td><td class="num">([-+0-9.]+)</td>`+
		`<td class="num">200</td><td>yes</td><td>(decided|equivalent|undecided)</td></tr>`).FindAllStringSubmatch(html.UnescapeString(body), -1)
	if len(rows) != 8 {
		t.Errorf("%d rows of paired differences, want 8 (2 variants × 2 strategies × 2 figures)", len(rows))
	}
	for _, r := range rows {
		if r[1] == "cheap" && r[2] != "insure=0 switch=1" {
			t.Errorf("cheap's changes: %q", r[2])
		}
		diff, _ := strconv.ParseFloat(r[5], 64)
		low, _ := strconv.ParseFloat(r[6], 64)
		high, _ := strconv.ParseFloat(r[7], 64)
		if !(low <= diff && diff <= high) {
			t.Errorf("%s, %s, %s: the difference %s is not inside its interval %s to %s", r[1], r[3], r[4], r[5], r[6], r[7])
		}
	}
	var s struct {
		Variants struct {
			Arms []struct {
				Differences []struct{ Verdict string }
			}
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, id, "summary.json"))
	if err := json.Unmarshal(b, &s); err != nil || len(s.Variants.Arms) != 2 {
		t.Fatalf("summary.json: %v, %d variants", err, len(s.Variants.Arms))
	}
	for _, a := range s.Variants.Arms {
		for _, d := range a.Differences {
			if !strings.Contains(body, `<p class="answer">`+htmlText(d.Verdict)+`</p>`) {
				t.Errorf("the page lacks the verdict %q", d.Verdict)
			}
		}
	}
	cmd := "cardsim compare nora --strategies cautious,rescuer --rule rounds=3 --variant cheap:insure=0,switch=1 --variant revive=2 --figure score,win --margin score=5 --margin win=0.02 --games 200 --seed 6"
	if !strings.Contains(body, `value="`+cmd+`"`) {
		t.Errorf("the page does not give the command %s", cmd)
	}
	if !strings.Contains(body, "<li><code>rounds=3</code></li>") || !strings.Contains(body, `<ul id="variants-compared"><li><code>cheap:insure=0,switch=1</code></li><li><code>revive=2</code></li></ul>`) {
		t.Error("the page does not list the rules changed and the variants compared")
	}

	// The live chart's series: one per variant (the rules as written
	// among them) and strategy, each to the last deal.
	_, progress := getBody(t, ts.URL, "/runs/"+id+"/progress")
	var p struct {
		Series []struct {
			Name   string
			Points [][4]float64
		}
	}
	if err := json.Unmarshal([]byte(progress), &p); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range p.Series {
		names = append(names, s.Name)
		if len(s.Points) == 0 || s.Points[len(s.Points)-1][0] != 200 {
			t.Errorf("series %s ends at %v, want 200 deals", s.Name, s.Points)
		}
	}
	slices.Sort(names)
	if want := []string{"as written: cautious", "as written: rescuer", "cheap: cautious", "cheap: rescuer", "revive=2: cautious", "revive=2: rescuer"}; !slices.Equal(names, want) {
		t.Errorf("the live chart's series %q, want %q", names, want)
	}

	// The link fills the form, variants included, and Run plays the same
	// comparison again.
	_, page := getBody(t, ts.URL, shareLink(t, body))
	for _, field := range []string{`name="vn.0" value="cheap"`, `name="vr.0" value="insure=0, switch=1"`, `name="vr.1" value="revive=2"`,
		`name="vr.3" value=""`, `name="figure" value="score,win"`, `name="margin" value="score=5 win=0.02"`} {
		if !strings.Contains(page, field) {
			t.Errorf("the link's form lacks %s", field)
		}
	}
	again := finished(t, ts, formValues(t, page, "experiment"))
	if got := recordedSpec(t, dir, again); !reflect.DeepEqual(got, want) {
		t.Errorf("the link's Spec:\n%+v\nwant\n%+v", got, want)
	}
	second, err := os.ReadFile(filepath.Join(dir, again, "variants.csv"))
	if err != nil || string(second) != string(web) {
		t.Errorf("variants.csv of the link's run differs from the first's (%v)", err)
	}
}

// htmlText escapes text as html/template writes it in a page.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;").Replace(s)
}

// TestVariantErrorsByTheirField: what is wrong with the variants comes
// back beside its field, in the form's words, and starts nothing: a name
// with no changes, a rule the game has not, a change not key=value, a
// name that is not a word, a rule swept beside variants, a baseline no variant has, a
// figure the game has not, a file, and more deals than the workbench
// plays when every variant is counted.
func TestVariantErrorsByTheirField(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 1_000)
	base := url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"100"}}
	for _, tt := range []struct {
		extra url.Values
		near  string // the id or name of the field the error sits by
		says  string
	}{
		{url.Values{"vn.0": {"cheap"}}, `id="variants"`, "variant cheap: no rule changed"},
		{url.Values{"vr.0": {"bogus=1"}}, `id="variants"`, "bogus"},
		{url.Values{"vr.0": {"insure"}}, `id="variants"`, `variant "insure": rule "insure": want key=value`},
		{url.Values{"vn.0": {"insure=0"}, "vr.0": {"insure=1"}}, `id="variants"`, `variant name "insure=0": a name is a word`},
		{url.Values{"vr.0": {"insure=0"}, "sw.revive": {"2,4"}}, `id="variants"`, "rule revive is swept, and a comparison of variants sweeps nothing"},
		{url.Values{"vr.0": {"insure=0"}, "baseline": {"dear"}}, `name="baseline"`, "baseline dear: no variant of that name"},
		{url.Values{"vr.0": {"insure=0"}, "figure": {"luck"}}, `name="figure"`, "figure luck: not a figure of nora"},
		{url.Values{"vr.0": {"insure=0,file:/etc/shadow"}}, `id="variants"`, "never opens a file named from the browser"},
		{url.Values{"vr.0": {"insure=0"}, "vr.1": {"insure=2"}, "games": {"400"}}, `name="games"`, "deals 400 for each variant: this workbench plays at most 1000 deals a run"},
	} {
		form := url.Values{}
		for k, v := range base {
			form[k] = v
		}
		for k, v := range tt.extra {
			form[k] = v
		}
		code, body, _ := send(t, request(t, ts, http.MethodPost, "/runs", "", form))
		msgs := errorText(body)
		if code != http.StatusUnprocessableEntity || len(msgs) != 1 || !strings.Contains(msgs[0], tt.says) {
			t.Errorf("%v: %d, %q, want %q", tt.extra, code, msgs, tt.says)
			continue
		}
		if !strings.Contains(body, `name="s" value="cautious" checked`) || !strings.Contains(body, `name="games" type="number" min="2" max="1000" value="`+form.Get("games")+`"`) {
			t.Errorf("%v: the form does not come back as given", tt.extra)
		}
		if words, _, _ := strings.Cut(msgs[0], "cardsim "); strings.Contains(words, "--") {
			t.Errorf("%v: the message names a flag, not the form's field: %q", tt.extra, msgs[0])
		}
		// The error sits after its field and before the next field.
		at, err := strings.Index(body, tt.near), strings.Index(body, `<p class="error">`)
		if at < 0 || err < at || strings.Contains(body[at:err], `<div class="field`) && tt.near != `id="variants"` {
			t.Errorf("%v: the error is not by %s", tt.extra, tt.near)
		}
	}
	if runs := recorded(t, dir); len(runs) > 0 {
		t.Errorf("runs started: %v", runs)
	}
}

// TestVariantsShareMaxDeals: a comparison of variants to a precision given
// no most deals plays at most --max-deals, shared among its variants (the
// rules as written among them), and stops within it.
func TestVariantsShareMaxDeals(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 300)
	form := url.Values{"game": {"nora"}, "s": {"cautious"}, "vr.0": {"insure=0"}, "vr.1": {"insure=2"}, "precision": {"0.0001"}, "games": {"10"}}
	id := finished(t, ts, form)
	if got := recordedSpec(t, dir, id).MaxGames; got != 100 {
		t.Errorf("most deals a variant: %d, want 100 (300 among the rules as written and 2 variants)", got)
	}
	var p struct{ Played, Planned int64 }
	_, body := getBody(t, ts.URL, "/runs/"+id+"/progress")
	// A precision of 0.0001 is never reached: each of the 3 plays its 100.
	if err := json.Unmarshal([]byte(body), &p); err != nil || p.Played != 300 || p.Planned != 300 {
		t.Errorf("deals played %d of %d (%v), want 300 of 300, every variant's counted", p.Played, p.Planned, err)
	}
}

// TestSweepRangeFromTheForm: a range in a rule's sweep box (lo..hi:step,
// as sweep's --rule takes it) sweeps the rule over its values, as the
// command does, and its link gives the range back in the sweep box.
func TestSweepRangeFromTheForm(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 100_000)
	id := finished(t, ts, url.Values{"game": {"nora"}, "s": {"cautious"}, "sw.insure": {"0..4:2"}, "games": {"40"}})
	spec := recordedSpec(t, dir, id)
	if spec.Kind != experiment.Sweep || !slices.Equal(spec.Rules, []string{"insure=0..4:2"}) {
		t.Fatalf("the form's Spec: %s %q, want a sweep of insure=0..4:2", spec.Kind, spec.Rules)
	}
	b, err := os.ReadFile(filepath.Join(dir, id, "sweep.csv"))
	if n := strings.Count(string(b), "\n"); err != nil || n != 1+3 {
		t.Errorf("sweep.csv: %d lines (%v), want a header and the 3 points 0, 2, 4", n, err)
	}
	_, body := getBody(t, ts.URL, "/runs/"+id)
	_, form := getBody(t, ts.URL, shareLink(t, body))
	if !strings.Contains(form, `name="sw.insure" value="0..4:2"`) {
		t.Error("the link's form does not hold the range in insure's sweep box")
	}
	if !strings.Contains(body, "cardsim sweep nora --strategies cautious --rule insure=0..4:2 --games 40 --seed 1") {
		t.Error("the page does not give the sweep's command")
	}
}
