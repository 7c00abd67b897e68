package nora

import (
	"errors"
	"math"

	"github.com/cardsim/cardsim/games/nora"
)

// RelaxedBound returns an upper bound on the expected game score of every
// policy whatsoever, however many switches it makes and whenever, from the
// start of a game with startIP ip, and the threshold T it relaxes at.
//
// The relaxation: the moment the player holds T ip, the price of a SWITCH
// or of a REVIVE whichever is lower, the rest of the game is scored
// perfect, the whole deck in this round and every later one; below T the
// player's options are the game's (no switch or revive is affordable, and
// pairs fall in the order earning the most ip, which only helps reach T),
// except that it sees each shuffle before deciding to insure it. No policy
// can do better than perfect from a state it reaches, nor than the game
// allows below T, so the value of this relaxation bounds them all. It is
// solved by backward induction over (rounds left, deck, ip below T) on the
// passes of dists (played without a switch; exact when enumerated, sampled
// otherwise), with ip from ipCap on also scored perfect.
func RelaxedBound(r nora.Rules, dists *PassDists, startIP, ipCap int) (float64, int, error) {
	if dists == nil || len(dists.Dists) != len(newComps(&r).List) {
		return 0, 0, errors.New("pass distributions do not fit the rules' deck")
	}
	t := min(r.Switch, r.Revive, ipCap)
	size := float64(r.DeckSize())
	if startIP >= t {
		return size * float64(r.Rounds), t, nil
	}
	cs := dists.Comps
	full := len(cs.List) - 1
	// u[c][h]: value at the stop decision; w[k][h]: at the start of a round.
	w := make([][]float64, r.Rounds+1)
	w[0] = make([]float64, t)
	u := make([][]float64, len(cs.List))
	for c := range u {
		u[c] = make([]float64, t)
	}
	for k := 1; k <= r.Rounds; k++ {
		perfect := size * float64(k)
		reach := func(next, h int) float64 {
			switch {
			case h >= t:
				return perfect
			case next == 0:
				return size + w[k-1][h]
			}
			return u[next][h]
		}
		before := make([]float64, t)
		for c := 1; c <= full; c++ {
			d := &dists.Dists[c]
			dv := r.DeadShort
			if c == full {
				dv = r.DeadFull
			}
			for h := range t {
				live := 0.0
				for _, o := range d.Live {
					live += o.P * reach(o.Next, h+o.IP)
				}
				accept := size * float64(k-1)
				if h+dv < t {
					accept = w[k-1][h+dv]
				}
				stop := size - float64(d.Comp.Cards()) + w[k-1][h]
				u[c][h] = stop
				// Free insurance makes the state depend on itself: iterate to
				// the fixed point (a contraction by the dead chance).
				for iter := 0; ; iter++ {
					dead := accept
					if h >= r.Insure {
						dead = math.Max(dead, u[c][h-r.Insure])
					}
					before[h] = (1-d.Dead)*live + d.Dead*dead
					v := math.Max(stop, before[h])
					done := r.Insure > 0 || math.Abs(v-u[c][h]) < 1e-10 || iter > 100000
					u[c][h] = v
					if done {
						break
					}
				}
			}
			if c == full {
				w[k] = append([]float64(nil), before...)
			}
		}
	}
	return w[r.Rounds][startIP], t, nil
}
