package cli

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReport: the report of Nora's studies answers each with its charts
// and writes report.md with the charts it shows and a report.csv that a
// strict reader reads (see TestCSVStrict for the other games').
func TestReport(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	dir, out := noraReportDir(t)
	if !strings.Contains(out, "report.html (4 studies)") {
		t.Errorf("report says %q", out)
	}
	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"How close can a player get", "What is insurance worth", "Is REVIVE priced right", "Is SWITCH priced right", "data:image/svg", "scores", "On the same 200 deals", " beats "} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, m := range regexp.MustCompile(`\]\(([^)]+\.png)\)`).FindAllSubmatch(md, -1) {
		if _, err := os.Stat(filepath.Join(dir, string(m[1]))); err != nil {
			t.Errorf("report.md shows a missing chart: %v", err)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "report.csv"))
	if !bytes.HasPrefix(csv, []byte("study,point,game,rules,seed,deals,strategy,params,versus,seat,feature,feature_value,metric,statistic,value,ci_low,ci_high,n\n")) || bytes.Count(csv, []byte("\n")) < 20 {
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
// screenshot is not blank) and every chart is drawn.
func TestReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	browser := ""
	for _, b := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(b); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("Chromium is not installed (apt-get install chromium); .ci/run installs it")
	}
	t.Run("report nora", func(t *testing.T) {
		dir, _ := noraReportDir(t)
		openInBrowser(t, browser, filepath.Join(dir, "report.html"))
	})
	for _, args := range [][]string{
		{"analyze", "roundup", "--opt", "games=100", "--opt", "players=2,4", "--opt", "mixes=greedy"},
		{"solve", "nora", "--rule", "ranks=3", "--rule", "rounds=2", "--opt", "samples=500"},
	} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			dir := t.TempDir()
			mustRun(t, append(args, "--out", dir, "-q")...)
			openInBrowser(t, browser, filepath.Join(dir, "report.html"))
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
