package chriscross

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	cc "github.com/cardsim/cardsim/games/chriscross"
	"github.com/cardsim/cardsim/strategies"
)

var _ strategies.Prover = (*Clairvoyant)(nil)

func TestGreedyCastPriority(t *testing.T) {
	// Rows: 2C 3C AC / 4C AD 2D / AH 3D 2H. Column pairs: 3C+3D (cells 1,
	// 11) and 2D+2H (7, 12); main diagonal 2C+2H (0, 12); anti diagonal
	// AC, AD, AH (2, 6, 10). With the column-1 priority greedy takes a
	// pair reaching column 1 (cell 0 or 10), the one standing furthest
	// left: AD+AH (6, 10). Without it, the leftmost column pair: 3C+3D.
	g := mustGame("size=3", "ranks=4")
	s := g.NewChrisCross()
	if err := s.Deal("2C 4C AH 3C AD 3D AC 2D 2H | AC", 0); err == nil {
		t.Fatal("bad deal accepted")
	}
	if err := s.Deal("2C 4C AH 3C AD 3D AC 2D 2H | AS 2S 3H 3S 4D 4H 4S", 0); err != nil {
		t.Fatal(err)
	}
	legal := s.Legal(nil)
	if want := []games.Action{0*25 + 12, 1*25 + 11, 2*25 + 6, 2*25 + 10, 6*25 + 10, 7*25 + 12}; !slices.Equal(legal, want) {
		t.Fatalf("legal %v, want %v", legal, want)
	}
	for _, tc := range []struct {
		column1 bool
		want    games.Action
	}{{true, 6*25 + 10}, {false, 1*25 + 11}} {
		gr := &Greedy{Column1: tc.column1, Moves: true}
		if got := gr.Choose(s.View(0), legal); got != tc.want {
			t.Errorf("column1=%v: greedy chose %s, want %s", tc.column1, s.ActionString(got), s.ActionString(tc.want))
		}
	}
}

func TestGreedyCastsAllBeforeEnding(t *testing.T) {
	gr := NewGreedy()
	if got := gr.Choose(&cc.View{Stage: cc.Casting}, []games.Action{7*25 + 12, cc.EndStep}); got != 7*25+12 {
		t.Errorf("greedy chose %d with a pair left, want the pair", got)
	}
	if got := gr.Choose(&cc.View{Stage: cc.Casting}, []games.Action{cc.EndStep}); got != cc.EndStep {
		t.Errorf("greedy chose %d, want end step", got)
	}
}

// TestStrategiesBeatRandom plays the same deals with every strategy; the
// order of win rates is a sanity check with a wide margin.
func TestStrategiesBeatRandom(t *testing.T) {
	g := mustGame()
	const n = 300
	rate := func(s strategies.Strategy) int {
		p := newPlayer(g, s)
		w := 0
		for seed := uint64(0); seed < n; seed++ {
			if p.play(seed).Outcome(0).Result == games.Win {
				w++
			}
		}
		return w
	}
	random := rate(strategies.NewRandom())
	greedy := rate(NewGreedy())
	search := rate(NewSearch())
	clair := rate(NewClairvoyant(DefaultBudget))
	t.Logf("wins of %d: random %d, greedy %d, search %d, clairvoyant %d", n, random, greedy, search, clair)
	if !(random < greedy && greedy < search && search <= clair) {
		t.Errorf("wins of %d: random %d, greedy %d, search %d, clairvoyant %d: want increasing", n, random, greedy, search, clair)
	}
}

func TestRegister(t *testing.T) {
	var r strategies.Registry
	r.Register(strategies.RandomDefinition())
	Register(&r)
	g := mustGame()
	for _, tc := range []struct {
		name   string
		params []string
		param  string // a parameter it must list
	}{
		{"greedy", []string{"column1=false", "moves=false"}, "moves"},
		{"search", []string{"nodes=100"}, "nodes"},
		{"clairvoyant", []string{"budget=1000"}, "budget"},
	} {
		d, err := r.Lookup(g, tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(d.Params(g), func(s games.Setting) bool { return s.Name == tc.param }) {
			t.Errorf("%s: parameters %v lack %s", tc.name, d.Params(g), tc.param)
		}
		if _, err := d.New(g, tc.params); err != nil {
			t.Errorf("%s %v: %v", tc.name, tc.params, err)
		}
		if _, err := d.New(g, []string{"depth=3"}); err == nil || !strings.Contains(err.Error(), "unknown parameter") {
			t.Errorf("%s accepted an unknown parameter: %v", tc.name, err)
		}
	}
	d, _ := r.Lookup(g, "greedy")
	s, _ := d.New(g, []string{"moves=false"})
	if gr := s.(*Greedy); gr.Moves || !gr.Column1 {
		t.Errorf("greedy moves=false gave %+v", gr)
	}
	d, _ = r.Lookup(g, "clairvoyant")
	s, _ = d.New(g, nil)
	if c := s.(*Clairvoyant); c.Solver.Budget != DefaultBudget {
		t.Errorf("clairvoyant budget %d, want %d", c.Solver.Budget, DefaultBudget)
	}
}

func TestClairvoyantUndecided(t *testing.T) {
	// A budget of one position cannot decide a deal with choices.
	c := NewClairvoyant(1)
	p := newPlayer(mustGame(), c)
	undecided := 0
	for seed := uint64(0); seed < 20; seed++ {
		p.play(seed)
		if c.Undecided() {
			undecided++
		}
		if c.Undecided() != (c.Result() == Unknown && c.Solver.Nodes() > 1) {
			t.Errorf("seed %d: Undecided %v with result %v", seed, c.Undecided(), c.Result())
		}
	}
	if undecided == 0 {
		t.Error("no deal undecided with a budget of 1")
	}
}
