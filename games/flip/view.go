package flip

import (
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Face is one dealt card as the player sees it: both faces (the dark one is
// seen while the card is turned over during the deal) and which shows.
type Face struct {
	Light, Dark cards.Card
	Flipped     bool // the card shows its dark face
}

// Shown returns the face the card shows.
func (f Face) Shown() cards.Card {
	if f.Flipped {
		return f.Dark
	}
	return f.Light
}

// View is what the player sees: the dealt cards still held, bottom to top,
// and counts. The undealt cards are hidden.
type View struct {
	Pile    []Face // read only; valid until the state changes
	Undealt int
	Removed int
	Score   int
	// Handle leads back to the state for Gain, SampleState and Reveal; it
	// prints as a fixed word, so views compare by what they show.
	Handle Handle
}

// Handle refers to the state a View was taken from.
type Handle struct{ s *State }

// String returns "state": a handle shows nothing of the state.
func (Handle) String() string { return "state" }

// Seat returns 0: the game has one player.
func (v *View) Seat() int { return 0 }

// Gain returns the points a legal action adds to the score at once (see
// State.Gain). It depends only on the visible cards.
func (v *View) Gain(a games.Action) int { return v.Handle.s.Gain(a) }

// Reveal implements games.Revealer: it returns the viewed state itself,
// undealt order included, for the clairvoyant solver, which by definition
// sees the whole deck; realistic strategies must not call it. The caller
// must not change the state.
func (v *View) Reveal() games.State { return v.Handle.s }

// SampleState implements games.Sampler: it makes dst (a *State of the same
// Game, or nil for a new one) the viewed position with the undealt cards
// re-drawn from seed. The undealt cards are first put in a canonical order
// (and, under mapping=random, given a canonical pairing of the unseen light
// and dark faces) before Determinize re-shuffles them, so the sample does
// not depend on the hidden order or pairing. It allocates nothing once dst
// is warm.
func (v *View) SampleState(dst games.State, seed uint64) games.State {
	src := v.Handle.s
	d := games.SampleTarget("flip", src, dst, func(d *State) bool { return d.g == src.g }, src.g.newState)
	d.CopyFrom(src)
	d.canonicalUndealt()
	d.Determinize(0, seed)
	return d
}

// canonicalUndealt puts the undealt cards in an order that depends only on
// what the player knows: by light face, and under mapping=random with the
// unseen dark faces sorted and then paired validly by a fixed procedure
// (Determinize's mixing then starts from that pairing, not the true one).
func (s *State) canonicalUndealt() {
	m := s.g.size - s.dealt
	light, dark := s.face[0][s.dealt:s.g.size], s.face[1][s.dealt:s.g.size]
	if s.g.kind != mapRandom {
		sortPairs(light, dark) // the pairing is fixed by the rules
		return
	}
	var l, d [maxCards]cards.Card
	copy(l[:m], light)
	copy(d[:m], dark)
	slices.Sort(l[:m])
	slices.Sort(d[:m])
	if !s.g.pairs.canonical(l[:m], d[:m]) && !s.g.pairs.match(l[:m], d[:m]) {
		// Cannot happen: the true pairing is a perfect matching, which
		// matchPairing finds. Kept as a guard: the pairs sorted as they are.
		sortPairs(light, dark)
		return
	}
	copy(light, l[:m])
	copy(dark, d[:m])
}

// sortPairs sorts the pairs (light[i], dark[i]) by light face.
func sortPairs(light, dark []cards.Card) {
	for i := 1; i < len(light); i++ {
		for j := i; j > 0 && light[j] < light[j-1]; j-- {
			light[j], light[j-1] = light[j-1], light[j]
			dark[j], dark[j-1] = dark[j-1], dark[j]
		}
	}
}

// match permutes dark so that every pair (light[i], dark[i]) is valid, by
// a maximum bipartite matching (augmenting paths, in card order), and
// reports whether every light face found a dark one. It is exact but
// slower than canonical, which it backs up.
func (r pairRule) match(light, dark []cards.Card) bool {
	mt := matcher{rule: r}
	mt.light, mt.dark = light, dark
	for j := range dark {
		mt.owner[j] = -1
	}
	for i := range light {
		mt.seen = [maxCards]bool{}
		if !mt.augment(i) {
			return false
		}
	}
	var out [maxCards]cards.Card
	for j, i := range mt.owner[:len(dark)] {
		out[i] = dark[j]
	}
	copy(dark, out[:len(dark)])
	return true
}

// matcher holds the state of matchPairing.
type matcher struct {
	rule        pairRule
	light, dark []cards.Card
	owner       [maxCards]int8 // the light face dark[j] is paired with, or -1
	seen        [maxCards]bool
}

// augment looks for an augmenting path from light face i.
func (mt *matcher) augment(i int) bool {
	for j := range mt.dark {
		if mt.seen[j] || !mt.rule.valid(mt.light[i], mt.dark[j]) {
			continue
		}
		mt.seen[j] = true
		if mt.owner[j] < 0 || mt.augment(int(mt.owner[j])) {
			mt.owner[j] = int8(i)
			return true
		}
	}
	return false
}

// canonical permutes dark so that every pair (light[i], dark[i]) is valid,
// by a deterministic search of swaps, and reports whether it did.
func (r pairRule) canonical(light, dark []cards.Card) bool {
	for range 4 {
		ok := true
		for i := range light {
			if r.valid(light[i], dark[i]) {
				continue
			}
			ok = false
			for j := range light {
				if j != i && r.valid(light[i], dark[j]) && r.valid(light[j], dark[i]) {
					dark[i], dark[j] = dark[j], dark[i]
					break
				}
			}
		}
		if ok {
			return true
		}
	}
	for i := range light {
		if !r.valid(light[i], dark[i]) {
			return false
		}
	}
	return true
}
