package serve_test

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// attr matches an attribute of a tag.
var attr = regexp.MustCompile(`([a-zA-Z][\w.-]*)(?:="([^"]*)")?`)

// attrs returns the attributes of a tag, unescaped.
func attrs(tag string) map[string]string {
	out := map[string]string{}
	for _, m := range attr.FindAllStringSubmatch(tag, -1) {
		out[m[1]] = html.UnescapeString(m[2])
	}
	return out
}

// formValues returns what a browser submits for the form id of a page:
// its inputs (a checkbox if checked), and the option selected of each
// select (or its first).
func formValues(t *testing.T, body, id string) url.Values {
	t.Helper()
	start := strings.Index(body, `<form method="post" action="/runs" id="`+id+`"`)
	end := strings.Index(body[max(start, 0):], "</form>")
	if start < 0 || end < 0 {
		t.Fatalf("no form %s in the page", id)
	}
	form := body[start : start+end]
	v := url.Values{}
	for _, m := range regexp.MustCompile(`<input[^>]*>`).FindAllString(form, -1) {
		a := attrs(strings.TrimSuffix(strings.TrimPrefix(m, "<input"), ">"))
		if a["name"] == "" || a["type"] == "checkbox" && !strings.Contains(m, " checked") {
			continue
		}
		v.Add(a["name"], a["value"])
	}
	for _, m := range regexp.MustCompile(`(?s)<select([^>]*)>(.*?)</select>`).FindAllStringSubmatch(form, -1) {
		options := regexp.MustCompile(`<option([^>]*)>([^<]*)</option>`).FindAllStringSubmatch(m[2], -1)
		chosen := options[0]
		for _, o := range options {
			if strings.Contains(o[1], "selected") {
				chosen = o
			}
		}
		value := html.UnescapeString(chosen[2])
		if a := attrs(chosen[1]); a["value"] != "" || strings.Contains(chosen[1], "value=") {
			value = a["value"]
		}
		v.Add(attrs(m[1])["name"], value)
	}
	return v
}

// getBody returns the status and body of GET path on the workbench at base.
func getBody(t *testing.T, base, path string) (int, string) {
	t.Helper()
	resp, err := noFollow.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// shareLink returns the link a run's page gives to its experiment.
func shareLink(t *testing.T, body string) string {
	t.Helper()
	m := regexp.MustCompile(`<a href="([^"]*)" id="share">`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("the run's page has no link to its experiment")
	}
	return html.UnescapeString(m[1])
}

// TestShareLinkFaithful: the link of a sweep over two rules (and a third
// fixed, and two strategies in an order not the game's) fills the form so
// that Run plays the same experiment: the same Spec, and sweep.csv byte
// for byte.
func TestShareLinkFaithful(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 100_000)
	first := finished(t, ts, url.Values{"game": {"nora"}, "s": {"rescuer", "cautious"}, "sw.insure": {"0, 2"}, "sw.revive": {"2,4"},
		"r.rounds": {"3"}, "games": {"60"}, "seed": {"5"}, "confidence": {"0.9"}})
	_, body := getBody(t, ts.URL, "/runs/"+first)
	link := shareLink(t, body)
	if !strings.HasPrefix(link, "/game/nora?") {
		t.Fatalf("link %q", link)
	}
	_, form := getBody(t, ts.URL, link)
	second := finished(t, ts, formValues(t, form, "experiment"))
	spec := func(id string) string {
		var rec struct {
			Spec json.RawMessage `json:"spec"`
		}
		b, _ := os.ReadFile(filepath.Join(dir, id+".json"))
		json.Unmarshal(b, &rec)
		return string(rec.Spec)
	}
	if a, b := spec(first), spec(second); a != b || !strings.Contains(a, `"insure=0,2"`) || !strings.Contains(a, `"revive=2,4"`) || !strings.Contains(a, `"rescuer"`) {
		t.Errorf("the link's Spec differs:\n%s\n%s", a, b)
	}
	a, err1 := os.ReadFile(filepath.Join(dir, first, "sweep.csv"))
	b, err2 := os.ReadFile(filepath.Join(dir, second, "sweep.csv"))
	if err1 != nil || err2 != nil || string(a) != string(b) || strings.Count(string(a), "\n") != 1+4*2 {
		t.Errorf("sweep.csv of the link's run differs from the first's (%v, %v)", err1, err2)
	}
	// A link's rules in another order than the game lists them come back
	// in the link's order: a sweep's points follow it.
	_, form = getBody(t, ts.URL, "/game/nora?strategies=cautious&rule=revive%3D2,4&rule=rounds%3D3&rule=insure%3D0,2&games=20")
	third := finished(t, ts, formValues(t, form, "experiment"))
	var got struct{ Rules []string }
	if err := json.Unmarshal([]byte(spec(third)), &got); err != nil || !slices.Equal(got.Rules, []string{"revive=2,4", "rounds=3", "insure=0,2"}) {
		t.Errorf("the link's rules, in its order, came back as %q (%v)", got.Rules, err)
	}
	// A Spec the form cannot hold is refused, never dropped in silence.
	_, body = getBody(t, ts.URL, "/game/nora?strategies=cautious:stop=0.1,cautious:stop=0.2&games=100")
	if msgs := errorText(body); len(msgs) != 1 || !strings.Contains(msgs[0], "cautious is entered twice") {
		t.Errorf("a link comparing one strategy twice: %q", msgs)
	}
	_, body = getBody(t, ts.URL, "/game/nora?strategies=cautious&rule=bogus%3D1&games=100")
	if msgs := errorText(body); len(msgs) == 0 || !strings.Contains(msgs[0], "rule bogus") {
		t.Errorf("a link with a rule the game has not: %q", msgs)
	}
}

// TestResultPage: a comparison's page lists the rules not at their
// defaults, its figures as HTML tables (numbers right-aligned, a column
// each: value, low, high) and keeps a series per arm for its chart.
func TestResultPage(t *testing.T) {
	t.Parallel()
	ts, _ := workbench(t, 100_000)
	id := finished(t, ts, url.Values{"game": {"nora"}, "s": {"stop-at", "cautious", "rescuer"}, "r.rounds": {"4"}, "r.jokers": {"2"}, "games": {"300"}})
	_, body := getBody(t, ts.URL, "/runs/"+id)
	changed := regexp.MustCompile(`(?s)<section id="rules-changed".*?</section>`).FindString(body)
	if !strings.Contains(changed, "<code>rounds=4</code>") || strings.Contains(changed, "jokers") || strings.Count(changed, "<li>") != 1 {
		t.Errorf("the rules not at their defaults: %s", changed)
	}
	if strings.Contains(body, "<pre") || strings.Count(body, `<table class="data">`) < 2 {
		t.Error("the figures are not HTML tables")
	}
	row := regexp.MustCompile(`<tr><td>cautious</td><td>mean score</td><td class="num">([-0-9.]+)</td><td class="num">([-0-9.]+)</td><td class="num">([-0-9.]+)</td></tr>`).FindStringSubmatch(body)
	if row == nil || !(row[2] <= row[1] && row[1] <= row[3]) {
		t.Errorf("no row of cautious's mean score with its interval, a number a right-aligned cell: %v", row)
	}
	if !strings.Contains(body, `cardsim compare nora --strategies stop-at,cautious,rescuer --rule rounds=4 --games 300 --seed 1`) {
		t.Error("the page does not give the command")
	}
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
		if len(s.Points) == 0 || s.Points[len(s.Points)-1][0] != 300 {
			t.Errorf("series %s ends at %v, want 300 deals", s.Name, s.Points)
		}
	}
	if !slices.Equal(names, []string{"stop-at", "cautious", "rescuer"}) {
		t.Errorf("the chart's series %q, want one per arm", names)
	}
	if !strings.Contains(body, `id="series-data"`) {
		t.Error("the finished run's page does not draw its chart")
	}
}

// TestReportPage: the report's page has a heading, the command that runs
// it, a link that fills the report's form (and runs nothing), and its
// answers and the report itself inline.
func TestReportPage(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 1_000_000)
	code, _, resp := send(t, request(t, ts, http.MethodPost, "/report", "", url.Values{"scale": {"0.01"}, "game": {"chriscross"}}))
	if code != http.StatusSeeOther {
		t.Fatalf("status %d", code)
	}
	loc := resp.Header.Get("Location")
	if state := wait(t, ts, loc); state != "done" {
		t.Fatalf("the report ended %s", state)
	}
	_, body := getBody(t, ts.URL, loc)
	for _, want := range []string{
		`<h1 id="heading">The designers&#39; report: chriscross, at scale 0.01</h1>`,
		`value="cardsim report --game chriscross --scale 0.01 --seed 1"`,
		`<iframe id="report" src="/runs/` + filepath.Base(loc) + `/files/report.html?view=1" sandbox`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the report's page lacks %s", want)
		}
	}
	answers, _ := os.ReadFile(filepath.Join(dir, filepath.Base(loc), "answers.csv"))
	lines := strings.Split(strings.TrimSpace(string(answers)), "\n")
	if len(lines) < 2 || strings.Count(body, "<tr><td>chriscross</td>") != len(lines)-1 {
		t.Errorf("the page shows %d answers, answers.csv holds %d", strings.Count(body, "<tr><td>chriscross</td>"), len(lines)-1)
	}
	link := shareLink(t, body)
	code, form := getBody(t, ts.URL, link)
	if code != http.StatusOK || !strings.Contains(form, `<option value="chriscross" selected>`) || !strings.Contains(form, `name="scale" type="number" min="0.001" max="1" step="any" value="0.01"`) {
		t.Errorf("the report's link %s: %d, the form not filled in", link, code)
	}
	if n := len(recorded(t, dir)); n != 1 {
		t.Errorf("%d runs after opening the report's link, want 1", n)
	}
	code, report := getBody(t, ts.URL, "/runs/"+filepath.Base(loc)+"/files/report.html?view=1")
	if code != http.StatusOK || !strings.Contains(report, "<html") {
		t.Errorf("report.html: %d", code)
	}
}

// TestRunsList: the runs list shows each run's seed, deals, rules changed,
// headline figure and size, filters by game, and deletes a run with its
// files.
func TestRunsList(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 100_000)
	nora := finished(t, ts, url.Values{"game": {"nora"}, "s": {"cautious"}, "r.rounds": {"5"}, "games": {"120"}, "seed": {"7"}})
	flip := finished(t, ts, url.Values{"game": {"flip"}, "s": {"greedy"}, "games": {"60"}, "seed": {"8"}})
	_, body := getBody(t, ts.URL, "/")
	row := regexp.MustCompile(`(?s)<tr data-game="nora" data-id="` + nora + `">.*?</tr>`).FindString(body)
	var size int64 // every file the run keeps
	filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() && strings.Contains(path, nora) {
			size += fi.Size()
		}
		return nil
	})
	for _, want := range []string{`<td class="num">7</td>`, `<td class="num">120</td>`, `<code>rounds=5</code>`, "cautious: mean score ",
		sizeCell(size), `class="state done"`} {
		if !strings.Contains(row, want) {
			t.Errorf("the runs list's row lacks %s:\n%s", want, row)
		}
	}
	_, only := getBody(t, ts.URL, "/?game=flip")
	if !strings.Contains(only, flip) || strings.Contains(only, nora) {
		t.Error("the list filtered by flip does not show flip's run alone")
	}
	_, none := getBody(t, ts.URL, "/?game=spite")
	if strings.Contains(none, flip) || strings.Contains(none, nora) || !strings.Contains(none, "No run of spite yet") {
		t.Error("the list filtered by spite shows runs")
	}
	if code, _, _ := send(t, request(t, ts, http.MethodPost, "/runs/"+nora+"/delete", "", url.Values{})); code != http.StatusSeeOther {
		t.Fatalf("delete: %d", code)
	}
	for _, name := range []string{nora, nora + ".json", nora + ".records.csv"} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s is still there after the run was deleted", name)
		}
	}
	if _, body := getBody(t, ts.URL, "/"); strings.Contains(body, nora) || !strings.Contains(body, flip) {
		t.Error("the deleted run is still listed, or the other is not")
	}
	req := request(t, ts, http.MethodPost, "/runs/"+flip+"/delete", "", nil)
	req.Header.Set("Origin", "http://evil.example")
	if code, _, _ := send(t, req); code != http.StatusForbidden {
		t.Errorf("a delete from another Origin: %d", code)
	}
}

// TestSideBySide: runs picked together are set side by side, the page
// saying they are paired when they share game, seed and deals, and not
// otherwise, and why.
func TestSideBySide(t *testing.T) {
	t.Parallel()
	ts, _ := workbench(t, 100_000)
	a := finished(t, ts, url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"40"}, "seed": {"3"}})
	b := finished(t, ts, url.Values{"game": {"nora"}, "s": {"rescuer"}, "r.rounds": {"5"}, "games": {"40"}, "seed": {"3"}})
	c := finished(t, ts, url.Values{"game": {"nora"}, "s": {"rescuer"}, "games": {"60"}, "seed": {"3"}})
	d := finished(t, ts, url.Values{"game": {"nora"}, "s": {"rescuer"}, "games": {"40"}, "seed": {"4"}})
	for _, tt := range []struct {
		runs []string
		want string
	}{
		{[]string{a, b}, `<p id="paired" class="paired">Paired: every run has seed 3 and 40 deals`},
		{[]string{a, c}, `<p id="paired" class="unpaired">Not paired: the deals differ (40, 60), so`},
		{[]string{a, d}, `<p id="paired" class="unpaired">Not paired: the seeds differ (3, 4), so`},
		{[]string{b, c, d}, `<p id="paired" class="unpaired">Not paired: the seeds differ (3, 4) and the deals differ (40, 60), so`},
	} {
		code, body := getBody(t, ts.URL, "/compare?run="+strings.Join(tt.runs, "&run="))
		if code != http.StatusOK || !strings.Contains(body, tt.want) {
			t.Errorf("%d runs side by side: %d, want %q", len(tt.runs), code, tt.want)
		}
		if n := strings.Count(body, `<g class="arm run`); n != len(tt.runs) {
			t.Errorf("%d arms overlaid, want %d", n, len(tt.runs))
		}
		if !strings.Contains(body, "<code>rounds=5</code>") && slices.Contains(tt.runs, b) {
			t.Error("the rules changed are not set side by side")
		}
	}
	if code, _ := getBody(t, ts.URL, "/compare?run="+a); code != http.StatusBadRequest {
		t.Errorf("one run side by side: %d, want 400", code)
	}
}

// TestFormDefaults: a game's form opens with its default strategy ticked
// (the one the commands play by default: the game's first), offers only
// the strategies that can play the game (not Nora's upper-bound), gives
// the seed's range, and marks the fields a link changed, with a way back
// to the defaults.
func TestFormDefaults(t *testing.T) {
	t.Parallel()
	ts, _ := workbench(t, 100_000)
	r := runner()
	for _, def := range r.Games.All() {
		g, _ := def.New(nil)
		want, _ := r.Strategies.Named(g, "")
		_, body := getBody(t, ts.URL, "/game/"+def.Name)
		ticked := regexp.MustCompile(`name="s" value="([^"]+)" checked`).FindAllStringSubmatch(body, -1)
		if len(ticked) != 1 || ticked[0][1] != want.Name {
			t.Errorf("%s: ticked %v, want the default %s alone", def.Name, ticked, want.Name)
		}
		offered := regexp.MustCompile(`name="s" value="([^"]+)"`).FindAllStringSubmatch(body, -1)
		playable := map[string]bool{}
		for _, d := range r.Strategies.For(g) {
			playable[d.Name] = true
		}
		if len(offered) != len(playable) {
			t.Errorf("%s: %d strategies offered, %d can play it", def.Name, len(offered), len(playable))
		}
		for _, o := range offered {
			if !playable[o[1]] {
				t.Errorf("%s: %s offered, which cannot play it", def.Name, o[1])
			}
		}
		if !strings.Contains(body, "a whole number from 0 to 18446744073709551615") {
			t.Errorf("%s: the seed's range is not given", def.Name)
		}
	}
	_, body := getBody(t, ts.URL, "/game/nora")
	if strings.Contains(body, `value="upper-bound"`) || !strings.Contains(body, `value="optimal"`) {
		t.Error("nora's form offers upper-bound, or not optimal")
	}
	if strings.Contains(body, `class="field rule changed"`) || !strings.Contains(body, `<span class="mark changed-note" hidden>`) {
		t.Error("the form at its defaults marks a field changed")
	}
	_, body = getBody(t, ts.URL, "/game/nora?rule=insure%3D3&strategies=rescuer&seed=9")
	for _, want := range []string{`<div class="field rule changed" id="rule-insure">`, `<div class="field rule" id="rule-revive">`,
		`<div class="field strategy changed" id="strategy-rescuer">`, `<div class="field strategy changed" id="strategy-stop-at">`,
		`<div class="field changed"><label>seed`, `<a href="/game/nora" id="reset">Reset to defaults</a>`} {
		if !strings.Contains(body, want) {
			t.Errorf("a changed form lacks %s", want)
		}
	}
}

// sizeCell returns the runs list's cell of a run of n bytes, in kB under a
// megabyte (as the workbench shows them), in MB above.
func sizeCell(n int64) string {
	if n < 1e6 {
		return fmt.Sprintf(`<td class="num">%.1f kB</td>`, float64(n)/1e3)
	}
	return fmt.Sprintf(`<td class="num">%.1f MB</td>`, float64(n)/1e6)
}
