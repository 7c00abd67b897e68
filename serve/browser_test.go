package serve_test

import (
	"github.com/cardsim/cardsim/internal/chromium"

	"bytes"
	"context"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/cardsim/cardsim/serve"
)

// ScreenshotEnv names a file to keep the browser test's screenshot of a
// result in, for the README.
const ScreenshotEnv = "CARDSIM_SERVE_SCREENSHOT"

// TestInBrowser drives the workbench in headless Chromium as a designer
// would: it opens a game's form, ticks two strategies, sets the deals,
// presses Run and waits for the result; every chart is drawn and the
// screenshot is not blank. Then it opens the result's link in a fresh
// browser, as a co-designer sent it would, and gets the same figures.
func TestInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	browser := chromium.Path()
	if browser == "" {
		t.Skip(chromium.Missing)
	}
	dir := t.TempDir()
	s, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: dir, MaxConcurrent: 1, MaxDeals: 1_000_000, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()

	open := func() (context.Context, context.CancelFunc) {
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox,
			chromedp.WindowSize(1280, 1800), chromedp.UserDataDir(t.TempDir()))
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelC := chromedp.NewContext(actx)
		ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
		return ctx, func() { cancelT(); cancelC(); cancelA() }
	}
	// result waits for a run's page to show its result and returns its
	// figures.csv, the link to share and a screenshot.
	result := func(ctx context.Context) (figures string, share string, shot []byte) {
		t.Helper()
		var charts, drawn int
		var href string
		wctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if err := chromedp.Run(wctx, chromedp.WaitVisible("#result", chromedp.ByQuery)); err != nil {
			var loc, text string
			chromedp.Run(ctx, chromedp.Location(&loc), chromedp.Evaluate(`Array.from(document.querySelectorAll(".error")).map(e => e.textContent).join(" | ")`, &text))
			t.Fatalf("no result at %s: %v\n%.600s", loc, err, text)
		}
		err := chromedp.Run(ctx,
			chromedp.Poll(`Array.from(document.querySelectorAll("img.chart")).every(i => i.complete && i.naturalWidth > 0)`, nil, chromedp.WithPollingTimeout(30*time.Second)),
			chromedp.Evaluate(`document.querySelectorAll("img.chart").length`, &charts),
			chromedp.Evaluate(`Array.from(document.querySelectorAll("img.chart")).filter(i => i.naturalWidth > 0).length`, &drawn),
			chromedp.AttributeValue("#share", "href", &href, nil, chromedp.ByQuery),
			chromedp.FullScreenshot(&shot, 100),
		)
		if err != nil {
			t.Fatal(err)
		}
		if charts == 0 || drawn != charts {
			t.Errorf("%d of %d charts drawn, want all of them (and some)", drawn, charts)
		}
		var loc string
		if err := chromedp.Run(ctx, chromedp.Location(&loc)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(loc), "figures.csv"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b), href, shot
	}

	ctx, done := open()
	defer done()
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(`a[href="/game/nora"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#experiment`, chromedp.ByQuery),
		chromedp.Click(`input[name="s"][value="cautious"]`, chromedp.ByQuery),
		chromedp.Click(`input[name="s"][value="rescuer"]`, chromedp.ByQuery),
		chromedp.SetValue(`input[name="games"]`, "3000", chromedp.ByQuery),
		chromedp.SetValue(`input[name="r.rounds"]`, "6", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	figures, share, shot := result(ctx)
	notBlank(t, shot)
	if path := os.Getenv(ScreenshotEnv); path != "" {
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(figures, "rescuer") || !strings.Contains(share, "autorun=1") {
		t.Fatalf("figures %.80q…, link %q", figures, share)
	}

	// The link, opened in another browser, runs the same experiment.
	ctx2, done2 := open()
	defer done2()
	if err := chromedp.Run(ctx2, chromedp.Navigate(ts.URL+share)); err != nil {
		t.Fatal(err)
	}
	again, _, _ := result(ctx2)
	if again != figures {
		t.Error("the shared link's run gives other figures than the first")
	}
}

// notBlank fails unless the PNG shot has at least a few hundred colours
// drawn on some thousands of pixels: text, tables and charts, not a blank
// or single-colour page.
func notBlank(t *testing.T, shot []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		// FullScreenshot at quality < 100 gives a JPEG.
		img, _, err = image.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatalf("the screenshot is not an image: %v", err)
		}
	}
	b := img.Bounds()
	colours := map[[3]uint32]bool{}
	ink := 0
	bg := img.At(b.Min.X, b.Min.Y)
	br, bgc, bb, _ := bg.RGBA()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			if r != br || g != bgc || bl != bb {
				ink++
			}
		}
	}
	if len(colours) < 50 || ink < 5000 {
		t.Errorf("the screenshot looks blank: %d colours, %d pixels off the background", len(colours), ink)
	}
}
