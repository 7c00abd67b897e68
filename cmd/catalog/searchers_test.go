package catalog_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// newGame returns the named game with the rules given, the defaults otherwise.
func newGame(t testing.TB, name string, rules ...string) games.Game {
	t.Helper()
	d, err := catalog.Games().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := d.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// newBot returns the named strategy for g with params, from the catalog.
func newBot(t testing.TB, g games.Game, name string, params ...string) strategies.Strategy {
	t.Helper()
	d, err := catalog.Strategies().Lookup(g, name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.New(g, params)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSearchBeatsRandom plays each search bot against random on the same
// deals and wants the paired score difference's interval above zero.
// Flip is played with optional plays: under forced play there is little
// to choose, so random plays nearly as well as search.
func TestSearchBeatsRandom(t *testing.T) {
	reg := catalog.Strategies()
	for _, tc := range []struct {
		game, bot string
		params    []string
		games     int64
		rules     []string
	}{
		{"nora", "flatmc", []string{"budget=2"}, 60, nil},
		{"nora", "pimc", []string{"budget=4"}, 60, nil},
		{"nora", "ismcts", []string{"budget=16"}, 60, nil},
		{"flip", "flatmc", []string{"budget=2"}, 60, []string{"forced-play=false"}},
		{"flip", "pimc", []string{"budget=4"}, 60, []string{"forced-play=false"}},
		{"flip", "ismcts", []string{"budget=16"}, 60, []string{"forced-play=false"}},
		{"chriscross", "flatmc", []string{"budget=2"}, 60, nil},
		{"chriscross", "pimc", []string{"budget=4"}, 60, nil},
		{"chriscross", "ismcts", []string{"budget=16"}, 60, nil},
	} {
		t.Run(tc.game+"/"+tc.bot, func(t *testing.T) {
			g := newGame(t, tc.game, tc.rules...)
			def, err := reg.Lookup(g, tc.bot)
			if err != nil {
				t.Fatal(err)
			}
			random, err := reg.Lookup(g, "random")
			if err != nil {
				t.Fatal(err)
			}
			cfg := sim.Config{Game: g, Lineup: []sim.Player{{Strategy: def, Params: tc.params}, {Strategy: random}},
				Seed: 7, Games: tc.games, Chunk: 8}
			tally, err := sim.Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			c := sim.Summarize(&cfg, tally, 0.95).Comparisons[0]
			t.Logf("%s − random: %+.2f points [%+.2f, %+.2f] over %d deals", tc.bot, c.ScoreDiff, c.CILow, c.CIHigh, tc.games)
			if c.CILow <= 0 {
				t.Errorf("%s does not beat random: %+.2f points [%+.2f, %+.2f]", tc.bot, c.ScoreDiff, c.CILow, c.CIHigh)
			}
		})
	}
}

// positions plays random games of g and returns clones of the states at
// decisions with several legal actions, at most n of them.
func positions(g games.Game, seed uint64, n int) []games.State {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []games.State
	var legal []games.Action
	st := g.NewState()
	for k := uint64(0); len(out) < n; k++ {
		st.Reset(games.Mix(seed, k))
		for st.Turn() != games.Terminal && len(out) < n {
			legal = st.Legal(legal)
			if len(legal) > 1 && rng.IntN(4) == 0 {
				out = append(out, st.Clone())
			}
			st.Apply(legal[rng.IntN(len(legal))])
		}
	}
	return out
}

var searchBots = []struct {
	name   string
	params []string
}{
	{"flatmc", []string{"budget=2"}},
	{"pimc", []string{"budget=3"}},
	{"ismcts", []string{"budget=24"}},
}

// TestSearchDoesNotPeek re-deals the hidden cards of real positions with
// Determinize and checks that no search bot's decision changes: the bots
// see only what the view shows.
func TestSearchDoesNotPeek(t *testing.T) {
	for _, game := range []string{"nora", "flip", "chriscross"} {
		g := newGame(t, game)
		pos := positions(g, 3, 40)
		for _, b := range searchBots {
			t.Run(game+"/"+b.name, func(t *testing.T) {
				bot := newBot(t, g, b.name, b.params...)
				changed := 0
				for i, real := range pos {
					seat := real.Turn()
					legal := real.Legal(nil)
					poisoned := real.Clone()
					poisoned.Determinize(seat, uint64(1000+i))
					if !slices.Equal(real.Cards(nil), poisoned.Cards(nil)) {
						changed++
					}
					bot.Begin(uint64(i))
					want := bot.Choose(real.View(seat), legal)
					bot.Begin(uint64(i))
					got := bot.Choose(poisoned.View(seat), poisoned.Legal(nil))
					if got != want {
						t.Fatalf("position %d: %s chose %s on the real cards and %s once the hidden cards were re-dealt",
							i, b.name, real.ActionString(want), real.ActionString(got))
					}
				}
				if changed == 0 {
					t.Fatalf("Determinize changed no position's hidden cards: the test proves nothing")
				}
			})
		}
	}
}

// TestSearchDeterministic plays the same deals twice with one and two
// workers and wants identical tallies.
func TestSearchDeterministic(t *testing.T) {
	reg := catalog.Strategies()
	for _, b := range searchBots {
		t.Run(b.name, func(t *testing.T) {
			g := newGame(t, "flip")
			def, _ := reg.Lookup(g, b.name)
			var got []string
			for _, workers := range []int{1, 2} {
				cfg := sim.Config{Game: g, Lineup: []sim.Player{{Strategy: def, Params: b.params}}, Seed: 11, Games: 12, Chunk: 3, Workers: workers}
				tally, err := sim.Run(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				s := sim.Summarize(&cfg, tally, 0.95)
				got = append(got, fmt.Sprintf("%v %v %v", s.Lead().Score.Mean, s.Lead().Score.Histogram, s.Lead().Win.Count))
			}
			if got[0] != got[1] {
				t.Fatalf("1 worker: %s\n2 workers: %s", got[0], got[1])
			}
		})
	}
}

// opaque is a game that does not offer Sample: its views do not implement
// games.Sampler.
type opaque struct{ games.Game }

func (o opaque) NewState() games.State { return opaqueState{o.Game.NewState()} }
func (o opaque) Capabilities() games.Capabilities {
	c := o.Game.Capabilities()
	c.Sample, c.Reveal = false, false
	return c
}

type opaqueState struct{ games.State }

type opaqueView struct{}

func (opaqueView) Seat() int { return 0 }

func (opaqueState) View(int) games.View { return opaqueView{} }

func TestSearchParams(t *testing.T) {
	reg := catalog.Strategies()
	flip := newGame(t, "flip")
	for _, tc := range []struct {
		game   games.Game
		bot    string
		params []string
		err    string // "" for none
	}{
		{flip, "flatmc", []string{"budget=3", "rollout=greedy"}, ""},
		{flip, "pimc", []string{"rollout=greedy", "rollouts=2"}, ""},
		{flip, "ismcts", []string{"rollout=random", "explore=1.2"}, ""},
		{flip, "flatmc", []string{"budget=0"}, "budget=0"},
		{flip, "pimc", []string{"rollout=nosuch"}, "rollout=nosuch"},
		{flip, "ismcts", []string{"rollout=ismcts"}, "rollout=ismcts"},
		{flip, "ismcts", []string{"depth=3"}, `unknown parameter "depth"`},
		{opaque{flip}, "flatmc", nil, "games.Sampler"},
		{opaque{flip}, "pimc", nil, "games.Sampler"},
		{opaque{flip}, "ismcts", nil, "games.Sampler"},
	} {
		def, err := reg.Lookup(flip, tc.bot)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tc.game.(opaque); ok {
			// Not listed for a game it cannot play, and looking it up
			// says why.
			if _, err := reg.Lookup(tc.game, tc.bot); err == nil || !strings.Contains(err.Error(), tc.bot) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s looked up for a game whose views do not sample: %v", tc.bot, err)
			}
			if slices.ContainsFunc(reg.For(tc.game), func(d strategies.Definition) bool { return d.Name == tc.bot }) {
				t.Errorf("%s listed for a game whose views do not sample", tc.bot)
			}
		}
		_, err = def.New(tc.game, tc.params)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s %v: %v", tc.bot, tc.params, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s %v: error %v, want one containing %q", tc.bot, tc.params, err, tc.err)
		}
	}
}

// TestSearchAllocs checks that a warm search allocates nothing per decision.
func TestSearchAllocs(t *testing.T) {
	for _, game := range []string{"nora", "flip", "chriscross"} {
		g := newGame(t, game)
		pos := positions(g, 5, 8)
		for _, b := range searchBots {
			bot := newBot(t, g, b.name, b.params...)
			legal := make([][]games.Action, len(pos))
			for i, p := range pos {
				legal[i] = p.Legal(nil)
				bot.Begin(1)
				bot.Choose(p.View(p.Turn()), legal[i])
			}
			i := 0
			allocs := testing.AllocsPerRun(20, func() {
				p := pos[i%len(pos)]
				bot.Choose(p.View(p.Turn()), legal[i%len(pos)])
				i++
			})
			if allocs > 0 {
				t.Errorf("%s on %s: %.1f allocations per decision, want 0", b.name, game, allocs)
			}
		}
	}
}

// BenchmarkDecisions reports the decisions per second of each search bot
// at its default budget on positions of random games.
func BenchmarkDecisions(b *testing.B) {
	for _, game := range []string{"nora", "flip", "chriscross"} {
		g := newGame(b, game)
		pos := positions(g, 9, 64)
		legal := make([][]games.Action, len(pos))
		for i, p := range pos {
			legal[i] = p.Legal(nil)
		}
		for _, name := range []string{"flatmc", "pimc", "ismcts"} {
			b.Run(game+"/"+name, func(b *testing.B) {
				bot := newBot(b, g, name)
				bot.Begin(1)
				i := 0
				for b.Loop() {
					p := pos[i%len(pos)]
					bot.Choose(p.View(p.Turn()), legal[i%len(pos)])
					i++
				}
				b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "decisions/s")
			})
		}
	}
}

func TestValue(t *testing.T) {
	for _, tc := range []struct {
		o      games.Outcome
		lo, hi int
		want   float64
	}{
		{games.Outcome{Score: 0}, 0, 10, 0},
		{games.Outcome{Score: 5}, 0, 10, 0.5},
		{games.Outcome{Score: 10, Result: games.Win}, 0, 10, 2},
		{games.Outcome{Score: -3, Result: games.Draw}, -5, 5, 0.2},
	} {
		if got := strategies.Value(tc.o, tc.lo, tc.hi); got != tc.want {
			t.Errorf("Value(%+v, %d, %d) = %g, want %g", tc.o, tc.lo, tc.hi, got, tc.want)
		}
	}
}
