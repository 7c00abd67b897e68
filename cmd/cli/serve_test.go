package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/serve"
)

// TestServeRefusesRemote: cardsim serve will not listen beyond loopback
// unless told to.
func TestServeRefusesRemote(t *testing.T) {
	code, _, stderr := run(t, "serve", "--addr", "0.0.0.0:0", "--dir", t.TempDir())
	if code != 1 || !strings.Contains(stderr, "not a loopback address") || !strings.Contains(stderr, "--allow-remote") {
		t.Errorf("serve on 0.0.0.0: exit %d, %q", code, stderr)
	}
}

// TestServeFiguresMatchTheCLI: a comparison run from the workbench writes
// figures.csv byte for byte as the same experiment run from the command
// line.
func TestServeFiguresMatchTheCLI(t *testing.T) {
	f := NewFactory(strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
	dir := t.TempDir()
	s, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: dir, MaxConcurrent: 1, MaxDeals: 100_000,
		Runner: func() *experiment.Runner { r := f.runner(nil); r.Workers = 3; return r }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()
	form := url.Values{"game": {"spite"}, "s": {"planner", "greedy"}, "r.jokers": {"2"}, "games": {"60"}, "seed": {"4"}, "confidence": {"0.9"}}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/runs", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", ts.URL)
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	id := filepath.Base(resp.Header.Get("Location"))
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		p, err := http.Get(ts.URL + "/runs/" + id + "/progress")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p.Body)
		p.Body.Close()
		if !strings.Contains(string(b), `"state":"running"`) {
			if !strings.Contains(string(b), `"state":"done"`) {
				t.Fatalf("the run ended: %s", b)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the run did not end")
		}
	}
	out := t.TempDir()
	mustRun(t, "compare", "spite", "--strategies", "planner,greedy", "--rule", "jokers=2", "--games", "60", "--seed", "4", "--confidence", "0.9", "--workers", "1", "--out", out, "-q")
	web, err := os.ReadFile(filepath.Join(dir, id, "figures.csv"))
	if err != nil {
		t.Fatal(err)
	}
	cli, _ := os.ReadFile(filepath.Join(out, "figures.csv"))
	if string(web) != string(cli) {
		t.Errorf("figures.csv from the workbench differs from the command's:\n%s", firstDifference(string(web), string(cli)))
	}
}

// TestServeVariantsMatchTheFlags: a comparison of rule variants from the
// workbench's form, from a link's parameters, and from the command its
// page gives, is the Spec compare's flags make of the same variants
// written by hand.
func TestServeVariantsMatchTheFlags(t *testing.T) {
	flags := []string{"nora", "--strategies", "cautious,rescuer", "--rule", "rounds=2", "--variant", "cheap:insure=0,switch=1",
		"--variant", "revive=2", "--baseline", "cheap", "--figure", "win,score", "--margin", "win=0.03", "--reference", "0.5",
		"--games", "30", "--seed", "8", "--confidence", "0.9"}
	want := mustParse(t, NewCmdCompare, flags...).Spec
	want.CheckpointEvery = 0 // the workbench names no checkpoint

	f := NewFactory(strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
	dir := t.TempDir()
	s, err := serve.New(serve.Options{Addr: "127.0.0.1:0", Dir: dir, MaxConcurrent: 1, MaxDeals: 1000,
		Runner: func() *experiment.Runner { r := f.runner(nil); r.Workers = 1; return r }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()
	form := url.Values{"game": {"nora"}, "s": {"cautious", "rescuer"}, "r.rounds": {"2"}, "vn.0": {"cheap"}, "vr.0": {"insure=0 switch=1"},
		"vr.1": {" revive=2, "}, "baseline": {"cheap"}, "figure": {"win, score"}, "margin": {"win=0.03"}, "reference": {"0.5"},
		"games": {"30"}, "seed": {"8"}, "confidence": {"0.9"}}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/runs", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", ts.URL)
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the form: status %d", resp.StatusCode)
	}
	id := filepath.Base(resp.Header.Get("Location"))
	var rec struct{ Spec experiment.Spec }
	b, _ := os.ReadFile(filepath.Join(dir, id+".json"))
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rec.Spec, want) {
		t.Errorf("the form's Spec:\n%+v\nthe flags'\n%+v", rec.Spec, want)
	}
	if got, err := serve.SpecFrom(serve.Values(want)); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("a link's Spec:\n%+v (%v)\nthe flags'\n%+v", got, err, want)
	}
	cmd := serve.Command(rec.Spec)
	args := strings.Fields(cmd)
	if strings.ContainsAny(cmd, `'"`) || len(args) < 3 || args[0] != "cardsim" || args[1] != "compare" {
		t.Fatalf("the page's command %q", cmd)
	}
	again := mustParse(t, NewCmdCompare, args[2:]...).Spec
	again.CheckpointEvery = 0
	if !reflect.DeepEqual(again, want) {
		t.Errorf("the page's command %s makes\n%+v\nthe flags'\n%+v", cmd, again, want)
	}
}
