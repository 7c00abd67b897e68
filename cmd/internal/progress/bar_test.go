package progress

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// testMeter returns a Bar drawing into a buffer, as on a terminal, on a
// clock the test moves.
func testMeter() (*Bar, *bytes.Buffer, *fakeClock) {
	var b bytes.Buffer
	c := &fakeClock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	return &Bar{w: &b, width: 120, now: c.now}, &b, c
}

// lastLine returns the bar as last drawn: the text after the last carriage
// return, trailing blanks dropped.
func lastLine(b *bytes.Buffer) string {
	s := b.String()
	return strings.TrimRight(s[strings.LastIndex(s, "\r")+1:], " ")
}

// TestMeterRate: no rate before the first chunk; then the deals played over
// the time since the first session started (not since the first chunk, which
// would read as millions of deals a second), and the time left at that rate
// over every planned deal.
func TestMeterRate(t *testing.T) {
	m, b, clock := testMeter()
	m.Plan(10_000)
	m.start("insure=2 (point 1 of 2)", 5_000)
	if l := lastLine(b); strings.Contains(l, "/s") || !strings.Contains(l, "0/10.0k deals") {
		t.Errorf("before the first chunk: %q, want no rate and 0 of 10k deals", l)
	}
	clock.t = clock.t.Add(500 * time.Millisecond)
	m.add(1_000)
	for _, want := range []string{"insure=2 (point 1 of 2) [==", " 10% 1000/10.0k deals", "2000/s", "ETA 5s"} {
		if l := lastLine(b); !strings.Contains(l, want) {
			t.Errorf("after 1000 deals in 0.5 s: %q lacks %q", l, want)
		}
	}
	// Draws are throttled, but the count is kept.
	clock.t = clock.t.Add(time.Millisecond)
	m.add(1_000)
	if l := lastLine(b); !strings.Contains(l, " 1000/10.0k") {
		t.Errorf("drawn again within %v: %q", drawEvery, l)
	}
	clock.t = clock.t.Add(time.Second)
	m.add(0)
	if l := lastLine(b); !strings.Contains(l, " 20% 2000/10.0k deals") {
		t.Errorf("after 2000 deals: %q", l)
	}
	m.Finish()
	if l := lastLine(b); l != "" {
		t.Errorf("finish left %q on screen", l)
	}
}

// TestMeterLineFits: a long label is cut so that the line fits the
// terminal, and the figures are kept.
func TestMeterLineFits(t *testing.T) {
	for _, width := range []int{40, 60, 80, 200} {
		m, _, clock := testMeter()
		m.width = width
		m.Plan(1 << 40)
		m.start(strings.Repeat("roundup players=6 ", 20), 1<<40)
		clock.t = clock.t.Add(time.Hour)
		m.done = 1 << 30
		l := m.line(clock.t)
		if n := len([]rune(l)); n >= width {
			t.Errorf("width %d: line of %d runes: %q", width, n, l)
		}
		if !strings.Contains(l, "ETA >100h") {
			t.Errorf("width %d: %q lacks the time left", width, l)
		}
	}
}

// TestMeterResumed: a resumed session counts only the deals it plays, in
// the total and in the rate; one that reaches its precision early takes the
// deals it will not play off the total.
func TestMeterResumed(t *testing.T) {
	g, err := nora.Definition().New([]string{"rounds=2"})
	if err != nil {
		t.Fatal(err)
	}
	sr := new(strategies.Registry)
	norabots.Register(sr, norabots.Setup{})
	cautious, err := sr.Lookup(g, "cautious")
	if err != nil {
		t.Fatal(err)
	}
	cfg := sim.Config{Game: g, Lineup: []sim.Player{{Strategy: cautious}}, Seed: 3, Workers: 1, Chunk: 100}
	const deals = 2000
	part := interruptedPart(t, cfg, deals)

	m, b, _ := testMeter()
	s := &sim.Session{Config: cfg, Deals: deals, Confidence: 0.95, Resume: part}
	if got, want := s.ToPlay(), deals-part.Played(); got != want {
		t.Errorf("a session resumed from %d deals has %d to play, want %d", part.Played(), got, want)
	}
	m.Plan(s.ToPlay())
	r, err := m.Play(context.Background(), s, "resumed")
	if err != nil {
		t.Fatal(err)
	}
	if r.Tally.Games != deals {
		t.Fatalf("resumed run tallied %d deals, want %d", r.Tally.Games, deals)
	}
	left := deals - part.Played()
	if m.done != left || m.total() != left {
		t.Errorf("Bar counted %d of %d deals; want the %d left after the checkpoint's %d", m.done, m.total(), left, part.Played())
	}
	if l := lastLine(b); !strings.Contains(l, "100%") {
		t.Errorf("last drawn %q, want 100%%", l)
	}

	// A precision met early: the total shrinks to what was played.
	m, _, _ = testMeter()
	s = &sim.Session{Config: cfg, Deals: 1_000_000, Confidence: 0.95, Precision: 50, Target: sim.TargetScore}
	m.Plan(s.ToPlay())
	m.Plan(500) // a later session, still to come
	if _, err := m.Play(context.Background(), s, "precision"); err != nil {
		t.Fatal(err)
	}
	if m.done >= 1_000_000 || m.total() != m.done+500 {
		t.Errorf("after a precision run of %d deals the total is %d, want %d", m.done, m.total(), m.done+500)
	}
}

// TestMeterUnplanned: sessions nobody planned (an analysis's) add their
// deals to the total as they start.
func TestMeterUnplanned(t *testing.T) {
	m, _, _ := testMeter()
	m.start("a", 300)
	m.add(300)
	m.start("b", 200)
	if m.total() != 500 || m.done != 300 {
		t.Errorf("total %d, done %d; want 500 and 300", m.total(), m.done)
	}
}

func TestCountAndETA(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{{0, "0"}, {9999, "9999"}, {10_000, "10.0k"}, {12_345, "12.3k"}, {456_000, "456k"}, {999_600, "1.00M"}, {4_567_000, "4.57M"}, {1_099_511_627_776, "1.10T"}} {
		if got := count(tt.n); got != tt.want {
			t.Errorf("count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	for _, tt := range []struct {
		secs float64
		want string
	}{{0, "0s"}, {4.5, "5s"}, {59.4, "59s"}, {185, "3m05s"}, {7800, "2h10m"}, {1e9, ">100h"}} {
		if got := eta(tt.secs); got != tt.want {
			t.Errorf("eta(%g) = %q, want %q", tt.secs, got, tt.want)
		}
	}
}

// interruptedPart plays deals of a session of nora until the first chunk,
// interrupts it and returns its checkpoint.
func interruptedPart(t *testing.T, cfg sim.Config, deals int64) *sim.Part {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var saved []byte
	cfg.Progress = func(int64) { cancel() }
	s := &sim.Session{Config: cfg, Deals: deals, Confidence: 0.95,
		Checkpoint: func(p *sim.Part) error {
			var err error
			saved, err = json.Marshal(p)
			return err
		}}
	if _, err := s.Play(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted session: %v", err)
	}
	var p sim.Part
	if err := json.Unmarshal(saved, &p); err != nil {
		t.Fatal(err)
	}
	if p.Played() <= 0 || p.Played() >= deals {
		t.Fatalf("checkpoint holds %d deals of %d", p.Played(), deals)
	}
	return &p
}

// TestCountCountsDeals: deals counted outside a session move the bar like
// a session's, and those left unplayed leave the total.
func TestCountCountsDeals(t *testing.T) {
	var b strings.Builder
	m := &Bar{w: &b, now: time.Now, width: 80}
	m.Plan(1000)
	add, end := m.Count("toy, 3 variants × 1 strategies", 1000)
	add(400)
	if m.done != 400 || m.total() != 1000 || !strings.Contains(b.String(), "toy, 3 variants") {
		t.Errorf("after 400 deals: done %d of %d, drawn %q", m.done, m.total(), b.String())
	}
	end(600)
	if m.total() != 400 {
		t.Errorf("600 deals left unplayed: total %d, want 400", m.total())
	}
	var _ experimentCounter = m
}

// experimentCounter is experiment.Counter, which a Bar implements.
type experimentCounter interface {
	Count(label string, toPlay int64) (add func(deals int64), end func(left int64))
}
