//go:build browser

package serve_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/cardsim/cardsim/internal/chromium"
	"github.com/cardsim/cardsim/serve"
)

// ScreenshotEnv names a directory to keep the browser test's screenshots
// in, for the README: serve.png and serve-390.png (a result at 1280 and
// 390 pixels wide), serve-form-390.png (a form on a phone),
// serve-side.png (two runs side by side) and serve-variants.png (a
// comparison of rule variants).
const ScreenshotEnv = "CARDSIM_SERVE_SCREENSHOTS"

// browser starts headless Chromium, width pixels wide, in which the name
// evil.example is 127.0.0.1, as a DNS rebinding would make it.
func browser(t *testing.T, width int) (context.Context, context.CancelFunc) {
	t.Helper()
	path := chromium.Path()
	if path == "" {
		t.Skip(chromium.Missing)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.WindowSize(width, 1000), chromedp.UserDataDir(profileDir(t)),
		chromedp.Flag("host-resolver-rules", "MAP evil.example 127.0.0.1"))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 4*time.Minute)
	// A window is at least 500 pixels wide: the page's viewport is set
	// to the width asked for.
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(width), 1000)); err != nil {
		t.Fatal(err)
	}
	return ctx, func() { cancelT(); cancelC(); cancelA() }
}

// shoot keeps a screenshot as name in the screenshots' directory, if one
// is named, after checking it is not blank: of the whole page, or of the
// screen alone.
func shoot(t *testing.T, ctx context.Context, name string, whole bool) {
	t.Helper()
	var shot []byte
	take := chromedp.CaptureScreenshot(&shot)
	if whole {
		take = chromedp.FullScreenshot(&shot, 100)
	}
	if err := chromedp.Run(ctx, take); err != nil {
		t.Fatal(err)
	}
	notBlank(t, shot)
	if dir := os.Getenv(ScreenshotEnv); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestInBrowser drives the workbench in headless Chromium as a designer
// would. At 1280 pixels: the form opens with the game's default strategy
// ticked; three strategies compared draw a live chart with one series per
// arm; the result shows HTML tables and every chart. Back leaves the
// result and runs nothing. The result's link, opened in a fresh browser,
// fills the form and runs nothing until Run is pressed, then gives the
// same figures; the two runs set side by side are paired. At 390 pixels,
// nothing is wider than the screen, and every column of every table, the
// intervals included, is reached by scrolling inside its table.
func TestInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	dir := t.TempDir()
	s, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: dir, MaxConcurrent: 1, MaxDeals: 10_000_000, KeepRecords: 5, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()

	ctx, done := browser(t, 1280)
	defer done()
	var ticked []string
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(`a[href="/game/nora"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#experiment`, chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll('input[name="s"]:checked')).map(e => e.value)`, &ticked),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(ticked) != 1 || ticked[0] != "stop-at" {
		t.Errorf("the form opens with %v ticked, want nora's default stop-at", ticked)
	}
	err = chromedp.Run(ctx,
		chromedp.Click(`input[name="s"][value="cautious"]`, chromedp.ByQuery),
		chromedp.Click(`input[name="s"][value="rescuer"]`, chromedp.ByQuery),
		chromedp.SetValue(`input[name="games"]`, "60000", chromedp.ByQuery),
		chromedp.SetValue(`input[name="r.rounds"]`, "6", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
		chromedp.WaitVisible(`#progress`, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The live chart, while the run plays or once it is done: a series
	// per arm.
	var series []string
	err = chromedp.Run(ctx,
		chromedp.Poll(`document.querySelectorAll("#live g.series").length >= 3`, nil, chromedp.WithPollingTimeout(2*time.Minute)),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#live g.series")).map(g => g.dataset.name)`, &series),
	)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(series, ",") != "stop-at,cautious,rescuer" {
		t.Errorf("the live chart's series: %v, want one per arm", series)
	}
	if os.Getenv(ScreenshotEnv) != "" {
		// The chart a third of the way, if the run is still under way.
		var live []byte
		chromedp.Run(ctx, chromedp.Poll(`parseInt(document.getElementById("count").textContent.replace(/,/g, "")) >= 20000`, nil, chromedp.WithPollingTimeout(time.Minute)))
		if chromedp.Run(ctx, chromedp.Screenshot("#progress", &live, chromedp.ByQuery)) == nil {
			os.WriteFile(filepath.Join(os.Getenv(ScreenshotEnv), "serve-live.png"), live, 0o644)
		}
	}
	first, share := result(t, ctx, dir)
	shoot(t, ctx, "serve.png", true)

	// Back goes to the form (restored from the back-forward cache, or
	// loaded again), and runs nothing again.
	var loc string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`setTimeout(() => history.back(), 0), 0`, nil), chromedp.Sleep(2*time.Second), chromedp.Location(&loc)); err != nil {
		t.Fatal(err)
	}
	if n := len(recorded(t, dir)); n != 1 || !strings.HasSuffix(loc, "/game/nora") {
		t.Errorf("after Back, at %s, there are %d runs; want the form and 1 run", loc, n)
	}

	// The link in a fresh browser: the form, filled in, waiting for Run.
	ctx2, done2 := browser(t, 1280)
	defer done2()
	var rounds string
	if err := chromedp.Run(ctx2, chromedp.Navigate(ts.URL+share), chromedp.WaitVisible(`#experiment`, chromedp.ByQuery), chromedp.Sleep(1500*time.Millisecond),
		chromedp.Value(`input[name="r.rounds"]`, &rounds, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if n := len(recorded(t, dir)); n != 1 || rounds != "6" {
		t.Fatalf("the link: %d runs, rounds %q; want the form filled in (6) and no run", n, rounds)
	}
	if err := chromedp.Run(ctx2, chromedp.Click(`#run`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	again, _ := result(t, ctx2, dir)
	if again != first {
		t.Error("the shared link's run gives other figures than the first")
	}

	// Both runs side by side: paired.
	var verdict string
	err = chromedp.Run(ctx2, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`#run-list`, chromedp.ByQuery),
		chromedp.Click(`#run-list tbody tr:nth-child(1) input[name="run"]`, chromedp.ByQuery),
		chromedp.Click(`#run-list tbody tr:nth-child(2) input[name="run"]`, chromedp.ByQuery),
		chromedp.Click(`#side-by-side`, chromedp.ByQuery),
		chromedp.WaitVisible(`#paired`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll("#live g.series").length === 6`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Text(`#paired`, &verdict, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(verdict, "Paired: every run has seed 1 and 60,000 deals") {
		t.Errorf("the two runs side by side: %q", verdict)
	}
	shoot(t, ctx2, "serve-side.png", true)

	// At a phone's width.
	phone, done3 := browser(t, 390)
	defer done3()
	var ids []string
	if err := chromedp.Run(phone, chromedp.Navigate(ts.URL+"/"), chromedp.Evaluate(`Array.from(document.querySelectorAll("#run-list tbody tr")).map(r => r.dataset.id)`, &ids)); err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 {
		t.Fatalf("runs listed: %v", ids)
	}
	id := ids[0]
	for _, path := range []string{"/runs/" + id, "/", "/game/nora?rule=insure%3D3", "/compare?run=" + ids[0] + "&run=" + ids[1], "/report"} {
		if err := chromedp.Run(phone, chromedp.Navigate(ts.URL+path), chromedp.WaitReady("main", chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		reachable(t, phone, path)
	}
	// The first table, scrolled inside its box to its intervals.
	if err := chromedp.Run(phone, chromedp.Navigate(ts.URL+"/runs/"+id), chromedp.WaitVisible("#result", chromedp.ByQuery),
		chromedp.Evaluate(`(function () { var f = document.querySelector("figure.table"); window.scrollTo(0, f.getBoundingClientRect().top + window.scrollY - 420);
			var box = f.querySelector(".scroll"); box.scrollLeft = box.scrollWidth; })(), 0`, nil), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	shoot(t, phone, "serve-390.png", false)
	if err := chromedp.Run(phone, chromedp.Navigate(ts.URL+"/game/nora?rule=insure%3D3&strategies=cautious,rescuer"), chromedp.WaitVisible("#experiment", chromedp.ByQuery),
		chromedp.Evaluate(`window.scrollTo(0, document.getElementById("rule-revive").getBoundingClientRect().top + window.scrollY - 600), 0`, nil)); err != nil {
		t.Fatal(err)
	}
	shoot(t, phone, "serve-form-390.png", false)
}

// result waits for a run's page to show its result, checks every chart is
// drawn and the figures are HTML tables, and returns its figures.csv and
// the link to its experiment.
func result(t *testing.T, ctx context.Context, dir string) (figures, share string) {
	t.Helper()
	var charts, drawn, tables int
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
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
		chromedp.Evaluate(`document.querySelectorAll("#result table.data td.num").length`, &tables),
		chromedp.AttributeValue("#share", "href", &share, nil, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if charts == 0 || drawn != charts {
		t.Errorf("%d of %d charts drawn, want all of them (and some)", drawn, charts)
	}
	if tables < 20 {
		t.Errorf("%d numbers in the result's tables", tables)
	}
	var loc string
	if err := chromedp.Run(ctx, chromedp.Location(&loc)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.Base(loc), "figures.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(share, "autorun") {
		t.Errorf("the link %s runs the experiment", share)
	}
	return string(b), share
}

// reachable checks the page in ctx is no wider than the screen, and that
// every cell of every table is on it or in a box that scrolls it into
// view: scrolled to its end, the box shows its last column whole.
func reachable(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	var report string
	err := chromedp.Run(ctx, chromedp.Evaluate(`(function () {
		var out = [], W = document.documentElement.clientWidth;
		if (document.documentElement.scrollWidth > W + 1) { out.push("the page is " + document.documentElement.scrollWidth + " px wide on a screen of " + W); }
		document.querySelectorAll("table").forEach(function (table, i) {
			var box = table.closest(".scroll");
			var r = table.getBoundingClientRect();
			if (r.right <= W + 1) { return; }
			if (!box || !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) { out.push("table " + i + " runs off the screen with no scroll box"); return; }
			var b = box.getBoundingClientRect();
			if (b.right > W + 1) { out.push("table " + i + "'s scroll box is wider than the screen"); }
			box.scrollLeft = box.scrollWidth;
			var row = table.rows[table.rows.length - 1];
			var last = row.cells[row.cells.length - 1].getBoundingClientRect();
			if (last.right > b.right + 1 || last.left < b.left - 1) { out.push("table " + i + "'s last column is out of reach"); }
			box.scrollLeft = 0;
		});
		return out.join("; ");
	})()`, &report))
	if err != nil {
		t.Fatal(err)
	}
	if report != "" {
		t.Errorf("at 390 px, %s: %s", path, report)
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

// chanListener is a net.Listener whose connections come from a channel.
type chanListener struct {
	addr  net.Addr
	conns chan net.Conn
	done  chan struct{}
	once  atomic.Bool
}

func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *chanListener) Close() error {
	if l.once.CompareAndSwap(false, true) {
		close(l.done)
	}
	return nil
}

func (l *chanListener) Addr() net.Addr { return l.addr }

// peekedConn is a connection whose first bytes were read ahead.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// rebinding listens on one port and hands its connections to the
// attacker's server until switched, then to the workbench: what a browser
// sees when the attacker's name, first its server's address, is rebound to
// 127.0.0.1.
type rebinding struct {
	ln               net.Listener
	attacker, victim *chanListener
	switched         atomic.Bool
}

func newRebinding(t *testing.T) *rebinding {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rb := &rebinding{ln: ln,
		attacker: &chanListener{addr: ln.Addr(), conns: make(chan net.Conn), done: make(chan struct{})},
		victim:   &chanListener{addr: ln.Addr(), conns: make(chan net.Conn), done: make(chan struct{})}}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			// A connection goes where the name points when its first
			// request is sent, not when it is opened: Chromium opens
			// sockets ahead of need, and one opened before the switch
			// would otherwise reach the attacker after it.
			go func() {
				br := bufio.NewReader(c)
				if _, err := br.Peek(1); err != nil {
					c.Close()
					return
				}
				to := rb.attacker
				if rb.switched.Load() {
					to = rb.victim
				}
				select {
				case to.conns <- &peekedConn{Conn: c, r: br}:
				case <-to.done:
					c.Close()
				}
			}()
		}
	}()
	t.Cleanup(func() { ln.Close(); rb.attacker.Close(); rb.victim.Close() })
	return rb
}

// evilPage is the attacker's page: from another origin it posts a form to
// the workbench, tries to read its runs and a run's progress, posts with
// fetch, frames a link of the older kind that ran its experiment, and,
// once its name is rebound to the workbench's address (rebind), reads the
// runs and posts a run as its own origin.
const evilPage = `<!doctype html><title>a page of another site</title>
<iframe name="sink"></iframe>
<form id="f" method="post" action="WORKBENCH/runs" target="sink"><input name="game" value="flip"><input name="s" value="greedy"><input name="games" value="50"></form>
<script>
window.results = {};
async function attempt(name, f) { try { window.results[name] = await f(); } catch (e) { window.results[name] = "blocked: " + e.name; } }
async function crossSite() {
	document.getElementById("f").submit();
	await attempt("read runs", async () => { const r = await fetch("WORKBENCH/"); return r.status + " " + (await r.text()); });
	await attempt("read progress", async () => { const r = await fetch("WORKBENCH/runs/RUN/progress"); return r.status + " " + (await r.text()); });
	await attempt("post", async () => { const r = await fetch("WORKBENCH/runs", {method: "POST", mode: "no-cors", body: new URLSearchParams("game=flip&s=greedy&games=50")}); return "sent " + r.type; });
	const fr = document.createElement("iframe");
	fr.src = "WORKBENCH/game/flip?strategies=greedy&games=50&autorun=1";
	document.body.appendChild(fr);
	await new Promise(r => setTimeout(r, 2000));
	return JSON.stringify(window.results);
}
async function rebind() {
	const out = {};
	try { const r = await fetch("/"); out.read = r.status + " " + (await r.text()); } catch (e) { out.read = "blocked: " + e.name; }
	try { const r = await fetch("/runs/RUN/progress"); out.progress = r.status + " " + (await r.text()); } catch (e) { out.progress = "blocked: " + e.name; }
	try {
		const r = await fetch("/runs", {method: "POST", body: new URLSearchParams("game=flip&s=greedy&games=50")});
		out.post = r.status + " " + (await r.text());
	} catch (e) { out.post = "blocked: " + e.name; }
	return JSON.stringify(out);
}
</script>`

// TestAnotherSiteCannotStartOrRead: in headless Chromium, a page of
// another site can neither start a run nor read one, whether it posts
// across origins, fetches, frames an old autorun link or navigates to it,
// or has its name rebound to 127.0.0.1 to pass for the workbench's own
// origin (DNS rebinding).
func TestAnotherSiteCannotStartOrRead(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	rb := newRebinding(t)
	wbURL := "http://" + rb.ln.Addr().String()
	dir := t.TempDir()
	s, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: dir, MaxConcurrent: 1, MaxDeals: 100_000, KeepRecords: 5, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { s.Serve(ctx, rb.victim, io.Discard); close(served) }()
	defer func() { cancel(); <-served }()

	// A run of the designer's, for the attacker to try to read.
	rb.switched.Store(true)
	req, _ := http.NewRequest(http.MethodPost, wbURL+"/runs", strings.NewReader("game=nora&s=cautious&games=40"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", wbURL)
	resp, err := noFollow.Do(req)
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the designer's run: %v %v", resp, err)
	}
	resp.Body.Close()
	run := filepath.Base(resp.Header.Get("Location"))
	http.DefaultClient.CloseIdleConnections()
	noFollow.CloseIdleConnections()
	rb.switched.Store(false)

	page := strings.NewReplacer("WORKBENCH", wbURL, "RUN", run).Replace(evilPage)
	evil := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close") // every request after the switch comes on a new connection
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, page)
	})
	other := httptest.NewServer(evil) // another site, on another port
	defer other.Close()
	go http.Serve(rb.attacker, evil) // the attacker's name, on the workbench's port until rebound

	bctx, done := browser(t, 1280)
	defer done()
	_, otherPort, _ := net.SplitHostPort(strings.TrimPrefix(other.URL, "http://"))
	var crossSite string
	err = chromedp.Run(bctx,
		chromedp.Navigate("http://evil.example:"+otherPort+"/"),
		chromedp.Evaluate(`crossSite().then(r => { window.crossSiteDone = r; }), 0`, nil),
		chromedp.Poll(`window.crossSiteDone`, &crossSite, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("from another site: %s", crossSite)
	if strings.Contains(crossSite, run) || strings.Contains(crossSite, "cautious") {
		t.Errorf("a page of another site read the workbench: %s", crossSite)
	}

	// A top-level navigation from that page to a link of the older kind,
	// that ran its experiment: the form, waiting for Run.
	rb.switched.Store(true)
	var landed string
	err = chromedp.Run(bctx, chromedp.Evaluate(fmt.Sprintf(`setTimeout(() => { location.href = %q; }, 0), 0`, wbURL+"/game/flip?strategies=greedy&games=50&autorun=1"), nil),
		chromedp.WaitVisible("#experiment", chromedp.ByQuery), chromedp.Sleep(2*time.Second), chromedp.Location(&landed))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(landed, wbURL+"/game/flip") {
		t.Errorf("the navigation landed on %s", landed)
	}
	rb.switched.Store(false)

	// DNS rebinding: the attacker's page, at evil.example on the
	// workbench's port, whose name then points at the workbench.
	_, port, _ := net.SplitHostPort(rb.ln.Addr().String())
	var rebound string
	err = chromedp.Run(bctx, chromedp.Navigate("http://evil.example:"+port+"/"), chromedp.WaitReady("form", chromedp.ByQuery),
		chromedp.ActionFunc(func(context.Context) error { rb.switched.Store(true); return nil }),
		chromedp.Evaluate(`rebind().then(r => { window.rebindDone = r; }), 0`, nil),
		chromedp.Poll(`window.rebindDone`, &rebound, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("rebound: %s", rebound)
	if strings.Contains(rebound, run) || strings.Contains(rebound, "cautious") || strings.Contains(rebound, `"post":"303`) || strings.Contains(rebound, `"post":"200`) {
		t.Errorf("a rebound page read or started a run: %s", rebound)
	}
	if !strings.Contains(rebound, `"read":"403`) || !strings.Contains(rebound, `"post":"403`) {
		t.Errorf("the rebound page's requests were not refused: %s", rebound)
	}
	if runs := recorded(t, dir); len(runs) != 1 {
		t.Errorf("%d runs, want the designer's alone: %v", len(runs), runs)
	}
}

// TestVariantsInBrowser drives the form's rule variants in headless
// Chromium: two variants typed in, one in a row added by "Add a variant";
// Run gives a page whose first table holds each variant's paired
// difference from the rules as written, and whose command compares the
// same variants with --variant. At 390 pixels the form with its variants
// and the result fit the screen, every column of their tables reachable.
func TestVariantsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	s, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: t.TempDir(), MaxConcurrent: 1, MaxDeals: 100_000, KeepRecords: 5, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()

	ctx, done := browser(t, 1280)
	defer done()
	var rows int
	var command, share string
	var diffs, series []string
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/game/nora"),
		chromedp.WaitVisible(`#variants`, chromedp.ByQuery),
		chromedp.Click(`input[name="s"][value="stop-at"]`, chromedp.ByQuery),
		chromedp.Click(`input[name="s"][value="rescuer"]`, chromedp.ByQuery),
		chromedp.SetValue(`input[name="vn.0"]`, "cheap", chromedp.ByQuery),
		chromedp.SetValue(`input[name="vr.0"]`, "insure=0, switch=1", chromedp.ByQuery),
		chromedp.Click(`#add-variant`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll(".field.variant").length`, &rows),
		chromedp.SetValue(`input[name="vr.2"]`, "revive=2", chromedp.ByQuery),
		chromedp.SetValue(`input[name="games"]`, "1000", chromedp.ByQuery),
		chromedp.Click(`#run`, chromedp.ByQuery),
		chromedp.WaitVisible(`#result`, chromedp.ByQuery),
		chromedp.Value(`#command`, &command, chromedp.ByQuery),
		chromedp.AttributeValue("#share", "href", &share, nil, chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#result table.data")[0].tBodies[0].rows).map(r => r.cells[0].textContent + " " + r.cells[3].textContent)`, &diffs),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#live g.series")).map(g => g.dataset.name)`, &series),
	)
	if err != nil {
		t.Fatal(err)
	}
	if rows != 3 {
		t.Errorf("%d variant rows after one was added, want 3", rows)
	}
	if want := "cardsim compare nora --strategies rescuer --variant cheap:insure=0,switch=1 --variant revive=2 --games 1000 --seed 1"; command != want {
		t.Errorf("the command: %s, want %s", command, want)
	}
	slices.Sort(series)
	if want := []string{"as written: rescuer", "cheap: rescuer", "revive=2: rescuer"}; !slices.Equal(series, want) {
		t.Errorf("the chart of how the figures narrowed: %q, want a series per variant %q", series, want)
	}
	// (A figure no arm moves, such as a win rate never won, has no row.)
	if len(diffs) < 2 || diffs[0] != "cheap mean score (points)" || !slices.Contains(diffs, "revive=2 mean score (points)") {
		t.Errorf("the first table's rows: %q, want each variant's difference on the mean score", diffs)
	}
	shoot(t, ctx, "serve-variants.png", false)

	// The first table sorts by its difference column, as numbers, one way
	// then the other, and copies as tab-separated text.
	var up, down []float64
	var copied string
	column := `Array.from(document.querySelectorAll("#result table.data")[0].tBodies[0].rows).map(r => parseFloat(r.cells[6].textContent.replace("+", "")))`
	err = chromedp.Run(ctx,
		chromedp.Click(`#result figure.table:first-of-type th:nth-child(7) .sort`, chromedp.ByQuery), chromedp.Evaluate(column, &up),
		chromedp.Click(`#result figure.table:first-of-type th:nth-child(7) .sort`, chromedp.ByQuery), chromedp.Evaluate(column, &down),
		chromedp.Click(`#result figure.table:first-of-type .copy-table`, chromedp.ByQuery),
		// The clipboard answers in its own time: the label changes then.
		chromedp.Poll(`document.querySelector("#result figure.table:first-of-type .copy-table").textContent === "Copied"`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`#result figure.table:first-of-type .copy-table`, &copied, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(up) < 2 || !slices.IsSorted(up) || !slices.IsSortedFunc(down, func(a, b float64) int { return cmp.Compare(b, a) }) || up[0] == up[len(up)-1] {
		t.Errorf("the differences sorted up %v, then down %v", up, down)
	}
	if copied != "Copied" {
		t.Errorf("Copy table reads %q after a click", copied)
	}

	phone, done2 := browser(t, 390)
	defer done2()
	if err := chromedp.Run(phone, chromedp.Navigate(ts.URL+share), chromedp.WaitVisible("#variants", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	reachable(t, phone, share)
	var loc string
	if err := chromedp.Run(ctx, chromedp.Location(&loc)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(phone, chromedp.Navigate(loc), chromedp.WaitVisible("#result", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	reachable(t, phone, loc)
}

// profileDir returns a folder for Chromium's profile, removed when the
// test ends as far as it can be: Chromium may still be writing it as it
// exits, which t.TempDir's cleanup reports as a failure.
func profileDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "cardsim-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 10 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	return dir
}
