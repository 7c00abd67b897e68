package experiment

import (
	"context"
	"testing"

	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// BenchmarkArmsAdvance plays 4,096 deals of three rule variants of the toy
// side by side, two strategies each, and pairs them deal by deal: the cost
// of a comparison of variants over the runs it is made of.
func BenchmarkArmsAdvance(b *testing.B) {
	gs, ss := new(games.Registry), new(strategies.Registry)
	gs.Register(toygame.Definition())
	toygame.Register(ss)
	r := &Runner{Games: gs, Strategies: ss, Workers: 1}
	spec := &Spec{Kind: Compare, Game: toygame.Name, Strategies: []string{"greedy", "high"}, Seed: 1, Confidence: 0.95,
		Variants: []Variant{{Rules: []string{"hand=2"}}, {Rules: []string{"ranks=5"}}}, Figures: []string{"score", "win", "ties"}}
	for b.Loop() {
		a, err := r.variantArms(spec)
		if err != nil {
			b.Fatal(err)
		}
		if err := a.advance(context.Background(), 4096, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
}
