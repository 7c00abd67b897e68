package sim_test

import (
	"context"
	"fmt"
	"log"
	"reflect"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

// noraLineup returns Nora under its designer's rules and the named bots.
func noraLineup(names ...string) (games.Game, []sim.Player) {
	g, err := nora.Definition().New(nil)
	if err != nil {
		log.Fatal(err)
	}
	r := new(strategies.Registry)
	norabots.Register(r, norabots.Setup{})
	var lineup []sim.Player
	for _, name := range names {
		def, err := r.Lookup(g, name)
		if err != nil {
			log.Fatal(err)
		}
		lineup = append(lineup, sim.Player{Strategy: def})
	}
	return g, lineup
}

// Two strategies play the same 2,000 deals of Nora. Deal i is dealt from
// (seed, i) alone, so the tally is the same on one worker as on four.
func ExampleRun() {
	g, lineup := noraLineup("stop-at", "cautious")
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: 7, Games: 2000, Workers: 1}
	one, err := sim.Run(context.Background(), cfg)
	if err != nil {
		log.Fatal(err)
	}
	cfg.Workers = 4
	four, err := sim.Run(context.Background(), cfg)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("deals:", one.Games, "games played:", one.Plays)
	fmt.Println("the same tally on 1 and 4 workers:", reflect.DeepEqual(one, four))
	// Output:
	// deals: 2000 games played: 4000
	// the same tally on 1 and 4 workers: true
}

// Summarize turns a tally into figures with intervals. Five games scoring
// 100, 200, 300, 400 and 500 have mean 300 and standard deviation 158.11;
// the Student t quantile t(0.975, 4) = 2.7764 makes the 95% interval
// 300 ± 196.3. No game won: Wilson's interval for 0 wins in 5 is 0 … 0.434.
func ExampleSummarize() {
	g, lineup := noraLineup("stop-at")
	cfg := sim.Config{Game: g, Lineup: lineup}
	t := sim.NewTallyFor(&cfg)
	for _, score := range []int64{100, 200, 300, 400, 500} {
		t.Games++
		t.Plays++
		t.Entries[0].Games++
		t.Entries[0].Score.Add(score)
		t.Seats[0].Games++
		t.Seats[0].Score.Add(score)
	}
	s := sim.Summarize(&cfg, t, 0.95)
	fmt.Printf("mean %.1f (%.1f … %.1f), sd %.2f\n", s.Lead().Score.Mean, s.Lead().Score.CILow, s.Lead().Score.CIHigh, s.Lead().Score.SD)
	fmt.Printf("win rate %g (%g … %.3f)\n", s.Lead().Win.Rate, s.Lead().Win.CILow, s.Lead().Win.CIHigh)
	// Output:
	// mean 300.0 (103.7 … 496.3), sd 158.11
	// win rate 0 (0 … 0.434)
}

// A session plays until the interval of the mean score is at most 2 points
// wide on either side. It looks after whole batches of deals only (here of
// 4 chunks of 64 deals), so it stops at the same deal for any number of
// workers.
func ExampleSession() {
	g, lineup := noraLineup("rescuer")
	s := &sim.Session{
		Config:     sim.Config{Game: g, Lineup: lineup, Seed: 3, Chunk: 64, Batch: 4},
		Deals:      1_000_000, // at most
		Precision:  2,
		Target:     sim.TargetScore,
		Confidence: 0.95,
	}
	r, err := s.Play(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	sum := r.Summary()
	fmt.Println("stopped after whole batches:", r.Tally.Games%(64*4) == 0, r.Tally.Games < s.Deals)
	fmt.Println("half-width at most 2:", sum.Lead().Score.CIHigh-sum.Lead().Score.Mean <= 2)
	// Output:
	// stopped after whole batches: true true
	// half-width at most 2: true
}

// Two settings of one bot are named by the parameter that sets them apart.
func ExampleStrategyLabels() {
	fmt.Println(sim.StrategyLabels([]sim.StrategyRecord{
		{Name: "search", Params: map[string]string{"nodes": "5000", "column1": "100"}},
		{Name: "search", Params: map[string]string{"nodes": "500", "column1": "100"}},
		{Name: "greedy"},
	}))
	// Output:
	// [search(nodes=5000) search(nodes=500) greedy]
}
