package catalog

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// TestPartsOfEveryGamePassTheChecks: the parts of real runs of every game,
// played by each of its own strategies (those that build no policy first)
// on the same deals, and by its first strategy in every seat, merge: the
// checks that refuse impossible tallies (one winner a play, cells that
// agree with the seats, solver counts only for solvers, sums of squares
// bounded from below, the game's metric balances) refuse nothing a run
// writes. The runs are split into 3 shards, each read back from JSON.
func TestPartsOfEveryGamePassTheChecks(t *testing.T) {
	deals := int64(24)
	for _, d := range Games().All() {
		g, err := d.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		var own []sim.Player
		for _, s := range Strategies().For(g) {
			b, err := s.New(g, nil)
			if _, slow := b.(strategies.Preparer); err != nil || slow || s.Game == "" {
				continue
			}
			if g.Seats() == 1 || len(own) < g.Seats() {
				own = append(own, sim.Player{Strategy: s})
			}
		}
		for _, lineup := range [][]sim.Player{own, own[:1]} {
			cfg := sim.Config{Game: g, Lineup: lineup, Seed: 3}
			var parts []*sim.Part
			for k := range 3 {
				s := &sim.Session{Config: cfg, Deals: deals, Shard: k, Shards: 3, Confidence: 0.95}
				r, err := s.Play(context.Background())
				if err != nil {
					t.Fatalf("%s: %v", d.Name, err)
				}
				b, err := json.Marshal(r.Part)
				if err != nil {
					t.Fatal(err)
				}
				var p sim.Part
				if err := json.Unmarshal(b, &p); err != nil {
					t.Fatal(err)
				}
				parts = append(parts, &p)
			}
			if _, err := sim.MergeParts(&cfg, parts); err != nil {
				names := ""
				for _, p := range lineup {
					names += " " + p.Strategy.Name
				}
				t.Errorf("%s,%s: the parts as played: %v", d.Name, names, err)
			}
		}
	}
}
