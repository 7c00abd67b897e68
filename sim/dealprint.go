package sim

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// fingerprint hashes deal i's cards as dealt.
func fingerprint(i int64, cs []cards.Card) uint64 {
	h := games.Mix(uint64(i), 0xfeed)
	for _, c := range cs {
		h = games.Mix(h, uint64(c))
	}
	return h
}

// dealtCards appends the cards of the game just dealt on s, in dealing
// order, to dst[:0]: the deal a tally's fingerprint hashes.
func dealtCards(s games.State, dst []cards.Card) []cards.Card {
	if d, ok := s.(games.Dealer); ok {
		return d.Dealt(dst)
	}
	return s.Cards(dst)
}

// span is a range of deal indices [lo, hi).
type span struct{ lo, hi int64 }

// dealsFingerprint returns the fingerprint a tally of the deals in spans of
// the run cfg holds, dealing each again from the run's seed on as many
// goroutines as the machine runs at once. cfg's game must be able to deal.
// Dealing costs a small part of playing, so checking the fingerprint of a
// part costs a small part of what playing its deals cost.
func dealsFingerprint(cfg *Config, spans []span) uint64 {
	const piece = 4096 // deals a goroutine takes at a time
	var pieces []span
	for _, sp := range spans {
		for lo := sp.lo; lo < sp.hi; lo += min(piece, sp.hi-lo) {
			pieces = append(pieces, span{lo, lo + min(piece, sp.hi-lo)})
		}
	}
	var (
		next int64
		mu   sync.Mutex
		sum  uint64
		wg   sync.WaitGroup
	)
	for range min(runtime.GOMAXPROCS(0), max(len(pieces), 1)) {
		wg.Go(func() {
			s := cfg.Game.NewState()
			var buf []cards.Card
			var h uint64
			for {
				k := atomic.AddInt64(&next, 1) - 1
				if k >= int64(len(pieces)) {
					break
				}
				for i := pieces[k].lo; i < pieces[k].hi; i++ {
					s.Reset(GameSeed(cfg.Seed, i))
					buf = dealtCards(s, buf)
					h ^= fingerprint(i, buf)
				}
			}
			mu.Lock()
			sum ^= h
			mu.Unlock()
		})
	}
	wg.Wait()
	return sum
}
