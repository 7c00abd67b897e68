package reports

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
	"github.com/cardsim/cardsim/strategies"
	norabots "github.com/cardsim/cardsim/strategies/nora"
	roundupbots "github.com/cardsim/cardsim/strategies/roundup"
	spitebots "github.com/cardsim/cardsim/strategies/spite"
)

// summaryOf plays a small run and summarizes it.
func summaryOf(t *testing.T, def games.Definition, rules []string, n int64, names ...string) *sim.Summary {
	t.Helper()
	g, err := def.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	r := new(strategies.Registry)
	norabots.Register(r, norabots.Setup{})
	roundupbots.Register(r)
	spitebots.Register(r)
	r.Register(strategies.RandomDefinition())
	cfg := sim.Config{Game: g, Seed: 2, Games: n}
	for _, name := range names {
		d, err := r.Lookup(g, name)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Lineup = append(cfg.Lineup, sim.Player{Strategy: d})
	}
	tally, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := sim.Summarize(&cfg, tally, 0.95)
	s.Manifest = sim.NewManifest(&cfg, tally.Games, 0.95)
	return &s
}

// TestHistogramCSVSharesSumToOne: each strategy's shares sum to 1 and its
// counts to the scores it holds: games in a solitaire, seat-games (4 per
// deal) in Round-up at 4 players, where the column says so.
func TestHistogramCSVSharesSumToOne(t *testing.T) {
	for _, tt := range []struct {
		name   string
		s      *sim.Summary
		unit   string
		perRun int64 // scores per strategy
	}{
		{"nora", summaryOf(t, nora.Definition(), nil, 300, "stop-at", "cautious", "rescuer"), "games", 300},
		{"roundup", summaryOf(t, roundup.Definition(), []string{"players=4"}, 100, "greedy"), "seat_games", 400},
	} {
		var b bytes.Buffer
		if err := WriteHistogramCSV(&b, tt.s); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"strategy", "score", tt.unit, "share", CSVVersionColumn}; strings.Join(rows[0], ",") != strings.Join(want, ",") {
			t.Fatalf("%s: header %v, want %v", tt.name, rows[0], want)
		}
		counts, shares := map[string]int64{}, map[string]float64{}
		for _, r := range rows[1:] {
			c, _ := strconv.ParseInt(r[2], 10, 64)
			sh, _ := strconv.ParseFloat(r[3], 64)
			counts[r[0]] += c
			shares[r[0]] += sh
		}
		if len(counts) != len(tt.s.Manifest.Strategies) {
			t.Errorf("%s: histograms of %d strategies, want %d", tt.name, len(counts), len(tt.s.Manifest.Strategies))
		}
		for name, c := range counts {
			if c != tt.perRun || math.Abs(shares[name]-1) > 1e-6 {
				t.Errorf("%s %s: counts sum to %d and shares to %g, want %d and 1", tt.name, name, c, shares[name], tt.perRun)
			}
		}
	}
}

// TestEveryStrategyTabulatedAndCharted: comparing strategies, the terminal
// table gives every strategy's metrics in its own column, and the charts
// name every strategy. cautious insures and rescuer switches, so their ip
// spent cannot read as zeros.
func TestEveryStrategyTabulatedAndCharted(t *testing.T) {
	s := summaryOf(t, nora.Definition(), nil, 300, "stop-at", "cautious", "rescuer")
	var b bytes.Buffer
	if err := WriteTable(&b, s); err != nil {
		t.Fatal(err)
	}
	var insure, switches []string
	for _, line := range strings.Split(b.String(), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && f[0] == "ip_spent.insure":
			insure = f
		case len(f) > 0 && f[0] == "ip_spent.switch":
			switches = f
		}
	}
	// name, then per strategy: mean, low, "…", high.
	if len(insure) != 1+3*4 || len(switches) != 1+3*4 {
		t.Fatalf("metric rows are not one column group per strategy:\n%s", b.String())
	}
	if v, _ := strconv.ParseFloat(insure[1+4], 64); v <= 0 {
		t.Errorf("cautious spends %g ip on INSURE per game, want more than 0:\n%s", v, b.String())
	}
	if v, _ := strconv.ParseFloat(switches[1+8], 64); v <= 0 {
		t.Errorf("rescuer spends %g ip on SWITCH per game, want more than 0:\n%s", v, b.String())
	}
	charts, err := Charts(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range charts {
		svg, err := c.Render("svg")
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"stop-at", "cautious", "rescuer"} {
			if !bytes.Contains(svg, []byte(">"+name+"<")) {
				t.Errorf("chart %s has no legend entry for %s", c.Name, name)
			}
		}
	}
}

// TestPoolFeature: values held by fewer than 1% of seats are pooled into
// the end bins, which keep every seat and win, and whose interval is the
// Wilson interval of the pooled wins in the pooled seats, as a value's is.
func TestPoolFeature(t *testing.T) {
	v := func(value, games, wins int64) sim.FeatureValue {
		lo, hi := stat.Wilson(wins, games, 0.95)
		return sim.FeatureValue{Value: value, Games: games, Win: sim.RateSummary{Count: wins, Rate: float64(wins) / float64(games), CILow: lo, CIHigh: hi}}
	}
	vs := []sim.FeatureValue{v(0, 3, 1), v(1, 5, 2), v(2, 400, 100), v(3, 500, 120), v(4, 80, 20), v(5, 6, 3), v(6, 2, 2)}
	bins := poolFeature(vs, 0.95)
	var labels []string
	var games int64
	for _, b := range bins {
		labels = append(labels, b.label)
		games += b.games
	}
	// 1% of 996 seats is 9.96: from the top, 6 (2 seats) and 5 (6) are not
	// enough, so 4 (80) joins them; from the bottom 0 and 1 take 2 along.
	if want := []string{"≤2", "3", "≥4"}; !slices.Equal(labels, want) {
		t.Fatalf("bins %v, want %v", labels, want)
	}
	if games != 996 || bins[0].games != 408 || bins[2].games != 88 {
		t.Errorf("bins hold %d seats (%d, %d at the ends), want 996 (408, 88)", games, bins[0].games, bins[2].games)
	}
	lo, hi := stat.Wilson(25, 88, 0.95)
	if r := bins[2].rate; r != 25.0/88 || bins[2].lo != lo || bins[2].hi != hi {
		t.Errorf("≥4: rate %g in %g … %g, want 25/88 in its Wilson interval %g … %g", r, bins[2].lo, bins[2].hi, lo, hi)
	}
	lo, hi = stat.Wilson(103, 408, 0.95)
	if r := bins[0].rate; r != 103.0/408 || bins[0].lo != lo || bins[0].hi != hi {
		t.Errorf("≤2: rate %g in %g … %g, want 103/408 in its Wilson interval %g … %g", r, bins[0].lo, bins[0].hi, lo, hi)
	}
	if got := poolFeature(vs[2:5], 0.95); len(got) != 3 || got[0].label != "2" {
		t.Errorf("nothing sparse: %v", got)
	}
}
