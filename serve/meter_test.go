package serve

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// slowStart is a strategy that prepares until ready is closed, as one that
// builds a policy before its first game.
type slowStart struct {
	strategies.Strategy
	ready chan struct{}
}

func (s *slowStart) Prepare(ctx context.Context) error {
	select {
	case <-s.ready:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// session returns a session of nora for deals deals, played by the named
// strategies, the first made slow to prepare when ready is not nil.
func session(t *testing.T, deals int64, ready chan struct{}, names ...string) *sim.Session {
	t.Helper()
	def, err := catalog.Games().Lookup("nora")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := def.New(nil)
	reg := catalog.Strategies()
	var lineup []sim.Player
	for i, n := range names {
		d, err := reg.Lookup(g, n)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 && ready != nil {
			build := d.New
			d.New = func(g games.Game, params []string) (strategies.Strategy, error) {
				s, err := build(g, params)
				return &slowStart{s, ready}, err
			}
		}
		lineup = append(lineup, sim.Player{Strategy: d})
	}
	return &sim.Session{Config: sim.Config{Game: g, Lineup: lineup, Seed: 1, Workers: 1}, Deals: deals, Confidence: 0.95}
}

// TestMeterPhases: while its strategies prepare, a session is "preparing"
// with no deal played (not "0 of 200" with no word of why), then
// "playing", then "writing" once its deals are played.
func TestMeterPhases(t *testing.T) {
	ready := make(chan struct{})
	m := &meter{begun: time.Now(), limit: 1 << 40, series: true}
	s := session(t, 400, ready, "cautious")
	done := make(chan error, 1)
	go func() { _, err := m.Play(context.Background(), s, "cautious"); done <- err }()
	for deadline := time.Now().Add(10 * time.Second); m.progress(nil).Phase != phasePreparing; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the meter never said it was preparing")
		}
	}
	time.Sleep(100 * time.Millisecond)
	if p := m.progress(nil); p.Phase != phasePreparing || p.Played != 0 || p.Planned != 400 {
		t.Errorf("while the strategy prepares: phase %q, %d of %d deals", p.Phase, p.Played, p.Planned)
	}
	close(ready)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if p := m.progress(nil); p.Phase != phaseWriting || p.Played != 400 {
		t.Errorf("after the session: phase %q, %d deals", p.Phase, p.Played)
	}
}

// TestMeterStopsPastTheLimit: a run that plays past the workbench's most
// deals is stopped soon after, with errOverBudget as the cause.
func TestMeterStopsPastTheLimit(t *testing.T) {
	ctx, stop := context.WithCancelCause(context.Background())
	defer stop(nil)
	m := &meter{begun: time.Now(), limit: 500, stop: stop}
	_, err := m.Play(ctx, session(t, 1_000_000, nil, "stop-at"), "stop-at")
	if err == nil || !errors.Is(context.Cause(ctx), errOverBudget) {
		t.Fatalf("a run past its limit: %v, cause %v", err, context.Cause(ctx))
	}
	if n := m.played.Load(); n < 500 || n > 200_000 {
		t.Errorf("stopped after %d deals, want soon after 500", n)
	}
}

// TestMeterSeriesPerArm: the meter keeps a series per arm of a comparison,
// named by its strategy, and per arm and point of a sweep.
func TestMeterSeriesPerArm(t *testing.T) {
	m := &meter{begun: time.Now(), limit: 1 << 40, series: true}
	if _, err := m.Play(context.Background(), session(t, 1000, nil, "stop-at", "cautious", "rescuer"), "stop-at vs cautious vs rescuer"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Play(context.Background(), session(t, 1000, nil, "cautious"), "insure=2 (point 2 of 2)"); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range m.allSeries() {
		names = append(names, s.Name)
		if len(s.Points) == 0 || s.Points[len(s.Points)-1].Deals != 1000 {
			t.Errorf("series %s: %v, want its last point at 1000 deals", s.Name, s.Points)
		}
	}
	if want := []string{"stop-at", "cautious", "rescuer", "insure=2: cautious"}; !slices.Equal(names, want) {
		t.Errorf("series %q, want %q", names, want)
	}
	// Asked again, only what changed comes.
	seen := map[string]int{}
	if n := len(m.progress(seen).Series); n != 4 {
		t.Errorf("first ask: %d series", n)
	}
	if n := len(m.progress(seen).Series); n != 0 {
		t.Errorf("second ask, nothing new: %d series", n)
	}
}

// TestSeriesStaysSmall: a series read every half second of a long run
// keeps at most seriesPoints points, its first and its latest among them,
// in the order of the deals.
func TestSeriesStaysSmall(t *testing.T) {
	var s Series
	for i := int64(1); i <= 100_000; i++ {
		s.add(Point{Deals: i * 10, Value: float64(i)})
		if len(s.Points) > seriesPoints {
			t.Fatalf("%d points after %d reads", len(s.Points), i)
		}
	}
	if s.Points[0].Deals != 10 || s.Points[len(s.Points)-1].Deals != 1_000_000 {
		t.Errorf("first %d and last %d deals, want 10 and 1000000", s.Points[0].Deals, s.Points[len(s.Points)-1].Deals)
	}
	if len(s.Points) < seriesPoints/3 {
		t.Errorf("%d points kept, want most of %d", len(s.Points), seriesPoints)
	}
	for i := 1; i < len(s.Points); i++ {
		if s.Points[i].Deals <= s.Points[i-1].Deals {
			t.Fatalf("points out of order at %d", i)
		}
	}
}

// TestMeterCountsVariants: the deals a comparison of variants plays
// outside sessions count as a session's do: toward the deals played, the
// phase, and the run's limit (past it the run is stopped with
// errOverBudget); those left unplayed come off the deals planned.
func TestMeterCountsVariants(t *testing.T) {
	ctx, stop := context.WithCancelCause(context.Background())
	defer stop(nil)
	m := &meter{begun: time.Now(), limit: 500, stop: stop}
	m.Plan(600)
	add, end := m.Count("nora", 600)
	if p := m.progress(nil); p.Phase != phasePreparing || p.Planned != 600 || p.Played != 0 {
		t.Errorf("before a deal: phase %q, %d of %d", p.Phase, p.Played, p.Planned)
	}
	add(300)
	if p := m.progress(nil); p.Phase != phasePlaying || p.Played != 300 || ctx.Err() != nil {
		t.Errorf("after 300 deals: phase %q, %d played, %v", p.Phase, p.Played, ctx.Err())
	}
	add(201)
	if !errors.Is(context.Cause(ctx), errOverBudget) {
		t.Errorf("501 deals past a limit of 500: cause %v", context.Cause(ctx))
	}
	end(99)
	if p := m.progress(nil); p.Phase != phaseWriting || p.Planned != 501 || p.Played != 501 {
		t.Errorf("at the end: phase %q, %d of %d", p.Phase, p.Played, p.Planned)
	}
}
