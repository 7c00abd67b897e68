package serve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/serve"
)

// noFollow is a client that reports redirects rather than following them.
var noFollow = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// send sends req and returns its status and body.
func send(t *testing.T, req *http.Request) (int, string, *http.Response) {
	t.Helper()
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, string(b), resp
}

// request returns a request to ts with the given Host (ts's own if empty)
// and, for a form, the Origin http://host.
func request(t *testing.T, ts *httptest.Server, method, path, host string, form url.Values) *http.Request {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, ts.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "http://"+req.Host)
	}
	return req
}

// records returns the runs recorded in dir.
func recorded(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "2*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestForeignHostRefused: on loopback the workbench answers only to its
// own names with the port it listens on, so that a page of another site
// whose name a DNS rebinding points at 127.0.0.1 (it sends that name as
// Host, and as Origin) can neither list the runs nor start one. Under
// --allow-remote the Host is not checked, and the token gates every
// request whatever the Host.
func TestForeignHostRefused(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 10_000)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(ts.URL, "http://"))
	form := url.Values{"game": {"flip"}, "s": {"greedy"}, "games": {"50"}}
	for _, host := range []string{"evil.example:" + port, "localhost.evil.example:" + port, "127.0.0.1.nip.io:" + port,
		"localhost:1" + port, "127.0.0.1", "localhost", "[::1]:" + port + "0"} {
		if code, _, _ := send(t, request(t, ts, http.MethodGet, "/", host, nil)); code != http.StatusForbidden {
			t.Errorf("GET / with Host %q: %d, want 403", host, code)
		}
		if code, _, _ := send(t, request(t, ts, http.MethodGet, "/runs/20260101-000000-abcdef/progress", host, nil)); code != http.StatusForbidden {
			t.Errorf("GET a run's progress with Host %q: %d, want 403", host, code)
		}
		if code, _, _ := send(t, request(t, ts, http.MethodPost, "/runs", host, form)); code != http.StatusForbidden {
			t.Errorf("POST /runs with Host and Origin %q: %d, want 403", host, code)
		}
	}
	if runs := recorded(t, dir); len(runs) > 0 {
		t.Fatalf("a foreign Host started runs: %v", runs)
	}
	for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port, "LocalHost:" + port, "[::1]:" + port} {
		if code, _, _ := send(t, request(t, ts, http.MethodGet, "/", host, nil)); code != http.StatusOK {
			t.Errorf("GET / with Host %q: %d, want 200", host, code)
		}
	}
	if code, _, _ := send(t, request(t, ts, http.MethodPost, "/runs", "localhost:"+port, form)); code != http.StatusSeeOther {
		t.Errorf("POST /runs from localhost: %d, want 303", code)
	}

	// Under --allow-remote, the token and only the token.
	remote, err := serve.New(serve.Options{Addr: "127.0.0.1:0", AllowRemote: true, Dir: t.TempDir(), MaxConcurrent: 1, MaxDeals: 10, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	rts := httptest.NewServer(remote.Handler())
	defer rts.Close()
	defer remote.Close()
	_, rport, _ := net.SplitHostPort(strings.TrimPrefix(rts.URL, "http://"))
	u, _ := url.Parse(remote.URL("x"))
	cookie := &http.Cookie{Name: "cardsim_token_" + rport, Value: u.Query().Get("token")}
	for _, host := range []string{"", "evil.example:" + rport, "workbench.lan:8080"} {
		req := request(t, rts, http.MethodGet, "/", host, nil)
		if code, _, _ := send(t, req); code != http.StatusUnauthorized {
			t.Errorf("--allow-remote, Host %q, no token: %d, want 401", host, code)
		}
		req = request(t, rts, http.MethodGet, "/", host, nil)
		req.AddCookie(cookie)
		if code, _, _ := send(t, req); code != http.StatusOK {
			t.Errorf("--allow-remote, Host %q, with the token: %d, want 200", host, code)
		}
	}
}

// TestTokenCookie: under --allow-remote the token given in the address is
// kept in a cookie named for the port (HttpOnly, SameSite=Strict), and the
// address is cleaned of it by a redirect that keeps the rest; the cookie
// of another port's workbench is not this one's.
func TestTokenCookie(t *testing.T) {
	t.Parallel()
	remote, err := serve.New(serve.Options{Addr: "127.0.0.1:0", AllowRemote: true, Dir: t.TempDir(), MaxConcurrent: 1, MaxDeals: 10, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(remote.Handler())
	defer ts.Close()
	defer remote.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(ts.URL, "http://"))
	u, _ := url.Parse(remote.URL("x"))
	token := u.Query().Get("token")

	code, _, resp := send(t, request(t, ts, http.MethodGet, "/game/nora?token="+token+"&rule=rounds%3D6", "", nil))
	if code != http.StatusSeeOther || resp.Header.Get("Location") != "/game/nora?rule=rounds%3D6" {
		t.Errorf("GET with the token: %d to %q, want 303 to the address without it", code, resp.Header.Get("Location"))
	}
	var got *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "cardsim_token_"+port {
			got = c
		}
	}
	if got == nil || got.Value != token || !got.HttpOnly || got.SameSite != http.SameSiteStrictMode || got.Path != "/" {
		t.Fatalf("the token's cookie: %+v, want cardsim_token_%s, HttpOnly, SameSite=Strict, Path=/", got, port)
	}
	for name, want := range map[string]int{"cardsim_token_" + port: http.StatusOK, "cardsim_token_1" + port: http.StatusUnauthorized, "cardsim_token": http.StatusUnauthorized} {
		req := request(t, ts, http.MethodGet, "/", "", nil)
		req.AddCookie(&http.Cookie{Name: name, Value: token})
		if code, _, _ := send(t, req); code != want {
			t.Errorf("cookie %s: %d, want %d", name, code, want)
		}
	}
	req := request(t, ts, http.MethodGet, "/?token=wrong", "", nil)
	if code, _, resp := send(t, req); code != http.StatusUnauthorized || len(resp.Cookies()) > 0 {
		t.Errorf("a wrong token: %d, cookies %v", code, resp.Cookies())
	}
}

// TestShareLinkNeverRuns: opening a link to a filled-in form, even with
// the autorun of older links, starts nothing: the form waits for Run, and
// the page has nothing that submits it.
func TestShareLinkNeverRuns(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 10_000)
	code, body, _ := send(t, request(t, ts, http.MethodGet, "/game/nora?strategies=cautious&games=50&rule=rounds%3D6&autorun=1", "", nil))
	if code != http.StatusOK {
		t.Fatalf("the link: %d", code)
	}
	if !regexp.MustCompile(`value="cautious" checked`).MatchString(body) || !strings.Contains(body, `name="r.rounds" type="number" min="1" max="1000" step="1" value="6"`) {
		t.Error("the link does not fill the form")
	}
	for _, s := range []string{"autorun", ".submit()", "requestSubmit"} {
		if strings.Contains(body, s) {
			t.Errorf("the form's page holds %q", s)
		}
	}
	js, _ := os.ReadFile(filepath.Join("assets", "app.js"))
	for _, s := range []string{".submit()", "requestSubmit", "autorun"} {
		if strings.Contains(string(js), s) {
			t.Errorf("app.js holds %q", s)
		}
	}
	time.Sleep(200 * time.Millisecond)
	if runs := recorded(t, dir); len(runs) > 0 {
		t.Errorf("opening a link started runs: %v", runs)
	}
}

// errorText returns the messages of a page's errors.
func errorText(body string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?s)<p class="error"[^>]*>(.*?)</p>`).FindAllStringSubmatch(body, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

// TestFilePathsRefused: a rule value that names a file (Flip's
// mapping=file:<path>), in the form, in a sweep, in a link or in a
// strategy's parameter, is refused before any file is opened, with one
// message whatever is at the path: a missing file, a directory, a device,
// a file only root may read, a table that would read well.
func TestFilePathsRefused(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 10_000)
	table := filepath.Join(t.TempDir(), "pairs.txt")
	os.WriteFile(table, []byte("7H/2S\n"), 0o644)
	var first []string
	for _, path := range []string{"/nonexistent", t.TempDir(), "/dev/zero", "/etc/shadow", table, "../../../etc/passwd"} {
		for _, form := range []url.Values{
			{"game": {"flip"}, "s": {"greedy"}, "games": {"50"}, "r.mapping": {"file:" + path}},
			{"game": {"flip"}, "s": {"greedy"}, "games": {"50"}, "r.mapping": {"FILE:" + path}},
			{"game": {"flip"}, "s": {"greedy"}, "games": {"50"}, "sw.mapping": {"random, file:" + path}},
		} {
			code, body, _ := send(t, request(t, ts, http.MethodPost, "/runs", "", form))
			msgs := errorText(body)
			if code != http.StatusUnprocessableEntity || len(msgs) != 1 || !strings.Contains(msgs[0], "never opens a file named from the browser") {
				t.Errorf("mapping=file:%s: %d, %q", path, code, msgs)
				continue
			}
			if first == nil {
				first = msgs
			} else if msgs[0] != first[0] {
				t.Errorf("file:%s is refused in other words than the first path: %q, %q", path, msgs[0], first[0])
			}
		}
		_, body, _ := send(t, request(t, ts, http.MethodGet, "/game/flip?strategies=greedy&rule="+url.QueryEscape("mapping=file:"+path), "", nil))
		if msgs := errorText(body); len(msgs) != 1 || msgs[0] != first[0] {
			t.Errorf("a link with mapping=file:%s: %q, want %q", path, msgs, first)
		}
	}
	form := url.Values{"game": {"nora"}, "s": {"rescuer"}, "p.rescuer": {"stop=file:/etc/shadow"}, "games": {"50"}}
	if code, body, _ := send(t, request(t, ts, http.MethodPost, "/runs", "", form)); code != http.StatusUnprocessableEntity || !strings.Contains(body, "never opens a file named from the browser") {
		t.Errorf("a strategy's parameter file:…: %d", code)
	}
	if runs := recorded(t, dir); len(runs) > 0 {
		t.Errorf("runs started: %v", runs)
	}
}

// TestReportWithinMaxDeals: a report that would play more deals than
// --max-deals is refused before a deal is played, with the largest scale
// that fits; one that fits runs.
func TestReportWithinMaxDeals(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 5_000)
	code, body, _ := send(t, request(t, ts, http.MethodPost, "/report", "", url.Values{"game": {"flip"}, "scale": {"1"}}))
	if msgs := errorText(body); code != http.StatusUnprocessableEntity || len(msgs) != 1 || !strings.Contains(msgs[0], "this workbench plays at most 5,000 deals a run") ||
		!strings.Contains(msgs[0], "cardsim report --game flip --scale 1 --seed 1") {
		t.Errorf("a report past --max-deals: %d, %q", code, msgs)
	}
	if code, _, _ := send(t, request(t, ts, http.MethodGet, "/report?game=flip&scale=1", "", nil)); code != http.StatusOK {
		t.Errorf("the report's form: %d", code)
	}
	if runs := recorded(t, dir); len(runs) > 0 {
		t.Fatalf("runs started: %v", runs)
	}
	if code, _, _ := send(t, request(t, ts, http.MethodPost, "/report", "", url.Values{"game": {"flip"}, "scale": {"0.01"}})); code != http.StatusSeeOther {
		t.Errorf("a report within --max-deals: %d, want 303", code)
	}
}

// TestPrecisionHonoursMaxDeals: a run to a precision given no most deals
// plays at most --max-deals, shared among a sweep's points, and the form
// says so.
func TestPrecisionHonoursMaxDeals(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 300)
	_, body, _ := send(t, request(t, ts, http.MethodGet, "/game/nora", "", nil))
	if !strings.Contains(body, `name="max-games" type="number" min="2" value="" placeholder="300"`) {
		t.Error("the form's most deals does not say 300")
	}
	form := url.Values{"game": {"nora"}, "s": {"cautious"}, "sw.insure": {"0,1"}, "precision": {"0.0001"}, "games": {"10"}}
	code, _, resp := send(t, request(t, ts, http.MethodPost, "/runs", "", form))
	if code != http.StatusSeeOther {
		t.Fatalf("status %d", code)
	}
	loc := resp.Header.Get("Location")
	if state := wait(t, ts, loc); state != "done" {
		t.Fatalf("the run ended %s", state)
	}
	var rec struct {
		Spec struct {
			MaxGames int64 `json:"max_games"`
		} `json:"spec"`
	}
	b, _ := os.ReadFile(filepath.Join(dir, filepath.Base(loc)+".json"))
	if err := json.Unmarshal(b, &rec); err != nil || rec.Spec.MaxGames != 150 {
		t.Errorf("the sweep's most deals a point: %d, want 150 (300 between 2 points); %v", rec.Spec.MaxGames, err)
	}
}

// TestHugeFormRefused: a body larger than a form can be is answered 413,
// whether it says its length or streams without one, and starts nothing.
func TestHugeFormRefused(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 10_000)
	for _, known := range []bool{true, false} {
		body := io.MultiReader(strings.NewReader("game=nora&s=cautious&sw.insure="), io.LimitReader(zeros{}, 50<<20))
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/runs", body)
		if known {
			req.ContentLength = 50<<20 + 31
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", ts.URL)
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatalf("length known %v: %v", known, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("a 50 MB form (length known %v): %d, want 413", known, resp.StatusCode)
		}
	}
	if runs := recorded(t, dir); len(runs) > 0 {
		t.Errorf("runs started: %v", runs)
	}
}

// zeros reads as endless "0,".
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "0,"[i%2]
	}
	return len(p), nil
}

// serveOn starts a workbench with opts through Serve, on a loopback
// listener, and returns its address.
func serveOn(t *testing.T, opts serve.Options) string {
	t.Helper()
	opts.Addr, opts.Runner, opts.MaxConcurrent, opts.Dir = "127.0.0.1:0", runner, 1, t.TempDir()
	s, err := serve.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln, io.Discard); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String()
}

// TestSlowClientsClosed: a request whose body trickles in is cut off once
// the time to read a request is up, and a connection left idle is closed;
// a run's progress, which streams for as long as the run, is not.
func TestSlowClientsClosed(t *testing.T) {
	t.Parallel()
	addr := serveOn(t, serve.Options{MaxDeals: 100_000_000, ReadTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond})
	closed := func(conn net.Conn, trickle bool) bool {
		ended := make(chan struct{})
		go func() { io.Copy(io.Discard, conn); close(ended) }()
		for deadline := time.After(10 * time.Second); ; {
			select {
			case <-ended:
				return true
			case <-deadline:
				return false
			case <-time.After(100 * time.Millisecond):
				if trickle {
					conn.Write([]byte("0"))
				}
			}
		}
	}
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /runs HTTP/1.1\r\nHost: %s\r\nOrigin: http://%s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\ngame=nora&games=", addr, addr)
	if !closed(conn, true) {
		t.Error("a body trickled a byte every 100 ms was still read after 10 s (the read timeout is 300 ms)")
	}

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	fmt.Fprintf(idle, "GET /assets/style.css HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	resp, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET on the idle connection: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	if !closed(idle, false) {
		t.Error("a connection idle for 10 s is still open (the idle timeout is 300 ms)")
	}

	// A long run's progress streams past the read timeout.
	form := url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"50000000"}}
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/runs", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://"+addr)
	resp, err = noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	events, err := http.Get("http://" + addr + loc + "/events")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(events.Body)
	sc.Buffer(nil, 1<<20)
	start, n := time.Now(), 0
	for sc.Scan() && time.Since(start) < 1500*time.Millisecond {
		if strings.HasPrefix(sc.Text(), "data: ") {
			n++
		}
	}
	events.Body.Close()
	if n < 3 {
		t.Errorf("%d events in 1.5 s (one every 0.5 s): the stream was cut at the read timeout", n)
	}
	cancel, _ := http.NewRequest(http.MethodPost, "http://"+addr+loc+"/cancel", nil)
	cancel.Header.Set("Origin", "http://"+addr)
	if resp, err := noFollow.Do(cancel); err == nil {
		resp.Body.Close()
	}
}

// finished runs a small comparison on ts and returns its id once done.
func finished(t *testing.T, ts *httptest.Server, form url.Values) string {
	t.Helper()
	code, body, resp := send(t, request(t, ts, http.MethodPost, "/runs", "", form))
	if code != http.StatusSeeOther {
		t.Fatalf("status %d: %q", code, errorText(body))
	}
	loc := resp.Header.Get("Location")
	if state := wait(t, ts, loc); state != "done" {
		t.Fatalf("the run ended %s", state)
	}
	return filepath.Base(loc)
}

// TestSymlinkedRunsRefused: a run is served only if its record, its folder
// and the file asked for are what they seem in --dir (a file, a
// directory, a file), never through a link, and only an id with a record
// is served at all.
func TestSymlinkedRunsRefused(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 10_000)
	id := finished(t, ts, url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"40"}})
	get := func(path string) int {
		code, _, _ := send(t, request(t, ts, http.MethodGet, path, "", nil))
		return code
	}
	for _, path := range []string{"/runs/" + id, "/runs/" + id + "/files/figures.csv", "/runs/" + id + "/records.csv"} {
		if code := get(path); code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, code)
		}
	}
	rec, _ := os.ReadFile(filepath.Join(dir, id+".json"))
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.csv"), []byte("secret\n"), 0o644)
	clone := func(other string) { // a record of run other, a file
		os.WriteFile(filepath.Join(dir, other+".json"), []byte(strings.ReplaceAll(string(rec), id, other)), 0o644)
	}
	// A run folder that is a link (to the first run's, and outside).
	clone("20260101-000000-aaaaaa")
	os.Symlink(filepath.Join(dir, id), filepath.Join(dir, "20260101-000000-aaaaaa"))
	clone("20260101-000000-bbbbbb")
	os.Symlink(outside, filepath.Join(dir, "20260101-000000-bbbbbb"))
	// A record that is a link.
	os.WriteFile(filepath.Join(outside, "rec.json"), []byte(strings.ReplaceAll(string(rec), id, "20260101-000000-cccccc")), 0o644)
	os.Symlink(filepath.Join(outside, "rec.json"), filepath.Join(dir, "20260101-000000-cccccc.json"))
	os.Mkdir(filepath.Join(dir, "20260101-000000-cccccc"), 0o755)
	os.WriteFile(filepath.Join(dir, "20260101-000000-cccccc", "figures.csv"), []byte("x\n"), 0o644)
	// A record that is a link to a file inside --dir.
	os.Mkdir(filepath.Join(dir, "links"), 0o755)
	os.WriteFile(filepath.Join(dir, "links", "rec.json"), []byte(strings.ReplaceAll(string(rec), id, "20260101-000000-eeeeee")), 0o644)
	os.Symlink(filepath.Join("links", "rec.json"), filepath.Join(dir, "20260101-000000-eeeeee.json"))
	// A folder with no record.
	os.Mkdir(filepath.Join(dir, "20260101-000000-dddddd"), 0o755)
	os.WriteFile(filepath.Join(dir, "20260101-000000-dddddd", "figures.csv"), []byte("x\n"), 0o644)
	// Links inside a real run: a file, and its records.
	os.Symlink(filepath.Join(outside, "secret.csv"), filepath.Join(dir, id, "secret.csv"))
	os.Rename(filepath.Join(dir, id+serve.RecordsSuffix), filepath.Join(dir, "links", "records.csv"))
	os.Symlink(filepath.Join("links", "records.csv"), filepath.Join(dir, id+serve.RecordsSuffix))
	for _, path := range []string{
		"/runs/20260101-000000-aaaaaa/files/figures.csv", "/runs/20260101-000000-bbbbbb/files/secret.csv",
		"/runs/20260101-000000-cccccc", "/runs/20260101-000000-cccccc/files/figures.csv", "/runs/20260101-000000-eeeeee",
		"/runs/20260101-000000-dddddd", "/runs/20260101-000000-dddddd/files/figures.csv",
		"/runs/" + id + "/files/secret.csv", "/runs/" + id + "/records.csv",
	} {
		if code := get(path); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, code)
		}
	}
	if _, body, _ := send(t, request(t, ts, http.MethodGet, "/", "", nil)); strings.Contains(body, "cccccc") || strings.Contains(body, "dddddd") || strings.Contains(body, "eeeeee") {
		t.Error("the runs list shows a run whose record is a link, or that has none")
	}
}

// TestLeftoversRemovedAndRecordsBounded: at start-up the workbench removes
// what runs killed mid-way left in --dir (temporary records and record,
// staging folders, locks) and nothing else, refuses a second workbench on
// the same --dir, and keeps the records of the --keep-records most recent
// runs only, saying so on the others' pages.
func TestLeftoversRemovedAndRecordsBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	left := []string{".20260101-000000-abcdef.records.csv.123456.tmp", ".20260101-000000-abcdef.json.tmp",
		".20260101-000000-abcdef.lock", ".20260101-000000-abcdef.cardsim-new-98765"}
	kept := []string{"notes.txt", ".hidden", ".20260101-000000-abcdef.records.csv", "20260101-000000-abcdef.records.csv.1.tmp"}
	for _, n := range append(left, kept...) {
		if strings.Contains(n, "cardsim-new") {
			os.MkdirAll(filepath.Join(dir, n, "inner"), 0o755)
			continue
		}
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644)
	}
	ts, _ := workbenchWith(t, serve.Options{Dir: dir, MaxDeals: 10_000, KeepRecords: 2})
	for _, n := range left {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s, left by a killed run, is still there", n)
		}
	}
	for _, n := range kept {
		if _, err := os.Lstat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s was removed", n)
		}
	}
	if _, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: dir, MaxConcurrent: 1, MaxDeals: 10, Runner: runner}); err == nil || !strings.Contains(err.Error(), "in use by another workbench") {
		t.Errorf("a second workbench on the same --dir: %v", err)
	}
	var ids []string
	for seed := range 3 {
		ids = append(ids, finished(t, ts, url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"30"}, "seed": {fmt.Sprint(seed)}}))
	}
	for i, id := range ids {
		_, err := os.Stat(filepath.Join(dir, id+serve.RecordsSuffix))
		if (err == nil) != (i > 0) {
			t.Errorf("run %d of 3: records kept %v, want only the 2 most recent", i+1, err == nil)
		}
	}
	if _, body, _ := send(t, request(t, ts, http.MethodGet, "/runs/"+ids[0], "", nil)); !strings.Contains(body, "removed (the records of the 2 most recent runs are kept)") {
		t.Error("the oldest run's page does not say its records were removed")
	}
}
