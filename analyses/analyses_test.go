package analyses_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

// study is the options of a test analysis.
type study struct {
	Games   int
	Players []int
	Mixes   []string
}

func (s *study) bind() *games.Options {
	o := games.NewOptions("option")
	o.Int(&s.Games, "games", 100, 2, 1000, "deals")
	analyses.Ints(o, &s.Players, "players", []int{2, 3}, 2, 6, "player counts")
	analyses.Strings(o, &s.Mixes, "mixes", []string{"a", "a+b"}, "bots round the table")
	return o
}

func TestDefineOptions(t *testing.T) {
	var got study
	page := &reports.Report{Title: "p"}
	d := analyses.Define("g", "answers", (*study).bind, func(_ context.Context, _ *analyses.Env, s study) (*reports.Report, error) {
		got = s
		return page, nil
	})
	tests := []struct {
		opts []string
		want study
		err  string
	}{
		{nil, study{100, []int{2, 3}, []string{"a", "a+b"}}, ""},
		{[]string{"players=4, 5,6", "mixes=x", "games=7"}, study{7, []int{4, 5, 6}, []string{"x"}}, ""},
		{[]string{"players=7"}, study{}, "option players=7: want integers from 2 to 6, separated by commas"},
		{[]string{"players=2,,3"}, study{}, "want integers"},
		{[]string{"mixes=a,"}, study{}, "option mixes=a,: want words separated by commas"},
		{[]string{"deals=3"}, study{}, `unknown option "deals" (known: games, players, mixes)`},
		{[]string{"games"}, study{}, "want key=value"},
	}
	for _, tt := range tests {
		got = study{}
		p, err := d.Run(context.Background(), &analyses.Env{}, tt.opts)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.opts, err, tt.err)
			}
			continue
		}
		if err != nil || p != page || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: ran with %+v (%v), want %+v", tt.opts, got, err, tt.want)
		}
	}
	want := []games.Setting{
		{Name: "games", Value: "100", Default: "100", Usage: "deals (an integer from 2 to 1000)", Kind: games.Integer, Samples: []string{"2", "3", "501", "1000"}, Min: "2", Max: "1000"},
		{Name: "players", Value: "2,3", Default: "2,3", Usage: "player counts (integers from 2 to 6, separated by commas, each once)", Kind: games.Text},
		{Name: "mixes", Value: "a,a+b", Default: "a,a+b", Usage: "bots round the table (words separated by commas, each once)", Kind: games.Text},
	}
	if got := d.Options(); !reflect.DeepEqual(got, want) {
		t.Errorf("Options() = %+v, want %+v", got, want)
	}
}

func TestRegistry(t *testing.T) {
	var r analyses.Registry
	r.Register(analyses.Definition{Game: "spite"})
	r.Register(analyses.Definition{Game: "flip"})
	if d, ok := r.Lookup("flip"); !ok || d.Game != "flip" {
		t.Errorf("Lookup(flip) = %+v, %v", d, ok)
	}
	if _, ok := r.Lookup("nora"); ok {
		t.Error("Lookup(nora) found an analysis")
	}
	if all := r.All(); len(all) != 2 || all[0].Game != "flip" || all[1].Game != "spite" {
		t.Errorf("All() = %+v, want flip then spite", all)
	}
	defer func() {
		if recover() == nil {
			t.Error("a second analysis of flip was registered")
		}
	}()
	r.Register(analyses.Definition{Game: "flip"})
}

// TestEnvRun: an env plays through its Play hook, with its seed, workers and
// confidence, and its game carries its rules.
func TestEnvRun(t *testing.T) {
	gr := new(games.Registry)
	gr.Register(nora.Definition())
	sr := new(strategies.Registry)
	norabots.Register(sr, norabots.Setup{})
	var label string
	env := &analyses.Env{Games: gr, Strategies: sr, Rules: []string{"rounds=2"}, Seed: 9, Workers: 1, Confidence: 0.9}
	env.Play = func(ctx context.Context, cfg sim.Config, deals int64, l string) (*sim.Result, error) {
		label = l
		return sim.PlayDeals(ctx, cfg, deals, env.Confidence)
	}
	g, err := env.Game("nora", "insure=3")
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{}
	for _, s := range g.Rules() {
		rules[s.Name] = s.Value
	}
	if rules["rounds"] != "2" || rules["insure"] != "3" {
		t.Errorf("rules %v, want rounds=2 insure=3", rules)
	}
	lineup, err := env.Lineup(g, "stop-at")
	if err != nil {
		t.Fatal(err)
	}
	r, err := env.Run(context.Background(), "a label", g, lineup, 40)
	if err != nil {
		t.Fatal(err)
	}
	if label != "a label" || r.Tally.Games != 40 || r.Config.Seed != 9 || r.Confidence != 0.9 {
		t.Errorf("played %q: %d deals, seed %d, confidence %g", label, r.Tally.Games, r.Config.Seed, r.Confidence)
	}
	if _, err := env.Game("poker"); err == nil {
		t.Error("an unknown game was found")
	}
	env.Play = func(context.Context, sim.Config, int64, string) (*sim.Result, error) { return nil, errors.New("stop") }
	if _, err := env.Run(context.Background(), "", g, lineup, 40); err == nil {
		t.Error("the env's Play was not used")
	}
}

// TestEnvRunLineup: RunLineup plays the named game under the env's rules
// and the extra ones, by the strategies named, labels the run with them,
// and sends every game's records to the sink; an unknown strategy is an
// error before anything is played.
func TestEnvRunLineup(t *testing.T) {
	gr := new(games.Registry)
	gr.Register(nora.Definition())
	sr := new(strategies.Registry)
	norabots.Register(sr, norabots.Setup{})
	var label string
	env := &analyses.Env{Games: gr, Strategies: sr, Rules: []string{"rounds=2"}, Seed: 9, Workers: 1, Confidence: 0.95}
	env.Play = func(ctx context.Context, cfg sim.Config, deals int64, l string) (*sim.Result, error) {
		label = l
		return sim.PlayDeals(ctx, cfg, deals, env.Confidence)
	}
	var recs recordCount
	r, err := env.RunLineup(context.Background(), "nora", []string{"insure=3"}, []string{"stop-at:cards=20"}, 30, &recs)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{}
	for _, s := range r.Config.Game.Rules() {
		rules[s.Name] = s.Value
	}
	if label != "nora insure=3 stop-at:cards=20" || r.Tally.Games != 30 || int(recs) != 30 || rules["rounds"] != "2" || rules["insure"] != "3" {
		t.Errorf("label %q, %d deals, %d records, rules %v", label, r.Tally.Games, recs, rules)
	}
	if _, err := env.RunLineup(context.Background(), "nora", nil, []string{"nobody"}, 30, nil); err == nil {
		t.Error("an unknown strategy was played")
	}
}

// recordCount counts the records written to it.
type recordCount int

// Write counts rs.
func (c *recordCount) Write(rs []sim.Record) error {
	*c += recordCount(len(rs))
	return nil
}
