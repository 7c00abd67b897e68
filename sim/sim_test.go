package sim

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/strategies"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

func noraConfig(t testing.TB, strategy string, n int64, params ...string) Config {
	t.Helper()
	g, err := nora.Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	r := new(strategies.Registry)
	norabots.Register(r, norabots.Setup{})
	r.Register(strategies.RandomDefinition())
	def, err := r.Lookup(g, strategy)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Game: g, Lineup: []Player{{Strategy: def, Params: params}}, Seed: 42, Games: n}
}

// TestRunIndependentOfWorkers: the tally is identical for any number of
// workers and any chunk size.
func TestRunIndependentOfWorkers(t *testing.T) {
	for _, strategy := range []string{"rescuer", "random"} {
		var first *Tally
		for _, wc := range []struct{ workers, chunk int }{{1, 0}, {2, 0}, {3, 7}, {2, 1}} {
			cfg := noraConfig(t, strategy, 3000)
			cfg.Workers, cfg.Chunk = wc.workers, wc.chunk
			tally, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = tally
				continue
			}
			if !reflect.DeepEqual(first, tally) {
				t.Fatalf("%s: %d workers, chunk %d gave a different tally", strategy, wc.workers, wc.chunk)
			}
		}
	}
}

// TestRunSplitMerges: two runs over halves of the indices merge into the
// tally of one run over all of them.
func TestRunSplitMerges(t *testing.T) {
	whole, err := Run(context.Background(), noraConfig(t, "cautious", 2000))
	if err != nil {
		t.Fatal(err)
	}
	a := noraConfig(t, "cautious", 700)
	b := noraConfig(t, "cautious", 1300)
	b.First = 700
	ta, err := Run(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Run(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	tb.Merge(ta) // in either order
	if !reflect.DeepEqual(whole.Seats, tb.Seats) || whole.Games != tb.Games || whole.Fingerprint != tb.Fingerprint {
		t.Fatal("merged halves differ from the whole run")
	}
	for i := range whole.Metrics[0] {
		if whole.Metrics[0][i].Sum() != tb.Metrics[0][i].Sum() || whole.Metrics[0][i].N() != tb.Metrics[0][i].N() {
			t.Fatalf("metric %d: merged halves differ from the whole run", i)
		}
	}
}

// TestTallyMemoryFlat: a tally's size is bounded by the range of values,
// not the number of games.
func TestTallyMemoryFlat(t *testing.T) {
	size := func(n int64) int {
		tally, err := Run(context.Background(), noraConfig(t, "stop-at", n))
		if err != nil {
			t.Fatal(err)
		}
		s := len(tally.Seats[0].Score.Counts)
		for _, h := range tally.Metrics[0] {
			s += len(h.Counts)
		}
		return s
	}
	small, large := size(1000), size(20000)
	_, hi := noraConfig(t, "stop-at", 1).Game.ScoreBounds()
	if bound := (hi + 1) * (1 + len(noraConfig(t, "stop-at", 1).Game.Metrics())); large > bound {
		t.Errorf("tally of 20000 games holds %d counts, more than the bound %d", large, bound)
	}
	if large > 4*small {
		t.Errorf("tally grew from %d counts (1000 games) to %d (20000 games)", small, large)
	}
}

type panicky struct{}

func (panicky) Begin(uint64)                                   {}
func (panicky) Choose(games.View, []games.Action) games.Action { panic("boom") }

type illegal struct{}

func (illegal) Begin(uint64)                                   {}
func (illegal) Choose(games.View, []games.Action) games.Action { return 9999 }

func TestRunReportsBadBots(t *testing.T) {
	for _, tt := range []struct {
		bot  strategies.Strategy
		want string
	}{{panicky{}, "panic: boom"}, {illegal{}, "illegal action"}} {
		cfg := noraConfig(t, "stop-at", 100, "cards=12")
		cfg.Lineup[0].Strategy.New = func(games.Game, []string) (strategies.Strategy, error) { return tt.bot, nil }
		_, err := Run(context.Background(), cfg)
		var ge *GameError
		if !errors.As(err, &ge) || !strings.Contains(err.Error(), tt.want) {
			t.Fatalf("bad bot: error %v, want a GameError mentioning %q", err, tt.want)
		}
		// What replays the game: its rules, deal and the strategy in each seat.
		if ge.Game != "nora" || ge.Seed != 42 || ge.Index < 0 || ge.Index >= 100 || len(ge.Rules) != len(cfg.Game.Rules()) ||
			len(ge.Seats) != 1 || ge.Seats[0].Strategy.Name != "stop-at" || !reflect.DeepEqual(ge.Seats[0].Params, []string{"cards=12"}) {
			t.Errorf("bad bot: %+v lacks what replays the game", ge)
		}
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tally, err := Run(ctx, noraConfig(t, "stop-at", 100000))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if tally.Games != 0 {
		t.Errorf("a run cancelled before it started played %d games", tally.Games)
	}
}

func TestRunBadParams(t *testing.T) {
	cfg := noraConfig(t, "stop-at", 10, "cards=-3")
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "cards=-3") {
		t.Errorf("err = %v, want one naming cards=-3", err)
	}
}

func TestHistogram(t *testing.T) {
	var h, g Histogram
	for _, v := range []int64{5, 3, 3, 9} {
		h.Add(v)
	}
	g.Add(-2)
	g.Add(3)
	h.Merge(&g)
	if h.N() != 6 || h.Sum() != 5+3+3+9-2+3 {
		t.Fatalf("N %d, Sum %d; want 6, 21", h.N(), h.Sum())
	}
	if lo, hi, _ := h.Range(); lo != -2 || hi != 9 {
		t.Errorf("Range = %d, %d; want -2, 9", lo, hi)
	}
	// Values -2 3 3 3 5 9: mean 3.5, sample variance (30.25+.25·3+2.25+30.25)/5 = 12.7.
	mean, sd := h.MeanSD()
	if math.Abs(mean-3.5) > 1e-12 || math.Abs(sd-math.Sqrt(12.7)) > 1e-12 {
		t.Errorf("MeanSD = %g, %g; want 3.5, √12.7", mean, sd)
	}
	if q := h.Quantile(0.5); q != 3 {
		t.Errorf("median %g, want 3", q)
	}
}
