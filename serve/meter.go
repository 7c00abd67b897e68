package serve

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/sim"
)

// The meter counts the deals of a comparison of variants too, and keeps a
// series per variant and strategy.
var (
	_ experiment.Counter    = (*meter)(nil)
	_ experiment.ArmWatcher = (*meter)(nil)
)

// Progress is what a run under way has done, as the page shows it.
type Progress struct {
	State   string  `json:"state"` // running, done, failed, cancelled
	Phase   string  `json:"phase"` // preparing, playing or writing, while running
	Played  int64   `json:"played"`
	Planned int64   `json:"planned"`
	Rate    float64 `json:"rate"`    // deals a second
	Left    float64 `json:"left"`    // seconds left at that rate; 0 if unknown
	Label   string  `json:"label"`   // the session under way
	Figure  string  `json:"figure"`  // what the series plot, such as "mean score"
	Message string  `json:"message"` // why a run failed
	// Series holds each arm's figure against the deals played: all of
	// them, or those that changed since the caller last asked.
	Series []Series `json:"series,omitempty"`
}

// Series is one arm's figure, read every half second as the deals come
// in: a strategy's, or a strategy's at a point of a sweep.
type Series struct {
	Name   string  `json:"name"`
	Points []Point `json:"points"`

	version int   // bumped at every change
	step    int64 // the fewest deals between two points kept
}

// Point is an arm's figure after Deals deals, with its interval.
type Point struct {
	Deals int64   `json:"deals"`
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// num writes x for JSON: null if it is not a finite number.
func num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "null"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// MarshalJSON writes a point as [deals, value, low, high].
func (p Point) MarshalJSON() ([]byte, error) {
	return []byte("[" + num(float64(p.Deals)) + "," + num(p.Value) + "," + num(p.Low) + "," + num(p.High) + "]"), nil
}

// UnmarshalJSON reads a point as MarshalJSON writes it.
func (p *Point) UnmarshalJSON(b []byte) error {
	var v [4]float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*p = Point{Deals: int64(v[0]), Value: v[1], Low: v[2], High: v[3]}
	return nil
}

// seriesPoints is the most points a series keeps: past it, every other
// point is dropped and points come half as often, so a long run's chart
// stays the same size.
const seriesPoints = 160

// meter is the experiment.Meter of a run from the workbench: it counts the
// deals played, stops the run past its limit, says which phase a session is
// in, and every half second reads each arm's figure so far from the
// session's tally, as a checkpoint would save it.
type meter struct {
	begun   time.Time
	played  atomic.Int64
	planned atomic.Int64
	limit   int64                   // the most deals of the run
	stop    context.CancelCauseFunc // stops the run past limit
	target  string                  // the figure plotted: "win" for the win rate, else the mean score
	conf    float64                 // the confidence of a variant's interval (a session carries its own)
	series  bool                    // whether to keep series (not for a report's many studies)

	mu      sync.Mutex
	label   string
	phase   string
	started int64
	arms    []*Series
	byName  map[string]*Series
	version int
}

// errOverBudget is why a run was stopped past the workbench's most deals.
var errOverBudget = errors.New("more deals than the workbench plays a run")

// figureEvery is how often the figures so far are read.
const figureEvery = 500 * time.Millisecond

// The phases of a session.
const (
	phasePreparing = "preparing" // the strategies get ready (a computed policy is built) before the first deal
	phasePlaying   = "playing"
	phaseWriting   = "writing" // a session has ended; the figures are drawn up
)

func (m *meter) Plan(deals int64) { m.planned.Add(deals) }

func (m *meter) Play(ctx context.Context, s *sim.Session, label string) (*sim.Result, error) {
	toPlay := s.ToPlay()
	m.mu.Lock()
	m.label, m.phase = label, phasePreparing
	m.started += toPlay
	if m.started > m.planned.Load() {
		m.planned.Store(m.started)
	}
	m.mu.Unlock()
	progress := s.Config.Progress
	s.Config.Progress = func(n int64) {
		m.mu.Lock()
		m.phase = phasePlaying
		m.mu.Unlock()
		if m.played.Add(n) > m.limit && m.stop != nil {
			m.stop(errOverBudget)
		}
		if progress != nil {
			progress(n)
		}
	}
	if s.Checkpoint == nil && m.series {
		cfg, conf := s.Config, s.Confidence
		s.CheckpointEvery = figureEvery
		s.Checkpoint = func(p *sim.Part) error {
			if p.Tally.Games >= 2 {
				m.read(&cfg, p.Tally, conf, label)
			}
			return nil
		}
	}
	before := m.played.Load()
	r, err := s.Play(ctx)
	if left := toPlay - (m.played.Load() - before); left > 0 { // a precision reached, or interrupted
		m.planned.Add(-left)
	}
	m.mu.Lock()
	m.phase = phaseWriting
	m.mu.Unlock()
	return r, err
}

// Count counts deals played outside a session, as a comparison of rule
// variants plays them (experiment.Counter): the deals count toward the
// run's limit as a session's do, and those left unplayed (a precision
// reached, or interrupted) come off the deals planned.
func (m *meter) Count(label string, toPlay int64) (add func(deals int64), end func(left int64)) {
	m.mu.Lock()
	m.label, m.phase = label, phasePreparing
	m.started += toPlay
	if m.started > m.planned.Load() {
		m.planned.Store(m.started)
	}
	m.mu.Unlock()
	add = func(n int64) {
		m.mu.Lock()
		m.phase = phasePlaying
		m.mu.Unlock()
		if m.played.Add(n) > m.limit && m.stop != nil {
			m.stop(errOverBudget)
		}
	}
	end = func(left int64) {
		if left > 0 {
			m.planned.Add(-left)
		}
		m.mu.Lock()
		m.phase = phaseWriting
		m.mu.Unlock()
	}
	return add, end
}

// Arm reads a variant's figures so far, after a whole batch: a series per
// strategy, named by the variant.
func (m *meter) Arm(label string, cfg *sim.Config, t *sim.Tally) {
	if m.series && t.Games >= 2 {
		m.readAs(cfg, t, cmp.Or(m.conf, experiment.DefaultConfidence), label)
	}
}

// read adds each arm's figure so far to its series. The arms of a sweep's
// point are named by the point.
func (m *meter) read(cfg *sim.Config, t *sim.Tally, confidence float64, label string) {
	point, _, _ := strings.Cut(label, " (point ")
	if point == label {
		point = ""
	}
	m.readAs(cfg, t, confidence, point)
}

// readAs adds each arm's figure so far to its series, named by the
// strategy after point (a sweep's point, a variant), if any.
func (m *meter) readAs(cfg *sim.Config, t *sim.Tally, confidence float64, point string) {
	s := sim.Summarize(cfg, t, confidence)
	names := armNames(&s)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byName == nil {
		m.byName = map[string]*Series{}
	}
	for i, e := range s.Entries {
		name := names[i]
		if point != "" {
			name = point + ": " + name
		}
		sr, ok := m.byName[name]
		if !ok {
			sr = &Series{Name: name}
			m.byName[name] = sr
			m.arms = append(m.arms, sr)
		}
		p := Point{Deals: t.Games, Value: e.Score.Mean, Low: e.Score.CILow, High: e.Score.CIHigh}
		if m.target == string(sim.TargetWin) {
			p.Value, p.Low, p.High = e.Win.Rate, e.Win.CILow, e.Win.CIHigh
		}
		sr.add(p)
		m.version++
		sr.version = m.version
	}
}

// add appends p. Past seriesPoints, every other point is dropped, and a
// point closer to the one before the last than the points' mean gap then
// takes the last one's place: the series keeps its latest figure and
// stays the same size however long the run.
func (sr *Series) add(p Point) {
	if n := len(sr.Points); n >= 2 && p.Deals-sr.Points[n-2].Deals < sr.step {
		sr.Points[n-1] = p
		return
	}
	sr.Points = append(sr.Points, p)
	if n := len(sr.Points); n > seriesPoints {
		kept := sr.Points[:0]
		for i, q := range sr.Points {
			if i%2 == 0 || i == n-1 {
				kept = append(kept, q)
			}
		}
		sr.Points = kept
		sr.step = (kept[len(kept)-1].Deals - kept[0].Deals) / int64(len(kept)-1)
	}
}

func (m *meter) Logf(string, ...any) {}
func (m *meter) Finish()             {}

// figure names what the series plot.
func (m *meter) figure() string {
	if m.target == string(sim.TargetWin) {
		return "win rate"
	}
	return "mean score"
}

// progress returns what the meter has seen, with the series changed since
// seen (each series' version when last sent, updated), or every series if
// seen is nil.
func (m *meter) progress(seen map[string]int) Progress {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := Progress{State: "running", Phase: m.phase, Played: m.played.Load(), Planned: m.planned.Load(), Label: m.label, Figure: m.figure()}
	if secs := time.Since(m.begun).Seconds(); p.Played > 0 && secs > 0 {
		p.Rate = float64(p.Played) / secs
		p.Left = float64(max(p.Planned-p.Played, 0)) / p.Rate
	}
	for _, sr := range m.arms {
		if seen != nil {
			if seen[sr.Name] == sr.version {
				continue
			}
			seen[sr.Name] = sr.version
		}
		p.Series = append(p.Series, Series{Name: sr.Name, Points: append([]Point(nil), sr.Points...)})
	}
	return p
}

// allSeries returns a copy of every series, to keep with the run.
func (m *meter) allSeries() []Series {
	return m.progress(nil).Series
}
