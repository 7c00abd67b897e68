package serve

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardsim/cardsim/sim"
)

// Progress is what a run under way has done, as the page shows it.
type Progress struct {
	State   string  `json:"state"` // running, done, failed, cancelled
	Played  int64   `json:"played"`
	Planned int64   `json:"planned"`
	Rate    float64 `json:"rate"`    // deals a second
	Left    float64 `json:"left"`    // seconds left at that rate; 0 if unknown
	Label   string  `json:"label"`   // the session under way
	Figure  string  `json:"figure"`  // what Value is, such as "cautious: mean score"
	Value   float64 `json:"value"`   // the main figure so far
	Low     float64 `json:"low"`     // its interval
	High    float64 `json:"high"`    //
	Deals   int64   `json:"deals"`   // deals the figure is over
	Message string  `json:"message"` // why a run failed
}

// meter is the experiment.Meter of a run from the workbench: it counts the
// deals played, and every half second reads the main figure so far from the
// session's tally, as a checkpoint would save it.
type meter struct {
	begun   time.Time
	played  atomic.Int64
	planned atomic.Int64

	mu      sync.Mutex
	label   string
	figure  string
	value   [3]float64
	deals   int64
	started int64
}

// figureEvery is how often the main figure so far is read.
const figureEvery = 500 * time.Millisecond

func (m *meter) Plan(deals int64) { m.planned.Add(deals) }

func (m *meter) Play(ctx context.Context, s *sim.Session, label string) (*sim.Result, error) {
	toPlay := s.ToPlay()
	m.mu.Lock()
	m.label = label
	m.started += toPlay
	if m.started > m.planned.Load() {
		m.planned.Store(m.started)
	}
	m.mu.Unlock()
	progress := s.Config.Progress
	s.Config.Progress = func(n int64) {
		m.played.Add(n)
		if progress != nil {
			progress(n)
		}
	}
	if s.Checkpoint == nil {
		cfg, conf := s.Config, s.Confidence
		s.CheckpointEvery = figureEvery
		s.Checkpoint = func(p *sim.Part) error {
			if p.Tally.Games >= 2 {
				m.read(&cfg, p.Tally, conf)
			}
			return nil
		}
	}
	before := m.played.Load()
	r, err := s.Play(ctx)
	if left := toPlay - (m.played.Load() - before); left > 0 { // a precision reached, or interrupted
		m.planned.Add(-left)
	}
	return r, err
}

// read takes the main figure from a tally: the first strategy's mean score.
func (m *meter) read(cfg *sim.Config, t *sim.Tally, confidence float64) {
	s := sim.Summarize(cfg, t, confidence)
	lead := s.Lead()
	score, name := lead.Score, lead.Strategy.Name+": "
	m.mu.Lock()
	m.figure, m.value, m.deals = name+"mean score", [3]float64{score.Mean, score.CILow, score.CIHigh}, t.Games
	m.mu.Unlock()
}

func (m *meter) Logf(string, ...any) {}
func (m *meter) Finish()             {}

// progress returns what the meter has seen.
func (m *meter) progress() Progress {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := Progress{State: "running", Played: m.played.Load(), Planned: m.planned.Load(), Label: m.label,
		Figure: m.figure, Value: m.value[0], Low: m.value[1], High: m.value[2], Deals: m.deals}
	if secs := time.Since(m.begun).Seconds(); p.Played > 0 && secs > 0 {
		p.Rate = float64(p.Played) / secs
		p.Left = float64(max(p.Planned-p.Played, 0)) / p.Rate
	}
	return p
}
