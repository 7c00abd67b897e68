package serve_test

import (
	"context"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/serve"
)

// runner returns a runner over every game and strategy cardsim ships.
func runner() *experiment.Runner {
	return &experiment.Runner{Games: catalog.Games(), Strategies: catalog.Strategies(), Analyses: catalog.Analyses(),
		Solvers: catalog.Solvers(), Studies: catalog.Studies(), Workers: 2}
}

// workbench starts a workbench on loopback over a fresh directory.
func workbench(t *testing.T, maxDeals int64) (*httptest.Server, string) {
	t.Helper()
	return workbenchWith(t, serve.Options{MaxDeals: maxDeals})
}

// workbenchWith starts a workbench on loopback with opts, over a fresh
// directory unless opts names one; the runs are played by runner, one at
// a time, and keep their records unless opts says otherwise.
func workbenchWith(t *testing.T, opts serve.Options) (*httptest.Server, string) {
	t.Helper()
	if opts.Dir == "" {
		opts.Dir = t.TempDir()
	}
	opts.Addr, opts.Runner = "127.0.0.1:0", runner
	if opts.MaxConcurrent == 0 {
		opts.MaxConcurrent = 1
	}
	if opts.KeepRecords == 0 {
		opts.KeepRecords = serve.DefaultKeepRecords
	}
	s, err := serve.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(s.Close) // before the directory is removed
	return ts, opts.Dir
}

// post sends a form as the workbench's own page does, without following
// the redirect.
func post(t *testing.T, ts *httptest.Server, path string, form url.Values, origin string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// wait waits for the run at path to end and returns its state.
func wait(t *testing.T, ts *httptest.Server, path string) string {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(ts.URL + path + "/progress")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if m := regexp.MustCompile(`"state":"(\w+)"`).FindSubmatch(b); m != nil && string(m[1]) != "running" {
			return string(m[1])
		}
	}
	t.Fatal("the run did not end")
	return ""
}

// TestRunFromTheForm: a comparison started from the form plays, ends, and
// writes the same figures.csv as the Runner given the same Spec.
func TestRunFromTheForm(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 1_000_000)
	form := url.Values{"game": {"nora"}, "s": {"stop-at", "cautious"}, "p.stop-at": {"cards=12"}, "r.rounds": {"4"},
		"games": {"400"}, "seed": {"3"}, "confidence": {"0.95"}}
	resp := post(t, ts, "/runs", form, ts.URL)
	if resp.StatusCode != http.StatusSeeOther {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("status %d: %s", resp.StatusCode, b)
	}
	loc := resp.Header.Get("Location")
	if state := wait(t, ts, loc); state != "done" {
		t.Fatalf("the run ended %s", state)
	}
	id := filepath.Base(loc)
	got, err := os.ReadFile(filepath.Join(dir, id, "figures.csv"))
	if err != nil {
		t.Fatal(err)
	}
	spec := experiment.Spec{Kind: experiment.Compare, Game: "nora", Rules: []string{"rounds=4"}, Strategies: []string{"stop-at:cards=12", "cautious"},
		Games: 400, Seed: 3, Confidence: 0.95}
	want := filepath.Join(t.TempDir(), "out")
	if _, err := runner().Run(t.Context(), spec, want); err != nil {
		t.Fatal(err)
	}
	if w, _ := os.ReadFile(filepath.Join(want, "figures.csv")); string(got) != string(w) {
		t.Error("figures.csv from the workbench differs from the Runner's for the same Spec")
	}
	page, _ := http.Get(ts.URL + loc)
	b, _ := io.ReadAll(page.Body)
	page.Body.Close()
	for _, want := range []string{"On the same 400 deals", "cardsim compare nora --strategies stop-at:cards=12,cautious --rule rounds=4 --games 400 --seed 3",
		`id="share"`, "figures.csv", `class="chart"`, `id="records"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the run's page lacks %q", want)
		}
	}
	recs, err := http.Get(ts.URL + loc + "/records.csv")
	if err != nil {
		t.Fatal(err)
	}
	rb, _ := io.ReadAll(recs.Body)
	recs.Body.Close()
	// A header, then a row per seat of each deal for each strategy.
	if rows := strings.Count(string(rb), "\n"); recs.StatusCode != http.StatusOK || rows != 1+2*400 {
		t.Errorf("records.csv: status %d, %d lines, want 801", recs.StatusCode, rows)
	}
	listing, _ := http.Get(ts.URL + "/")
	b, _ = io.ReadAll(listing.Body)
	listing.Body.Close()
	if !strings.Contains(string(b), id) {
		t.Error("the run is not listed on the first page")
	}
}

// TestBadValuesNextToTheirField: a value the Spec refuses comes back as
// the form with the message beside its field, never as a server error, and
// no run starts.
func TestBadValuesNextToTheirField(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 10_000)
	base := url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"100"}, "seed": {"1"}, "confidence": {"0.95"}}
	for _, tt := range []struct {
		change url.Values
		field  string // the input the message follows
		want   string
	}{
		{url.Values{"games": {"1"}}, "games", "deals 1: at least 2 games"},
		{url.Values{"games": {"lots"}}, "games", `deals "lots": want a whole number of deals`},
		{url.Values{"seed": {"99999999999999999999"}}, "seed", `seed "99999999999999999999": want a whole number from 0 to 18446744073709551615`},
		{url.Values{"confidence": {"2"}}, "confidence", "confidence 2: want a level"},
		{url.Values{"games": {"20000"}}, "games", "deals 20000: this workbench plays at most 10000 deals a run"},
		{url.Values{"sw.insure": {"0,1,2"}, "games": {"5000"}}, "games", "at each point of the sweep: this workbench plays at most 10000 deals a run"},
		{url.Values{"precision": {"0.5"}, "max-games": {"20000"}}, "max-games", "at most 20000 deals: this workbench plays at most 10000"},
		{url.Values{"s": {}}, "strategies", "tick at least one strategy"},
		{url.Values{"p.cautious": {"nerve=3"}}, "s.cautious", "nerve"},
		{url.Values{"r.rounds": {"zero"}}, "r.rounds", "rule rounds=zero: want an integer"},
		{url.Values{"sw.insure": {"1,x"}}, "r.insure", "rule insure=x"},
	} {
		form := url.Values{}
		for k, v := range base {
			form[k] = v
		}
		for k, v := range tt.change {
			form[k] = v
		}
		resp := post(t, ts, "/runs", form, ts.URL)
		b, _ := io.ReadAll(resp.Body)
		body := html.UnescapeString(string(b))
		if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, tt.want) {
			t.Errorf("%v: status %d, want 422 with %q", tt.change, resp.StatusCode, tt.want)
			continue
		}
		if strings.Contains(body, "--") {
			if i := strings.Index(body, "--"); !strings.Contains(body[max(0, i-300):i], "cardsim ") {
				t.Errorf("%v: a message names a flag (%.60q) where the form has its own words", tt.change, body[i:])
			}
		}
		// The message follows its field, within its field's block.
		msg := strings.Index(body, tt.want)
		input := strings.Index(body, `name="`+tt.field+`"`)
		switch {
		case strings.HasPrefix(tt.field, "r."):
			input = strings.Index(body, `id="rule-`+tt.field[2:]+`"`)
		case strings.HasPrefix(tt.field, "s."):
			input = strings.Index(body, `id="strategy-`+tt.field[2:]+`"`)
		case tt.field == "strategies":
			input = strings.Index(body, "<legend>Strategies")
		}
		if input < 0 || msg < input || msg-input > 1200 {
			t.Errorf("%v: the message is not beside the field %s (%d, %d)", tt.change, tt.field, input, msg)
		}
	}
	if runs, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(runs) > 0 {
		t.Errorf("refused forms started runs: %v", runs)
	}
}

// TestSafeByDefault: a non-loopback address needs --allow-remote and then
// a token; a POST needs the workbench's own Origin; a file is served only
// by the name its run's directory lists.
func TestSafeByDefault(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		addr string
		ok   bool
	}{{"127.0.0.1:8080", true}, {"[::1]:8080", true}, {"localhost:8080", true}, {"0.0.0.0:8080", false}, {":8080", false}, {"192.168.1.4:80", false}} {
		if got := serve.IsLoopback(tt.addr); got != tt.ok {
			t.Errorf("IsLoopback(%q) = %v", tt.addr, got)
		}
		_, err := serve.New(serve.Options{Addr: tt.addr, Dir: t.TempDir(), MaxConcurrent: 1, MaxDeals: 10, Runner: runner})
		if (err == nil) != tt.ok || !tt.ok && !strings.Contains(err.Error(), "--allow-remote") {
			t.Errorf("New at %s: %v", tt.addr, err)
		}
	}

	remote, err := serve.New(serve.Options{Addr: "0.0.0.0:0", AllowRemote: true, Dir: t.TempDir(), MaxConcurrent: 1, MaxDeals: 10, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(remote.Handler())
	defer ts.Close()
	defer remote.Close()
	u, _ := url.Parse(remote.URL("x"))
	token := u.Query().Get("token")
	if len(token) < 32 {
		t.Fatalf("remote address %s has token %q", remote.URL("x"), token)
	}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for path, want := range map[string]int{"/": http.StatusUnauthorized, "/?token=wrong": http.StatusUnauthorized, "/?token=" + token: http.StatusSeeOther} {
		resp, err := noFollow.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}

	local, _ := workbench(t, 10_000)
	form := url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"10"}}
	for origin, want := range map[string]int{"": http.StatusForbidden, "http://evil.example": http.StatusForbidden, local.URL: http.StatusSeeOther} {
		if resp := post(t, local, "/runs", form, origin); resp.StatusCode != want {
			t.Errorf("POST from Origin %q: %d, want %d", origin, resp.StatusCode, want)
		}
	}
	for _, path := range []string{"/runs/../../etc/passwd", "/runs/20261126-110924-482e11/files/..%2f..%2fetc%2fpasswd", "/runs/x/files/summary.json", "/runs/20261126-110924-482e11/files/summary.json"} {
		resp, err := http.Get(local.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
}

// TestSpecInTheAddress: a Spec written as an address's parameters reads
// back as itself, and the command names the same experiment.
func TestSpecInTheAddress(t *testing.T) {
	t.Parallel()
	for _, s := range []experiment.Spec{
		{Kind: experiment.Run, Game: "nora", Strategies: []string{"rescuer:stop=0.2"}, Games: 5000, Seed: 0, Confidence: 0.95},
		{Kind: experiment.Compare, Game: "spite", Strategies: []string{"planner", "greedy"}, Rules: []string{"jokers=2"}, Games: 100, Seed: 9, Confidence: 0.9},
		{Kind: experiment.Sweep, Game: "nora", Strategies: []string{"cautious"}, Rules: []string{"insure=0,1,2", "rounds=5"}, Games: 300, Seed: 1, Confidence: 0.95,
			Precision: 0.5, Target: "win", MaxGames: 4000},
	} {
		got, err := serve.SpecFrom(serve.Values(s))
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("SpecFrom(Values(%+v)) = %+v, %v", s, got, err)
		}
	}
	cmd := serve.Command(experiment.Spec{Kind: experiment.Sweep, Game: "nora", Strategies: []string{"cautious"}, Rules: []string{"insure=0,1,2"}, Games: 300, Seed: 1, Confidence: 0.95})
	if want := "cardsim sweep nora --strategies cautious --rule insure=0,1,2 --games 300 --seed 1"; cmd != want {
		t.Errorf("Command = %s, want %s", cmd, want)
	}
}

// TestCancelAndOneAtATime: while a run is under way a second is refused
// (one at a time by default), and Cancel stops the first, which is kept as
// cancelled.
func TestCancelAndOneAtATime(t *testing.T) {
	t.Parallel()
	ts, _ := workbench(t, 100_000_000)
	long := url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"50000000"}, "seed": {"1"}, "confidence": {"0.95"}}
	resp := post(t, ts, "/runs", long, ts.URL)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d", resp.StatusCode)
	}
	loc := resp.Header.Get("Location")
	second := post(t, ts, "/runs", long, ts.URL)
	if b, _ := io.ReadAll(second.Body); second.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(b), "wait for one to end, or cancel it") {
		t.Errorf("a second run while one is under way: status %d", second.StatusCode)
	}
	if c := post(t, ts, loc+"/cancel", nil, ts.URL); c.StatusCode != http.StatusSeeOther {
		t.Errorf("cancel: status %d", c.StatusCode)
	}
	if state := wait(t, ts, loc); state != "cancelled" {
		t.Errorf("the run ended %s, want cancelled", state)
	}
	if again := post(t, ts, "/runs", url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"10"}}, ts.URL); again.StatusCode != http.StatusSeeOther {
		t.Errorf("a run after the cancelled one: status %d", again.StatusCode)
	}
}

// TestSweepFromTheForm: a rule given several values in the form's sweep
// plays every value on the same deals, as cardsim sweep does.
func TestSweepFromTheForm(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 1_000_000)
	form := url.Values{"game": {"nora"}, "s": {"cautious"}, "r.insure": {"3"}, "sw.insure": {"0, 2"},
		"r.rounds": {"3"}, "games": {"300"}, "seed": {"2"}, "confidence": {"0.95"}}
	resp := post(t, ts, "/runs", form, ts.URL)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d", resp.StatusCode)
	}
	loc := resp.Header.Get("Location")
	if state := wait(t, ts, loc); state != "done" {
		t.Fatalf("the sweep ended %s", state)
	}
	got, err := os.ReadFile(filepath.Join(dir, filepath.Base(loc), "sweep.csv"))
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(t.TempDir(), "out")
	spec := experiment.Spec{Kind: experiment.Sweep, Game: "nora", Strategies: []string{"cautious"}, Rules: []string{"insure=0,2", "rounds=3"},
		Games: 300, Seed: 2, Confidence: 0.95}
	if _, err := runner().Run(t.Context(), spec, want); err != nil {
		t.Fatal(err)
	}
	if w, _ := os.ReadFile(filepath.Join(want, "sweep.csv")); string(got) != string(w) {
		t.Error("sweep.csv from the workbench differs from the Runner's for the same Spec")
	}
}

// TestReportScaleChecked: the report's scale is above 0 and at most 1,
// or the report's form comes back with what is wrong (TestReportPage runs
// one).
func TestReportScaleChecked(t *testing.T) {
	t.Parallel()
	ts, dir := workbench(t, 1_000_000)
	for _, scale := range []string{"0", "2", "x", "NaN", ""} {
		resp := post(t, ts, "/report", url.Values{"scale": {scale}}, ts.URL)
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(html.UnescapeString(string(b)), "want a number above 0 and at most 1") {
			t.Errorf("report at scale %q: status %d, want 422 with the range", scale, resp.StatusCode)
		}
	}
	if runs, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(runs) > 0 {
		t.Errorf("refused reports started runs: %v", runs)
	}
}

// TestServeStopsGracefully: when its context ends the workbench stops
// taking requests, cancels the runs under way and keeps those finished.
func TestServeStopsGracefully(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: dir, MaxConcurrent: 1, MaxDeals: 100_000_000, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	var out strings.Builder
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln, &out) }()
	base := "http://" + ln.Addr().String()
	form := url.Values{"game": {"nora"}, "s": {"cautious"}, "games": {"50000000"}}
	req, _ := http.NewRequest(http.MethodPost, base+"/runs", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the workbench did not stop")
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.Base(resp.Header.Get("Location"))+".json"))
	if err != nil || !strings.Contains(string(b), `"state": "cancelled"`) {
		t.Errorf("the run under way was not kept as cancelled: %s %v", b, err)
	}
	if !strings.Contains(out.String(), "http://127.0.0.1:") || !strings.Contains(out.String(), "stopped") {
		t.Errorf("the workbench printed %q", out.String())
	}
}
