package gamestest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// SoakConfig tunes Soak.
type SoakConfig struct {
	Workers  int // goroutines; 1 if zero
	MaxSteps int // actions after which a game counts as endless
	// DeepEvery sets how often a game also runs the checks of hidden cards
	// and clones (Conformance's), before one of its first 32 actions drawn
	// at random: one game in DeepEvery; never if zero.
	DeepEvery int
	// Progress, if not nil, is called with the games survived so far each
	// time they reach a multiple of ProgressEvery, for a long soak to
	// show how far it got.
	Progress      func(survived int64)
	ProgressEvery int64
}

// Soak plays n whole games, dealt from the seeds first, first+1, …, with
// every choice drawn at random (from a stream of the seed's own), and
// checks after every action what the checker checks: the seat to act, the
// legal actions, every card conserved (counted where it lies), every
// metric within its bound, every score so far within the game's bounds;
// the deal features at the deal, and every score, metric and round at the
// end. Game i is played under variants[0] (the defaults) when i is even and
// under the other variants in turn when it is odd, so that every reading of
// every rule is played (see Variants). It is Fuzz's check at the speed of
// plain play, for runs of millions of games; it returns the games played
// and the first failure, which names the seed and the rules that replay it.
func Soak(ctx context.Context, variants []Variant, first, n int64, cfg SoakConfig) (played int64, err error) {
	if len(variants) == 0 {
		panic("gamestest: Soak without a game")
	}
	var next, done atomic.Int64
	grp, gctx := errgroup.WithContext(ctx)
	for range max(cfg.Workers, 1) {
		grp.Go(func() error {
			checkers := make([]*checker, len(variants))
			for gctx.Err() == nil {
				i := next.Add(1) - 1
				if i >= n {
					return nil
				}
				v := 0
				if i%2 == 1 && len(variants) > 1 {
					v = 1 + int((i/2)%int64(len(variants)-1))
				}
				if checkers[v] == nil {
					checkers[v] = newChecker(variants[v].Game, cfg.MaxSteps)
				}
				seed := uint64(first + i)
				var deep func(int) deepChecks
				if cfg.DeepEvery > 0 && i%int64(cfg.DeepEvery) == 0 {
					at := rand.New(rand.NewPCG(seed, 0xdee9)).IntN(32)
					deep = func(step int) deepChecks {
						return deepChecks{determinize: step == at, sample: step == at, clone: step == at}
					}
				}
				if err := checkers[v].play(seed, randomChoices(seed, 0x50a4), deep, nil); err != nil {
					return fmt.Errorf("rules %s: %w", variants[v], err)
				}
				if k := done.Add(1); cfg.Progress != nil && cfg.ProgressEvery > 0 && k%cfg.ProgressEvery == 0 {
					cfg.Progress(k)
				}
			}
			return gctx.Err()
		})
	}
	err = grp.Wait()
	return done.Load(), err
}
