package cli

import (
	"github.com/cardsim/cardsim/internal/chromium"

	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim/schematest"
)

// TestReport: the report of Nora's studies answers each with its charts
// and writes report.md with the charts it shows and a report.csv that a
// strict reader reads (see TestCSVStrict for the other games').
func TestReport(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	dir, out := noraReportDir(t)
	if !strings.Contains(out, "report.html (6 studies)") {
		t.Errorf("report says %q", out)
	}
	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"How close can a player get", "What is insurance worth", "Is REVIVE priced right", "Is SWITCH priced right", "Would another SWITCH price make INSURE a real decision", "What is each earning rule worth", "ip-reaction=0", "data:image/svg", "scores", "On the same 125 deals", " beats "} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, m := range regexp.MustCompile(`\]\(([^)]+\.(?:png|svg))\)`).FindAllSubmatch(md, -1) {
		if _, err := os.Stat(filepath.Join(dir, string(m[1]))); err != nil {
			t.Errorf("report.md shows a missing chart: %v", err)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "report.csv"))
	if !bytes.HasPrefix(csv, []byte("study,point,game,rules,seed,deals,strategy,params,versus,seat,feature,feature_value,metric,statistic,value,ci_low,ci_high,n,schema_version\n")) || bytes.Count(csv, []byte("\n")) < 20 {
		t.Errorf("report.csv: %.200s", csv)
	}
	problems, rounded := checkStrictCSV(csv)
	for _, p := range problems {
		t.Errorf("report.csv: %s", p)
	}
	if len(rounded) > 0 {
		t.Errorf("report.csv: numbers written rounded in %s", strings.Join(rounded, ", "))
	}
}

// TestReportInBrowser opens the report and the pages of an analysis and of
// a solver in headless Chromium, as a person would: each page renders (the
// screenshot is not blank), every chart is drawn, and the charts look the
// same whatever font the system has (see sameInAnyFont).
func TestReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	browser := chromium.Path()
	if browser == "" {
		t.Skip(chromium.Missing)
	}
	fonts := substituteFonts(t)
	t.Run("report nora", func(t *testing.T) {
		dir, _ := noraReportDir(t)
		openInBrowser(t, browser, filepath.Join(dir, "report.html"))
		sameInAnyFont(t, browser, filepath.Join(dir, "report.html"), fonts)
	})
	for _, args := range [][]string{
		{"analyze", "roundup", "--opt", "games=100", "--opt", "players=2,4", "--opt", "mixes=greedy"},
		{"solve", "nora", "--rule", "ranks=3", "--rule", "rounds=2", "--opt", "samples=500"},
	} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			dir := t.TempDir()
			mustRun(t, append(args, "--out", dir, "-q")...)
			openInBrowser(t, browser, filepath.Join(dir, "report.html"))
			sameInAnyFont(t, browser, filepath.Join(dir, "report.html"), fonts)
		})
	}
}

// openInBrowser opens the page at path in headless Chromium: every chart
// is drawn (the page counts them into data-charts) and a screenshot is
// not blank.
func openInBrowser(t *testing.T, browser, path string) {
	t.Helper()
	page := "file://" + path
	dir := filepath.Dir(path)
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=5000"}
	dom, err := exec.Command(browser, append(flags, "--dump-dom", page)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	m := regexp.MustCompile(`data-charts="(\d+)/(\d+)"`).FindSubmatch(dom)
	if m == nil || string(m[1]) != string(m[2]) || string(m[2]) == "0" {
		t.Fatalf("charts decoded in the browser: %q, want all of them (and some)", m)
	}
	shot := filepath.Join(dir, "shot.png")
	if out, err := exec.Command(browser, append(flags, "--window-size=1200,2400", "--screenshot="+shot, page)...).CombinedOutput(); err != nil {
		t.Fatalf("chromium --screenshot: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r+g+bl < 3*0xC000 {
				dark++
			}
		}
	}
	if total := (b.Dx() / 4) * (b.Dy() / 4); dark < total/200 {
		t.Errorf("the screenshot is nearly blank: %d of %d sampled pixels not white", dark, total)
	}
}

// TestReportAnswers: the report opens with its summary (in headless
// Chromium where it is installed) and writes
// answers.json, valid under its schema, with answers for every game it
// studied, each with a verdict, a sentence and the condition it holds
// under, and one question a row of the summary, each with one verdict and
// the command that reproduces it; the studies' texts give the deals they
// played, whatever --scale.
func TestReportAnswers(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, "report", "--game", "spite,roundup,chriscross,flip", "--scale", "0.01", "--out", dir, "-q")
	b, err := os.ReadFile(filepath.Join(dir, "answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(schematest.Compile(t, reports.AnswersSchema), b); err != nil {
		t.Fatalf("answers.json does not fit its schema: %v", err)
	}
	var f reports.AnswersFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	games := map[string]int{}
	for _, a := range f.Answers {
		games[a.Game]++
		if a.Verdict == "" || a.Sentence == "" || a.Condition == "" {
			t.Errorf("incomplete answer %+v", a)
		}
	}
	for _, g := range []string{"spite", "roundup", "chriscross", "flip"} {
		if games[g] < 4 {
			t.Errorf("%d answers for %s", games[g], g)
		}
	}
	seen := map[string]bool{}
	for _, q := range f.Questions {
		if seen[q.Game+q.Question] {
			t.Errorf("%s asks %q twice in the summary", q.Game, q.Question)
		}
		seen[q.Game+q.Question] = true
		if !strings.HasPrefix(q.Command, "cardsim ") || !strings.Contains(q.Command, " "+q.Game) {
			t.Errorf("%s %q: command %q", q.Game, q.Question, q.Command)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(page, []byte(`<tr class="question"`)); n != len(f.Questions) {
		t.Errorf("the summary has %d rows, answers.json %d questions", n, len(f.Questions))
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if a, s := bytes.Index(md, []byte("## Summary")), bytes.Index(md, []byte("\n### Spite and Malice — ")); a < 0 || s < a {
		t.Errorf("report.md does not open with its summary (at %d, first study at %d)", a, s)
	}
	// --scale 0.01 plays 400 × 0.01 = 4 deals a point of Flip's optional play and 3 of
	// Chris-Cross's readings, and the texts say so.
	for _, want := range []string{"4 deals a point bound the odds", "3 deals a point show how far"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	// In headless Chromium, where there is one: the summary table is the
	// first thing after the title, a row per question of answers.json.
	if browser := chromium.Path(); browser != "" {
		summaryInBrowser(t, browser, filepath.Join(dir, "report.html"), len(f.Questions))
	} else {
		t.Log(chromium.Missing + ": the summary not checked in a browser")
	}
}

// summaryInBrowser checks, in headless Chromium, that the page at path
// opens (after its title) with the summary table, of questions rows.
func summaryInBrowser(t *testing.T, browser, path string, questions int) {
	t.Helper()
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=5000", "--dump-dom", "file://" + path}
	dom, err := exec.Command(browser, flags...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	first := regexp.MustCompile(`data-first="([^"]*)"`).FindSubmatch(dom)
	rows := regexp.MustCompile(`data-questions="(\d+)"`).FindSubmatch(dom)
	if first == nil || string(first[1]) != "summary" {
		t.Errorf("the element after the title is %q, want the summary table", first)
	}
	if rows == nil || string(rows[1]) != strconv.Itoa(questions) || questions == 0 {
		t.Errorf("the summary holds %q rows in the browser, answers.json %d questions", rows, questions)
	}
}

// substituteFonts returns two font files of the system that the charts do
// not ask for (they are set in Liberation), skipping the test where there
// are not two.
func substituteFonts(t *testing.T) []string {
	t.Helper()
	var fonts []string
	for _, pattern := range []string{"/usr/share/fonts/truetype/*/*.ttf", "/usr/share/fonts/*/*/*.ttf", "/usr/share/fonts/*/*.ttf"} {
		found, _ := filepath.Glob(pattern)
		for _, f := range found {
			if !strings.Contains(filepath.Base(f), "Liberation") && !slices.Contains(fonts, f) {
				fonts = append(fonts, f)
			}
		}
	}
	// Two faces unlike each other where the system has them: a wide
	// monospaced one, and a serif of other proportions than Liberation's.
	slices.SortStableFunc(fonts, func(a, b string) int {
		rank := func(f string) int {
			switch filepath.Base(f) {
			case "DejaVuSansMono.ttf":
				return 0
			case "DejaVuSerif.ttf":
				return 1
			}
			return 2
		}
		return rank(a) - rank(b)
	})
	if len(fonts) < 2 {
		t.Skipf("fewer than two fonts other than Liberation under /usr/share/fonts: %v", fonts)
	}
	return fonts[:2]
}

// sameInAnyFont shows the charts of the page at path on a page of their
// own in headless Chromium, once for each of fonts as the only font of the
// system, and checks that every pixel is the same both times: the charts'
// text is drawn as outlines. (Text set in a font other than the one a
// chart was laid out in runs past the space left for it: "95% interva".)
func sameInAnyFont(t *testing.T, browser, path string, fonts []string) {
	t.Helper()
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var charts []string // each chart, 504 × 288 points: 672 × 384 pixels
	for _, m := range regexp.MustCompile(`<img class="chart"[^>]*? src="([^"]*)"`).FindAllSubmatch(page, -1) {
		charts = append(charts, `<img src="`+string(m[1])+`" width="672" height="384">`)
	}
	for _, m := range regexp.MustCompile(`(?s)<figure>(.*?)</figure>`).FindAllSubmatch(page, -1) {
		charts = append(charts, string(m[1]))
	}
	if len(charts) == 0 {
		t.Fatalf("%s shows no charts", path)
	}
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0;background:#fff;width:2016px}` +
		`div{float:left;width:672px;height:384px;overflow:hidden}</style></head><body>`)
	for _, c := range charts {
		b.WriteString("<div>" + c + "</div>")
	}
	b.WriteString("</body></html>")
	dir := t.TempDir()
	html := filepath.Join(dir, "charts.html")
	if err := os.WriteFile(html, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	height := 384 * ((len(charts) + 2) / 3)
	var shots []image.Image
	for i, font := range fonts {
		fontDir := filepath.Join(dir, fmt.Sprintf("fonts%d", i))
		if err := os.MkdirAll(fontDir, 0o755); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(font)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(fontDir, filepath.Base(font)), data, 0o644)
		conf := filepath.Join(dir, fmt.Sprintf("fonts%d.conf", i))
		os.WriteFile(conf, []byte(`<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>`+fontDir+
			`</dir><cachedir>`+filepath.Join(dir, fmt.Sprintf("cache%d", i))+`</cachedir></fontconfig>`), 0o644)
		shot := filepath.Join(dir, fmt.Sprintf("shot%d.png", i))
		cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
			"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+t.TempDir(),
			fmt.Sprintf("--window-size=2016,%d", height), "--screenshot="+shot, "file://"+html)
		cmd.Env = append(os.Environ(), "FONTCONFIG_FILE="+conf)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("chromium --screenshot with %s alone: %v\n%s", filepath.Base(font), err, out)
		}
		f, err := os.Open(shot)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		shots = append(shots, img)
	}
	a, z := shots[0], shots[1]
	if a.Bounds() != z.Bounds() {
		t.Fatalf("screenshots of %v and %v", a.Bounds(), z.Bounds())
	}
	differ := map[int]bool{} // charts, by their place on the page
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := z.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				differ[(y/384)*3+x/672] = true
			}
		}
	}
	if len(differ) > 0 {
		t.Errorf("%d of the %d charts of %s look different in %s and in %s: their text is set in the system's font", len(differ), len(charts),
			filepath.Base(path), filepath.Base(fonts[0]), filepath.Base(fonts[1]))
	}
}

// TestReportVerdictsHoldAtTenTimesTheDeals re-runs a sample of the report's
// cheap verdicts (Chris-Cross's and Spite's) at ten times the deals on a
// fresh seed: no verdict decided at the small scale (matters, or does not
// matter) comes out the other way or undecided.
func TestReportVerdictsHoldAtTenTimesTheDeals(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	questions := func(seed, scale string) map[string]reports.QuestionJSON {
		dir := t.TempDir()
		mustRun(t, "report", "--game", "chriscross,spite", "--scale", scale, "--seed", seed, "--out", dir, "-q")
		f := readAnswersFile(t, dir)
		out := map[string]reports.QuestionJSON{}
		for _, q := range f.Questions {
			out[q.Game+": "+q.Question] = q
		}
		return out
	}
	small, large := questions("11", "0.1"), questions("12", "1")
	decided := 0
	for k, s := range small {
		l, ok := large[k]
		if !ok || s.Kind == reports.Measured || s.Kind == reports.Open {
			continue
		}
		decided++
		sign := func(q reports.QuestionJSON) bool { return q.Details[0].Value > 0 }
		// A verdict flips if it comes out undecided, the other kind, or the
		// other way. A study may word its larger run as a measure (Spite's
		// rebuild readings: "the draw rate runs from 0.00% to 1.43%"),
		// which states no verdict to flip.
		if l.Kind == reports.Measured {
			continue
		}
		if l.Kind != s.Kind || (s.Kind == reports.Matters && sign(l) != sign(s)) {
			t.Errorf("%s: %s (%s) at a tenth of the deals, %s (%s) at ten times", k, s.Kind, s.Verdict, l.Kind, l.Verdict)
		}
	}
	if decided == 0 {
		t.Fatal("no verdict decided at the small scale: the sample tests nothing")
	}
}

// TestReportFamilyWithinBound: the report judges every verdict resting on
// a difference as one of catalog.Family, the most its studies can give;
// a full report (Nora's, and the other games' at a twentieth of their
// deals) gives no more, and every such verdict says how play stopped on it.
func TestReportFamilyWithinBound(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	nora, _ := noraReportDir(t)
	others := t.TempDir()
	mustRun(t, "report", "--game", "spite,flip,chriscross,roundup", "--scale", "0.05", "--out", others, "-q")
	members := 0
	for _, dir := range []string{nora, others} {
		for _, q := range readAnswersFile(t, dir).Questions {
			if q.Family == 0 {
				continue
			}
			members++
			if q.Family != catalog.Family || (q.Kind != reports.Measured && (q.Outcome == "" || q.Stopped == "")) {
				t.Errorf("%s: %s: family %d, outcome %q, %q; want one of %d, saying how play stopped", q.Game, q.Question, q.Family, q.Outcome, q.Stopped, catalog.Family)
			}
		}
	}
	if members == 0 || members > catalog.Family {
		t.Errorf("%d verdicts rest on a difference; catalog.Family bounds them at %d", members, catalog.Family)
	}
}

// readAnswersFile reads the answers.json a report wrote into dir.
func readAnswersFile(t *testing.T, dir string) reports.AnswersFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f reports.AnswersFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}
