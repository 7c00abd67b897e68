package gamestest

import (
	"context"
	"math/rand/v2"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/cardsim/cardsim/games"
)

// Soak plays n whole games of g, dealt from the seeds first, first+1, …,
// with every choice drawn at random (from a stream of the seed's own), on
// workers goroutines, checking after every action what Fuzz checks. It is
// Fuzz's check at the speed of plain play, for runs of millions of games;
// it returns the first failure, which names the seed that replays it.
func Soak(ctx context.Context, g games.Game, first, n int64, workers, maxSteps int) (played int64, err error) {
	var next, done atomic.Int64
	grp, gctx := errgroup.WithContext(ctx)
	for range max(workers, 1) {
		grp.Go(func() error {
			c := newChecker(g, maxSteps)
			for gctx.Err() == nil {
				i := next.Add(1) - 1
				if i >= n {
					return nil
				}
				seed := uint64(first + i)
				rng := rand.New(rand.NewPCG(seed, 0x50a4))
				if err := c.play(seed, func(_, k int) int { return rng.IntN(k) }); err != nil {
					return err
				}
				done.Add(1)
			}
			return gctx.Err()
		})
	}
	err = grp.Wait()
	return done.Load(), err
}
