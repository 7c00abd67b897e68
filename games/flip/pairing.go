package flip

import (
	"math/rand/v2"

	"github.com/cardsim/cardsim/games/cards"
)

// newRand returns a PCG-backed generator seeded from seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
}

// pairRule is the rule a constrained pairing (mapping=random and
// fixed:<n>) obeys, set by the dark-ace rule: every card's dark face has
// another rank and another suit than its light face (the seed's "a new
// suit and rank"), or, with aceToAce, an ace's dark face is an ace of
// another suit (the commercial deck).
type pairRule struct{ aceToAce bool }

// valid reports whether a card may carry dark as the dark face of light.
func (r pairRule) valid(light, dark cards.Card) bool {
	if light.Suit() == dark.Suit() {
		return false
	}
	if r.aceToAce && (light.Rank() == cards.Ace || dark.Rank() == cards.Ace) {
		return light.Rank() == dark.Rank()
	}
	return light.Rank() != dark.Rank()
}

// random sets dark to a random constrained pairing of light: dark[i]
// becomes the dark face of light[i]. light must be a deck of at least three
// ranks in four suits, in any order. Under aceToAce the aces take a random
// derangement of the ace suits and the other cards are paired among
// themselves; otherwise every card is paired among all. The cards take
// their dark faces shuffled; every invalid pair is repaired by a swap that
// leaves both pairs valid, and random valid swaps then mix the result (a
// Metropolis walk whose stationary law is uniform over valid pairings). It
// does not allocate.
func (r pairRule) random(rng *rand.Rand, light, dark []cards.Card) {
	var aces, others [maxCards]uint8
	na, no := 0, 0
	for i, c := range light {
		if r.aceToAce && c.Rank() == cards.Ace {
			aces[na] = uint8(i)
			na++
		} else {
			others[no] = uint8(i)
			no++
		}
	}
	for ok := na == 0; !ok; {
		ok = r.shuffleAt(rng, light, dark, aces[:na])
	}
	for ok := false; !ok; {
		r.shuffleAt(rng, light, dark, others[:no])
		ok = r.repair(rng, light, dark, others[:no])
	}
	for range no {
		i, j := others[rng.IntN(no)], others[rng.IntN(no)]
		if r.valid(light[i], dark[j]) && r.valid(light[j], dark[i]) {
			dark[i], dark[j] = dark[j], dark[i]
		}
	}
}

// shuffleAt gives the cards at positions idx the light faces of those
// positions, shuffled, as dark faces, and reports whether every pair is
// valid.
func (r pairRule) shuffleAt(rng *rand.Rand, light, dark []cards.Card, idx []uint8) bool {
	for _, i := range idx {
		dark[i] = light[i]
	}
	for k := len(idx) - 1; k > 0; k-- {
		j := rng.IntN(k + 1)
		dark[idx[k]], dark[idx[j]] = dark[idx[j]], dark[idx[k]]
	}
	for _, i := range idx {
		if !r.valid(light[i], dark[i]) {
			return false
		}
	}
	return true
}

// repair makes every pair at positions idx valid by swaps among them,
// giving up after a bounded number of tries.
func (r pairRule) repair(rng *rand.Rand, light, dark []cards.Card, idx []uint8) bool {
	tries := 64 * len(idx)
	for _, i := range idx {
		for !r.valid(light[i], dark[i]) {
			if tries--; tries < 0 {
				return false
			}
			j := idx[rng.IntN(len(idx))]
			if r.valid(light[i], dark[j]) && r.valid(light[j], dark[i]) {
				dark[i], dark[j] = dark[j], dark[i]
			}
		}
	}
	return true
}

// mix proposes steps random swaps of dark faces and makes those that keep
// both pairs valid.
func (r pairRule) mix(rng *rand.Rand, light, dark []cards.Card, steps int) {
	n := len(light)
	if n < 2 {
		return
	}
	for range steps {
		i, j := rng.IntN(n), rng.IntN(n)
		if r.valid(light[i], dark[j]) && r.valid(light[j], dark[i]) {
			dark[i], dark[j] = dark[j], dark[i]
		}
	}
}
