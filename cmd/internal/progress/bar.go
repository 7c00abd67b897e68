package progress

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"

	"github.com/cardsim/cardsim/sim"
)

// Bar is the one progress bar a command shows on the error stream while
// it plays: the deals played over every deal the command has to play, in
// all its sessions (the points of a sweep, the studies of a report, the
// runs of an analysis), with the rate and the time left.
//
// The deals counted are those this process plays: a resumed session's
// checkpoint counts neither in the total nor in the rate. The rate's clock
// starts when the first session starts playing, and no rate is shown until
// its first chunk is done. A bar that is not on a terminal, or of a
// command given --quiet, shows nothing.
type Bar struct {
	w     io.Writer // nil: silent
	width int       // columns of the terminal
	now   func() time.Time

	mu      sync.Mutex
	planned int64 // deals the command expects to play, known before it plays them
	started int64 // deals of the sessions started so far (left to play when they started)
	done    int64 // deals played
	label   string
	begun   time.Time // when the first session started; zero before
	drawn   time.Time // when the bar was last drawn
	shown   int       // width of the line on screen, to clear it
}

// drawEvery is the least time between two drawings of the bar.
const drawEvery = 100 * time.Millisecond

// New returns a bar drawn on w if w is a terminal and quiet is false, else
// a silent one.
func New(w io.Writer, quiet bool) *Bar {
	m := &Bar{now: time.Now, width: 80}
	file, ok := w.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(file.Fd())) {
		return m
	}
	m.w = w
	if w, _, err := term.GetSize(int(file.Fd())); err == nil && w >= 40 {
		m.width = w
	}
	return m
}

// Plan adds deals the command will play to the total before it plays them,
// so that the time left covers them from the start. Sessions nobody planned
// (those of an analysis) add theirs as they start.
func (m *Bar) Plan(deals int64) {
	m.mu.Lock()
	m.planned += deals
	m.mu.Unlock()
}

// total returns the deals of the whole command as far as they are known.
func (m *Bar) total() int64 { return max(m.planned, m.started) }

// Play plays s, counting its deals under label.
func (m *Bar) Play(ctx context.Context, s *sim.Session, label string) (*sim.Result, error) {
	if m.w == nil {
		return s.Play(ctx)
	}
	toPlay := s.ToPlay()
	m.start(label, toPlay)
	var played atomic.Int64
	progress := s.Config.Progress
	s.Config.Progress = func(n int64) {
		played.Add(n)
		m.add(n)
		if progress != nil {
			progress(n)
		}
	}
	defer func() { s.Config.Progress = progress }()
	r, err := s.Play(ctx)
	m.end(toPlay - played.Load())
	return r, err
}

// start counts a session that has toPlay deals left to play (its
// checkpoint's deals are not among them), starting the clock with the
// first.
func (m *Bar) start(label string, toPlay int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.label = label
	m.started += toPlay
	if m.begun.IsZero() {
		m.begun = m.now()
	}
	m.draw(true)
}

// add counts n deals played.
func (m *Bar) add(n int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done += n
	m.draw(false)
}

// end ends a session and draws the bar as it stands. A session that left
// deals unplayed (its precision reached, or interrupted) takes them off the
// total.
func (m *Bar) end(left int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if left > 0 {
		m.started -= left
		m.planned = max(m.planned-left, 0)
	}
	m.draw(true)
}

// Logf writes a note on its own line above the bar; a silent bar drops
// it.
func (m *Bar) Logf(format string, args ...any) {
	if m.w == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.clear()
	fmt.Fprintf(m.w, format+"\n", args...)
	if !m.begun.IsZero() {
		m.draw(true)
	}
}

// Finish takes the bar off the screen.
func (m *Bar) Finish() {
	if m.w == nil {
		return
	}
	m.mu.Lock()
	m.clear()
	m.mu.Unlock()
}

// clear blanks the bar's line. The caller holds mu.
func (m *Bar) clear() {
	if m.shown > 0 {
		fmt.Fprintf(m.w, "\r%s\r", strings.Repeat(" ", m.shown))
		m.shown = 0
	}
}

// draw draws the bar over its previous drawing, if it is due or force is
// set. The caller holds mu.
func (m *Bar) draw(force bool) {
	now := m.now()
	if !force && now.Sub(m.drawn) < drawEvery {
		return
	}
	m.drawn = now
	line := m.line(now)
	pad := max(m.shown-len([]rune(line)), 0)
	fmt.Fprintf(m.w, "\r%s%s", line, strings.Repeat(" ", pad))
	if pad > 0 {
		fmt.Fprintf(m.w, "\r%s", line)
	}
	m.shown = len([]rune(line))
}

// line returns the bar as it reads at now, fitted to the terminal's width:
// the label, the share done, the deals, the rate and the time left (these
// two once a chunk is done). The caller holds mu.
func (m *Bar) line(now time.Time) string {
	total := m.total()
	frac := 0.0
	if total > 0 {
		frac = min(float64(m.done)/float64(total), 1)
	}
	stats := fmt.Sprintf(" %3.0f%% %s/%s deals", 100*frac, count(m.done), count(total))
	short := fmt.Sprintf(" %s/%s", count(m.done), count(total))
	if rate, ok := m.rate(now); ok {
		r := fmt.Sprintf("  %s/s  ETA %s", count(int64(rate)), eta(float64(total-m.done)/rate))
		stats += r
		short += r
	}
	if len(stats) >= m.width {
		stats = short
	}
	const barWidth = 20
	filled := int(frac * barWidth)
	bar := " [" + strings.Repeat("=", filled) + strings.Repeat(" ", barWidth-filled) + "]"
	room := m.width - 1 - len([]rune(stats)) // the last column left blank
	if room-len(bar) < 4 {
		bar = "" // too narrow: the figures come first
	}
	label := []rune(m.label)
	switch r := room - len(bar); {
	case r < 4:
		label = nil
	case len(label) > r:
		label = append(label[:r-1], '…')
	}
	line := []rune(string(label) + bar + stats)
	return string(line[:min(len(line), m.width-1)])
}

// rate returns the deals played per second since the first session
// started, once a chunk is done.
func (m *Bar) rate(now time.Time) (float64, bool) {
	secs := now.Sub(m.begun).Seconds()
	if m.done == 0 || m.begun.IsZero() || secs <= 0 {
		return 0, false
	}
	return float64(m.done) / secs, true
}

// count writes n briefly, to three figures from 10,000 on: 9500, 12.3k,
// 456k, 4.57M, 1.10T.
func count(n int64) string {
	if n < 10_000 {
		return fmt.Sprint(n)
	}
	v, unit := float64(n), ""
	for _, u := range []string{"k", "M", "G", "T", "P", "E"} {
		if v < 999.5 {
			break
		}
		v, unit = v/1000, u
	}
	return strconv.FormatFloat(v, 'f', min(max(2-int(math.Floor(math.Log10(v))), 0), 2), 64) + unit
}

// eta writes a time left in seconds to the second: 42s, 3m05s, 2h10m.
func eta(secs float64) string {
	d := time.Duration(secs+0.5) * time.Second
	switch {
	case secs > 100*3600:
		return ">100h"
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}
