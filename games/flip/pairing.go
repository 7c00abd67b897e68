package flip

import (
	"math/rand/v2"

	"github.com/cardsim/cardsim/games/cards"
)

// newRand returns a PCG-backed generator seeded from seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
}

// validPair reports whether a card may carry dark as the dark face of light
// under the constrained pairings (mapping=random and fixed:<n>): an ace
// carries an ace of another suit, any other card a card of another rank and
// another suit.
func validPair(light, dark cards.Card) bool {
	if light.Suit() == dark.Suit() {
		return false
	}
	if light.Rank() == cards.Ace || dark.Rank() == cards.Ace {
		return light.Rank() == dark.Rank()
	}
	return light.Rank() != dark.Rank()
}

// randomPairing sets dark to a random constrained pairing of light: dark[i]
// becomes the dark face of light[i]. light must be a deck of at least three
// ranks in four suits, in any order. Aces take a random derangement of the
// ace suits. The other cards take their dark faces shuffled; every invalid
// pair is repaired by a swap that leaves both pairs valid, and random valid
// swaps then mix the result (a Metropolis walk whose stationary law is
// uniform over valid pairings). It does not allocate.
func randomPairing(rng *rand.Rand, light, dark []cards.Card) {
	var aces, others [maxCards]uint8
	na, no := 0, 0
	for i, c := range light {
		if c.Rank() == cards.Ace {
			aces[na] = uint8(i)
			na++
		} else {
			others[no] = uint8(i)
			no++
		}
	}
	for ok := false; !ok; {
		ok = shuffleAt(rng, light, dark, aces[:na])
	}
	for ok := false; !ok; {
		shuffleAt(rng, light, dark, others[:no])
		ok = repair(rng, light, dark, others[:no])
	}
	for range no {
		i, j := others[rng.IntN(no)], others[rng.IntN(no)]
		if validPair(light[i], dark[j]) && validPair(light[j], dark[i]) {
			dark[i], dark[j] = dark[j], dark[i]
		}
	}
}

// shuffleAt gives the cards at positions idx the light faces of those
// positions, shuffled, as dark faces, and reports whether every pair is
// valid.
func shuffleAt(rng *rand.Rand, light, dark []cards.Card, idx []uint8) bool {
	for _, i := range idx {
		dark[i] = light[i]
	}
	for k := len(idx) - 1; k > 0; k-- {
		j := rng.IntN(k + 1)
		dark[idx[k]], dark[idx[j]] = dark[idx[j]], dark[idx[k]]
	}
	for _, i := range idx {
		if !validPair(light[i], dark[i]) {
			return false
		}
	}
	return true
}

// repair makes every pair at positions idx valid by swaps among them,
// giving up after a bounded number of tries.
func repair(rng *rand.Rand, light, dark []cards.Card, idx []uint8) bool {
	tries := 64 * len(idx)
	for _, i := range idx {
		for !validPair(light[i], dark[i]) {
			if tries--; tries < 0 {
				return false
			}
			j := idx[rng.IntN(len(idx))]
			if validPair(light[i], dark[j]) && validPair(light[j], dark[i]) {
				dark[i], dark[j] = dark[j], dark[i]
			}
		}
	}
	return true
}

// mix proposes steps random swaps of dark faces and makes those that keep
// both pairs valid.
func mix(rng *rand.Rand, light, dark []cards.Card, steps int) {
	n := len(light)
	if n < 2 {
		return
	}
	for range steps {
		i, j := rng.IntN(n), rng.IntN(n)
		if validPair(light[i], dark[j]) && validPair(light[j], dark[i]) {
			dark[i], dark[j] = dark[j], dark[i]
		}
	}
}
